"""Bozó at the live table: what each viewer's render shows of the score cards
(games/presenters/bozo.py and games/jinja2/games/bozo/_cards.html), from seeded states of the
real rules, as the eye and a screen reader read it."""

from __future__ import annotations

import random

from games import rendering
from games.partials import parts_of
from games.presenters import bozo as presenter
from games.rules.bozo import GAME
from tests.accessibility import (
    accessible_name,
    by_id,
    named_without_role,
    regions,
    spoken,
    unreachable,
    with_class,
)
from tests.dice import Loaded
from tests.pages import parse

NAMES = ["Ana", "Bia"]


def render(state, seat):
    """The game's area for `seat` as a live table draws it (legal moves on one's turn only)."""
    on_turn = seat is not None and seat in GAME.to_act(state)
    legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "leave"] if on_turn else []
    g = presenter.context(GAME.view(state, seat), seat, legal, names=NAMES)
    template = rendering.template("games/bozo/_game.html")
    return parse(parts_of(template, {"g": g, "log": []})[0])


def duel_with_a_struck_full():
    """Ana's Full struck (0 points), Bia on turn."""
    state = GAME.setup(2, {"mode": "duelo"}, random.Random(1))
    state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, Loaded([1, 2, 3, 4, 6]))
    state, _ = GAME.apply(state, 0, {"type": "score", "box": "full"}, random.Random(2))
    return state


def test_a_struck_box_says_zero_and_an_open_one_livre_in_words():
    """Issue #29: read as text, not as an aria-label on a plain span (WCAG 4.1.2)."""
    page = render(duel_with_a_struck_full(), 1)
    rows = by_id(page)
    assert not named_without_role(page)
    (full,) = with_class(rows["bozo-cartela-0-full"], "num")
    assert spoken(full) == "zero" and full.text().strip().startswith("–")  # the dash for the eye
    (general,) = with_class(rows["bozo-cartela-0-general"], "num")
    assert spoken(general) == "livre"


def test_each_card_is_a_region_named_by_its_title_in_a_row_the_keyboard_scrolls():
    """Issue #29: both cards of a duel were "Cartela"; on a phone their row scrolls sideways,
    with nothing in it the keyboard could reach when it is not one's turn."""
    state = duel_with_a_struck_full()
    for seat, own, other in ((0, "Sua cartela", "Bia"), (1, "Ana", "Sua cartela")):
        page = render(state, seat)
        cards = [(node.attrs["id"], said) for node, said in regions(page) if node.tag == "section"]
        # Every title holds "(na vez)": bozo.css shows it in the card the throws' line names
        # (a browser reads the names: tests/e2e/test_layout_cards.py).
        assert cards == [
            ("bozo-cartela-0", f"{own} (na vez)"),
            ("bozo-cartela-1", f"{other} (na vez)"),
        ]
        (line,) = with_class(page, "bozo-rolls")
        assert line.attrs["data-on-turn"] == "1"
        (row,) = with_class(page, "bozo-cards__row")
        assert not unreachable(page, [row]) and accessible_name(page, row) == "Cartelas"
