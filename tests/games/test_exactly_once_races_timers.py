"""Each command applied exactly once under real concurrency (issue #12), in all four games,
against the timers: a move against its clock's deadline, a takeover, a robot playing for an
absent person who comes back, a robot's move against the person's leave.

Threads released together by a barrier (tests/games/races.py) call the services as the
consumer's database threads and the sweeper do. On SQLite (the first CI pass) the writers queue;
on PostgreSQL (the second) they really overlap. Races are repeated so that both orders happen;
each round checks that exactly one of the rivals landed, and the log replays through the rules
to the stored state at the end.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import pytest
from django.utils import timezone

from games import presence, rules, services, snapshots, sweeper
from games.models import Deadline, Seat, Table
from tests.games.races import ROUNDS, act, against_robots, playing, race
from tests.games.test_exactly_once import (
    GAMES,
    assert_log_replays,
    moves_after,
    started_table,
    turn_of,
)

pytestmark = pytest.mark.django_db(transaction=True)


def timers(table_id: int, seat: int | None = None) -> set[tuple[str, int | None]]:
    rows = Deadline.objects.filter(table_id=table_id)
    if seat is not None:
        rows = rows.filter(seat=seat)
    return set(rows.values_list("kind", "seat"))


def due_now(table_id: int, kind: str, seat: int) -> None:
    """Move the timer's deadline to the past, as the clock would."""
    past = timezone.now() - timedelta(seconds=1)
    assert Deadline.objects.filter(table_id=table_id, kind=kind, seat=seat).update(due=past) == 1


# -- a move against its clock -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_move_racing_its_clock_is_applied_once_whoever_wins(game, people):
    table = started_table(game, people, move_seconds=30)
    won = {"person": 0, "clock": 0}
    for n in range(ROUNDS):
        if not playing(table.pk):
            break
        seat, person, move = turn_of(table.pk, people)
        due_now(table.pk, "clock", seat)
        start = Table.objects.get(pk=table.pk).version
        # Every other round two processes' sweepers find the deadline at once.
        sweepers = [sweeper.run_due] * (1 + n % 2)
        result, *fired = race(act(table.pk, person, move, start, f"m{n}"), *sweepers)
        fired = sum(fired)
        new = moves_after(table.pk, start)
        assert len(new) == 1, (result, fired)  # never both, never neither
        assert new[0].seat == seat
        if result.status == "applied":
            assert fired == 0 and new[0].user_id == person.pk
            won["person"] += 1
        else:  # the clock's robot played the move: the person's page hears it changed
            assert result.status == "stale" and fired == 1 and new[0].user_id is None
            won["clock"] += 1
        # The clock runs again for whoever is on turn now, and for nobody else.
        if playing(table.pk):
            now_on = rules.get(game).to_act(Table.objects.get(pk=table.pk).state)[0]
            clocks = Deadline.objects.filter(table=table, kind="clock")
            assert [(c.seat, c.due > timezone.now()) for c in clocks] == [(now_on, True)]
    assert sum(won.values()) >= 10
    assert_log_replays(table.pk)


# -- a takeover, and a robot playing for someone who comes back ---------------------------------


def leaves(table_id: int, person, tab: str) -> None:
    """The person's last tab closes: their seat is away and the takeover timer is set."""
    presence.closed(table_id=table_id, user_id=person.pk, channel_name=tab)
    services.presence_sync(table_id=table_id, user_id=person.pk)


def comes_back(table_id: int, person, tab: str, move, version: int, cid: str):
    """A new tab opens (its socket row, the seat told) and the person moves at once."""

    def back():
        presence.opened(table_id=table_id, user_id=person.pk, channel_name=tab)
        return services.table_act(
            table_id=table_id, user=person, action=move, version=version, cid=cid
        )

    return back


def assert_back_in_their_seat(table_id: int, seat: int, person) -> None:
    row = Seat.objects.get(table_id=table_id, index=seat)
    assert (row.user_id, row.connected, row.autopilot) == (person.pk, True, False)
    assert timers(table_id, seat) <= {("clock", seat)}  # no robot, no takeover waiting


