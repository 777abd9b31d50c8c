"""What the browser tests read on a page and do on it, shared by their modules: the live table's
version, banner and connection, what lies outside a phone's screen, and a Bozó turn played
through its controls as a person plays it. The database is read only to check a page."""

from __future__ import annotations

import os
import re

from games.models import Table
from games.rules.bozo import BOX_NAMES

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = PlaywrightTimeout = None

# -- a live table page ---------------------------------------------------------------------------


def table_id_of(page: Page) -> int:
    return int(re.search(r"/mesa/(\d+)/", page.url).group(1))


def version(page: Page) -> int:
    return int(page.locator("#mesa-versao").get_attribute("data-version"))


def banner(page: Page):
    return page.locator(".mesa-status__banner")


def wait_for_banner(page: Page, text: str) -> None:
    # innerText: the banner holds "Sua vez" and "Vez de …", and the page's CSS shows one.
    expect(banner(page)).to_have_text(text, use_inner_text=True)


def wait_for_version(page: Page, number: int) -> None:
    """Wait until the page shows version `number` or a later one (a robot may move at once)."""
    page.wait_for_function(
        "n => Number(document.querySelector('#mesa-versao')?.dataset.version) >= n", arg=number
    )


def wait_connected(page: Page) -> None:
    """The page says "Conectado": its socket is open and the server's first frame is shown (a
    tap before it could fall between that frame's redraw of the controls)."""
    expect(page.locator("[data-connection]")).to_have_attribute("data-connection", "open")


def open_table(page: Page, table_id: int) -> None:
    page.goto(f"/mesa/{table_id}/")
    wait_connected(page)


def reload_table(page: Page) -> None:
    page.reload()
    wait_connected(page)


def mark_no_reload(*pages: Page) -> None:
    for page in pages:
        page.evaluate("window.__sameDocument = true")


def assert_no_reload(*pages: Page) -> None:
    for page in pages:
        assert page.evaluate("window.__sameDocument === true"), "the page was reloaded"


# -- what a test saw, kept when asked -------------------------------------------------------------

SHOTS = os.environ.get("LAYOUT_SHOTS")


def shot(page: Page, name: str) -> None:
    """A screenshot of `page` into the folder LAYOUT_SHOTS names, when it names one."""
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


# -- a guide ------------------------------------------------------------------------------------


def unfold_rounds(page: Page) -> int:
    """Open every worked round of the guide on `page`, as a reader taps its title, and wait
    for htmx to draw their steps; returns how many steps were drawn."""
    rounds = page.locator("details.guide-fold--round")
    for index in range(rounds.count()):
        rounds.nth(index).locator("summary").click()
        expect(rounds.nth(index).locator(".guide-step").first).to_be_attached()
    return page.locator(".guide-step").count()


# -- a phone's screen ----------------------------------------------------------------------------


# Smooth scrolling may still be moving the page: wait until it stays put for 10 frames (2 with
# reduced motion, where the page scrolls at once, in the frame after a message).
STILL = """() => new Promise(done => {
    const frames = matchMedia('(prefers-reduced-motion: reduce)').matches ? 2 : 10;
    let y = scrollY, still = 0;
    const frame = () => {
        still = scrollY === y ? still + 1 : 0;
        y = scrollY;
        if (still >= frames) done(true); else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
})"""
# Each shown element's name and box.
BOXES = """els => els.filter(e => e.getClientRects().length).map(e => {
    const r = e.getBoundingClientRect();
    const name = e.getAttribute('aria-label') || e.textContent.trim();
    return [name, r.left, r.top, r.right, r.bottom];
})"""


def outside_the_screen(page: Page, locator) -> list[str]:
    """What of `locator` (every element it matches) is not wholly inside the viewport."""
    boxes = locator.evaluate_all(BOXES)
    assert boxes, f"nothing matches {locator}"
    return off_the_screen(page, boxes)


def off_the_screen(page: Page, boxes: list) -> list[str]:
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return [
        f"{name!r} at ({left:.0f}, {top:.0f})–({right:.0f}, {bottom:.0f})"
        for name, left, top, right, bottom in boxes
        if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5
    ]


def assert_on_screen(page: Page, *locators) -> None:
    page.wait_for_function(STILL)
    missing = [where for locator in locators for where in outside_the_screen(page, locator)]
    assert not missing, f"off screen at {page.viewport_size}: {missing}"


def assert_selectors_on_screen(page: Page, *needed: str, optional: tuple[str, ...] = ()) -> None:
    """`assert_on_screen` in one round trip, for a check made before each move of a whole game:
    every element of `needed` and `optional` inside the screen, `needed` ones present."""
    found = page.evaluate(
        f"""async selectors => {{
            await ({STILL})();
            return selectors.map(s => ({BOXES})([...document.querySelectorAll(s)]));
        }}""",
        [*needed, *optional],
    )
    for selector, boxes in zip(needed, found, strict=False):
        assert boxes, f"nothing matches {selector}"
    missing = [where for boxes in found for where in off_the_screen(page, boxes)]
    assert not missing, f"off screen at {page.viewport_size}: {missing}"


