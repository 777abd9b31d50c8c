from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Table
from tests.dice import Loaded


@pytest.fixture
def loaded(site_rng):
    """Script the site's dice: `loaded([6, 6, 2, 3, 4])`, then sixes."""

    def load(faces):
        return site_rng(Loaded(faces, then=6))

    return load


@pytest.fixture
def robot_duel(ana):
    """A Bozó duel in progress: Ana in seat 0 (on turn), a robot in seat 1."""
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    return Table.objects.get(pk=table.pk)


@pytest.fixture
def waiting(person):
    """Three more people, for the queue of the table of `people`."""
    return [person(name) for name in ("eva", "fabio", "gil")]


def act(table, user, action, *, cid=""):
    table.refresh_from_db()
    return services.table_act(
        table_id=table.pk, user=user, action=action, version=table.version, cid=cid
    )


def later(seconds: float = 600):
    """A moment `seconds` from now: what a timer's `now` is when it has come due."""
    return timezone.now() + timedelta(seconds=seconds)
