"""What a new player trips on in the layout (issue 28), in real browsers at the size each is about:
a Dozito grid's count never cut in the guide, the table's name never cut on a phone, and Dozito on
a desktop (1280 x 800) using the width. (A whole Dozito turn on one phone screen at every step of
a real game is checked by the whole game in test_dozito_yams_tables.py.) With LAYOUT_SHOTS set to
a folder, the tests also leave screenshots of what they checked there.
"""

from __future__ import annotations

import pytest

from guides.content import GUIDES
from tests.e2e.live import LiveServerTestCase, build_the_guides
from tests.e2e.pages import open_table, shot, unfold_rounds
from tests.e2e.positions import started
from tests.e2e.turns import cut, dozito_turn_fits

try:
    from playwright.sync_api import Page
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = None

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}


class DozitoLayoutTests(LiveServerTestCase):
    def test_on_a_desktop_the_grid_and_the_piles_sit_side_by_side_and_the_turn_fits(self):
        ana = self.player("ana", "Ana", viewport=DESKTOP)
        bia = self.player("bia", "Bia", viewport=DESKTOP)
        table = started("dozito", "mesa", ana.user, others=[bia.user], options={"rounds": 1})
        page = ana if table.state["to_move"] == 0 else bia
        open_table(page, table.pk)
        dozito_turn_fits(page)
        grid = page.locator(".dz-grid--yours .dz-grid__slots").bounding_box()
        piles = page.locator("#dozito-pilhas").bounding_box()
        rivals = page.locator(".dz-rivals").bounding_box()
        # Beside, not under: the piles start right of the grid, level with its top rows.
        assert piles["x"] >= grid["x"] + grid["width"], (grid, piles)
        assert piles["y"] < grid["y"] + grid["height"] / 2, (grid, piles)
        # And the others' grids further right: the play reaches past the middle of the screen.
        assert rivals["x"] >= piles["x"] + piles["width"], (piles, rivals)
        assert rivals["x"] + rivals["width"] > DESKTOP["width"] / 2 + 100
        shot(page, "dozito-1280")


class GuideLayoutTests(LiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        build_the_guides()
        super().setUpClass()

    def test_the_dozito_guide_shows_each_grid_count_whole_on_a_phone(self):
        assert "dozito" in GUIDES
        page = self.new_context().new_page()
        page.goto("/como-jogar/dozito/")
        unfold_rounds(page)
        titles = page.locator(".guide .dz-grid__title")
        assert titles.count() > 3
        assert cut(titles) == []
        # The count in full, as the grid's own points say it ("7 pontos ... 7 = 5 + 2").
        sums = page.locator(".guide .dz-grid__sum")
        assert sums.count() > 0
        assert cut(sums) == []
        sums.first.scroll_into_view_if_needed()
        shot(page, "guide-dozito-360")


class TableNameTests(LiveServerTestCase):
    def test_the_table_name_is_whole_on_a_phone(self):
        ana = self.player("ana", "Ana")
        table = started("domino", "duplas", ana.user, robots=3)
        open_table(ana, table.pk)
        title = ana.locator(".mesa__title")
        assert "Dominó de pontos" in title.inner_text() and "Duplas" in title.inner_text()
        assert cut(title) == []
        shot(ana, "domino-duplas-360")
