import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games import services, snapshots
from games.models import Action, Seat, Table
from tests.games.conftest import act

pytestmark = pytest.mark.django_db


def seat_users(table):
    return [
        (s.user.username if s.user else ("robot" if s.robot else None))
        for s in table.seats.order_by("index")
    ]


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
    services.seat_clear(table_id=table.pk, by=ana, index=1)
    assert seat_users(table) == ["ana", None, "bia", None]
    with pytest.raises(services.TableError, match="anfitrião"):
        services.robot_add(table_id=table.pk, by=bia)
    with pytest.raises(services.TableError, match="não pode tirar a si mesmo"):
        services.seat_clear(table_id=table.pk, by=ana, index=0)


def test_the_host_removes_a_player_who_has_not_started(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_clear(table_id=table.pk, by=ana, index=1)
    assert seat_users(table) == ["ana", None]


def test_starting_needs_every_seat_and_the_host(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    with pytest.raises(services.TableError, match="Todos os lugares"):
        services.table_start(table_id=table.pk, by=ana)
    services.seat_take(table_id=table.pk, user=bia)
    with pytest.raises(services.TableError, match="anfitrião"):
        services.table_start(table_id=table.pk, by=bia)
    services.table_start(table_id=table.pk, by=ana)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    assert table.version == 1
    assert table.state["to_move"] == 0
    assert list(table.actions.values_list("version", "action")) == [(1, {"type": "start"})]
    with pytest.raises(services.TableError, match="já começou"):
        services.seat_take(table_id=table.pk, user=bia)


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


# -- the game ---------------------------------------------------------------------------------


def test_a_player_acts_in_their_seat_and_turn(duel, ana, bia, loaded):
    loaded([6, 6, 6, 2, 2])
    result = act(duel, ana, {"type": "roll", "cup": False})
    assert result.status == "applied" and result.version == 2
    duel.refresh_from_db()
    assert duel.state["turn"]["dice"] == [6, 6, 6, 2, 2]
    log = Action.objects.get(table=duel, version=2)
    assert (log.seat, log.user, log.action) == (0, ana, {"type": "roll", "cup": False})

    result = act(duel, bia, {"type": "score", "box": "full"})
    assert result.status == "illegal"
    assert result.message  # the rules' Portuguese message
    result = act(duel, ana, {"type": "score", "box": "full"})
    duel.refresh_from_db()
    assert duel.state["cards"][0]["full"] == 25


def test_an_illegal_action_changes_nothing(duel, ana):
    before = Table.objects.get(pk=duel.pk)
    result = act(duel, ana, {"type": "score", "box": "full"})  # before the first roll
    assert result.status == "illegal"
    after = Table.objects.get(pk=duel.pk)
    assert (after.state, after.version) == (before.state, before.version)
    assert after.actions.count() == 1


@pytest.mark.parametrize("action", [None, "roll", [], {"type": 7}, {"tipo": "roll"}])
def test_malformed_actions_are_refused_in_portuguese(duel, ana, action):
    result = act(duel, ana, action)
    assert result.status == "illegal"
    assert "Jogada" in result.message


def test_a_spectator_never_acts(duel, make_user):
    result = act(duel, make_user("caio"), {"type": "roll", "cup": False})
    assert result.status == "refused"
    assert "assistindo" in result.message


def test_a_stale_version_is_not_applied(duel, ana):
    result = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=0
    )
    assert result.status == "stale"
    assert Table.objects.get(pk=duel.pk).version == 1


def test_a_repeated_command_id_is_applied_once(duel, ana):
    first = act(duel, ana, {"type": "roll", "cup": False}, cid="abc")
    again = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=2, cid="abc"
    )
    assert (first.status, again.status) == ("applied", "duplicate")
    assert Table.objects.get(pk=duel.pk).state["turn"]["rolls"] == 1


# A move checked against this process's copy of the table (games/snapshots.py) is written with an
# UPDATE guarded by the version it saw; whatever changed in between sends it the locked way.


def remember_table_as_it_is_now(table):
    snapshots.clear()
    return snapshots.get(table.pk)


def test_a_move_on_the_in_memory_table_is_written_like_any_other(duel, ana, loaded):
    remember_table_as_it_is_now(duel)
    loaded([1, 2, 3, 4, 5])
    result = act(duel, ana, {"type": "roll", "cup": False}, cid="fast")
    assert (result.status, result.version) == ("applied", 2)
    duel.refresh_from_db()
    assert duel.state["turn"]["dice"] == [1, 2, 3, 4, 5]
    assert duel.last_action_at is not None and duel.updated_at == duel.last_action_at
    log = Action.objects.get(table=duel, version=2)
    assert (log.seat, log.user, log.action, log.cid) == (
        0,
        ana,
        {"type": "roll", "cup": False},
        "fast",
    )
    assert log.events and log.created_at == duel.last_action_at


def test_a_move_on_an_outdated_copy_of_the_table_is_stale_not_applied(duel, ana, bia):
    outdated = remember_table_as_it_is_now(duel)
    act(duel, ana, {"type": "roll", "cup": False})  # another process moved: version 2
    snapshots.clear()
    snapshots.remember(outdated)  # this process still holds version 1
    result = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": True}, version=1
    )
    assert result.status == "stale" and result.version == 2
    duel.refresh_from_db()
    assert duel.version == 2 and duel.state["turn"]["rolls"] == 1
    assert duel.actions.count() == 2


