"""The one service that writes tables: commands, moves, versions and the guarded write."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import catalog, services, snapshots
from games.models import Action, Seat, Table
from tests.games.conftest import act

# Committed for real: a copy of the table is kept only once its change is committed.
pytestmark = pytest.mark.django_db(transaction=True)


def seat_users(table):
    return [
        (s.user.username if s.user else ("robot" if s.robot else None))
        for s in Seat.objects.filter(table_id=table.pk).order_by("index")
    ]


def version_of(table) -> int:
    return Table.objects.get(pk=table.pk).version


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


# -- the game ---------------------------------------------------------------------------------


def test_a_player_acts_in_their_seat_and_turn(duel, ana, bia, loaded):
    loaded([6, 6, 6, 2, 2])
    result = act(duel, ana, {"type": "roll", "cup": False}, cid="r1")
    assert result.status == "applied" and result.version == duel.version + 1
    duel.refresh_from_db()
    assert duel.state["turn"]["dice"] == [6, 6, 6, 2, 2]
    assert duel.last_action_at is not None and duel.state_version == duel.version
    log = Action.objects.get(table=duel, version=duel.version)
    assert (log.seat, log.user, log.action, log.cid) == (
        0,
        ana,
        {"type": "roll", "cup": False},
        "r1",
    )
    assert log.events

    result = act(duel, bia, {"type": "score", "box": "full"})
    assert result.status == "illegal"
    assert result.message  # the rules' Portuguese message
    act(duel, ana, {"type": "score", "box": "full"})
    duel.refresh_from_db()
    assert duel.state["cards"][0]["full"] == 25


def test_an_illegal_action_changes_nothing(duel, ana):
    before = Table.objects.get(pk=duel.pk)
    result = act(duel, ana, {"type": "score", "box": "full"})  # before the first roll
    assert result.status == "illegal"
    after = Table.objects.get(pk=duel.pk)
    assert (after.state, after.version) == (before.state, before.version)
    assert after.actions.count() == 1


def test_a_tap_on_a_die_is_applied_and_logged_as_the_hold_it_makes(duel, ana, loaded):
    loaded([1, 2, 3, 4, 5])
    act(duel, ana, {"type": "roll", "cup": False})
    assert act(duel, ana, {"type": "hold", "toggle": 1}).status == "applied"
    assert act(duel, ana, {"type": "hold", "toggle": 3}).status == "applied"
    assert act(duel, ana, {"type": "hold", "toggle": 9}).status == "illegal"
    holds = [a.action for a in duel.actions.order_by("version") if a.action.get("type") == "hold"]
    assert holds == [{"type": "hold", "dice": [1]}, {"type": "hold", "dice": [1, 3]}]
    assert Table.objects.get(pk=duel.pk).state["turn"]["held"] == [False, True, False, True, False]


@pytest.mark.parametrize("action", [None, "roll", [], {"type": 7}, {"tipo": "roll"}])
def test_malformed_actions_are_refused_in_portuguese(duel, ana, action):
    result = act(duel, ana, action)
    assert result.status == "illegal"
    assert "Jogada" in result.message


def test_a_spectator_is_refused_before_any_write(duel, make_user):
    caio = make_user("caio")
    with CaptureQueriesContext(connection) as queries:
        result = act(duel, caio, {"type": "roll", "cup": False})
    assert result.status == "refused"
    assert "assistindo" in result.message
    writes = [
        q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("UPDATE", "INSERT"))
    ]
    assert writes == []


def test_a_stale_version_is_not_applied(duel, ana):
    act(duel, ana, {"type": "roll", "cup": False})
    result = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=duel.version
    )
    assert result.status == "stale"
    assert "mudou" in result.message
    assert Table.objects.get(pk=duel.pk).state["turn"]["rolls"] == 1


def test_a_seat_or_presence_change_does_not_make_a_move_stale(duel, ana, bia):
    seen = duel.version
    services.seat_mute(table_id=duel.pk, by=ana, index=1)  # a new version, the same game
    assert version_of(duel) == seen + 1
    result = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=seen
    )
    assert result.status == "applied"


def test_a_version_from_the_future_is_refused(duel, ana):
    result = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=duel.version + 5
    )
    assert result.status == "refused" and "inválida" in result.message


def test_a_repeated_command_id_is_applied_once(duel, ana):
    first = act(duel, ana, {"type": "roll", "cup": False}, cid="abc")
    again = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=duel.version,
        cid="abc",
    )  # fmt: skip
    assert (first.status, again.status) == ("applied", "duplicate")
    assert Table.objects.get(pk=duel.pk).state["turn"]["rolls"] == 1


def test_a_repeated_command_id_at_the_current_version_is_not_applied_twice(duel, ana):
    act(duel, ana, {"type": "roll", "cup": False}, cid="same")
    before = Table.objects.get(pk=duel.pk)
    again = act(duel, ana, {"type": "hold", "dice": [0]}, cid="same")
    assert again.status == "duplicate"
    after = Table.objects.get(pk=duel.pk)
    assert (after.version, after.state) == (before.version, before.state)


def test_a_move_decided_on_an_outdated_copy_is_decided_again_on_the_new_one(duel, ana, bia):
    outdated = snapshots.get(duel.pk)
    start = outdated.version
    act(duel, ana, {"type": "roll", "cup": False})  # another process moved meanwhile
    act(duel, ana, {"type": "score", "box": "as"})
    snapshots.clear()
    snapshots.remember(outdated)  # this process still holds the old copy
    table = Table.objects.get(pk=duel.pk)
    result = services.table_act(
        table_id=duel.pk, user=bia, action={"type": "roll", "cup": False}, version=table.version
    )
    assert result.status == "applied"
    table.refresh_from_db()
    assert table.state["to_move"] == 1 and table.state["turn"]["rolls"] == 1
    assert list(table.actions.values_list("version", flat=True)) == [
        start, start + 1, start + 2, start + 3,
    ]  # fmt: skip


def test_a_move_on_an_old_copy_never_reopens_a_table_the_admin_closed(duel, ana):
    outdated = snapshots.get(duel.pk)
    services.table_close(table_id=duel.pk)
    snapshots.remember(outdated)
    result = act(duel, ana, {"type": "roll", "cup": False})
    assert result.status == "refused"
    duel.refresh_from_db()
    assert duel.status == Table.Status.CLOSED and duel.actions.count() == 1


def test_a_database_error_other_than_the_race_says_try_again(duel, ana, monkeypatch):
    from django.db import DataError, OperationalError

    def broken(*args, **kwargs):
        raise DataError("value too long for type character varying(64)")

    monkeypatch.setattr(Action.objects, "create", broken)
    result = act(duel, ana, {"type": "roll", "cup": False})
    assert result.status == "error" and "tente de novo" in result.message
    assert Table.objects.get(pk=duel.pk).version == duel.version  # nothing half applied

    def cut(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    # A lost connection reaches the caller, which tries once more on another (the consumer:
    # test_exactly_once.py); nothing is half applied meanwhile.
    monkeypatch.setattr(Action.objects, "create", cut)
    with pytest.raises(OperationalError):
        act(duel, ana, {"type": "roll", "cup": False})
    assert Table.objects.get(pk=duel.pk).version == duel.version


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


# -- copies of a table in this process ----------------------------------------------------------


def test_a_write_keeps_the_new_copy_and_a_later_read_takes_it_from_memory(duel, ana):
    act(duel, ana, {"type": "roll", "cup": False})
    copy = snapshots.cached(duel.pk)
    assert copy is not None and copy.version == duel.version + 1
    with CaptureQueriesContext(connection) as queries:
        assert snapshots.get(duel.pk) is copy
    assert len(queries) == 0
    fresh = snapshots.load(duel.pk)
    assert (fresh.state, fresh.seats, fresh.log, fresh.version) == (
        copy.state, copy.seats, copy.log, copy.version,
    )  # fmt: skip


def test_an_older_copy_never_replaces_a_newer_one(duel, ana):
    old = snapshots.get(duel.pk)
    act(duel, ana, {"type": "roll", "cup": False})
    snapshots.remember(old)
    assert snapshots.cached(duel.pk).version == old.version + 1


def test_a_new_nickname_reaches_the_tables_as_a_new_version(duel, bia):
    before = version_of(duel)
    bia.nickname = "Beatriz"
    bia.save()
    assert version_of(duel) == before + 1
    assert snapshots.get(duel.pk).seats[1].name == "Beatriz"
    bia.save(update_fields=["last_login"])  # a login changes no name
    assert version_of(duel) == before + 1
