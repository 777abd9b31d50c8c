"""A robot's or a clock's timer times one turn: a copy's timers belong to its own state, and a
timer left from another turn is dropped, never fired (games/timers.py, games/sweeper.py)."""

import logging

import pytest
from django.db import connection
from django.utils import timezone

from games import rules, services, snapshots, sweeper
from games.models import Action, Deadline, Table, TableSocket
from tests.games.conftest import later

pytestmark = pytest.mark.django_db(transaction=True)

MODES = {"domino": "duplas", "dozito": "mesa"}


def robots_only(host, game: str) -> Table:
    """A table of robots: the host's seat is played by one since the host left the page."""
    table = services.table_create(host=host, game=game, mode=MODES[game], robots=True)
    TableSocket.objects.create(channel_name="host", table=table, user=host, seen_at=timezone.now())
    services.presence_sync(table_id=table.pk, user_id=host.pk)
    TableSocket.objects.filter(table=table).delete()
    services.presence_sync(table_id=table.pk, user_id=host.pk)
    assert services.take_over(table_id=table.pk, seat=0)
    return Table.objects.get(pk=table.pk)


def on_turn(table: Table) -> int:
    table.refresh_from_db()
    return rules.get(table.game).to_act(table.state)[0]


def moves_out_of_turn(table: Table) -> list[int]:
    """The versions of logged moves made by a seat that was not on turn before them."""
    game, out, before = rules.get(table.game), [], None
    for action in Action.objects.filter(table=table).order_by("version"):
        if before is not None and action.seat not in (None, *game.to_act(before)):
            out.append(action.version)
        before = action.state
    return out


def failures(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


class WriteBetweenReads:
    """Commits a robot's move (as another process would) right after a copy's table row is read
    and before its seats, log and timers are: `times` times, once per read of the copy."""

    def __init__(self, table: Table, times: int = 1) -> None:
        self.table, self.left, self.busy = table, times, False

    def __call__(self, execute, sql, params, many, context):
        if self.left and not self.busy and sql.startswith("SELECT") and '"games_seat"' in sql:
            self.left -= 1
            self.busy = True
            try:
                seat = on_turn(self.table)
                assert sweeper.play_for(self.table.pk, "robot", seat, later())
                snapshots.forget(self.table.pk)  # this process did not see that write
            finally:
                self.busy = False
        return execute(sql, params, many, context)


@pytest.mark.parametrize("game", sorted(MODES))
def test_a_copy_read_while_another_process_moves_never_plays_out_of_turn(game, ana, caplog):
    table = robots_only(ana, game)
    snapshots.clear()
    with connection.execute_wrapper(WriteBetweenReads(table)):
        copy = snapshots.get(table.pk, fresh=True)
    table.refresh_from_db()
    version, seat = table.version, on_turn(table)
    for _ in range(3):  # the robots' next moves, from that copy on
        sweeper.run_due(now=later())
    assert failures(caplog) == []
    assert moves_out_of_turn(table) == []
    assert Action.objects.filter(table=table).count() == 1 + 1 + 3  # start, the racing move, 3
    assert copy.version == version
    assert {(t.kind, t.seat) for t in copy.timers} == {("robot", seat)}


def test_a_table_written_during_every_optimistic_read_is_read_under_its_lock(ana):
    table = robots_only(ana, "domino")
    snapshots.clear()
    racing = WriteBetweenReads(table, times=snapshots.READS - 1)
    with connection.execute_wrapper(racing):
        copy = snapshots.load(table.pk)
    assert racing.left == 0
    table.refresh_from_db()
    assert copy.version == table.version
    assert [(t.kind, t.seat) for t in copy.timers] == [("robot", on_turn(table))]


def test_a_robot_timer_for_a_seat_not_on_turn_is_dropped_not_fired(ana, caplog):
    table = robots_only(ana, "domino")
    seat = on_turn(table)
    other = (seat + 1) % 4
    Deadline.objects.create(table=table, kind="robot", seat=other, due=timezone.now())
    snapshots.clear()
    before = Action.objects.filter(table=table).count()
    assert sweeper.play_for(table.pk, "robot", other, later()) is False
    assert failures(caplog) == []
    assert not Deadline.objects.filter(table=table, seat=other).exists()
    assert Action.objects.filter(table=table).count() == before  # no move for anyone
    # The seat on turn keeps its own timer, and plays it.
    assert Deadline.objects.filter(table=table, kind="robot", seat=seat).exists()
    assert sweeper.play_for(table.pk, "robot", seat, later()) is True
    assert moves_out_of_turn(table) == []


def test_a_robot_timer_left_from_an_older_state_is_set_again_not_fired(ana):
    table = robots_only(ana, "domino")
    seat = on_turn(table)
    Deadline.objects.filter(table=table, kind="robot").update(
        version=table.state_version - 1, due=timezone.now()
    )
    snapshots.clear()
    before, moment = Action.objects.filter(table=table).count(), timezone.now()
    assert sweeper.play_for(table.pk, "robot", seat, moment) is False
    assert Action.objects.filter(table=table).count() == before
    timer = Deadline.objects.get(table=table, kind="robot")
    table.refresh_from_db()
    assert (timer.seat, timer.version) == (seat, table.state_version)
    assert timer.due >= moment  # a new pause, for this turn
