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


COLUMNS = {
    1: "1 coluna (Livre)",
    3: "3 colunas (Descida, Livre, Subida)",
    4: "4 colunas (com a Seca)",
}
DESKTOP = {"width": 1280, "height": 800}
# What the pad shows in place while dice are entered: the five slots, the six faces, the wide
# button under them and the tools.
PAD = "#marcador-pad :is(.mc-slot, .mc-faces button, .mc-wide, .mc-tools button)"


def start(page: Page, columns: int = 3) -> None:
    page.goto("/yams/marcador/")
    page.get_by_label("Nome do jogador 1").fill("Ana")
    page.get_by_label("Nome do jogador 2").fill("Bia")
    page.get_by_label(COLUMNS[columns]).check()
    page.get_by_role("button", name="Começar a partida").click()
    expect(page.get_by_text(re.compile(r"^Vez de "))).to_have_text("Vez de Ana")


def entered(page: Page):
    """The dice the page shows entered: each filled slot is a button that erases it."""
    return page.get_by_role("form", name="Dados marcados").get_by_role("button")


def dice_after(page: Page, count: int) -> list[int]:
    expect(entered(page)).to_have_count(count)
    names = [button.get_attribute("aria-label") for button in entered(page).all()]
    return [int(re.fullmatch(r"Apagar dado \d \((\d)\)", name).group(1)) for name in names]


def spots(page: Page) -> list[tuple[float, float]]:
    """Where each face button's centre is, taken once before the taps."""
    boxes = [
        page.get_by_role("button", name=f"Dado 1: {face}", exact=True).bounding_box()
        for face in range(1, 7)
    ]
    return [(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) for box in boxes]


def pad_boxes(page: Page) -> list[list[float]]:
    return page.locator(PAD).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height].map(Math.round); })"
    )


class KeypadTests(LiveServerTestCase):
    """The keypad stays put while dice are entered: a finger tapping a spot taps one face."""

    def test_the_same_spot_tapped_five_times_enters_five_sixes(self):
        page = self.new_context().new_page()
        start(page)
        x, y = spots(page)[5]
        for tap in range(5):
            if tap:
                page.wait_for_timeout(250)  # the spacing of a person's taps is the input here
            page.mouse.click(x, y)
        assert dice_after(page, 5) == [6, 6, 6, 6, 6]

    def test_each_face_tapped_at_its_own_spot(self):
        page = self.new_context().new_page()
        start(page)
        where = spots(page)
        for tap, face in enumerate([6, 6, 6, 2, 3]):
            if tap:
                page.wait_for_timeout(250)
            page.mouse.click(*where[face - 1])
        assert dice_after(page, 5) == [6, 6, 6, 2, 3]

    def test_quick_taps_still_on_their_way_are_kept(self):
        # No pause at all: a tap lands while the one before is still being answered.
        page = self.new_context().new_page()
        start(page)
        where = spots(page)
        for face in [5, 1, 5, 4, 5]:
            page.mouse.click(*where[face - 1])
        assert dice_after(page, 5) == [5, 1, 5, 4, 5]

    def test_nothing_in_the_pad_moves_while_dice_are_entered(self):
        # The card above the pad is at its shortest and its tallest (the other tests play 3).
        for viewport in (None, DESKTOP):
            for columns in (1, 4):
                options = {"viewport": viewport} if viewport else {}
                page = self.new_context(**options).new_page()
                start(page, columns)
                before = pad_boxes(page)
                for count, face in enumerate([3, 3, 4, 1], start=1):
                    page.get_by_role("button", name=f"Dado {count}: {face}", exact=True).click()
                    dice_after(page, count)
                    where = f"{columns} columns at {page.viewport_size}, {count} dice"
                    assert pad_boxes(page) == before, where
                page.context.close()
