"""`manage.py run_sweeper`: the sweeper on its own (games/management/commands/run_sweeper.py)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection


@pytest.mark.django_db(transaction=True)
def test_a_round_gives_its_database_connection_back():
    call_command("run_sweeper", "--once")
    assert connection.connection is None
