"""The guides in a real browser at 360 px (issue #9): nothing overflows sideways, and a practice
position is answered with JavaScript (htmx swaps the answer in) and without it (the form posts)."""

from __future__ import annotations

import re

import pytest

from guides import content
from tests.e2e.live import PHONE, LiveServerTestCase, build_the_guides

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    expect = None

pytestmark = pytest.mark.e2e

JUDGED = re.compile(r"^\s*(Boa escolha!|O robô escolheria outra\.)\s+\S.{20,}", re.S)
WRITTEN = [slug for slug in content.GUIDES if content.get(slug) is not None]


class GuideTests(LiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        build_the_guides()
        super().setUpClass()

    def test_each_guide_fits_a_phone_and_answers_practice_with_and_without_javascript(self):
        assert WRITTEN, "no guide written yet"
        pages = {
            javascript: self.new_context(java_script_enabled=javascript).new_page()
            for javascript in (True, False)
        }
        for slug in WRITTEN:
            for javascript, page in pages.items():
                page.goto(f"{self.live_server_url}/como-jogar/{slug}/")
                width = page.evaluate("document.scrollingElement.scrollWidth")
                assert width <= PHONE["width"], (slug, width)
                practice = page.locator("#treino")
                practice.get_by_role("radio").first.check()
                practice.get_by_role("button", name="Responder").click()
                verdict = page.locator("#treino [role=status]")
                # The robot's judgement: its verdict, then why, in words.
                expect(verdict).to_have_text(JUDGED)
                # With htmx the page stays where it was; without it the form posted.
                posted = page.url.split("#")[0].endswith(f"/como-jogar/{slug}/treine/")
                assert posted == (not javascript), (slug, page.url)

    def test_a_phone_reaches_treine_from_the_top_and_folds_a_section(self):
        """Issue #28: on a phone Treine was some 75 screens down and nothing folded."""
        page = self.new_context(viewport=PHONE).new_page()
        for slug in WRITTEN:
            page.goto(f"{self.live_server_url}/como-jogar/{slug}/")
            page.get_by_role("navigation", name="Nesta página").get_by_role("link").first.click()
            heading = page.locator(".guide-fold__summary h2").first
            heading.click()  # the heading is the handle: the section folds
            expect(page.locator("details.guide-fold").first).not_to_have_attribute("open", "")
            page.get_by_role("link", name="Treine uma posição").click()
            expect(page.locator("#treino")).to_be_in_viewport()

    def test_a_phone_unfolds_a_worked_round_with_and_without_javascript(self):
        """Issue #29: the rounds come folded; opened, htmx draws the steps in place, and without
        JavaScript the round's link opens it on a page of its own."""
        for javascript in (True, False):
            options = {"viewport": PHONE, "java_script_enabled": javascript}
            page = self.new_context(**options).new_page()
            page.goto(f"{self.live_server_url}/como-jogar/bozo/")
            first = page.locator("details.guide-fold--round").first
            assert page.locator(".guide-step").count() == 0
            first.locator("summary").click()
            if javascript:
                expect(first.locator(".guide-step").first).to_be_visible()
                assert page.url.endswith("/como-jogar/bozo/")
            else:
                first.get_by_role("link", name=re.compile(r"^Ver os \d+ passos")).click()
                expect(page).to_have_url(re.compile(r"/como-jogar/bozo/rodadas/1/$"))
                expect(page.locator(".guide-step").first).to_be_visible()
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= PHONE["width"], (javascript, width)
