"""Issue #29, "Focus kept": a Bozó duel and a Dominó hand played with the keyboard alone, the keys
counted. After every swap of the controls (a throw, a lift, a hold, a score, a tile played, the
robots' turns ending) the focus is on a control, never on `<body>`, and the first control of the
next step is at most three Tabs (or Shift+Tabs) from where it landed; the page's polite live
region says what changed in one short sentence, each change once.

The pages are driven by keys only (Tab, Shift+Tab, Enter, Space, the arrows); the one exception
is the start, where the test puts the focus on the turn's first control, as a person who tabbed
there would have it. Robots are fast and played by the server's sweeper.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from django.test import override_settings

from games import rules
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import open_table, version, wait_for_banner, wait_for_version
from tests.e2e.positions import play_until, started

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

pytestmark = pytest.mark.e2e

MOST_TABS = 3
FAR = 40  # how far a failure's message still measures
# Every text the live region shows, in order (the same text twice in a row is one).
SAID = """(() => {
    window.said = [];
    const watch = () => {
        const region = document.getElementById('mesa-anuncio');
        const text = region ? region.textContent.trim() : '';
        if (text && text !== window.said.at(-1)) window.said.push(text);
    };
    new MutationObserver(watch).observe(document, {subtree: true, childList: true,
        characterData: true});
})()"""
# What has the focus, as a short description for a failure's message.
FOCUSED = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} "${name}"`;
}"""
# Two frames: what the page does after a message (its handlers, then the frame after) is done.
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def focused(page: Page) -> str:
    return page.evaluate(FOCUSED)


