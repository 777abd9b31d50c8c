"""The Yam's score-keeper (/yams/marcador/) through the Django test client: bad input of every
kind (a bad setup, bad taps, taps without a game, a tampered session, a post without its CSRF
token, names with markup), answered in Portuguese and never a 500."""

import pytest
from django.test import Client

from marcador.session import KEY, load
from tests.marcador.taps import URL, banner, dice, error, labels, start, tap

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("players", "columns", "message"),
    [
        ([f"J{i}" for i in range(9)], "3", "de 1 a 8 jogadores"),
        (["Ana", "  "], "3", "Dê um nome a cada jogador"),
        ([], "3", "de 1 a 8 jogadores"),
        (["A" * 21], "3", "até 20 caracteres"),
        (["Ana", "ana"], "3", "mesmo nome"),
        (["Ana"], "2", "Escolha 1, 3 ou 4 colunas"),
        (["Ana"], "três", "Escolha 1, 3 ou 4 colunas"),
    ],
)
def test_a_bad_setup_is_answered_in_portuguese(client, players, columns, message):
    response = client.post(
        URL, {"form": "setup", "op": "start", "player": players, "columns": columns}
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert KEY not in client.session


@pytest.mark.parametrize(
    ("op", "fields", "message"),
    [
        ("die", {"value": "7"}, "Um dado vai de 1 a 6."),
        ("die", {"value": "0"}, "Um dado vai de 1 a 6."),
        ("die", {"value": "cinco"}, "Um dado vai de 1 a 6."),
        ("die", {}, "Um dado vai de 1 a 6."),
        ("clear_die", {"value": "3"}, "Esse dado não existe."),
        ("score", {"cell": "livre:full"}, "Marque os cinco dados"),
        ("pick", {"cell": "livre:general"}, "Casa inexistente"),
        ("pick", {"cell": "diagonal:full"}, "Coluna inexistente"),
        ("pick", {"cell": "full"}, "Casa desconhecida."),
        ("pick", {"cell": "a:b:c"}, "Casa desconhecida."),
        ("points", {"value": "25"}, "Escolha primeiro a casa"),
        ("first_roll", {}, "não tem a coluna Seca"),
        ("explode", {}, "Ação desconhecida."),
        ("", {}, "Ação desconhecida."),
    ],
)
def test_bad_taps_are_answered_in_portuguese(game, op, fields, message):
    before = load(game.session).to_session()
    html = tap(game, op, **fields)
    assert message in error(html)
    assert load(game.session).to_session()["entries"] == before["entries"]


def test_points_that_are_not_a_number_and_a_sixth_die(game):
    tap(game, "pick", cell="livre:chance")
    assert error(tap(game, "points", value="vinte")) == "Os pontos devem ser um número inteiro."
    assert "de 5 a 30" in error(tap(game, "points", value="31"))
    tap(game, "cancel")
    html = dice(game, 1, 2, 3, 4, 5, 6)
    assert "Os cinco dados já estão marcados" in error(html)


def test_taps_without_a_game_lead_to_the_setup(client):
    html = tap(client, "die", value="3")
    assert error(html) is None and "Comece uma partida primeiro." in html
    assert 'name="player"' in html


@pytest.mark.parametrize(
    "tamper",
    [
        lambda data: data.update(players="Ana"),
        lambda data: data.update(players=["Ana"] * 9),
        lambda data: data.update(options={"columns": 5, "max_min": True}),
        lambda data: data.update(options=None),
        lambda data: data["entries"].append({"seat": 0, "column": "livre", "box": "x"}),
        lambda data: data["entries"].append(
            {
                "seat": 1,
                "column": "livre",
                "box": "full",
                "dice": None,
                "points": 25,
                "first_roll": False,
            }
        ),
        lambda data: data["entries"].append("oops"),
        lambda data: data.update(entries=7),
        lambda data: data.clear(),
    ],
)
def test_a_tampered_session_is_dropped_with_a_message_never_a_500(game, tamper):
    session = game.session
    data = session[KEY]
    tamper(data)
    session[KEY] = data
    session.save()
    html = game.get(URL).content.decode()
    assert "estava danificado e foi descartado" in html and 'name="player"' in html
    assert KEY not in game.session


def test_tampered_pending_taps_are_just_forgotten(game):
    session = game.session
    data = session[KEY]
    data["pending"] = {"dice": [9, "x"], "box": ["livre", "nada"], "first_roll": "sim"}
    session[KEY] = data
    session.save()
    html = game.get(URL).content.decode()
    assert banner(html) == "Vez de Ana" and not labels(html, "Apagar dado ")


def test_posts_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post(URL, {"form": "setup", "op": "start", "player": ["Ana"]})
    assert response.status_code == 403


def test_names_are_shown_as_text_never_as_markup(client):
    start(client, players=("<b>Ana</b>", "Bia"))
    html = client.get(URL).content.decode()
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html
