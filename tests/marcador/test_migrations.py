"""The saved sheets moved from the games app to marcador without touching their table: rows
saved before the move are read by the new model, and the model's content type (with the
permissions given on it) moves along instead of being left stale."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from marcador.models import ScoreSheet

GAMES_BEFORE = ("games", "0008_seat_robot_played")


def migrate(targets, state_of):
    """Migrate to `targets`; the models as the migrations `state_of` left them."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(state_of).apps


@pytest.mark.django_db(transaction=True)
def test_sheets_saved_in_the_games_app_are_read_by_marcador_with_their_permissions(make_user):
    ana = make_user("ana")
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        old = migrate([("marcador", None), GAMES_BEFORE], [GAMES_BEFORE])
        OldSheet = old.get_model("games", "ScoreSheet")
        OldType = old.get_model("contenttypes", "ContentType")
        sheet = OldSheet.objects.create(
            user_id=ana.pk, players=["Caio", "Duda"], state={"finished": True}, entries=[{}]
        )
        old_type = OldType.objects.get(app_label="games", model="scoresheet")
    finally:
        migrate(latest, latest)
    ContentType.objects.clear_cache()

    moved = ScoreSheet.objects.get()
    assert (moved.pk, moved.user, moved.players) == (sheet.pk, ana, ["Caio", "Duda"])
    assert ContentType.objects.get_for_model(ScoreSheet).pk == old_type.pk
    assert not ContentType.objects.filter(app_label="games", model="scoresheet").exists()
    group = Group.objects.create(name="suporte")
    group.permissions.add(Permission.objects.get(codename="view_scoresheet"))
    assert group.permissions.get().natural_key() == ("view_scoresheet", "marcador", "scoresheet")