def on(page: Page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement?.matches(s)", selector)


def reach(page: Page, selector: str) -> int:
    """Tab or Shift+Tab from the focus to the nearest element matching `selector`, as a keyboard
    does, the fewer keys first; returns how many (0: it has the focus). Beyond MOST_TABS the
    distance is still measured, up to FAR, for the failure's message."""
    if on(page, selector):
        return 0
    for most in (MOST_TABS, FAR):
        found = []
        for key, back in (("Tab", "Shift+Tab"), ("Shift+Tab", "Tab")):
            limit, pressed = (found[0][0] - 1 if found else most), 0
            while pressed < limit:
                page.keyboard.press(key)
                pressed += 1
                if on(page, selector):
                    found.append((pressed, key))
                    break
            for _ in range(pressed):
                page.keyboard.press(back)
        if found:
            pressed, key = min(found)
            for _ in range(pressed):
                page.keyboard.press(key)
            return pressed
    raise AssertionError(f"{selector} is more than {FAR} keys away from {focused(page)}")


class FocusSteps:
    """The steps of a test: after each action, where the focus landed and the keys to the next
    step's first control, kept to be reported together."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.steps: list[tuple[str, str, int | None]] = []

    def landed(self, step: str, next_control: str | None) -> None:
        """After `step` (its swap shown): the focus is on something, and the first control of
        the next step (`next_control`, when there is one yet) near; the focus is left there."""
        self.page.evaluate(FRAMES)
        where = focused(self.page)
        keys = reach(self.page, next_control) if next_control else None
        self.steps.append((step, where, keys))

    def check(self) -> None:
        report = "\n".join(f"  {s}: focus on {where}, {keys} keys" for s, where, keys in self.steps)
        lost = [s for s, where, keys in self.steps if where == "body" or (keys or 0) > MOST_TABS]
        assert not lost, f"focus lost or far after {lost}:\n{report}"


def said(page: Page) -> list[str]:
    return page.evaluate("() => window.said")


def assert_said_once_each_in_one_sentence(texts: list[str], *expected: str) -> None:
    assert texts, "the live region said nothing"
    for text in texts:
        # One sentence: one full stop, at its end ("(de boca)" or a tile's "6|4" are no stop).
        assert re.fullmatch(r"[^.!?]+[.!?]", text), f"not one short sentence: {text!r}"
        assert len(text) <= 100, f"not short: {text!r}"
    repeated = [a for a, b in pairwise(texts) if a == b]
    assert not repeated, f"said twice: {repeated}"
    for pattern in expected:
        assert any(re.search(pattern, text) for text in texts), (pattern, texts)


def press(page: Page, key: str) -> None:
    """Press `key` on a control that sends a move, and wait until the page shows the move."""
    shown = version(page)
    page.keyboard.press(key)
    wait_for_version(page, shown + 1)


# Robots slow enough that a page shows its own move before the robot's next one.
@override_settings(GAMES_SWEEPER=True, GAMES_FAST_ROBOT_DELAY=(0.2, 0.3))
class KeyboardFocusTests(LiveServerTestCase):
    def test_a_bozo_duel_by_keyboard_keeps_the_focus_on_a_control_near_the_next_step(self):
        ana = self.player("ana", "Ana")
        table = started("bozo", "duelo", ana.user, robots=1, fast_robots=True)
        ana.add_init_script(SAID)
        open_table(ana, table.pk)
        wait_for_banner(ana, "Sua vez")
        steps = FocusSteps(ana)
        cup = "[data-cup-toggle]"
        throw = "#bozo-controles [data-cup]:not([hidden])"

        ana.get_by_role("button", name="Lançar com copo").focus()
        for turn in (1, 2):
            press(ana, "Enter")  # throw with the cup
            steps.landed(f"{turn}, throw with the cup", "#bozo-controles button")
            press(ana, "Enter")  # lift it, from the top
            steps.landed(f"{turn}, lift", "#mesa-jogo .die-slot button")
            press(ana, "Space")  # hold that die
            steps.landed(f"{turn}, hold", cup)
            ana.keyboard.press("Space")  # without the cup, now
            reach(ana, throw)
            press(ana, "Enter")
            steps.landed(f"{turn}, throw without the cup", ".score-card--yours .score-button")
            press(ana, "Space")  # mark the first box offered
            steps.landed(f"{turn}, score", None)
            wait_for_banner(ana, "Sua vez")  # the robot's turn ends
            steps.landed(f"{turn}, the robot's turn ended", throw)
            reach(ana, cup)
            ana.keyboard.press("Space")  # with the cup again
            reach(ana, throw)
        steps.check()
        assert_said_once_each_in_one_sentence(
            said(ana),
            r"^Ana lançou 5 dados com copo\.$",
            r"^Ana levantou o copo: ",
            r"^Ana guardou ",
            r"^Ana marcou \d+ ",
            r"^Sua vez: Robô 2 marcou \d+ ",
        )

    def test_a_domino_hand_by_keyboard_keeps_the_focus_on_a_playable_tile(self):
        ana = self.player("ana", "Ana")
        table = started("domino", "duplas", ana.user, robots=3, fast_robots=True)
        game = rules.get("domino")

        def fits_two_ends(copy) -> bool:  # Ana on turn, with a tile that fits at two places
            state = copy.state
            if state["hand"]["to_move"] != 0 or state["hand"]["table"]["bucho"] is None:
                return False
            tiles = [tuple(a["tile"]) for a in game.legal_actions(state, 0) if a["type"] == "play"]
            return len(set(tiles)) < len(tiles)

        play_until(table, [ana.user], fits_two_ends)
        ana.add_init_script(SAID)
        open_table(ana, table.pk)
        wait_for_banner(ana, "Sua vez")
        steps = FocusSteps(ana)
        tiles = "#domino-mao .domino-hand__tile"
        fitting = f"{tiles}--fits"
        ana.locator(fitting).first.focus()
        two_places = f"{tiles}[data-places*=' ']"
        ends = 0
        for turn in (1, 2, 3):
            # Along the hand (the arrows) to a tile that fits at two places, else one that fits.
            for _ in range(8):
                places = ana.evaluate("() => document.activeElement.dataset.places || ''").split()
                if len(places) > 1 or (places and not ana.locator(two_places).count()):
                    break
                ana.keyboard.press("ArrowRight")
            ana.keyboard.press("Enter")  # the tile chosen: its first place takes the focus
            expect(ana.locator("#domino-mesa .domino-place--lit").first).to_be_focused()
            if len(places) > 1:
                ana.keyboard.press("ArrowRight")  # the other end
                ends += 1
            press(ana, "Enter")
            steps.landed(f"{turn}, a tile played", tiles)
            expect(ana.locator(".mesa-status--yours")).to_be_visible(timeout=20_000)
            steps.landed(f"{turn}, the robots' turns ended", fitting)
        assert ends, "no end was chosen"
        steps.check()
        assert_said_once_each_in_one_sentence(
            said(ana), r"^Ana jogou \d\|\d na ", r"^Sua vez: Robô \d jogou "
        )
