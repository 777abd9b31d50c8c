"""Dozito and Yam's on the live platform (issue #11): their paths through the real consumer,
robots to the end of a game, the move clock and the takeover through the stored deadlines, the
solo hint, and no hidden card or covered die in any render over whole games.

Games are played through the services as the pages and the sweeper play them: a person's move
with `table_act`, a robot's (or a clock's, or an absent person's) when the sweeper finds its
timer due, with time moved forward by the test.
"""

from __future__ import annotations

import random
from datetime import timedelta
from importlib import import_module

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import rendering, rules, services, snapshots, sweeper, table_result, table_view
from games.models import Action, Deadline, Seat, Table, TableSocket
from tests.games.conftest import later
from tests.games.sockets import (
    command,
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = pytest.mark.django_db(transaction=True)

PASSIVE = ("leave", "claim_inactivity")


def table_of(game: str, people, *, robots: int = 0, options=None, **fields) -> Table:
    """A game of `people` (the first hosts) and `robots`, started."""
    table = services.table_create(
        host=people[0], game=game, mode="mesa", options=options or {}, **fields
    )
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person)
    for _ in range(robots):
        services.robot_add(table_id=table.pk, by=people[0])
    services.table_start(table_id=table.pk, by=people[0])
    return Table.objects.get(pk=table.pk)


def on_turn(copy) -> int:
    return rules.get(copy.game).to_act(copy.state)[0]


def step(table_id: int, users: dict[int, object], rng: random.Random) -> None:
    """One move: the person on turn plays a random legal action (never leaving), or the sweeper
    plays the robot's (or clock's, or absent person's) timer that is due."""
    copy = snapshots.get(table_id, fresh=True)
    game = rules.get(copy.game)
    seat = on_turn(copy)
    holder = copy.seats[seat]
    if holder.user_id is not None and not holder.autopilot:
        legal = [a for a in game.legal_actions(copy.state, seat) if a["type"] not in PASSIVE]
        kind = rng.choice(sorted({a["type"] for a in legal}))
        action = rng.choice([a for a in legal if a["type"] == kind])
        result = services.table_act(
            table_id=table_id, user=users[holder.user_id], action=action, version=copy.version
        )
        assert result.applied, result
    else:
        assert sweeper.run_due(now=later()) >= 1


def play_out(table: Table, users, *, seed: int = 5, limit: int = 4000) -> snapshots.TableCopy:
    rng = random.Random(seed)
    by_id = {user.pk: user for user in users}
    for _ in range(limit):
        copy = snapshots.get(table.pk, fresh=True)
        if not copy.playing:
            return copy
        step(table.pk, by_id, rng)
    raise AssertionError(f"the game did not end in {limit} moves")


# -- through the real consumer -------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_dozito_turn_through_the_socket_reaches_both_pages_and_refuses_the_others(
    people, person
):
    ana, bia = people[:2]
    table = await database_sync_to_async(table_of)("dozito", [ana, bia])
    ana_socket = await connect(table.pk, ana)
    bia_socket = await connect(table.pk, bia)
    watcher = await connect(table.pk, await database_sync_to_async(person)("eva"))
    for socket in (ana_socket, bia_socket, watcher):
        await socket.settle()
    version = await version_now(table.pk)
    # Bia is not on turn, the spectator has no seat: both are told, nothing changes.
    await send(bia_socket, {"type": "take", "from": "draw"}, version=version, cid="b1")
    await bia_socket.settle()
    assert "vez" in bia_socket.page.notice.lower()
    await send(watcher, {"type": "take", "from": "draw"}, version=version, cid="w1")
    await watcher.settle()
    assert watcher.page.notice
    assert await version_now(table.pk) == version
    # Ana draws: the card in hand is public, so every page shows it and the pile count drops.
    await send(ana_socket, {"type": "take", "from": "draw"}, version=version, cid="a1")
    await ana_socket.until_version(version + 1)
    await bia_socket.until_version(version + 1)
    state = (await Table.objects.aget(pk=table.pk)).state
    assert state["turn"]["phase"] == "hand"
    assert "discard" in {a["type"] for a in ana_socket.page.actions()}
    assert bia_socket.page.actions() == []  # no move of Ana's ever reaches Bia's page
    # A repeated client id is answered with the view, never applied twice.
    await send(ana_socket, {"type": "take", "from": "draw"}, version=version, cid="a1")
    await ana_socket.settle()
    assert await version_now(table.pk) == version + 1


@pytest.mark.asyncio
async def test_yams_solo_through_the_socket_rolls_scores_and_gives_the_robots_hint(people):
    ana = people[0]
    table = await database_sync_to_async(services.table_create)(
        host=ana, game="yams", mode="solo", options={"columns": 1, "max_min": False}
    )
    socket = await connect(table.pk, ana)
    await socket.settle()
    version = await version_now(table.pk)
    await send(socket, {"type": "roll", "cup": False}, version=version, cid="r1")
    await socket.until_version(version + 1)
    await command(socket, "hint")
    for _ in range(10):  # the hint comes when the robot has thought, on a busy machine late
        await socket.receive_from(timeout=30)
        hint = socket.page.text("mesa-dica")
        if hint:
            break
    assert "Dica do robô" in hint and "esperado" in hint.lower()
    state = (await Table.objects.aget(pk=table.pk)).state
    box = next(
        a for a in rules.get("yams").legal_actions(state, 0) if a["type"] == "score"
    )  # any box the dice may go in
    await send(socket, box, version=version + 1, cid="s1")
    await socket.until_version(version + 2)
    state = (await Table.objects.aget(pk=table.pk)).state
    assert state["cards"][0]["livre"][box["box"]] is not None
    assert state["turns"] == 1


