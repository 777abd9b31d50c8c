"""What a new player trips on in the layout (issue 28), the cards and what floats over a table, in
real browsers at the size each is about: the widest Yam's card and Bozó's cards readable on a
phone (360 x 740: no name cut or broken inside a word, no heading under the site's smallest
size), the end of a Yam's game naming whose card is shown, a reaction's bubble beside the
viewer's own hand and controls rather than over them, and the invitation's notice off the
header's links on a desktop (1280 x 800). With LAYOUT_SHOTS set to a folder, the tests also
leave screenshots of what they checked there.
"""

from __future__ import annotations

import re

import pytest

from games import rules, services
from tests.e2e.live import LiveServerTestCase, elsewhere, person
from tests.e2e.pages import assert_on_screen, open_table, shot, wait_connected
from tests.e2e.positions import play_until, started

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
SMALLEST_PX = 13  # --text-xs, the site's smallest text (config/static/css/site.css)

# What of each element's text a reader cannot read whole: the element is wider inside than its
# box (cut, or ended with "…"), or a word of it runs over two lines. Text hidden for screen
# readers only (a 1 px box) is not read on the screen, and left out.
UNREADABLE = """els => els.filter(e => e.checkVisibility()).flatMap(e => {
    const found = [];
    if (e.scrollWidth > e.clientWidth + 0.5) found.push(`cut: ${e.textContent.trim()}`);
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent.checkVisibility() || parent.getBoundingClientRect().width <= 1) continue;
        for (const word of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
                .map(r => Math.round(r.top)));
            if (lines.size > 1) found.push(`broken: ${word[0]}`);
        }
    }
    return found;
})"""

# The size of every piece of text shown in the elements, under `px`.
TOO_SMALL = """([els, px]) => els.flatMap(e => {
    const found = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.data.trim() || !parent.checkVisibility()) continue;
        if (parent.getBoundingClientRect().width <= 1) continue;
        const size = parseFloat(getComputedStyle(parent).fontSize);
        if (size < px) found.push(`${node.data.trim()} (${size}px)`);
    }
    return found;
})"""

# The boxes of the visible elements, as [name, left, top, right, bottom].
BOXES = """els => els.filter(e => e.checkVisibility()).map(e => {
    const r = e.getBoundingClientRect();
    return [(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 40),
            r.left, r.top, r.right, r.bottom];
}).filter(([, l, t, r, b]) => r > l && b > t)"""


@elsewhere
def waiting(game: str, mode: str, host):
    """A table of `game` hosted by `host`, waiting for its players."""
    return services.table_create(host=host, game=game, mode=mode)


def late_in_bozo(copy) -> bool:
    """Eight boxes on every card, so that the totals have three figures, and seat 0 on turn."""
    cards = copy.state["cards"]
    return copy.state["to_move"] == 0 and all(
        sum(value is not None for value in card.values()) >= 8 for card in cards
    )


# What each tab shows before its name, the viewer's own tab first (it comes first on screen).
SIGNS = """tabs => tabs
    .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
    .map(tab => getComputedStyle(tab, "::before").content)"""


def unreadable(locator) -> list[str]:
    return locator.evaluate_all(UNREADABLE)


def too_small(locator) -> list[str]:
    return locator.evaluate_all(f"els => ({TOO_SMALL})([els, {SMALLEST_PX}])")


def overlaps(over, under) -> list[str]:
    """Which boxes of `over` intersect which of `under` (touching edges do not)."""
    return [
        f"{a[0]!r} over {b[0]!r}"
        for a in over.evaluate_all(BOXES)
        for b in under.evaluate_all(BOXES)
        if a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5 and a[2] < b[4] - 0.5 and b[2] < a[4] - 0.5
    ]


