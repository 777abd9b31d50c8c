"""The Yam's score-keeper (/yams/marcador/) through the Django test client: saving a finished
game to one's history (once, only when logged in, before or after the game, seen by its owner
alone) and the history newest first."""

import pytest
from django.test import Client

from games.rules import yams
from marcador.models import ScoreSheet
from marcador.selectors import saved_sheets
from marcador.session import load
from tests.marcador.taps import URL, banner, error, start, tap

pytestmark = pytest.mark.django_db


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
