"""Limits per person on tables: only a few games against robots playing at once, and only a few
new tables a minute (counted in the cache); each refusal a Portuguese message on the form or the
lobby."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages

from games import services
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

LONG = 10**6  # one counting window for the whole test


def notices(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def robot_duel(user) -> Table:
    return services.table_create(host=user, game="bozo", mode="duelo", robots=True)


def test_one_person_plays_only_a_few_games_against_robots_at_once(ana, bia, settings):
    settings.GAMES_ROBOT_TABLES = 2
    first, _second = robot_duel(ana), robot_duel(ana)
    with pytest.raises(services.TableError) as refused:
        robot_duel(ana)
    assert "2 partidas com robôs em andamento" in refused.value.message
    assert Table.objects.filter(host=ana).count() == 2  # nothing left behind
    # Solo training has no robot; another person has their own; a game that ends frees a place.
    services.table_create(host=ana, game="bozo", mode="solo")
    robot_duel(bia)
    services.seat_leave(table_id=first.pk, user=ana)  # she leaves: the robot wins
    assert robot_duel(ana).status == Table.Status.PLAYING


def test_a_waiting_table_with_robots_does_not_start_past_the_cap(ana, settings):
    settings.GAMES_ROBOT_TABLES = 1
    robot_duel(ana)
    waiting = services.table_create(host=ana, game="bozo", mode="duelo")
    services.robot_add(table_id=waiting.pk, by=ana)
    with pytest.raises(services.TableError, match="Você já tem uma partida com robôs"):
        services.table_start(table_id=waiting.pk, by=ana)
    waiting.refresh_from_db()
    assert waiting.status == Table.Status.WAITING


def test_one_person_opens_only_a_few_tables_a_minute(ana, bia, settings):
    settings.GAMES_TABLE_CREATION_RATE = (3, LONG)
    for _ in range(3):
        services.table_create(host=ana, game="bozo", mode="solo")
    with pytest.raises(services.TableError) as refused:
        services.table_create(host=ana, game="bozo", mode="solo")
    assert "até 3 mesas por minuto" in refused.value.message
    assert Table.objects.filter(host=ana).count() == 3
    services.table_create(host=bia, game="bozo", mode="solo")  # counted per person


def test_the_form_and_the_lobby_say_why_a_table_was_refused(client, ana, settings):
    settings.GAMES_TABLE_CREATION_RATE = (1, LONG)
    client.force_login(ana)
    client.post("/jogar/bozo/nova/", {"mode": "solo", "visibility": "public"})
    response = client.post("/jogar/bozo/nova/", {"mode": "solo", "visibility": "public"})
    assert response.status_code == 200
    assert "até 1 mesa por minuto" in response.content.decode()
    response = client.post("/jogar/bozo/contra-robo/")
    assert response.status_code == 302 and response.url == "/jogar/bozo/"
    assert "até 1 mesa por minuto" in notices(response)
    assert Table.objects.count() == 1


def test_the_lobbys_robot_duel_past_the_cap_is_a_message_on_the_lobby(client, ana, settings):
    settings.GAMES_ROBOT_TABLES = 1
    robot_duel(ana)
    client.force_login(ana)
    response = client.post("/jogar/bozo/contra-robo/")
    assert response.status_code == 302 and response.url == "/jogar/bozo/"
    assert "partida com robôs" in notices(response)
    assert Table.objects.count() == 1
