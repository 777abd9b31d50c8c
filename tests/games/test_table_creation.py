"""Opening tables: solo training private and started at once, robot duels started at once, the
"Robôs rápidos" option, and the cap on one host's tables in the waiting room."""

import pytest
from django.contrib.messages import get_messages

from games import selectors, services
from games.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

LIMIT_HINT = "Feche uma das suas mesas em espera"


def test_solo_training_is_private_and_starts_at_once_even_when_asked_public(ana):
    table = services.table_create(host=ana, game="bozo", mode="solo", is_public=True)
    assert table.status == Table.Status.PLAYING and not table.is_public
    assert table.state is not None and table.actions.filter(action__type="start").exists()


def test_solo_training_is_never_listed_in_the_lobby(ana, client):
    solo = services.table_create(host=ana, game="bozo", mode="solo")
    Table.objects.filter(pk=solo.pk).update(is_public=True)  # a table made before the rule
    duel = services.table_create(host=ana, game="bozo", mode="duelo")
    assert list(selectors.lobby_tables()) == [duel]
    assert list(selectors.lobby_tables("bozo")) == [duel]
    html = client.get("/jogar/bozo/", headers={"HX-Request": "true"}).content.decode()
    assert f"/mesa/{duel.pk}/" in html and f"/mesa/{solo.pk}/" not in html


def test_a_table_with_robots_in_the_other_seats_starts_at_once(ana):
    table = services.table_create(host=ana, game="bozo", mode="duplas", robots=True)
    seats = list(table.seats.order_by("index").values_list("user_id", "robot"))
    assert seats == [(ana.pk, False), (None, True), (None, True), (None, True)]
    assert table.status == Table.Status.PLAYING


def test_fast_robots_is_a_table_option_kept_by_the_rematch(ana):
    table = services.table_create(host=ana, game="bozo", mode="duelo", fast_robots=True)
    assert table.fast_robots
    assert not services.table_create(host=ana, game="bozo", mode="duelo").fast_robots
    fast = services.table_create(host=ana, game="bozo", mode="duelo", robots=True, fast_robots=True)
    services.seat_leave(table_id=fast.pk, user=ana)  # the game ends: the robot wins
    assert services.table_replay(table_id=fast.pk, by=ana).fast_robots


def test_one_host_keeps_only_a_few_tables_waiting(ana, bia, settings):
    settings.GAMES_MAX_WAITING_TABLES = 3
    waiting = [services.table_create(host=ana, game="bozo", mode="duelo") for _ in range(3)]
    with pytest.raises(services.TableError) as refused:
        services.table_create(host=ana, game="bozo", mode="duplas", is_public=False)
    assert "3 mesas esperando jogadores" in refused.value.message
    assert LIMIT_HINT in refused.value.message
    assert Table.objects.filter(host=ana).count() == 3
    # What starts at once never waits, so it is neither refused nor counted.
    services.table_create(host=ana, game="bozo", mode="solo")
    services.table_create(host=ana, game="bozo", mode="duelo", robots=True)
    # Another host has their own tables; a table started or closed frees a place.
    services.table_create(host=bia, game="bozo", mode="duelo")
    services.seat_leave(table_id=waiting[0].pk, user=ana)  # the host closes the waiting room
    services.table_create(host=ana, game="bozo", mode="duelo")


def test_the_cap_of_one_waiting_table_says_so_in_the_singular(ana, settings):
    settings.GAMES_MAX_WAITING_TABLES = 1
    services.table_create(host=ana, game="bozo", mode="duelo")
    with pytest.raises(services.TableError, match="Você já tem uma mesa esperando jogadores"):
        services.table_create(host=ana, game="bozo", mode="duelo")


# -- the creation form and the lobby's shortcut -------------------------------------------------


