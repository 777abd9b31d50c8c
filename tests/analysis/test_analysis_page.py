"""The "Análise" page: who may see it, "calculando…" until the worker is done, then each
person's figures, their costliest decisions drawn as the table drew them, and the chart."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from analysis import jobs
from analysis.models import Analysis
from games import services
from games.models import Table
from tests.analysis.play import play_out, play_solo
from tests.analysis.test_analysis_exact import junk_on_general

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished(ana, site_rng):
    """Ana's finished Bozó solo training, with one junk roll scored on General."""
    site_rng(11)
    table = services.table_create(host=ana, game="bozo", mode="solo")
    play_solo(table, ana, junk_on_general)
    return Table.objects.get(pk=table.pk)


def page(client, table, **headers):
    return client.get(reverse("analysis:table", args=[table.pk]), **headers)


def test_the_page_says_calculando_and_asks_again_until_the_analysis_is_there(client, ana, finished):
    client.force_login(ana)
    waiting = page(client, finished).content.decode()
    assert "Calculando a análise…" in waiting
    assert f'hx-get="{reverse("analysis:table", args=[finished.pk])}"' in waiting
    assert jobs.run_next()
    part = page(client, finished, HTTP_HX_REQUEST="true").content.decode()
    assert "Calculando" not in part and "<html" not in part
    assert "Precisão" in part and "Marcar General (0)" in part
    assert 'class="analysis-chart__svg"' in part and "<polyline" in part
    assert "Os números do gráfico" in part
    # The costliest decision is drawn with the live templates, as Ana saw it: the dice shown.
    assert part.count('class="mesa analysis-decision__area"') == 1
    assert "bozo-die" in part or "die" in part
    assert "?passo=" in part


def test_an_old_game_is_analysed_when_its_page_is_first_opened(client, ana, finished):
    Analysis.objects.all().delete()  # as a game that ended before analyses existed
    client.force_login(ana)
    assert page(client, finished).status_code == 200
    assert Analysis.objects.get(pk=finished.pk).status == Analysis.Status.PENDING


def test_a_private_table_s_analysis_is_only_for_who_sat_there(client, bia, ana, finished):
    assert not finished.is_public  # solo training is private
    client.force_login(bia)
    assert page(client, finished).status_code == 404
    client.logout()
    assert page(client, finished).status_code == 404
    client.force_login(ana)
    assert page(client, finished).status_code == 200


def test_a_public_duel_s_analysis_is_for_anyone_and_grades_both(client, duel, ana, bia, site_rng):
    client.force_login(ana)
    assert page(client, duel).status_code == 404  # not before the game ends
    site_rng(4)
    play_out(duel, [ana, bia], junk_on_general)
    assert jobs.run_next()
    client.logout()
    html = page(client, duel).content.decode()
    assert "ana" in html.lower() and "bia" in html.lower()
    assert html.count('class="analysis-person paper"') == 2
    assert html.count("<polyline") == 2  # a line each, told apart by dash and colour too
    assert "analysis-chart__line--0" in html and "analysis-chart__line--1" in html


def test_the_result_panel_and_the_replay_link_to_the_analysis(client, ana, finished):
    client.force_login(ana)
    replay = client.get(reverse("games:replay", args=[finished.pk])).content.decode()
    assert reverse("analysis:table", args=[finished.pk]) in replay
    history = client.get(reverse("accounts:history")).content.decode()
    assert reverse("analysis:table", args=[finished.pk]) in history


def test_numbers_are_written_the_brazilian_way(client, ana, finished):
    jobs.run_next()
    client.force_login(ana)
    html = page(client, finished).content.decode()
    assert re.search(r"\d+,\d", html)  # "12,3", never "12.3" in the figures


def test_the_admin_lists_analyses_and_puts_them_back_in_the_queue(admin_client, finished):
    assert jobs.run_next()
    listing = admin_client.get("/admin/analysis/analysis/").content.decode()
    assert "pronta" in listing
    response = admin_client.post(
        "/admin/analysis/analysis/", {"action": "compute_again", "_selected_action": [finished.pk]}
    )
    assert response.status_code == 302
    row = Analysis.objects.get(pk=finished.pk)
    assert row.status == Analysis.Status.PENDING and row.result is None
    assert jobs.run_next()
    assert Analysis.objects.get(pk=finished.pk).status == Analysis.Status.DONE
    assert admin_client.get(f"/admin/analysis/analysis/{finished.pk}/change/").status_code == 200


def test_a_deleted_account_is_a_removed_player_in_the_analysis(client, duel, ana, bia, site_rng):
    from accounts.services import delete_account

    site_rng(4)
    play_out(duel, [ana, bia])
    assert jobs.run_next()
    delete_account(user=bia)
    html = page(client, duel).content.decode()
    assert "Jogador removido" in html and "Bia" not in html
    assert html.count('class="analysis-person paper"') == 2
