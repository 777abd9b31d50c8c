"""The one service that writes tables: the waiting room's commands (seats, teams, the invitation,
robots, the start, leaving) and the seats during a game, each change a new version."""

import pytest
from django.utils import timezone

from games import catalog, services, snapshots
from games.models import Seat, Table
from tests.games.conftest import act
from tests.games.tables import seat_users, version_of

# Committed for real: a copy of the table is kept only once its change is committed.
pytestmark = pytest.mark.django_db(transaction=True)


# -- waiting room -----------------------------------------------------------------------------


def test_creating_a_table_seats_the_host_and_resolves_the_options(ana):
    table = services.table_create(host=ana, game="bozo", mode="duplas", is_public=False)
    assert table.status == Table.Status.WAITING
    assert table.options == {
        "mode": "duplas",
        "bonus_de_boca": True,
        "general_de_boca_vence": False,
    }
    assert seat_users(table) == ["ana", None, None, None]
    assert [s.team for s in table.seats.order_by("index")] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("game", "mode", "options", "message"),
    [
        ("bozo", "trio", {}, "Modo de jogo desconhecido"),
        ("bozo", "duelo", {"bonus_de_boca": "sim"}, "Valor inválido"),
        ("bozo", "duelo", {"aposta": 10}, "Opção desconhecida"),
        ("xadrez", "duelo", {}, "ainda não tem mesas"),
    ],
)
def test_creating_a_table_refuses_bad_choices(ana, game, mode, options, message):
    with pytest.raises(services.TableError, match=message):
        services.table_create(host=ana, game=game, mode=mode, options=options)
    assert not Table.objects.exists()