@pytest.mark.parametrize("game", GAMES)
def test_a_move_racing_the_takeover_of_its_seat_is_applied_once_and_the_seat_stays(game, people):
    table = started_table(game, people)
    tabs = {}
    for n in range(ROUNDS // 3):
        if not playing(table.pk):
            break
        seat, person, move = turn_of(table.pk, people)
        if person.pk not in tabs:
            tabs[person.pk] = f"first-{person.pk}"
            presence.opened(table_id=table.pk, user_id=person.pk, channel_name=tabs[person.pk])
        leaves(table.pk, person, tabs[person.pk])
        due_now(table.pk, "takeover", seat)
        start = Table.objects.get(pk=table.pk).version
        tabs[person.pk] = f"back-{n}"
        result, _ = race(
            comes_back(table.pk, person, tabs[person.pk], move, start, f"k{n}"), sweeper.run_due
        )
        # Neither the takeover nor the return changes the game: the move stands, alone.
        assert result.status == "applied", result
        assert [(m.seat, m.user_id) for m in moves_after(table.pk, start)] == [(seat, person.pk)]
        assert_back_in_their_seat(table.pk, seat, person)
        sweeper.run_due(now=timezone.now() + timedelta(seconds=5))
        assert len(moves_after(table.pk, start)) == 1  # no robot plays for them afterwards
    assert_log_replays(table.pk)


@pytest.mark.parametrize("game", GAMES)
def test_a_robot_playing_for_an_absent_person_and_their_return_move_apply_once(game, people):
    table = started_table(game, people)
    tabs, won = {}, {"person": 0, "robot": 0}
    for n in range(ROUNDS // 2):
        if not playing(table.pk):
            break
        seat, person, move = turn_of(table.pk, people)
        if person.pk not in tabs:
            tabs[person.pk] = f"first-{person.pk}"
            presence.opened(table_id=table.pk, user_id=person.pk, channel_name=tabs[person.pk])
        leaves(table.pk, person, tabs[person.pk])
        due_now(table.pk, "takeover", seat)
        assert sweeper.run_due() == 1  # the robot now plays for them
        assert Seat.objects.get(table=table, index=seat).autopilot
        due_now(table.pk, "robot", seat)
        start = Table.objects.get(pk=table.pk).version
        tabs[person.pk] = f"back-{n}"
        result, fired = race(
            comes_back(table.pk, person, tabs[person.pk], move, start, f"a{n}"), sweeper.run_due
        )
        new = moves_after(table.pk, start)
        assert len(new) == 1, (result, fired)
        if result.status == "applied":
            assert new[0].user_id == person.pk and fired == 0
            won["person"] += 1
        else:
            assert result.status == "stale" and new[0].user_id is None and fired == 1
            won["robot"] += 1
        assert new[0].seat == seat
        assert_back_in_their_seat(table.pk, seat, person)
        sweeper.run_due(now=timezone.now() + timedelta(seconds=5))
        assert len(moves_after(table.pk, start)) == 1
    assert sum(won.values()) >= 5
    assert_log_replays(table.pk)


@pytest.mark.parametrize("game", GAMES)
def test_a_person_who_moves_while_a_robot_plays_for_them_takes_the_seat_back(game, people):
    """Their socket's row was swept (its process stalled) while the page stayed open: the seat
    went to the robot, yet the person moves. The robot stops there instead of playing the rest
    of their turn, and the takeover waits again from this move."""
    table = started_table(game, people)
    seat, person, move = turn_of(table.pk, people)
    presence.opened(table_id=table.pk, user_id=person.pk, channel_name="stalled")
    leaves(table.pk, person, "stalled")
    due_now(table.pk, "takeover", seat)
    assert sweeper.run_due() == 1
    assert timers(table.pk, seat) == {("robot", seat)}
    start = Table.objects.get(pk=table.pk).version
    assert services.table_act(table_id=table.pk, user=person, action=move, version=start).applied
    row = Seat.objects.get(table=table, index=seat)
    assert not row.autopilot and row.last_seen > timezone.now() - timedelta(seconds=5)
    assert ("robot", seat) not in timers(table.pk)
    assert sweeper.run_due(now=timezone.now() + timedelta(seconds=5)) == 0
    assert [m.user_id for m in moves_after(table.pk, start)] == [person.pk]
    snapshots.clear()
    assert not snapshots.get(table.pk).seats[seat].autopilot
    assert_log_replays(table.pk)


# -- a robot's move racing a person's ------------------------------------------------------------
# No game lets two seats move at once (each names one seat in `to_act`), so a robot's move and a
# person's meet only where a person may act out of turn: leaving, which ends a game of two.


@pytest.mark.parametrize("game", GAMES)
def test_a_robot_move_racing_the_persons_leave_lands_at_most_once_and_before_the_end(game, people):
    orders = {"robot first": 0, "leave first": 0}
    for _ in range(ROUNDS // 3):
        table = against_robots(game, people[0])
        seat = rules.get(game).to_act(table.state)[0]
        due_now(table.pk, "robot", seat)
        start = table.version
        leave = partial(services.seat_leave, table_id=table.pk, user=people[0])
        race(leave, sweeper.run_due)
        new = moves_after(table.pk, start)
        kinds = [(m.seat, m.action.get("type")) for m in new]
        assert kinds[-1] == (0, "leave") and kinds.count((0, "leave")) == 1
        assert len(new) in (1, 2) and all(m.seat == seat for m in new[:-1])
        orders["robot first" if len(new) == 2 else "leave first"] += 1
        assert Table.objects.get(pk=table.pk).status == Table.Status.FINISHED
        assert not Deadline.objects.filter(table=table).exists()
        sweeper.run_due(now=timezone.now() + timedelta(seconds=5))
        assert len(moves_after(table.pk, start)) == len(new)  # nothing after the end
        assert_log_replays(table.pk)
    assert sum(orders.values()) == ROUNDS // 3
