"""What a refused command tells the player: the waiting room's commands after the game, and a
move out of turn, which names no seat (the rules number seats; the table names them)."""

from __future__ import annotations

import pytest

from games import rules, services, snapshots
from games.models import Table
from tests.games.conftest import act

pytestmark = pytest.mark.django_db

WAITING_ROOM = {
    "robot_add": lambda table, host: services.robot_add(table_id=table.pk, by=host),
    "seat_move": lambda table, host: services.seat_move(
        table_id=table.pk, by=host, from_index=0, to_index=1
    ),
    "table_start": lambda table, host: services.table_start(table_id=table.pk, by=host),
}


@pytest.mark.parametrize("command", WAITING_ROOM)
def test_a_waiting_room_command_after_the_game_says_it_ended(robot_duel, ana, command):
    services.seat_leave(table_id=robot_duel.pk, user=ana)
    assert Table.objects.get(pk=robot_duel.pk).status == Table.Status.FINISHED
    with pytest.raises(services.TableError) as refused:
        WAITING_ROOM[command](robot_duel, ana)
    assert refused.value.message == "Esta partida já terminou."


@pytest.mark.parametrize("command", ["robot_add", "seat_move"])
def test_a_waiting_room_command_at_a_closed_table_says_it_ended(ana, bia, command):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_leave(table_id=table.pk, user=ana)  # the host leaving closes the table
    assert Table.objects.get(pk=table.pk).status == Table.Status.CLOSED
    with pytest.raises(services.TableError) as refused:
        WAITING_ROOM[command](table, ana)
    assert refused.value.message == "Esta partida já terminou."


def test_a_waiting_room_command_during_the_game_says_it_started(robot_duel, ana):
    with pytest.raises(services.TableError) as refused:
        services.robot_add(table_id=robot_duel.pk, by=ana)
    assert refused.value.message == "A partida já começou: a sala de espera está fechada."


@pytest.mark.parametrize(
    ("game", "mode", "robots"),
    [("bozo", "duelo", 0), ("domino", "duplas", 2), ("dozito", "mesa", 1), ("yams", "mesa", 1)],
)
def test_a_move_out_of_turn_names_no_seat(ana, bia, game, mode, robots):
    table = services.table_create(host=ana, game=game, mode=mode)
    services.seat_take(table_id=table.pk, user=bia)
    for _ in range(robots):
        services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    copy = snapshots.get(table.pk, fresh=True)
    game_rules = rules.get(game)
    (on_turn,) = game_rules.to_act(copy.state)
    waiting = next(s for s in copy.seats if s.user_id is not None and s.index != on_turn)
    move = next(a for a in game_rules.legal_actions(copy.state, on_turn) if a["type"] != "leave")
    person = ana if waiting.user_id == ana.pk else bia

    result = act(table, person, move)

    assert result.status == "illegal"
    assert result.message == "Não é a sua vez."
