"""Timers as Deadline rows: robots, move clocks, the inactivity claim and the takeover, applied by
the sweeper once, across processes and restarts."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services, snapshots, sweeper
from games.models import Action, Deadline, Seat, Table, TableSocket
from tests.games.conftest import act, later

pytestmark = pytest.mark.django_db(transaction=True)


def timers_of(table) -> set[tuple[str, int | None]]:
    return set(Deadline.objects.filter(table_id=table.pk).values_list("kind", "seat"))


def test_a_table_holds_several_timers_at_once(duel, ana, bia, settings):
    assert timers_of(duel) == {("claim", None)}  # Ana on turn, Bia could claim
    Table.objects.filter(pk=duel.pk).update(move_seconds=30)
    snapshots.forget(duel.pk)
    Seat.objects.filter(table=duel, index=1).update(connected=False, last_seen=timezone.now())
    snapshots.forget(duel.pk)
    act(duel, ana, {"type": "roll", "cup": False})  # any write brings the rows in line
    assert timers_of(duel) == {("claim", None), ("clock", 0), ("takeover", 1)}


def test_the_sweeper_plays_a_robot_turn_once_it_is_due(robot_duel, ana):
    act(robot_duel, ana, {"type": "roll", "cup": False})
    act(robot_duel, ana, {"type": "score", "box": "as"})
    assert timers_of(robot_duel) == {("robot", 1)}
    due = Deadline.objects.get(table=robot_duel).due
    assert sweeper.run_due(now=due - timedelta(seconds=1)) == 0
    fired = 0
    for _ in range(40):  # roll, lift, hold, roll... until the robot scores
        fired += sweeper.run_due(now=later())
        robot_duel.refresh_from_db()
        if robot_duel.state["to_move"] == 0:
            break
    assert robot_duel.state["to_move"] == 0
    assert sum(v is not None for v in robot_duel.state["cards"][1].values()) == 1
    assert robot_duel.actions.filter(seat=1, user=None).count() == fired
    assert timers_of(robot_duel) == set()  # Ana on turn: the robot cannot claim


def test_the_robot_chooses_outside_any_transaction_and_a_lost_race_chooses_again(
    robot_duel, ana, monkeypatch
):
    act(robot_duel, ana, {"type": "roll", "cup": False})
    act(robot_duel, ana, {"type": "score", "box": "as"})
    choose, calls = services.robot_choice, []

    def racing(copy, seat):
        calls.append(connection.in_atomic_block)
        if len(calls) == 1:  # the table changes while the robot thinks: Ana's page opens
            TableSocket.objects.create(
                channel_name="ana", table_id=copy.id, user=ana, seen_at=timezone.now()
            )
            services.presence_sync(table_id=copy.id, user_id=ana.pk)
        return choose(copy, seat)

    monkeypatch.setattr(services, "robot_choice", racing)
    before = Table.objects.get(pk=robot_duel.pk).version
    assert sweeper.run_due(now=later()) == 1
    assert calls == [False, False]  # chosen twice, never under a lock
    assert Table.objects.get(pk=robot_duel.pk).version == before + 2
    assert Action.objects.filter(table=robot_duel, seat=1).count() == 1


def test_a_due_timer_fires_once_when_two_sweepers_race(robot_duel, ana):
    act(robot_duel, ana, {"type": "roll", "cup": False})
    act(robot_duel, ana, {"type": "score", "box": "as"})
    fired, start = [], threading.Barrier(2)

    def sweep():
        start.wait()
        try:
            fired.append(sweeper.run_due(now=later()))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(fired) in ([0, 1], [1, 1])
    # Each firing is one robot move; none is applied twice and the log has no gap of its own.
    moves = list(Action.objects.filter(table=robot_duel, seat=1).values_list("version", flat=True))
    assert len(moves) == sum(fired) and len(set(moves)) == len(moves)


def test_timers_survive_a_restart(robot_duel, ana):
    act(robot_duel, ana, {"type": "roll", "cup": False})
    act(robot_duel, ana, {"type": "score", "box": "as"})
    snapshots.clear()  # a new process knows nothing but the database
    assert sweeper.run_due(now=later()) == 1
    assert Action.objects.filter(table=robot_duel, seat=1).count() == 1


def test_the_inactivity_claim_opens_with_its_timer_and_a_new_version(duel, ana, bia):
    result = act(duel, bia, {"type": "claim_inactivity"})
    assert result.status == "illegal" and "dois minutos" in result.message
    before = Table.objects.get(pk=duel.pk)
    # Fired early (Ana moved since it was set): it waits for the rest of the window.
    Deadline.objects.filter(table=duel).update(due=timezone.now() - timedelta(seconds=1))
    assert sweeper.run_due() == 0
    assert Deadline.objects.get(table=duel).due >= before.last_action_at + timedelta(seconds=119)
    assert Table.objects.get(pk=duel.pk).version == before.version

    assert sweeper.run_due(now=later(121)) == 1
    table = Table.objects.get(pk=duel.pk)
    assert table.claim_open and table.version == before.version + 1
    assert timers_of(duel) == set()
    assert act(duel, bia, {"type": "claim_inactivity"}).status == "applied"
    duel.refresh_from_db()
    assert duel.status == Table.Status.FINISHED and duel.outcome["winners"] == [1]


def test_a_move_closes_the_claim_again(duel, ana, bia):
    sweeper.run_due(now=later(121))
    assert Table.objects.get(pk=duel.pk).claim_open
    act(duel, ana, {"type": "roll", "cup": False})
    table = Table.objects.get(pk=duel.pk)
    assert not table.claim_open and timers_of(duel) == {("claim", None)}
    assert act(duel, bia, {"type": "claim_inactivity"}).status == "illegal"


def test_partner_cannot_claim_inactivity_against_own_team(ana, make_user):
    bia, caio, davi = make_user("bia"), make_user("caio"), make_user("davi")
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    for user in (bia, caio, davi):
        services.seat_take(table_id=table.pk, user=user)
    services.table_start(table_id=table.pk, by=ana)
    sweeper.run_due(now=later(121))
    # Ana (seat 0, Jade) is on turn; Caio (seat 2) is her partner.
    assert act(table, caio, {"type": "claim_inactivity"}).status == "illegal"
    assert act(table, davi, {"type": "claim_inactivity"}).status == "applied"
    table.refresh_from_db()
    assert sorted(table.outcome["winners"]) == [1, 3]


def test_when_the_move_clock_runs_out_the_robot_plays_that_move(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo", move_seconds=30)
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    clock = Deadline.objects.get(table=table, kind="clock")
    assert clock.seat == 0
    assert sweeper.run_due(now=clock.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=clock.due + timedelta(seconds=1)) == 1
    move = Action.objects.filter(table=table).order_by("-version").first()
    assert (move.seat, move.user_id) == (0, None)  # Ana's seat, played by the robot
    assert (
        Deadline.objects.get(table=table, kind="clock").due > clock.due
    )  # a new move, a new clock


def test_a_move_starts_the_clock_again(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo", move_seconds=60)
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    first = Deadline.objects.get(table=table, kind="clock").due
    act(table, ana, {"type": "roll", "cup": False})
    assert Deadline.objects.get(table=table, kind="clock").due > first


def test_a_bad_clock_is_refused(ana):
    with pytest.raises(services.TableError, match="Relógio"):
        services.table_create(host=ana, game="bozo", mode="duelo", move_seconds=7)


def test_after_a_disconnect_a_robot_plays_for_the_person_until_they_return(duel, ana, bia):
    Seat.objects.filter(table=duel, index=0).update(connected=False, last_seen=timezone.now())
    snapshots.forget(duel.pk)
    services.seat_mute(table_id=duel.pk, by=ana, index=1)  # any write sets the takeover timer
    assert ("takeover", 0) in timers_of(duel)
    assert sweeper.run_due(now=later(19)) == 0
    before = Table.objects.get(pk=duel.pk).version
    assert sweeper.run_due(now=later(21)) >= 1
    seat = Seat.objects.get(table=duel, index=0)
    assert seat.autopilot and seat.user == ana  # under her own name
    assert Table.objects.get(pk=duel.pk).version > before
    # Ana is on turn: the robot now plays her moves.
    assert ("robot", 0) in timers_of(duel)
    sweeper.run_due(now=later(30))
    assert Action.objects.filter(table=duel, seat=0, user=None).exists()
    # She comes back: her seat is hers again.
    TableSocket.objects.create(channel_name="x", table=duel, user=ana, seen_at=timezone.now())
    services.presence_sync(table_id=duel.pk, user_id=ana.pk)
    seat = Seat.objects.get(table=duel, index=0)
    assert seat.connected and not seat.autopilot
    assert ("robot", 0) not in timers_of(duel)
