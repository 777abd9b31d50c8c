"""The one service that writes tables: moves, versions and the guarded write (illegal,
malformed, refused, stale, duplicate and outdated moves, a database error), and the copies of a
table kept in this process."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services, snapshots
from games.models import Action, Table
from tests.games.conftest import act
from tests.games.tables import version_of

# Committed for real: a copy of the table is kept only once its change is committed.
pytestmark = pytest.mark.django_db(transaction=True)


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