def test_every_change_of_the_waiting_room_is_a_new_version(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    versions = [version_of(table)]
    services.seat_take(table_id=table.pk, user=bia)
    versions.append(version_of(table))
    services.robot_add(table_id=table.pk, by=ana)
    versions.append(version_of(table))
    services.seat_move(table_id=table.pk, by=ana, from_index=1, to_index=3)
    versions.append(version_of(table))
    services.seat_clear(table_id=table.pk, by=ana, index=2)
    versions.append(version_of(table))
    assert versions == [0, 1, 2, 3, 4]
    services.seat_take(table_id=table.pk, user=bia)  # already seated: nothing changes
    assert version_of(table) == 4


def test_players_sit_until_the_table_is_full(ana, bia, make_user):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    assert seat_users(table) == ["ana", "bia"]
    with pytest.raises(services.TableError, match="cheia"):
        services.seat_take(table_id=table.pk, user=make_user("caio"))


def test_sitting_twice_keeps_one_seat(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_take(table_id=table.pk, user=bia)
    assert seat_users(table) == ["ana", "bia", None, None]


def test_a_team_invitation_seats_the_guest_in_that_team(ana, bia, make_user):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    seat = services.seat_take(table_id=table.pk, user=bia, team=0)
    assert (seat.index, seat.team) == (2, 0)
    with pytest.raises(services.TableError, match="Não há lugar livre nessa equipe"):
        services.seat_take(table_id=table.pk, user=make_user("caio"), team=0)


def test_a_player_changes_team_in_the_waiting_room(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    services.seat_take(table_id=table.pk, user=bia)  # seat 1, Âmbar
    services.seat_take(table_id=table.pk, user=bia, team=0)
    assert seat_users(table) == ["ana", None, "bia", None]


def test_a_private_table_needs_the_invitation(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo", is_public=False)
    with pytest.raises(services.TableError, match="privada"):
        services.seat_take(table_id=table.pk, user=bia)
    services.seat_take(table_id=table.pk, user=bia, invite_code=table.invite_code)
    assert seat_users(table) == ["ana", "bia"]


def test_the_host_arranges_partners_and_robots(ana, bia, make_user):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    services.seat_take(table_id=table.pk, user=bia)  # seat 1, Âmbar
    services.seat_move(table_id=table.pk, by=ana, from_index=1, to_index=2)  # Bia joins Jade
    services.robot_add(table_id=table.pk, by=ana)
    assert seat_users(table) == ["ana", "robot", "bia", None]
    assert [s.team for s in table.seats.order_by("index")] == [0, 1, 0, 1]
    services.seat_clear(table_id=table.pk, by=ana, index=1)
    assert seat_users(table) == ["ana", None, "bia", None]
    with pytest.raises(services.TableError, match="anfitrião"):
        services.robot_add(table_id=table.pk, by=bia)
    with pytest.raises(services.TableError, match="não pode tirar a si mesmo"):
        services.seat_clear(table_id=table.pk, by=ana, index=0)
    with pytest.raises(services.TableError, match="Lugar inválido"):
        services.seat_move(table_id=table.pk, by=ana, from_index=0, to_index=9)


def test_the_host_removes_a_player_who_has_not_started(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_clear(table_id=table.pk, by=ana, index=1)
    assert seat_users(table) == ["ana", None]


def test_starting_needs_every_seat_and_the_host(ana, bia, make_user):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    with pytest.raises(services.TableError, match="Todos os lugares"):
        services.table_start(table_id=table.pk, by=ana)
    services.seat_take(table_id=table.pk, user=bia)
    with pytest.raises(services.TableError, match="anfitrião"):
        services.table_start(table_id=table.pk, by=bia)
    services.table_start(table_id=table.pk, by=ana)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert table.version == table.state_version == 2
    assert table.state["to_move"] == 0
    assert list(table.actions.values_list("version", "action")) == [(2, {"type": "start"})]
    with pytest.raises(services.TableError, match="robô fora da vez"):
        services.seat_take(table_id=table.pk, user=make_user("caio"))


def test_a_seated_person_who_left_the_page_holds_the_start(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    Seat.objects.filter(table=table, index=1).update(last_seen=timezone.now())
    snapshots.forget(table.pk)
    with pytest.raises(services.TableError, match="Bia saiu da página"):
        services.table_start(table_id=table.pk, by=ana)


@pytest.fixture
def yams_mesa(monkeypatch):
    """Yam's with a mode of 1 to 8 seats, as the next issues will offer it."""
    mode = catalog.Mode("mesa", "Mesa", 1, max_seats=8)
    info = catalog.GAMES_BY_SLUG["yams"]
    monkeypatch.setitem(
        catalog.GAMES_BY_SLUG, "yams", catalog.GameInfo(**{**info.__dict__, "modes": (mode,)})
    )


def test_a_mode_with_a_range_of_seats_starts_with_those_seated(ana, bia, make_user, yams_mesa):
    table = services.table_create(host=ana, game="yams", mode="mesa")
    assert table.seats.count() == 8
    services.robot_add(table_id=table.pk, by=ana, index=5)
    services.seat_take(table_id=table.pk, user=bia, index=3)
    services.table_start(table_id=table.pk, by=ana)
    table.refresh_from_db()
    assert table.state["seats"] == 3
    assert seat_users(table) == ["ana", "bia", "robot"]  # the free seats are gone, in order


def test_leaving_the_waiting_room_frees_the_seat(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_leave(table_id=table.pk, user=bia)
    assert seat_users(table) == ["ana", None]


def test_the_host_leaving_the_waiting_room_closes_the_table_without_a_winner(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_leave(table_id=table.pk, user=ana)
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert table.outcome["winners"] == []


# -- seats during a game ----------------------------------------------------------------------


def test_a_person_takes_a_robots_seat_during_the_game(robot_duel, bia):
    before = version_of(robot_duel)
    services.seat_take(table_id=robot_duel.pk, user=bia)  # the robot is not on turn
    assert seat_users(robot_duel) == ["ana", "bia"]
    assert version_of(robot_duel) == before + 1
    assert Table.objects.get(pk=robot_duel.pk).state_version == before  # the game is unchanged


def test_a_robots_seat_on_turn_cannot_be_taken(robot_duel, ana, bia):
    act(robot_duel, ana, {"type": "roll", "cup": False})
    act(robot_duel, ana, {"type": "score", "box": "as"})  # now the robot is on turn
    with pytest.raises(services.TableError, match="fora da vez"):
        services.seat_take(table_id=robot_duel.pk, user=bia)


def test_the_host_replaces_a_player_by_a_robot_during_the_game(duel, ana, bia):
    services.seat_clear(table_id=duel.pk, by=ana, index=1)
    assert seat_users(duel) == ["ana", "robot"]
    with pytest.raises(services.TableError, match="anfitrião"):
        services.seat_clear(table_id=duel.pk, by=bia, index=0)
