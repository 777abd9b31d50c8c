"""The rollout games through the platform: a person's own moves are graded, a robot's are not
(its seat's, nor one played in a person's name), and the page shows each estimate with its
margin. Few samples here: the estimates' quality is tests/analysis/test_*_analysis.py's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from analysis import jobs
from analysis.games import dozito
from analysis.models import Analysis
from games import services, snapshots
from games.models import Action, Seat
from tests.games.play import finished, play_out

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def few_samples(monkeypatch):
    monkeypatch.setattr(dozito, "SAMPLES", 4)
    monkeypatch.setattr(dozito, "MIN_SAMPLES", 4)


def test_a_dozito_table_with_a_robot_grades_the_person_only(client, ana, site_rng):
    site_rng(1)
    table = finished(ana, "dozito", "mesa", seed=3)
    assert jobs.run_next()
    row = Analysis.objects.get(pk=table.pk)
    assert row.status == Analysis.Status.DONE
    (person,) = row.result["people"]  # the robot's seat is nobody's to grade
    assert person["user_id"] == ana.pk
    own = Action.objects.filter(table_id=table.pk, user=ana).count()
    assert 0 < person["decisions"] <= own
    assert not person["exact"]
    assert all(isinstance(v, float | int) for _s, v in person["series"])
    client.force_login(ana)
    html = client.get(reverse("analysis:table", args=[table.pk])).content.decode()
    assert "Estimativa" in html and "Precisão" in html


def test_moves_a_robot_made_in_a_person_s_name_are_not_theirs(ana, bia, site_rng):
    site_rng(2)
    table = services.table_create(host=ana, game="dozito", mode="mesa")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    # Bia's every move is made for her by the robot that plays an absent person's seat.
    Seat.objects.filter(table_id=table.pk, index=1).update(autopilot=True)
    snapshots.forget(table.pk)
    play_out(table, [ana, bia], seed=5)
    assert jobs.run_next()
    people = Analysis.objects.get(pk=table.pk).result["people"]
    assert [p["user_id"] for p in people] == [ana.pk]
