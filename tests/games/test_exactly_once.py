"""Each command applied exactly once (issue #12), through the real consumer, in all four games.

The same frame (`action`, `version`, `cid`) twice on one socket and on two tabs of one person,
the same move with another cid at the same stale version, and the table commands ("start",
"sit", "robot_add", "queue_join", "Jogar de novo") twice or from two tabs: one entry in the log,
one new version, and an answer that shows the current table without an error. The races with
real threads (two tabs at once, a move against its clock, a takeover, a robot playing for an
absent person) are in test_exactly_once_races_*.py; both check that the log replays through the
rules to the stored state.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest
from channels.db import database_sync_to_async

from games import rules, services
from games.models import Action, Seat, Table
from tests.games.sockets import (
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

# Each game in the shape the issue names: (mode, people at the table).
GAMES = {"bozo": ("duelo", 2), "domino": ("duplas", 4), "dozito": ("mesa", 3), "yams": ("mesa", 2)}
PASSIVE = ("leave", "claim_inactivity")


def waiting_table(game: str, people, seats: int = 0, **fields) -> Table:
    """A table of `game` in its waiting room with `seats` people (the mode's, by default)
    seated, the first of `people` its host."""
    mode, default = GAMES[game]
    table = services.table_create(host=people[0], game=game, mode=mode, **fields)
    for person in people[1 : seats or default]:
        services.seat_take(table_id=table.pk, user=person)
    return Table.objects.get(pk=table.pk)


def started_table(game: str, people, seats: int = 0, **fields) -> Table:
    table = waiting_table(game, people, seats, **fields)
    services.table_start(table_id=table.pk, by=people[0])
    return Table.objects.get(pk=table.pk)


def turn_of(table_id: int, people) -> tuple[int, object, dict]:
    """The seat on turn, the person sitting there and the first move their controls offer."""
    table = Table.objects.get(pk=table_id)
    game = rules.get(table.game)
    seat = game.to_act(table.state)[0]
    user_id = table.seats.get(index=seat).user_id
    person = next(p for p in people if p.pk == user_id)
    move = next(a for a in game.legal_actions(table.state, seat) if a["type"] not in PASSIVE)
    return seat, person, move


class Watched(random.Random):
    """Any generator: remembers whether the rules drew from it."""

    drew = False

    def random(self) -> float:
        self.drew = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drew = True
        return super().getrandbits(k)


def assert_log_replays(table_id: int) -> list[Action]:
    """Every entry of the log was allowed by the rules at its place, one after the other, and
    they lead to the stored state: a move without dice or deals gives exactly the stored state
    again; one that drew gives a state the rules accept from the previous one. Returns the log."""
    table = Table.objects.get(pk=table_id)
    game = rules.get(table.game)
    log = list(Action.objects.filter(table_id=table_id).order_by("version"))
    assert log and log[0].action == {"type": "start"}
    versions = [entry.version for entry in log]
    assert versions == sorted(set(versions))
    state = log[0].state
    for entry in log[1:]:
        if entry.action.get("type") not in PASSIVE:
            assert entry.seat in game.to_act(state), entry.version
        rng = Watched(entry.version)
        after, _ = game.apply(state, entry.seat, entry.action, rng)  # IllegalAction: a defect
        if not rng.drew:
            assert after == entry.state, entry.version
        state = entry.state
    assert state == table.state
    return log


def moves_after(table_id: int, version: int) -> list[Action]:
    return list(Action.objects.filter(table_id=table_id, version__gt=version).order_by("version"))


async def answered(*sockets) -> None:
    """Wait until each socket has answered everything sent to it before: a consumer answers its
    messages in order, and "Dica" outside solo training always answers, with a notice."""
    marks = [len(socket.page.raw) for socket in sockets]
    for socket in sockets:
        await socket.send_to(text_data=json.dumps({"cmd": "hint"}))
    for socket, mark in zip(sockets, marks, strict=True):
        for _ in range(60):
            if any(HINT in m for m in socket.page.raw[mark:]):
                break
            await socket.receive_from(timeout=10)
        else:
            raise AssertionError("the socket never answered")


HINT = "treino solo"


def calm(socket, since: int = 0) -> bool:
    """No error and no warning reached the page since its message `since` (the notices that
    answer `answered` aside)."""
    return not any(
        ("message--error" in m or "message--warning" in m) and HINT not in m
        for m in socket.page.raw[since:]
    )


def warned(socket, text: str, since: int = 0) -> bool:
    return any(text in m for m in socket.page.raw[since:])


count = database_sync_to_async(lambda **filters: Action.objects.filter(**filters).count())
seat_indexes = database_sync_to_async(
    lambda **filters: list(Seat.objects.filter(**filters).values_list("index", flat=True))
)


async def frame(socket, action: dict, *, version: int, cid: str, **fields) -> None:
    await send(socket, action, version=version, cid=cid, **fields)


CIDS = itertools.count()


async def table_command(socket, cmd: str, **fields) -> None:
    """A table command as the page sends it: with the version it shows and a new cid."""
    message = {"cmd": cmd, "version": str(socket.page.version), "cid": f"c{next(CIDS)}"}
    await socket.send_to(text_data=json.dumps({**message, **fields}))


# -- the same move twice ----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
async def test_the_same_frame_twice_on_one_socket_is_applied_once(game, people):
    table = await database_sync_to_async(started_table)(game, people)
    _, person, move = await database_sync_to_async(turn_of)(table.pk, people)
    socket = await connect(table.pk, person)
    await answered(socket)
    start, since = await version_now(table.pk), len(socket.page.raw)
    await frame(socket, move, version=start, cid="twice")
    await frame(socket, move, version=start, cid="twice")
    await answered(socket)
    assert await count(table_id=table.pk, cid="twice") == 1
    assert await version_now(table.pk) == start + 1
    assert [m.cid for m in await database_sync_to_async(moves_after)(table.pk, start)] == ["twice"]
    assert socket.page.version == start + 1 and calm(socket, since)
    await database_sync_to_async(assert_log_replays)(table.pk)


@pytest.mark.parametrize("game", GAMES)
async def test_the_same_frame_from_two_tabs_of_one_person_is_applied_once(game, people):
    table = await database_sync_to_async(started_table)(game, people)
    _, person, move = await database_sync_to_async(turn_of)(table.pk, people)
    tabs = [await connect(table.pk, person), await connect(table.pk, person)]
    await answered(*tabs)
    start, since = await version_now(table.pk), [len(tab.page.raw) for tab in tabs]
    for tab in tabs:  # both sent before either is answered
        await frame(tab, move, version=start, cid="tabs")
    await answered(*tabs)
    assert await count(table_id=table.pk, cid="tabs") == 1
    assert await version_now(table.pk) == start + 1
    assert len(await database_sync_to_async(moves_after)(table.pk, start)) == 1
    for tab, mark in zip(tabs, since, strict=True):
        assert tab.page.version == start + 1 and calm(tab, mark)
    await database_sync_to_async(assert_log_replays)(table.pk)


@pytest.mark.parametrize("game", GAMES)
async def test_the_same_move_with_another_cid_at_a_stale_version_is_refused_as_stale(game, people):
    table = await database_sync_to_async(started_table)(game, people)
    _, person, move = await database_sync_to_async(turn_of)(table.pk, people)
    socket = await connect(table.pk, person)
    await answered(socket)
    start, since = await version_now(table.pk), len(socket.page.raw)
    await frame(socket, move, version=start, cid="first")
    await frame(socket, move, version=start, cid="second")
    await answered(socket)
    assert [m.cid for m in await database_sync_to_async(moves_after)(table.pk, start)] == ["first"]
    assert await version_now(table.pk) == start + 1
    assert warned(socket, "A mesa mudou antes da sua jogada", since)
    assert socket.page.version == start + 1
    await database_sync_to_async(assert_log_replays)(table.pk)


@pytest.mark.parametrize("game", GAMES)
async def test_two_tabs_sending_the_move_with_their_own_cids_apply_it_once(game, people):
    table = await database_sync_to_async(started_table)(game, people)
    _, person, move = await database_sync_to_async(turn_of)(table.pk, people)
    tabs = [await connect(table.pk, person), await connect(table.pk, person)]
    await answered(*tabs)
    start, since = await version_now(table.pk), [len(tab.page.raw) for tab in tabs]
    for n, tab in enumerate(tabs):
        await frame(tab, move, version=start, cid=f"tab{n}")
    await answered(*tabs)
    assert len(await database_sync_to_async(moves_after)(table.pk, start)) == 1
    assert await version_now(table.pk) == start + 1
    told = [warned(tab, "A mesa mudou", mark) for tab, mark in zip(tabs, since, strict=True)]
    assert sorted(told) == [False, True]  # the tab that lost hears why, the other does not
    for tab in tabs:
        await tab.until_version(start + 1)


@pytest.mark.parametrize("game", GAMES)
async def test_a_move_sent_again_after_it_ended_the_game_is_no_new_move(game, people):
    # Leaving ends a game of two (and Dominó's duplas): the same frame comes after the end.
    table = await database_sync_to_async(started_table)(game, people, 4 if game == "domino" else 2)
    socket = await connect(table.pk, people[0])
    await answered(socket)
    start, since = await version_now(table.pk), len(socket.page.raw)
    await frame(socket, {"type": "leave"}, version=start, cid="bye")
    await frame(socket, {"type": "leave"}, version=start, cid="bye")
    await answered(socket)
    ended = await Table.objects.aget(pk=table.pk)
    assert ended.status == Table.Status.FINISHED and ended.version == start + 1
    assert await count(table_id=table.pk, cid="bye") == 1
    assert calm(socket, since)  # not "A partida não está em andamento" for the same frame


# -- table commands twice ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
async def test_start_from_two_tabs_of_the_host_starts_once(game, people):
    table = await database_sync_to_async(waiting_table)(game, people)
    tabs = [await connect(table.pk, people[0]), await connect(table.pk, people[0])]
    await answered(*tabs)
    since = [len(tab.page.raw) for tab in tabs]
    for tab in tabs:
        await table_command(tab, "start")
    await answered(*tabs)
    assert await count(table_id=table.pk, action={"type": "start"}) == 1
    after = await Table.objects.aget(pk=table.pk)
    assert after.status == Table.Status.PLAYING
    for tab, mark in zip(tabs, since, strict=True):
        await tab.until_version(after.version)
        assert calm(tab, mark)


@pytest.mark.parametrize("game", GAMES)
async def test_sitting_twice_or_from_two_tabs_takes_one_seat(game, people):
    _, seats = GAMES[game]
    table = await database_sync_to_async(waiting_table)(game, people, seats - 1)
    newcomer, free = people[seats - 1], seats - 1
    tabs = [await connect(table.pk, newcomer), await connect(table.pk, newcomer)]
    await answered(*tabs)
    start, since = await version_now(table.pk), [len(tab.page.raw) for tab in tabs]
    await table_command(tabs[0], "sit", seat=str(free))
    await table_command(tabs[0], "sit", seat=str(free))
    await table_command(tabs[1], "sit", seat=str(free))
    await table_command(tabs[1], "sit")
    await answered(*tabs)
    assert await seat_indexes(table_id=table.pk, user=newcomer) == [free]
    assert await version_now(table.pk) == start + 1
    assert all(calm(tab, mark) for tab, mark in zip(tabs, since, strict=True))


@pytest.mark.parametrize("game", GAMES)
async def test_a_robot_asked_for_twice_or_from_two_tabs_takes_one_seat(game, people):
    _, seats = GAMES[game]
    table = await database_sync_to_async(waiting_table)(game, people, seats - 1)
    tabs = [await connect(table.pk, people[0]), await connect(table.pk, people[0])]
    await answered(*tabs)
    start, since = await version_now(table.pk), [len(tab.page.raw) for tab in tabs]
    free = str(seats - 1)
    await table_command(tabs[0], "robot_add", seat=free)
    await table_command(tabs[0], "robot_add", seat=free)
    await table_command(tabs[1], "robot_add", seat=free)
    await answered(*tabs)
    assert len(await seat_indexes(table_id=table.pk, robot=True)) == 1
    assert await version_now(table.pk) == start + 1
    assert all(calm(tab, mark) for tab, mark in zip(tabs, since, strict=True))


async def test_joining_the_queue_twice_or_from_two_tabs_keeps_one_place(people, person):
    table = await database_sync_to_async(started_table)("domino", people)
    eva = await database_sync_to_async(person)("eva")
    tabs = [await connect(table.pk, eva), await connect(table.pk, eva)]
    await answered(*tabs)
    start, since = await version_now(table.pk), [len(tab.page.raw) for tab in tabs]
    for tab in (*tabs, tabs[0]):
        await table_command(tab, "queue_join")
    await answered(*tabs)
    after = await Table.objects.aget(pk=table.pk)
    assert after.queue == [eva.pk] and after.version == start + 1
    for tab, mark in zip(tabs, since, strict=True):
        await tab.until_version(start + 1)
        assert calm(tab, mark) and "1º da fila" in tab.page.text()


async def going_to(socket) -> str:
    for _ in range(30):
        if 'data-go="' in socket.page.raw[-1]:
            return socket.page.raw[-1].split('data-go="')[1].split('"')[0]
        await socket.receive_from(timeout=10)
    raise AssertionError("the page was never sent to the new table")


@pytest.mark.parametrize("game", GAMES)
async def test_play_again_from_two_tabs_and_two_players_opens_one_new_table(game, people):
    table = await database_sync_to_async(started_table)(game, people)
    await database_sync_to_async(services.seat_leave)(table_id=table.pk, user=people[0])
    await database_sync_to_async(services.table_close)(table_id=table.pk)  # a game of more goes on
    tables = await Table.objects.acount()
    mine = [await connect(table.pk, people[1]), await connect(table.pk, people[1])]
    theirs = await connect(table.pk, people[0])  # who left holds the seat still
    await answered(*mine, theirs)
    for socket in (*mine, theirs, mine[0]):
        await table_command(socket, "replay")
    gone = [await going_to(socket) for socket in (*mine, theirs)]
    old = await Table.objects.aget(pk=table.pk)
    assert set(gone) == {f"/mesa/{old.next_table_id}/"}
    assert await Table.objects.acount() == tables + 1


async def test_a_move_cut_by_a_dead_connection_is_tried_once_more_and_applied_once(
    duel, users, monkeypatch
):
    """A database restart leaves the threads a dead connection: the move fails on it, and the
    consumer runs it once more on another. When the first try had landed (cut at its commit's
    answer), the second is its duplicate: one log entry either way."""
    from django.db import OperationalError

    from games.services import core

    ana, _ = users
    mine = await connect(duel.pk, ana)
    run, cuts = core._guarded_run, []

    def cut(after_commit: bool):
        def cut_once(*args):
            if cuts:
                return run(*args)
            cuts.append(after_commit)
            if after_commit:
                run(*args)  # committed, and the connection lost on the way back
            raise OperationalError("server closed the connection unexpectedly")

        return cut_once

    for after_commit, cid in ((False, "antes"), (True, "depois")):
        cuts.clear()
        monkeypatch.setattr(core, "_guarded_run", cut(after_commit))
        start = await version_now(duel.pk)
        state = (await Table.objects.aget(pk=duel.pk)).state
        legal = rules.get("bozo").legal_actions(state, 0)
        action = next(a for a in legal if a["type"] == "roll")  # Ana throws again and again
        await send(mine, action, version=start, cid=cid)
        page = await mine.until_version(start + 1)
        assert cuts == [after_commit]
        assert page.notice == ""
        assert await Action.objects.filter(table=duel, cid=cid).acount() == 1
        assert await version_now(duel.pk) == start + 1
