"""The Yam's score-keeper for real dice in a real browser, on a phone and without an account:
three players, dice tapped in and a box told with its points, an undo and a reload in between.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import tap_dice

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

pytestmark = pytest.mark.e2e


def ranking(page: Page) -> list[str]:
    return page.get_by_role("list", name="Classificação").get_by_role("listitem").all_inner_texts()


class ScoreKeeperTests(LiveServerTestCase):
    def test_three_players_with_an_undo_and_a_reload(self):
        page = self.new_context().new_page()
        page.goto(self.live_server_url + "/yams/marcador/")
        page.get_by_label("Nome do jogador 1").fill("Ana")
        page.get_by_label("Nome do jogador 2").fill("Bia")
        page.get_by_role("button", name="Adicionar jogador").click()
        page.get_by_label("Nome do jogador 3").fill("Caio")
        page.get_by_label("1 coluna (Livre)").check()
        page.get_by_role("button", name="Começar a partida").click()
        banner = page.get_by_text(re.compile(r"^Vez de "))
        expect(banner).to_have_text("Vez de Ana")

        tap_dice(page, [5, 5, 5, 5, 5])
        page.get_by_role("button", name="Marcar 50 em Yam's, coluna Livre").click()
        expect(banner).to_have_text("Vez de Bia")
        tap_dice(page, [1, 2, 3, 4, 5])
        page.get_by_role("button", name="Marcar 30 em Sequência pequena, coluna Livre").click()
        expect(banner).to_have_text("Vez de Caio")
        page.get_by_role("button", name="Desfazer").click()
        expect(banner).to_have_text("Vez de Bia")

        page.reload()  # the sheet lives in the session: nothing is lost
        expect(banner).to_have_text("Vez de Bia")
        assert re.search(r"Ana\D*50", ranking(page)[0]), ranking(page)

        tap_dice(page, [2, 3, 4, 5, 6])
        page.get_by_role("button", name="Marcar 40 em Sequência grande, coluna Livre").click()
        expect(banner).to_have_text("Vez de Caio")
        page.get_by_role("button", name="Dizer os pontos de uma casa").click()
        page.get_by_role("button", name="Escolher Full, coluna Livre").click()
        page.get_by_role("button", name="Marcar 25 em Full, coluna Livre").click()
        expect(banner).to_have_text("Vez de Ana")

        places = ranking(page)
        assert [re.search(r"(Ana|Bia|Caio)", line).group(1) for line in places] == [
            "Ana",
            "Bia",
            "Caio",
        ], places
        for line, points in zip(places, (50, 40, 25), strict=True):
            assert str(points) in line, places
