""" "Análise" on a phone (360 x 740), in a real browser against the ASGI live server (issue
#31): opened from the result panel of a finished duel, it says "Calculando…" until the worker
is done, then fills in without a reload, and nothing on it scrolls sideways."""

from __future__ import annotations

import re

import pytest

from analysis import jobs
from tests.e2e.live import PHONE, LiveServerTestCase, elsewhere
from tests.e2e.pages import (
    assert_no_reload,
    mark_no_reload,
    shot,
)
from tests.e2e.turns import duel_ended_by_bia

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    expect = None

pytestmark = pytest.mark.e2e


class AnalysisTests(LiveServerTestCase):
    def test_the_analysis_opens_from_the_result_panel_and_fills_in_by_itself(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table = duel_ended_by_bia(ana, bia)

        bia.locator("#mesa-resultado").get_by_role("link", name="Ver a análise").click()
        bia.wait_for_url(re.compile(rf"/mesa/{table.pk}/analise/$"))
        expect(bia.locator("#analise")).to_contain_text("Calculando a análise")
        mark_no_reload(bia)
        assert elsewhere(jobs.run_next)()

        people = bia.locator(".analysis-person")
        expect(people).to_have_count(2)
        assert_no_reload(bia)
        expect(people.first).to_contain_text("Bia (você)")
        expect(people.first).to_contain_text("Precisão")
        expect(bia.locator(".analysis-chart__svg polyline")).to_have_count(2)
        # Every decision of the quick turns that was not the robot's is drawn as the table drew it.
        expect(bia.locator(".analysis-decision__area").first).to_be_visible()
        width = bia.evaluate("document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], width
        shot(bia, "analise-360")
        wide = self.new_context(viewport={"width": 1280, "height": 800}).new_page()
        wide.context.add_cookies(bia.context.cookies())
        wide.goto(bia.url)
        expect(wide.locator(".analysis-person")).to_have_count(2)
        shot(wide, "analise-1280")