class CardsOnAPhoneTests(LiveServerTestCase):
    def test_the_widest_yams_card_reads_whole_at_the_smallest_size(self):
        ana = self.player("ana", "Ana")
        table = started("yams", "solo", ana.user, options={"columns": 4, "max_min": True})
        open_table(ana, table.pk)
        card = ana.locator(".yams-card--yours")
        expect(card.locator(".yams-col--seca").first).to_be_visible()
        shot(ana, "yams-4col-360")
        # Still a whole turn on the screen: the banner, the dice, and every row of the card.
        assert_on_screen(ana, ana.locator("#mesa-status"), ana.locator(".bozo-felt"), card)
        names = card.locator(".yams-table th")
        assert unreadable(names) == []
        headings = card.locator(".yams-table thead th")
        assert headings.count() == 10  # the box names' column and four columns, in two halves
        assert too_small(names) == []
        # Each column's full name is still there for screen readers, and for a pointer's hint.
        for name in ("Descida", "Livre", "Subida", "Seca"):
            expect(card.get_by_role("columnheader", name=name)).to_have_count(2)

    def test_bozo_cards_read_whole_in_a_duel_and_in_pairs(self):
        ana = self.player("ana", "Ana")
        for mode, robots in (("duelo", 1), ("duplas", 3)):
            table = started("bozo", mode, ana.user, robots=robots)
            # The robot's play, until the totals have three figures and Ana's tab its mark.
            play_until(table, [ana.user], late_in_bozo)
            open_table(ana, table.pk)
            # Ana's card is on turn, which the throws' line alone says: bozo.css marks her tab
            # with a sign and her card's name with "(na vez)", and neither of the other card.
            expect(ana.locator(".card-tab--yours")).to_be_visible()
            signs = ana.locator(".card-tab__name").evaluate_all(SIGNS)
            assert signs == ['"▶ "', "none"], signs
            on_turn = ana.get_by_role("region", name=re.compile(r"\(na vez\)$"))
            expect(on_turn).to_have_count(1)
            expect(on_turn).to_have_class(re.compile("score-card--yours"))
            # So is her seat, from #mesa-status's list of the seats on turn; no robot's seat.
            expect(ana.locator(".seat__turn:visible")).to_have_count(1)
            expect(ana.locator(".seat--you .seat__turn")).to_be_visible()
            shot(ana, f"bozo-{mode}-360")
            assert unreadable(ana.locator(".card-tab, .card-tab__name")) == []
            for tab in ana.locator(".card-tab").all():
                tab.click()
                card = ana.locator(tab.get_attribute("href"))
                expect(card).to_be_in_viewport()
                assert unreadable(card.locator(".score-row__name")) == []
                assert unreadable(ana.locator(".card-tab, .card-tab__name")) == []

    def test_the_dozito_grid_on_turn_is_marked_from_the_status_line_alone(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table = started("dozito", "mesa", ana.user, others=[bia.user])
        game = rules.get("dozito")
        play_until(table, [ana.user, bia.user], lambda copy: game.to_act(copy.state) == [1])
        open_table(ana, table.pk)
        expect(ana.locator("#dozito-estado")).to_have_attribute("data-on-turn", "1")
        # Bia's grid has the sign and the outline, Ana's neither: dozito.css, from that line.
        expect(ana.locator(".dz-grid__turn:visible")).to_have_count(1)
        expect(ana.locator("#dozito-grade-1 .dz-grid__turn")).to_be_visible()
        outline = "e => getComputedStyle(e).outlineStyle"
        assert ana.locator("#dozito-grade-1").evaluate(outline) == "solid"
        assert ana.locator("#dozito-grade-0").evaluate(outline) == "none"
        shot(ana, "dozito-turn-360")

    def test_the_domino_seat_on_turn_is_marked_from_the_line_of_the_move_alone(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia", viewport=DESKTOP)
        users = [ana.user, bia.user, person("caio", "Caio"), person("duda", "Duda")]
        table = started("domino", "duplas", ana.user, others=users[1:])
        game = rules.get("domino")
        # Caio, across from Ana, on turn: his place is at the top, "na vez" shown even on a phone.
        play_until(table, users, lambda copy: game.to_act(copy.state) == [2])
        open_table(ana, table.pk)
        expect(ana.locator("#domino-pe")).to_have_attribute("data-on-turn", "2")
        caio = ana.locator('.domino-other[data-bubble-seat="2"]')
        expect(ana.locator(".domino-other__turn:visible")).to_have_count(1)
        expect(caio.locator(".domino-other__turn")).to_be_visible()
        expect(ana.locator(".domino-other .seat-clock:visible")).to_have_count(1)
        underline = "e => getComputedStyle(e).textDecorationLine"
        assert caio.locator(".domino-other__name").evaluate(underline) == "underline"
        others = ana.locator('.domino-other:not([data-bubble-seat="2"]) .domino-other__name')
        assert set(others.evaluate_all(f"els => els.map({underline})")) == {"none"}
        shot(ana, "domino-turn-360")
        # On a desktop a side place says "na vez" too: Caio sits at Bia's side.
        open_table(bia, table.pk)
        expect(bia.locator("#domino-pe")).to_have_attribute("data-on-turn", "2")
        side = bia.locator('.domino-other[data-bubble-seat="2"]')
        expect(side).to_have_class(re.compile(r"domino-other--(left|right)"))
        expect(side.locator(".domino-other__turn")).to_be_visible()
        expect(bia.locator(".domino-other__turn:visible")).to_have_count(1)
        shot(bia, "domino-turn-1280")

    def test_the_end_of_a_yams_game_names_whose_card_is_shown(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table = started("yams", "mesa", ana.user, others=[bia.user], options={"columns": 1})
        play_until(table, [ana.user, bia.user], lambda copy: not copy.playing)
        open_table(ana, table.pk)
        expect(ana.locator(".result")).to_be_visible()
        # The card under the result is Ana's own, and says so.
        card = ana.locator(".yams-card--yours")
        # In one step in the page: the first frame after connecting may replace the card.
        card.evaluate("card => card.scrollIntoView({block: 'nearest'})")
        shot(ana, "yams-end-360")
        expect(card.locator(".yams-card__name")).to_be_visible()
        # As it is shown (no one is on turn at the end: no "(na vez)").
        expect(card.locator(".yams-card__name")).to_have_text("Sua cartela", use_inner_text=True)
        # Bia's, shown from her tab, names her.
        ana.locator(".yams-standing", has_text="Bia").click()
        other = ana.locator(".yams-card:not(.yams-card--yours)")
        expect(other).to_be_in_viewport()
        expect(other.locator(".yams-card__name")).to_be_visible()
        expect(other.locator(".yams-card__name")).to_have_text("Bia", use_inner_text=True)


def scroll_to(page: Page, selector: str) -> None:
    """Scroll in one step of the page's own: the robots' moves may swap the element meanwhile,
    which a locator's scroll reports as detached instead of looking again."""
    page.wait_for_function(
        "s => { const e = document.querySelector(s); e?.scrollIntoView({block: 'center'});"
        " return !!e; }",
        arg=selector,
    )


class BubbleAndNoticeTests(LiveServerTestCase):
    def test_a_reaction_bubble_leaves_ones_own_hand_and_the_controls_in_view(self):
        ana = self.player("ana", "Ana")
        table = started("domino", "duplas", ana.user, robots=3)
        open_table(ana, table.pk)
        hand = ana.locator("#domino-mao")
        expect(hand.locator(".domino-hand__tile")).to_have_count(7)
        scroll_to(ana, "#domino-mao")
        ana.get_by_label("Reações", exact=True).click()
        ana.locator(".mesa-reagir__menu").get_by_role("button", name="Valeu, parceiro!").click()
        bubbles = ana.locator(".bubble")
        expect(bubbles.first).to_have_text("Valeu, parceiro!")
        scroll_to(ana, "#domino-mao")
        assert_on_screen(ana, hand.locator(".domino-hand__title"))
        shot(ana, "domino-bubble-360")
        for bubble in bubbles.all():
            assert overlaps(bubble, hand.locator(".domino-hand__title")) == []
            assert overlaps(bubble, hand) == []
            assert overlaps(bubble, ana.locator("button, summary, a.button")) == []

    def test_the_invitation_notice_leaves_the_header_links_free_on_a_desktop(self):
        ana = self.player("ana", "Ana")
        table = waiting("bozo", "duelo", ana.user)
        for size in (DESKTOP, {"width": 360, "height": 740}):
            bia = self.player(f"bia{size['width']}", f"Bia {size['width']}", viewport=size)
            bia.goto(f"/mesa/{table.pk}/convite/{table.invite_code}/")
            wait_connected(bia)
            notice = bia.locator(".page-table .messages")
            expect(notice).to_contain_text("Você foi convidado para esta mesa.")
            shot(bia, f"invite-notice-{size['width']}")
            assert overlaps(notice.locator(".message"), bia.locator(".site-header a")) == []
            # It still goes after a moment.
            expect(notice).to_be_hidden(timeout=10_000)
