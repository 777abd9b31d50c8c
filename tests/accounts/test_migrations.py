"""accounts 0002 brings existing nicknames under the one rule."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from accounts.models import User

BEFORE = [("accounts", "0001_initial")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_old_nicknames_that_break_the_rule_are_cleared_and_keys_recomputed():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        OldUser = migrate(BEFORE).get_model("accounts", "User")
        rows = {
            # username: (nickname, nickname_key) as the old User.save wrote them
            "ana": ("ana", "ana"),  # the username, copied
            "bia": ("Bia Souza", "bia souza"),
            "caio": ("Robô 2", "robô 2"),  # a table's label
            "davi": ("Ana", "ana2"),  # free again once "ana" is cleared
            "eva": ("𝔹ia Souza", "𝕓ia souza"),  # Bia's, in styled letters
            "fabi": ("Fa\u200bbi", "fa\u200bbi"),  # an invisible character
        }
        for username, (nickname, key) in rows.items():
            OldUser.objects.create(username=username, nickname=nickname, nickname_key=key)
        OldUser.objects.create(
            username="removido-1", nickname="Jogador removido", removed_at=timezone.now()
        )
    finally:
        migrate(latest)

    people = {u.username: (u.nickname, u.nickname_key) for u in User.objects.all()}
    assert people == {
        "ana": ("", None),
        "bia": ("Bia Souza", "bia souza"),
        "caio": ("", None),
        "davi": ("Ana", "ana"),
        "eva": ("", None),
        "fabi": ("", None),
        "removido-1": ("Jogador removido", None),
    }