def test_a_move_on_the_copy_never_reopens_a_table_the_admin_closed(duel, ana):
    outdated = remember_table_as_it_is_now(duel)
    services.table_close(table_id=duel.pk)  # closing keeps the version
    snapshots.remember(outdated)
    result = act(duel, ana, {"type": "roll", "cup": False})
    assert result.status == "refused"
    duel.refresh_from_db()
    assert duel.status == Table.Status.CLOSED and duel.actions.count() == 1


def test_a_repeated_command_id_at_the_current_version_is_not_applied_twice(duel, ana):
    remember_table_as_it_is_now(duel)
    act(duel, ana, {"type": "roll", "cup": False}, cid="same")
    remember_table_as_it_is_now(duel)
    before = Table.objects.get(pk=duel.pk)
    again = services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=2, cid="same"
    )
    assert again.status == "duplicate"
    after = Table.objects.get(pk=duel.pk)
    assert (after.version, after.state) == (before.version, before.state)


def test_leaving_during_the_game_gives_the_win_to_the_other_side(duel, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    duel.refresh_from_db()
    assert duel.status == Table.Status.FINISHED
    assert duel.outcome["winners"] == [0]
    assert duel.deadline_at is None


def test_the_inactivity_claim_opens_after_two_minutes(duel, bia):
    duel.refresh_from_db()
    assert duel.deadline_kind == "claim"
    assert duel.deadline_at == duel.last_action_at + timedelta(seconds=120)
    result = act(duel, bia, {"type": "claim_inactivity"})
    assert result.status == "illegal"
    assert "dois minutos" in result.message

    Table.objects.filter(pk=duel.pk).update(last_action_at=timezone.now() - timedelta(minutes=3))
    assert act(duel, bia, {"type": "claim_inactivity"}).status == "applied"
    duel.refresh_from_db()
    assert duel.status == Table.Status.FINISHED
    assert duel.outcome["winners"] == [1]


def test_partner_cannot_claim_inactivity_against_own_team(ana, make_user):
    bia, caio, davi = make_user("bia"), make_user("caio"), make_user("davi")
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    for user in (bia, caio, davi):
        services.seat_take(table_id=table.pk, user=user)
    services.table_start(table_id=table.pk, by=ana)
    Table.objects.filter(pk=table.pk).update(last_action_at=timezone.now() - timedelta(minutes=3))
    # Ana (seat 0, Jade) is on turn; Caio (seat 2) is her partner.
    assert act(table, caio, {"type": "claim_inactivity"}).status == "illegal"
    assert act(table, davi, {"type": "claim_inactivity"}).status == "applied"
    table.refresh_from_db()
    assert sorted(table.outcome["winners"]) == [1, 3]


def test_the_sweeper_plays_a_robot_turn_once_it_is_due(ana):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    act(table, ana, {"type": "roll", "cup": False})
    act(table, ana, {"type": "score", "box": "as"})
    table.refresh_from_db()
    assert table.state["to_move"] == 1 and table.deadline_kind == "robot"

    assert services.run_due(now=table.deadline_at - timedelta(seconds=1)) == 0
    fired = 0
    for _ in range(40):  # roll, lift, hold, roll... until the robot scores
        fired += services.run_due(now=timezone.now() + timedelta(seconds=5))
        table.refresh_from_db()
        if table.state["to_move"] == 0:
            break
    assert table.state["to_move"] == 0
    assert sum(v is not None for v in table.state["cards"][1].values()) == 1
    assert fired == table.version - 3
    assert table.actions.filter(seat=1, user=None).count() == fired


def test_a_due_timer_fires_once(ana, settings):
    settings.GAMES_ROBOT_DELAY = (1.0, 1.0)
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    act(table, ana, {"type": "roll", "cup": False})
    act(table, ana, {"type": "score", "box": "as"})
    table.refresh_from_db()
    due = table.deadline_at
    first = services._fire(table.pk, due)
    second = services._fire(table.pk, due)
    assert (first, second) == (1, 0)


def test_play_again_opens_a_new_table_with_the_same_seats(duel, ana, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    new = services.table_replay(table_id=duel.pk, by=bia)
    assert new.status == Table.Status.WAITING
    assert seat_users(new) == ["ana", "bia"]
    assert new.host == bia and new.options == duel.options
    assert services.table_replay(table_id=duel.pk, by=ana) == new


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


def test_a_row_copy_is_a_separate_table_with_the_same_fields(duel, ana):
    table = Table.objects.select_related("host").get(pk=duel.pk)
    clone = snapshots.row_copy(table)
    assert clone is not table and clone.pk == table.pk and clone.state == table.state
    assert clone.host is table.host  # the related rows already read come along
    clone.version += 1
    clone._state.fields_cache.clear()
    assert table.version == clone.version - 1 and "host" in table._state.fields_cache


def test_a_fresh_read_takes_a_copy_read_since_it_was_asked_and_no_older(duel, monkeypatch):
    snapshots.clear()
    loads, load = [], snapshots.load

    def counted(*args, **kwargs):
        loads.append(args)
        return load(*args, **kwargs)

    monkeypatch.setattr(snapshots, "load", counted)
    asked = time.monotonic()
    first = snapshots.get(duel.pk, fresh=True, read_since=asked)
    again = snapshots.get(duel.pk, fresh=True, read_since=asked)  # a second socket, same moment
    assert again is first and len(loads) == 1
    later = snapshots.get(duel.pk, fresh=True, read_since=time.monotonic())
    assert later is not first and len(loads) == 2
    assert snapshots.get(duel.pk, fresh=True) is not later and len(loads) == 3
