"""The moves a live table's page offers, read from its own buttons, and a person's taps on them:
shared by the browser tests that play a game through its pages (Dozito and Yam's, and the layout
checks at every step of a turn)."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.e2e.pages import (
    act,
    assert_selectors_on_screen,
    open_table,
    roll,
    version,
    wait_for_banner,
    wait_for_version,
)
from tests.e2e.positions import bozo_quick_turns, play_until, started

try:
    from playwright.sync_api import Page
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = PlaywrightTimeout = None

# The moves a page offers: each is a button of the game's area that sends it as its `action`,
# shown (Yam's throws with or without the cup as the page's toggle says: one of the two is shown).
OFFERED = """() => [...document.querySelectorAll('#mesa-jogo button[ws-send][name=action]')]
    .filter(button => button.getClientRects().length)
    .map(button => button.value)"""
# What a page shows of the game, read at once: its version, whether it says it is the viewer's
# turn, whether it shows the result, and the moves it offers.
SHOWN = f"""() => ({{
    version: Number(document.querySelector('#mesa-versao')?.dataset.version),
    yours: document.querySelector('#mesa-status.mesa-status--yours') !== null,
    over: document.querySelector('.result__title') !== null,
    offered: ({OFFERED})().map(value => JSON.parse(value)),
}})"""

# What a page shows when a tap fails: enough to tell a lost answer from a refused move.
SEEN = """() => ({
    version: document.querySelector('#mesa-versao')?.dataset.version,
    connection: document.querySelector('[data-connection]')?.dataset.connection,
    notice: document.querySelector('#mesa-aviso')?.innerText,
    status: document.querySelector('#mesa-status')?.innerText,
    busy: [...document.querySelectorAll('button[aria-busy=true]')]
        .map(b => b.outerHTML.slice(0, 120)),
})"""


def offered(page: Page) -> list[dict]:
    return [json.loads(value) for value in page.evaluate(OFFERED)]


def offer_of(page: Page, kind: str) -> dict:
    """The first move of `kind` the page offers, once its motion has laid it out."""
    page.wait_for_function(
        f"() => ({OFFERED})().some(v => JSON.parse(v).type === {json.dumps(kind)})"
    )
    return next(m for m in offered(page) if m["type"] == kind)


def tap(page: Page, action: dict, *, shown: int | None = None) -> None:
    """Tap the button that sends `action`, and wait for the page to show its result
    (or a later version: a robot may move at once). `shown`: the version the page shows now."""
    before = version(page) if shown is None else shown
    value = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    try:
        page.locator(f"#mesa-jogo button[ws-send][name=action][value='{value}']").first.click()
    except PlaywrightTimeout:
        raise AssertionError(f"{page.who} could not tap {action}: {page.evaluate(SEEN)}") from None
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        raise AssertionError(f"{action} was not applied: {page.evaluate(SEEN)}") from None


def play_to_the_end(
    pages: list[Page],
    choose: Callable[[list[dict]], dict],
    limit: int,
    until: Callable[[], bool] = lambda: False,
    each_turn: Callable[[Page], None] = lambda page: None,
) -> int:
    """Once every page shows the latest move, the one page that says it is its viewer's turn
    plays what `choose` picks of the moves it offers, and no other page offers any; when no page
    is on turn, a robot's move is awaited. Until every page shows the result (or `until()` holds
    once they show the latest move); returns the number of moves the pages played. `each_turn`
    checks the page on turn before each tap."""
    played = 0
    for _ in range(limit):
        shown = [page.evaluate(SHOWN) for page in pages]
        newest = max(seen["version"] for seen in shown)
        behind = [i for i, seen in enumerate(shown) if seen["version"] < newest]
        for i in behind:
            wait_for_version(pages[i], newest)
            shown[i] = pages[i].evaluate(SHOWN)
        if any(seen["version"] != newest for seen in shown):
            continue  # a robot moved meanwhile: look again
        if all(seen["over"] for seen in shown) or until():
            return played
        on_turn = [(page, seen) for page, seen in zip(pages, shown, strict=True) if seen["yours"]]
        for page, seen in zip(pages, shown, strict=True):
            if not seen["yours"]:
                assert seen["offered"] == [], f"{page.who}'s page offers a move off turn"
        if not on_turn:  # the robot's turn: its move comes by itself
            wait_for_version(pages[0], newest + 1)
            continue
        assert len(on_turn) == 1, [page.who for page, _ in on_turn]
        page, seen = on_turn[0]
        assert seen["offered"], f"{page.who}'s page is on turn and offers no move"
        each_turn(page)
        tap(page, choose(seen["offered"]), shown=newest)
        played += 1
    raise AssertionError(f"the game did not end in {limit} moves")


def dozito_move(moves: list[dict]) -> dict:
    """What a quick player does: draw, then place the card in hand wherever the first offer
    says (a chain goes on while the slot turned up a card), keep the card in hand in a clash."""
    by_kind = {m["type"]: m for m in reversed(moves)}
    for kind in ("place", "keep", "discard"):
        if kind in by_kind:
            return by_kind[kind]
    draw = next((m for m in moves if m["type"] == "take" and m["from"] == "draw"), None)
    return draw or moves[0]


# Elements whose text is cut: wider inside than their box, or reaching past the screen's edge.
CUT = """els => els.filter(e => e.getClientRects().length).filter(e => {
    const box = e.getBoundingClientRect();
    return e.scrollWidth > e.clientWidth + 0.5 || box.right > innerWidth + 0.5 || box.left < -0.5;
}).map(e => e.textContent.trim())"""


def cut(locator) -> list[str]:
    return locator.evaluate_all(CUT)


# What a Dozito player needs on the screen on their turn: the banner, the piles with the hand,
# every row of their grid with its title, and the turn's choices when it offers any.
DOZITO_TURN = (
    "#mesa-status",
    "#dozito-pilhas",
    ".dz-grid--yours .dz-grid__title",
    ".dz-grid--yours .dz-slot",
)
DOZITO_CHOICES = ("#dozito-controles:not(:empty)",)


def dozito_turn_fits(page: Page) -> None:
    """The whole turn on one screen, and no grid's count cut."""
    assert_selectors_on_screen(page, *DOZITO_TURN, optional=DOZITO_CHOICES)
    assert cut(page.locator(".dz-grid__title")) == []


def duel_ended_by_bia(ana, bia, *, pages=()):
    """A Bozó duel of Ana and Bia (pages of theirs) put at its last turn, Bia's, which she plays
    on her page, the `pages` open on the table meanwhile; the finished table."""
    table = started("bozo", "duelo", ana.user, others=[bia.user])
    last = lambda copy: sum(copy.state["turns_taken"]) == 19  # noqa: E731
    play_until(table, [ana.user, bia.user], last, choose=bozo_quick_turns())
    for page in {*pages, bia}:
        open_table(page, table.pk)
    wait_for_banner(bia, "Sua vez")
    roll(bia, cup=False)
    act(bia, bia.locator(".score-card--yours .score-button").first)
    for page in {*pages, bia}:
        wait_for_banner(page, "Fim de jogo")
    return table
