"""The Yam's score-keeper (/yams/marcador/) through the Django test client: a session game of
real dice, refused entries, undo, reload, saving to one's history, bad input of every kind."""

import re

import pytest
from django.test import Client

from games.rules import yams
from marcador.models import ScoreSheet
from marcador.selectors import saved_sheets
from marcador.session import KEY, load

pytestmark = pytest.mark.django_db

URL = "/yams/marcador/"


def start(client, players=("Ana", "Bia", "Caio"), columns="3", max_min=True):
    data = {"form": "setup", "op": "start", "player": list(players), "columns": columns}
    if max_min:
        data["max_min"] = "on"
    return client.post(URL, data)


def tap(client, op, **fields):
    """One tap: a POST answered by a redirect, then the page it leads to."""
    response = client.post(URL, {"op": op, **fields})
    assert response.status_code == 302
    return client.get(URL).content.decode()


def dice(client, *values):
    html = ""
    for value in values:
        html = tap(client, "die", value=value)
    return html


def error(html):
    found = re.search(r'class="mc-error" role="alert">([^<]*)<', html)
    return found and found.group(1)


def banner(html):
    return re.search(r'class="mc-banner[^"]*"[^>]*>([^<]*)<', html).group(1)


def labels(html, prefix):
    return re.findall(rf'aria-label="({prefix}[^"]*)"', html)


def card(client, seat):
    sheet = load(client.session)
    return sheet.state["cards"][seat]


@pytest.fixture
def game(client):
    start(client)
    return client


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


def play_to_the_end(client):
    """Two players, one Livre column without Máx/Mín: 13 turns each."""
    start(client, players=("Ana", "Bia"), columns="1", max_min=False)
    for _ in range(13):
        for _player in range(2):
            sheet = load(client.session)
            box = sheet.allowed(False)["livre"][0]
            tap(client, "pick", cell=f"livre:{box}")
            points = 0 if sheet.mover == 0 else max(yams.possible_points(box))
            html = tap(client, "points", value=str(points))
    return html


def test_a_finished_game_names_the_winner_and_asks_to_log_in_to_save(client):
    html = play_to_the_end(client)
    assert banner(html).startswith("Fim de jogo: Bia venceu com")
    assert "Salvar no meu histórico" not in html and "Entre na sua conta" in html
    html = tap(client, "save")
    assert error(html) == "Entre na sua conta para salvar no seu histórico."
    assert not ScoreSheet.objects.exists()


def test_a_logged_in_player_saves_a_finished_game_once_and_only_they_see_it(client, make_user):
    ana = make_user("ana", nickname="Ana")
    client.force_login(ana)
    start(client, players=("Ana", "Bia"), columns="1", max_min=False)
    html = tap(client, "save")
    assert error(html) == "Só uma partida terminada vai para o histórico."
    html = play_to_the_end(client)
    assert "Salvar no meu histórico" in html
    html = tap(client, "save")
    html = tap(client, "save")  # twice: still one sheet
    sheet = ScoreSheet.objects.get()
    assert sheet.user == ana and sheet.players == ["Ana", "Bia"]
    assert sheet.state["finished"] and len(sheet.entries) == 26
    assert f'href="/yams/marcador/{sheet.pk}/"' in html and "Salvo no seu histórico." in html
    page = client.get(f"/yams/marcador/{sheet.pk}/").content.decode()
    assert "Fim de jogo: Bia venceu com" in page and page.count("Cartela de ") == 2
    history = saved_sheets(ana)
    assert [h["id"] for h in history] == [sheet.pk]
    assert history[0]["winners"] == ["Bia"] and history[0]["scores"][0] == ("Ana", 0)
    assert history[0]["scores"][1][1] > 0 and history[0]["url"] == f"/yams/marcador/{sheet.pk}/"

    other = Client()
    assert other.get(f"/yams/marcador/{sheet.pk}/").status_code == 404
    other.force_login(make_user("bia"))
    assert other.get(f"/yams/marcador/{sheet.pk}/").status_code == 404
    assert other.get("/yams/marcador/999/").status_code == 404
    assert saved_sheets(make_user("caio")) == []


def test_undo_after_saving_offers_to_save_again(client, make_user):
    client.force_login(make_user("ana"))
    play_to_the_end(client)
    tap(client, "save")
    html = tap(client, "undo")
    assert "Salvar no meu histórico" not in html and banner(html) == "Vez de Bia"


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


def test_a_game_played_before_logging_in_can_be_saved_after(client, make_user):
    play_to_the_end(client)
    client.force_login(make_user("ana"))
    html = client.get(URL).content.decode()
    assert "Salvar no meu histórico" in html
    tap(client, "save")
    assert ScoreSheet.objects.count() == 1


def test_saved_for_lists_newest_first(client, make_user):
    ana = make_user("ana")
    client.force_login(ana)
    play_to_the_end(client)
    tap(client, "save")
    tap(client, "undo")
    tap(client, "pick", cell="livre:chance")
    tap(client, "points", value="5")  # Bia ends with 5 in Chance instead of 30
    tap(client, "save")
    first, second = ScoreSheet.objects.order_by("pk")
    history = saved_sheets(ana)
    assert [h["id"] for h in history] == [second.pk, first.pk]
    assert history[0]["scores"][1][1] == history[1]["scores"][1][1] - 25


def test_names_are_shown_as_text_never_as_markup(client):
    start(client, players=("<b>Ana</b>", "Bia"))
    html = client.get(URL).content.decode()
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html