def test_the_form_offers_fast_robots_with_its_help_and_says_solo_is_private(client, ana, settings):
    client.force_login(ana)
    html = client.get("/jogar/bozo/nova/").content.decode()
    assert "Robôs rápidos" in html and "quase sem pausa" in html
    assert "O treino solo é só seu" in html
    # While solo is chosen the page hides the visibility and robots' choices (CSS only, in the
    # site's sheet: no inline style under the Content-Security-Policy).
    assert 'name="mode" value="solo"' in html
    sheet = (settings.BASE_DIR / "config/static/css/site.css").read_text()
    assert '.form:has(input[name="mode"][value="solo"]:checked) .table-new__with-others' in sheet
    assert html.count('class="table-new__with-others"') == 2


def test_the_form_opens_a_table_of_fast_robots(client, ana):
    client.force_login(ana)
    response = client.post(
        "/jogar/bozo/nova/", {"mode": "duelo", "visibility": "private", "fast_robots": "on"}
    )
    table = Table.objects.get()
    assert response.url == f"/mesa/{table.pk}/"
    assert table.fast_robots and table.status == Table.Status.WAITING


def test_the_form_starts_solo_training_at_once_and_ignores_public(client, ana):
    client.force_login(ana)
    response = client.post("/jogar/bozo/nova/", {"mode": "solo", "visibility": "public"})
    table = Table.objects.get()
    assert response.url == f"/mesa/{table.pk}/"
    assert table.status == Table.Status.PLAYING and not table.is_public


def test_the_form_refuses_a_table_too_many_in_portuguese(client, ana, settings):
    settings.GAMES_MAX_WAITING_TABLES = 2
    client.force_login(ana)
    for _ in range(2):
        client.post("/jogar/bozo/nova/", {"mode": "duelo", "visibility": "public"})
    response = client.post("/jogar/bozo/nova/", {"mode": "duelo", "visibility": "public"})
    assert response.status_code == 200
    assert LIMIT_HINT in response.context["form"].non_field_errors()[0]
    assert LIMIT_HINT in response.content.decode()
    assert Table.objects.count() == 2


def test_the_lobbys_robot_duel_is_normal_pace_and_not_held_by_the_cap(client, ana, settings):
    settings.GAMES_MAX_WAITING_TABLES = 1
    services.table_create(host=ana, game="bozo", mode="duelo")
    client.force_login(ana)
    response = client.post("/jogar/bozo/contra-robo/")
    table = Table.objects.get(status=Table.Status.PLAYING)
    assert response.url == f"/mesa/{table.pk}/"
    assert not table.fast_robots and not table.is_public


def test_a_refused_robot_duel_is_a_message_on_the_lobby_not_an_error_page(client, ana, monkeypatch):
    def refuse(**kwargs):
        raise services.TableError("Não foi possível registrar agora: tente de novo.")

    monkeypatch.setattr(services, "table_create", refuse)
    client.force_login(ana)
    response = client.post("/jogar/bozo/contra-robo/")
    assert response.status_code == 302 and response.url == "/jogar/bozo/"
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Não foi possível registrar agora: tente de novo."
    ]
    assert not Table.objects.exists()


def test_the_domino_form_offers_the_bucho_the_move_clock_and_the_visibility(client, ana):
    client.force_login(ana)
    html = client.get("/jogar/domino/nova/").content.decode()
    for text in ("O bucho na contagem", "Dobrado", "Simples", "Tempo por jogada", "Sem relógio"):
        assert text in html, text
    assert "30 segundos" in html and "60 segundos" in html
    response = client.post(
        "/jogar/domino/nova/",
        {
            "mode": "duplas",
            "visibility": "private",
            "opt_bucho_lado": "simples",
            "move_seconds": "30",
        },
    )
    table = Table.objects.get(game="domino")
    assert response.url == f"/mesa/{table.pk}/"
    assert table.options == {"bucho_lado": "simples"} and table.move_seconds == 30
    assert not table.is_public and table.status == "waiting"
    assert "30 s por jogada" in client.get(response.url).content.decode()  # said at the table


def test_a_clock_the_form_does_not_offer_is_refused_in_portuguese(client, ana):
    client.force_login(ana)
    response = client.post(
        "/jogar/domino/nova/", {"mode": "duplas", "visibility": "public", "move_seconds": "5"}
    )
    assert response.status_code == 200 and not Table.objects.exists()
    assert "Faça uma escolha válida" in response.content.decode()