# -- Bozó at the table ---------------------------------------------------------------------------

BOX_BY_NAME = {name: box for box, name in BOX_NAMES.items()}
# One dice turn each: how the single roll is made and revealed.
SEM_COPO, POR_CIMA, EMBAIXO = "sem copo", "por cima", "cantar embaixo"


def create_bozo_table(page: Page, mode: str, *, public: bool = True) -> int:
    """Create a Bozó table from the form and wait on its page, connected."""
    page.goto("/jogar/bozo/nova/")
    page.get_by_label(mode, exact=True).check()
    public_label = "Pública: aparece no saguão"
    if mode == "Treino solo":  # always private, started at once: the form hides the choice
        expect(page.get_by_label(public_label)).to_be_hidden()
    else:
        page.get_by_label(public_label if public else "Privada: só com convite").check()
    page.get_by_role("button", name="Criar mesa").click()
    page.wait_for_url(re.compile(r"/mesa/\d+/$"))
    wait_connected(page)
    return table_id_of(page)


def dice_on(page: Page) -> list[str]:
    """The five dice as the page draws them: "4", "4*" held, "?" under the cup, "-" unrolled."""
    # Only the dice laid out: the one on turn has buttons, the others images (table.css, 0b).
    classes = page.locator("#mesa-jogo .die").evaluate_all(
        "els => els.filter(e => e.getClientRects().length).map(e => e.className)"
    )
    assert len(classes) == 5, classes
    shown = []
    for names in classes:
        value = re.search(r"\bdie--([1-6])\b", names)
        if "die--covered" in names:
            assert value is None, f"a covered die shows its value: {names}"
            shown.append("?")
        elif value is None:
            shown.append("-")
        else:
            shown.append(value.group(1) + ("*" if "die--held" in names else ""))
    return shown


def dice_in_db(table_id: int) -> list[str]:
    """The same five dice from the stored state, drawn as `dice_on` draws them."""
    turn = Table.objects.get(pk=table_id).state["turn"]
    shown = []
    for i, value in enumerate(turn["dice"]):
        if turn["rolls"] == 0:
            shown.append("-")
        elif i in turn["covered"]:
            shown.append("?")
        else:
            shown.append(f"{value}{'*' if turn['held'][i] else ''}")
    return shown


def assert_cup_hides(page: Page, table_id: int) -> None:
    """Under the cup the page draws covered dice and holds no trace of their values."""
    turn = Table.objects.get(pk=table_id).state["turn"]
    assert turn["covered"], "the cup is not closed"
    drawn = dice_on(page)
    assert all(drawn[i] == "?" for i in turn["covered"]), drawn
    names = [f"Dado {i + 1}: {turn['dice'][i]}" for i in turn["covered"]]
    leaked = page.evaluate(
        "names => names.filter(name => document.documentElement.outerHTML.includes(name))", names
    )
    assert leaked == [], f"the page names dice under the cup: {leaked}"


def card_totals_on(page: Page) -> list[int]:
    """The total at the foot of each score card, in the page's order."""
    cards = page.locator("section.score-card")
    return [int(re.search(r"Total\s+(\d+)", text).group(1)) for text in cards.all_inner_texts()]


def act(page: Page, control) -> int:
    """Click a control that sends one game action and wait until this page shows its result."""
    before = version(page)
    control.click()
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        notice = page.locator("#mesa-aviso").inner_text()
        raise AssertionError(f"the action was not applied (notice: {notice!r})") from None
    return before + 1


def roll(page: Page, *, cup: bool) -> int:
    """Choose "Com copo" or not (the page remembers it) and press the one roll button shown."""
    toggle = page.get_by_label("Com copo", exact=True)
    if toggle.is_visible():
        toggle.set_checked(cup)
    name = "Lançar com copo" if cup else "Lançar sem copo"
    return act(page, page.get_by_role("button", name=name, exact=True))


def lift(page: Page, *, embaixo: bool = False) -> int:
    name = "Cantar embaixo e levantar" if embaixo else "Levantar — por cima"
    return act(page, page.get_by_role("button", name=name, exact=True))


def score_first_box(page: Page) -> tuple[str, int]:
    """Mark the first open box offered; returns (box, points) as its label says."""
    button = page.locator(".score-button").first
    label = button.get_attribute("aria-label")
    points, name = re.fullmatch(r"Marcar (\d+) em (.+)", label).groups()
    act(page, button)
    return BOX_BY_NAME[name], int(points)


def play_turn(page: Page, style: str) -> tuple[str, int]:
    """One roll (with the cup and lifted, or without it), then the first open box."""
    roll(page, cup=style != SEM_COPO)
    if style != SEM_COPO:
        lift(page, embaixo=style == EMBAIXO)
    return score_first_box(page)


# -- the Yam's score-keeper ------------------------------------------------------------------------


def tap_dice(page: Page, faces: list[int]) -> None:
    """Tap five dice in: each face button is named for the next empty slot."""
    for slot, face in enumerate(faces, start=1):
        page.get_by_role("button", name=f"Dado {slot}: {face}", exact=True).click()
