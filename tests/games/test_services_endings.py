"""The one service that writes tables: a game's end (leaving it, "Jogar de novo" and the next
table, an admin closing it) and the cleanup of idle tables."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import services, snapshots
from games.models import Action, Seat, Table
from tests.games.tables import seat_users, version_of

# Committed for real: a copy of the table is kept only once its change is committed.
pytestmark = pytest.mark.django_db(transaction=True)


def test_leaving_during_the_game_gives_the_win_to_the_other_side(duel, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    duel.refresh_from_db()
    assert duel.status == Table.Status.FINISHED
    assert duel.outcome["winners"] == [0]
    assert not duel.deadlines.exists()


def test_play_again_seats_only_who_asks_and_each_other_player_who_asks_joins_it(duel, ana, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    before = version_of(duel)
    new = services.table_replay(table_id=duel.pk, by=bia)
    assert new.status == Table.Status.WAITING
    assert seat_users(new) == [None, "bia"]  # Ana's seat waits for her to ask, or another
    assert new.host == bia and new.options == duel.options
    assert version_of(duel) == before + 1  # the old table now points to the new one
    assert services.table_replay(table_id=duel.pk, by=ana) == new
    assert seat_users(new) == ["ana", "bia"]
    assert Table.objects.get(pk=new.pk).status == Table.Status.WAITING  # the host starts it
    seated = version_of(new)
    assert services.table_replay(table_id=duel.pk, by=ana) == new  # asked again: nothing new
    assert version_of(new) == seated and version_of(duel) == before + 1


def test_play_again_keeps_the_robots_and_seats_another_player_in_their_own_seat(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duplas", is_public=False)
    services.seat_take(table_id=table.pk, user=bia, index=2, invite_code=table.invite_code)
    for _ in range(2):
        services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    services.seat_leave(table_id=table.pk, user=ana)  # the other pair wins
    new = services.table_replay(table_id=table.pk, by=ana)
    assert seat_users(new) == ["ana", "robot", None, "robot"]
    assert new.status == Table.Status.WAITING and not new.is_public
    # Bia needs no invitation to the private table: she played the last game there.
    services.table_replay(table_id=table.pk, by=bia)
    assert seat_users(new) == ["ana", "robot", "bia", "robot"]


def test_play_again_at_a_next_table_its_host_closed_opens_another(duel, ana, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    first = services.table_replay(table_id=duel.pk, by=ana)
    services.seat_leave(table_id=first.pk, user=ana)  # the host leaves the waiting room
    assert Table.objects.get(pk=first.pk).status == Table.Status.CLOSED
    second = services.table_replay(table_id=duel.pk, by=bia)
    assert second != first and seat_users(second) == [None, "bia"]
    assert Table.objects.get(pk=duel.pk).next_table_id == second.pk


def test_a_seat_nobody_asked_for_is_anyone_s_and_a_late_player_is_told(duel, ana, bia, person):
    services.seat_leave(table_id=duel.pk, user=bia)
    new = services.table_replay(table_id=duel.pk, by=ana)
    services.seat_take(table_id=new.pk, user=person("caio"))  # from the lobby: Bia's old seat
    services.table_start(table_id=new.pk, by=ana)
    with pytest.raises(services.TableError, match="A partida já começou"):
        services.table_replay(table_id=duel.pk, by=bia)
    assert seat_users(new) == ["ana", "caio"]


def test_play_again_against_robots_starts_at_once(robot_duel, ana):
    services.seat_leave(table_id=robot_duel.pk, user=ana)
    new = services.table_replay(table_id=robot_duel.pk, by=ana)
    new.refresh_from_db()
    assert new.status == Table.Status.PLAYING
    assert [(s.user_id, s.robot) for s in new.seats.order_by("index")] == [
        (ana.pk, False),
        (None, True),
    ]


def test_an_admin_closes_a_table(duel):
    services.table_close(table_id=duel.pk)
    duel.refresh_from_db()
    assert duel.status == Table.Status.CLOSED


def test_cleanup_deletes_tables_idle_for_more_than_seven_days(duel, ana):
    fresh = services.table_create(host=ana, game="bozo", mode="solo")
    Table.objects.filter(pk=duel.pk).update(updated_at=timezone.now() - timedelta(days=8))
    Table.objects.filter(pk=fresh.pk).update(updated_at=timezone.now() - timedelta(days=6))
    call_command("cleanup_tables")
    assert list(Table.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert not Seat.objects.filter(table_id=duel.pk).exists()
    assert not Action.objects.filter(table_id=duel.pk).exists()
    assert snapshots.cached(duel.pk) is None
