"""The Yam's score-keeper (/yams/marcador/) through the Django test client: a session game of
real dice (or of boxes and points without them), refused entries, undo, reload, taking dice back,
a new game and the setup's rows."""

import re

import pytest
from django.test import Client

from tests.marcador.taps import URL, banner, card, dice, error, labels, start, tap

pytestmark = pytest.mark.django_db


def test_the_setup_form_needs_no_account(client):
    html = client.get(URL).content.decode()
    assert "Marcador de Yam’s" in html and 'name="player"' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_three_players_start_and_ana_is_on_turn(client):
    response = start(client)
    assert response.status_code == 302 and response.url == URL
    html = client.get(URL).content.decode()
    assert banner(html) == "Vez de Ana"
    assert html.count("Cartela de ") == 3
    assert labels(html, "Dado 1: ") == [f"Dado 1: {face}" for face in range(1, 7)]


def test_five_dice_light_the_allowed_boxes_with_their_value_and_fill_the_card(game):
    html = dice(game, 5, 5, 5, 2, 2)
    lit = labels(html, "Marcar ")
    assert "Marcar 25 em Full, coluna Livre" in lit
    assert "Marcar 15 em Cinco, coluna Livre" in lit
    assert "Marcar 0 em Uns, coluna Descida" in lit  # Descida: only its top box
    assert not any("Seis, coluna Descida" in label for label in lit)
    assert "Marcar 19 em Chance, coluna Subida" in lit  # Subida: only its bottom box
    html = tap(game, "score", cell="livre:full")
    assert banner(html) == "Vez de Bia" and not error(html)
    assert card(game, 0)["livre"]["full"] == 25
    assert "Último: Ana marcou 25 em Full, coluna Livre." in html
    assert re.search(r"1º</span> <span class=\"mc-rank__name\">Ana</span> <strong[^>]*>25<", html)


def test_without_dice_the_pad_lists_the_boxes_one_may_pick(game):
    html = tap(game, "choose")
    picks = labels(html, "Escolher ")
    assert "Escolher Uns, coluna Descida" in picks and "Escolher Chance, coluna Subida" in picks
    assert "Escolher Seis, coluna Descida" not in picks and len(picks) == 17
    assert not labels(html, "Dado 1: ")  # the faces give way to the boxes
    html = tap(game, "pick", cell="livre:full")
    assert labels(html, "Marcar ") == [
        "Marcar 0 em Full, coluna Livre",
        "Marcar 25 em Full, coluna Livre",
    ]
    html = tap(game, "cancel")  # back to the boxes
    assert "Escolher Full, coluna Livre" in labels(html, "Escolher ")
    html = tap(game, "cancel")  # back to the dice
    assert not labels(html, "Escolher ") and labels(html, "Dado 1: ")


def test_a_box_and_its_points_without_dice(game):
    html = tap(game, "pick", cell="livre:seis")
    assert labels(html, "Marcar ") == [
        f"Marcar {points} em Seis, coluna Livre" for points in (0, 6, 12, 18, 24, 30)
    ]
    html = tap(game, "points", value="18")
    assert card(game, 0)["livre"]["seis"] == 18 and banner(html) == "Vez de Bia"


def test_the_rules_refuse_and_the_card_stays_as_it_was(game):
    html = tap(game, "pick", cell="descida:seis")
    assert error(html) == "A Descida se preenche de cima para baixo: a próxima casa é Uns."
    html = tap(game, "pick", cell="livre:full")
    html = tap(game, "points", value="20")
    assert error(html) == "O Full só pode valer 0 ou 25."
    assert card(game, 0)["livre"]["full"] is None and banner(html) == "Vez de Ana"
    tap(game, "points", value="25")
    tap(game, "pick", cell="livre:uns")
    tap(game, "points", value="2")  # Bia
    dice(game, 1, 2, 3, 4, 6)  # Caio: no Full, so the Full is written 0
    html = tap(game, "score", cell="livre:full")
    assert card(game, 2)["livre"]["full"] == 0 and "Caio riscou Full, coluna Livre" in html
    html = tap(game, "pick", cell="livre:full")  # Ana's Full is filled already
    assert error(html) == "A casa Full da coluna Livre já está preenchida."


