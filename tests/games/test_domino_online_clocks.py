"""Dominó de pontos on the live platform (issue #10): the move clock and the takeover of an
absent person's seat, through the stored deadlines, with time moved forward by the test."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import rendering, services, snapshots, sweeper
from games.models import Action, Deadline, Seat
from tests.games.conftest import later
from tests.games.domino_online import four_people
from tests.games.sockets import (
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_when_the_move_clock_runs_out_the_robot_plays_that_move_for_the_person(people):
    table = four_people(people, move_seconds=30)
    copy = snapshots.get(table.pk, fresh=True)
    on_turn = copy.state["hand"]["to_move"]
    clock = Deadline.objects.get(table=table, kind="clock")
    assert clock.seat == on_turn
    html = rendering.table_render(copy, 0).html
    assert f'data-clock-due="{clock.due.isoformat()}"' in html and 'data-clock-seconds="30"' in html
    assert sweeper.run_due(now=clock.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=clock.due + timedelta(seconds=1)) == 1
    move = Action.objects.filter(table=table).latest("version")
    assert move.seat == on_turn and move.user_id is None and move.action["type"] == "play"
    copy = snapshots.get(table.pk, fresh=True)
    assert not copy.seats[on_turn].autopilot  # only that move: the person plays on
    assert copy.timer("clock", copy.state["hand"]["to_move"]) is not None


def test_after_a_disconnect_a_robot_plays_on_their_turn_after_20_seconds_until_they_return(
    people, settings
):
    settings.GAMES_TAKEOVER_SECONDS = 20
    table = four_people(people)
    copy = snapshots.get(table.pk, fresh=True)
    gone = copy.state["hand"]["to_move"]
    Seat.objects.filter(table=table, index=gone).update(connected=True)  # their page was open
    snapshots.forget(table.pk)
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)  # its last socket closed
    takeover = Deadline.objects.get(table=table, kind="takeover")
    assert takeover.seat == gone
    assert sweeper.run_due(now=takeover.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=takeover.due + timedelta(seconds=1)) >= 1
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[gone].autopilot
    assert sweeper.run_due(now=later(30)) == 1  # their turn: the robot plays it
    assert Action.objects.filter(table=table, seat=gone, user=None).exists()
    # They come back to the same place: the robot stops.
    from games.models import TableSocket

    TableSocket.objects.create(
        channel_name="back", table_id=table.pk, user=people[gone], seen_at=timezone.now()
    )
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[gone].user_id == people[gone].pk and not copy.seats[gone].autopilot
