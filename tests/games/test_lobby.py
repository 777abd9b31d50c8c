"""The lobby (issue #8): one poll, the one-tap starts of "Jogar", plain texts."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory

from games import services
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_polls_once_and_its_ids_are_unique(client, make_user):
    services.table_create(host=make_user("ana", nickname="Ana"), game="bozo", mode="duelo")
    for path in ("/jogar/", "/jogar/bozo/"):
        html = client.get(path).content.decode()
        assert html.count('hx-trigger="every 5s"') == 1, path
        ids = re.findall(r'\bid="([^"]+)"', html)
        assert len(ids) == len(set(ids)), path


def test_jogar_starts_each_playable_game_in_one_tap(client, make_user):
    client.force_login(make_user("ana", nickname="Ana"))
    html = client.get("/jogar/").content.decode()
    assert html.count('href="/jogar/bozo/nova/"') == 1
    assert html.count('action="/jogar/bozo/contra-robo/"') == 1
    assert html.count('action="/jogar/domino/contra-robo/"') == 1
    assert "Jogar com 3 robôs" in html  # Dominó's pairs: a partner and two opponents
    for slug in ("dozito", "yams"):  # a table of two or more: a duel against one robot
        assert html.count(f'action="/jogar/{slug}/contra-robo/"') == 1
    assert html.count("Duelo contra robô") == 3
    assert "em preparação" not in html  # every game of the seeds has tables now


def test_dominos_one_tap_start_sits_three_robots_and_starts_at_once(client, make_user):
    client.force_login(make_user("ana", nickname="Ana"))
    response = client.post("/jogar/domino/contra-robo/")
    table = Table.objects.get()
    assert response.url == f"/mesa/{table.pk}/"
    assert table.status == "playing" and table.mode == "duplas" and not table.is_public
    assert [s.robot for s in table.seats.order_by("index")] == [False, True, True, True]


def test_a_visitor_is_offered_to_sign_up_and_come_back(client):
    html = client.get("/jogar/bozo/").content.decode()
    assert 'href="/conta/signup/?next=/jogar/bozo/"' in html
    assert 'href="/conta/login/?next=/jogar/bozo/"' in html


def test_a_table_is_named_in_plain_words_and_its_seats_counted_in_the_right_number(make_user):
    request = RequestFactory().get("/jogar/")
    request.user = AnonymousUser()
    table = SimpleNamespace(
        get_absolute_url="/mesa/1/",
        get_game_display="Bozó",
        mode_label="Duelo",
        host=SimpleNamespace(display_name="Ana"),
        taken=1,
        total=1,
        get_status_display="Esperando jogadores",
    )
    one = render_to_string("games/_lobby_tables.html", {"tables": [table]}, request)
    assert "Bozó · Duelo</a>" in one and "1 de 1 lugar<" in one
    table.total = 2
    two = render_to_string("games/_lobby_tables.html", {"tables": [table]}, request)
    assert "1 de 2 lugares<" in two


def test_the_yams_score_keeper_is_offered_beside_its_tables_and_in_its_guide(client):
    for path in ("/jogar/", "/jogar/yams/", "/como-jogar/yams/"):
        html = client.get(path).content.decode()
        assert html.count('href="/yams/marcador/"') == 1, path
        assert "Marcador para dados de verdade" in html, path
    assert 'href="/yams/marcador/"' not in client.get("/jogar/bozo/").content.decode()