def test_seca_needs_the_first_roll_toggle(client):
    start(client, columns="4")
    html = dice(client, 6, 6, 6, 6, 6)
    assert not any("coluna Seca" in label for label in labels(html, "Marcar "))
    assert 'aria-pressed="false"' in html and "No primeiro lance" in html
    html = tap(client, "score", cell="seca:yams")
    assert error(html) == "A Seca só aceita o resultado do primeiro lance deste turno."
    html = tap(client, "first_roll")
    assert 'aria-pressed="true"' in html
    assert (
        "Marcar 50 em Yam&#x27;s, coluna Seca" in html or "Marcar 50 em Yam's, coluna Seca" in html
    )
    tap(client, "score", cell="seca:yams")
    assert card(client, 0)["seca"]["yams"] == 50


def test_undo_replays_without_the_last_entry(game):
    dice(game, 5, 5, 5, 2, 2)
    tap(game, "score", cell="livre:full")
    dice(game, 6, 6, 6, 6, 1)
    html = tap(game, "score", cell="livre:quadra")
    assert banner(html) == "Vez de Caio" and card(game, 1)["livre"]["quadra"] == 24
    html = tap(game, "undo")
    assert banner(html) == "Vez de Bia" and card(game, 1)["livre"]["quadra"] is None
    assert card(game, 0)["livre"]["full"] == 25
    tap(game, "undo")
    html = tap(game, "undo")
    assert error(html) == "Ainda não há lançamento para desfazer."
    assert banner(html) == "Vez de Ana" and "disabled>Desfazer" in html


def test_a_double_tap_on_undo_undoes_one_entry(game):
    dice(game, 5, 5, 5, 2, 2)
    tap(game, "score", cell="livre:full")
    dice(game, 6, 6, 6, 6, 1)
    html = tap(game, "score", cell="livre:quadra")
    shown = re.search(r'name="entries" value="(\d+)"', html).group(1)
    assert shown == "2"
    tap(game, "undo", entries=shown)
    html = tap(game, "undo", entries=shown)  # the same page's button, tapped again
    assert error(html) == "Esse lançamento já foi desfeito."
    assert card(game, 0)["livre"]["full"] == 25 and card(game, 1)["livre"]["quadra"] is None
    assert banner(html) == "Vez de Bia"


def test_the_game_survives_a_reload_and_a_new_client_with_the_same_cookie(game):
    dice(game, 3, 3, 3, 4, 4)
    tap(game, "score", cell="livre:full")
    dice(game, 2, 2)  # half-tapped dice survive too
    again = Client()
    again.cookies = game.cookies
    html = again.get(URL).content.decode()
    assert banner(html) == "Vez de Bia"
    assert labels(html, "Apagar dado ") == ["Apagar dado 1 (2)", "Apagar dado 2 (2)"]
    assert labels(html, "Dado 3: ")


def test_a_tapped_die_can_be_taken_back(game):
    dice(game, 1, 2, 3)
    html = tap(game, "clear_die", value="2")
    assert labels(html, "Apagar dado ") == ["Apagar dado 1 (1)", "Apagar dado 2 (3)"]
    html = tap(game, "clear_dice")
    assert not labels(html, "Apagar dado ")


def test_new_game_keeps_the_names_and_replaces_the_game_only_when_started(game):
    dice(game, 1, 1, 1, 1, 1)
    tap(game, "score", cell="livre:yams")
    html = game.get(URL + "?nova=1").content.decode()
    assert 'value="Ana"' in html and 'value="Caio"' in html and "partida em andamento" in html
    assert card(game, 0)["livre"]["yams"] == 50
    start(game, players=("Duda",))
    html = game.get(URL).content.decode()
    assert banner(html) == "Vez de Duda" and card(game, 0)["livre"]["yams"] is None


def test_rows_are_added_and_removed_up_to_eight(client):
    data = {"form": "setup", "columns": "3", "player": ["Ana", "Bia"]}
    html = client.post(URL, {**data, "op": "add"}).content.decode()
    assert html.count('name="player"') == 3 and 'value="Bia"' in html
    html = client.post(URL, {**data, "op": "remove:0"}).content.decode()
    assert html.count('name="player"') == 1 and 'value="Ana"' not in html
    full = {**data, "player": [f"J{i}" for i in range(8)]}
    html = client.post(URL, {**full, "op": "add"}).content.decode()
    assert html.count('name="player"') == 8 and "de 1 a 8 jogadores" in html