# -- robots, clocks and takeover -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [("dozito", {"rounds": 1}), ("yams", {"columns": 1, "max_min": True})],
)
def test_robots_play_a_whole_game_with_a_person_to_its_result(people, game, options):
    ana = people[0]
    table = table_of(game, [ana], robots=2, options=options, fast_robots=True)
    copy = play_out(table, [ana])
    assert copy.status == "finished"
    assert copy.outcome["reason"] in ("complete", "twelve")
    robot_moves = Action.objects.filter(table=table, user=None).exclude(seat=None)
    assert {m.seat for m in robot_moves} == {1, 2}
    result = table_result.result(copy, 0, [table_view.seat_name(s) for s in copy.seats])
    assert result.title and len(result.sides) == 3


@pytest.mark.parametrize("game", ["dozito", "yams"])
def test_when_the_move_clock_runs_out_the_robot_plays_that_move_for_the_person(people, game):
    table = table_of(game, people[:2], move_seconds=30)
    copy = snapshots.get(table.pk, fresh=True)
    seat = on_turn(copy)
    clock = Deadline.objects.get(table=table, kind="clock")
    assert clock.seat == seat
    html = rendering.table_render(copy, 0).html
    assert f'data-clock-due="{clock.due.isoformat()}"' in html and 'data-clock-seconds="30"' in html
    assert sweeper.run_due(now=clock.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=clock.due + timedelta(seconds=1)) == 1
    move = Action.objects.filter(table=table).latest("version")
    assert move.seat == seat and move.user_id is None and move.action["type"] not in PASSIVE
    copy = snapshots.get(table.pk, fresh=True)
    assert not copy.seats[seat].autopilot  # that move only: the person plays on
    assert copy.timer("clock", on_turn(copy)) is not None


@pytest.mark.parametrize("game", ["dozito", "yams"])
def test_after_a_disconnect_a_robot_plays_their_turns_until_they_return(people, game, settings):
    settings.GAMES_TAKEOVER_SECONDS = 20
    table = table_of(game, people[:2])
    gone = on_turn(snapshots.get(table.pk, fresh=True))
    Seat.objects.filter(table=table, index=gone).update(connected=True)
    snapshots.forget(table.pk)
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)
    takeover = Deadline.objects.get(table=table, kind="takeover")
    assert takeover.seat == gone
    assert sweeper.run_due(now=takeover.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=takeover.due + timedelta(seconds=1)) >= 1
    assert snapshots.get(table.pk, fresh=True).seats[gone].autopilot
    assert sweeper.run_due(now=later(30)) >= 1
    assert Action.objects.filter(table=table, seat=gone, user=None).exists()
    TableSocket.objects.create(
        channel_name="back", table_id=table.pk, user=people[gone], seen_at=timezone.now()
    )
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[gone].user_id == people[gone].pk and not copy.seats[gone].autopilot


@pytest.mark.parametrize("game", ["dozito", "yams"])
def test_a_spectator_takes_a_robots_seat_that_is_not_on_turn(people, game):
    ana, bia = people[:2]
    table = table_of(game, [ana], robots=2)
    copy = snapshots.get(table.pk, fresh=True)
    free = [s.index for s in services.takeable_seats(copy)]
    assert free and on_turn(copy) not in free
    seat = services.seat_take(table_id=table.pk, user=bia, index=free[0])
    assert seat.index == free[0]
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[free[0]].user_id == bia.pk and not copy.seats[free[0]].robot


@pytest.mark.asyncio
@pytest.mark.parametrize("game", ["dozito", "yams"])
async def test_reactions_reach_every_page(people, game):
    table = await database_sync_to_async(table_of)(game, people[:2])
    ana_socket = await connect(table.pk, people[0])
    bia_socket = await connect(table.pk, people[1])
    for socket in (ana_socket, bia_socket):
        await socket.settle()
    await command(bia_socket, "react", text="Boa!")
    for socket in (ana_socket, bia_socket):
        frame = await socket.receive_from()
        assert 'data-reaction-seat="1"' in frame and "Boa!" in frame


# -- hidden information over whole games ---------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "seats"),
    [
        ("dozito", {"rounds": 1}, 3),
        ("yams", {"columns": 1, "max_min": True}, 2),
    ],
)
def test_over_whole_games_no_render_holds_what_its_viewer_may_not_see(people, game, options, seats):
    """At every move of a whole game, each seat's render and a spectator's do not change by a
    character when what they may not see (face-down cards, the draw pile, covered dice) is
    dealt again."""
    table = table_of(game, people[:seats], options=options)
    redeal = import_module(f"games.rules.{game}").redeal
    rng, by_id = random.Random(11), {p.pk: p for p in people}
    changed = 0
    for _ in range(3000):
        copy = snapshots.get(table.pk, fresh=True)
        if not copy.playing:
            break
        for seat in (*range(seats), None):
            html = rendering.table_render(copy, seat).html
            dealt = redeal(copy.state, seat, random.Random(len(html)))
            changed += dealt != copy.state
            assert rendering.table_render(copy.changed(state=dealt), seat).html == html, (
                seat,
                copy.version,
            )
        step(table.pk, by_id, rng)
    else:
        raise AssertionError("the game did not end")
    assert changed > 0, "nothing was hidden: the test saw nothing"
