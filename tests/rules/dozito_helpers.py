"""Dozito: the helpers the test_dozito_*.py modules share (the card notation, `table`, the
actions, the grids several of them play).

Cards are written "az7" (azul 7), "rx*" (a Coringa roxo); colours am, az, ve, vm, rx. A grid is
twelve cards for slots 1 to 12, "^" marking a face-up one. `table` builds a deal from the grids
(None: filled face down from what is left), the two discard piles (bottom to top) and the top
of the draw pile; every other card follows in deck order at the bottom of the draw pile.
"""

import copy
import random

import pytest

from games.rules.base import IllegalAction
from games.rules.dozito import GAME, card, setup_from_deal
from tests.dozito_deck import key, rest_of_deck

COLOURS = {"am": "amarelo", "az": "azul", "ve": "verde", "vm": "vermelho", "rx": "roxo"}


def c(token):
    """ "az7" -> the azul 7; "rx*" -> a Coringa roxo ("^" ignored)."""
    colour, rest = COLOURS[token[:2]], token[2:].rstrip("^")
    return card(colour, None if rest == "*" else int(rest))


def cards(text):
    return [c(token) for token in text.split()]


def table(*grids, piles=("vm9", "vm11"), draw="", rest="draw", **kwargs):
    """A state from the grids, piles and draw top; what is left of the deck fills the grids given
    as None (face down) and then goes under the draw pile (rest="draw") or under pile 0."""
    left = rest_of_deck(one for text in [*grids, *piles, draw] if text for one in cards(text))
    dealt, up = [], []
    for text in grids:
        if text is None:
            dealt.append(left[:12])
            left = left[12:]
            up.append([])
        else:
            dealt.append(cards(text))
            up.append([s for s, token in enumerate(text.split(), 1) if token.endswith("^")])
    bottom = left if rest == "pile" else []
    discards = [bottom + cards(piles[0]), cards(piles[1])]
    top = cards(draw) + (left if rest == "draw" else [])
    return setup_from_deal(dealt, discards, top, up=up, **kwargs)


def take(pile):
    return {"type": "take", "from": "discard", "pile": pile}


DRAW = {"type": "take", "from": "draw"}


def place(slot):
    return {"type": "place", "slot": slot}


def discard(pile):
    return {"type": "discard", "pile": pile}


def keep(which, pile):
    return {"type": "keep", "card": which, "pile": pile}


def do(state, *actions, rng=None):
    """Apply each action for the seat on turn; the last state and every event."""
    events = []
    for action in actions:
        (seat,) = GAME.to_act(state)
        assert action in GAME.legal_actions(state, seat), action
        state, more = GAME.apply(state, seat, action, rng or random.Random(0))
        events += more
    return state, events


def kinds(events):
    return [e["type"] for e in events]


def slot(state, seat, number):
    cell = state["grids"][seat][number - 1]
    return cell["card"], cell["up"]


def tops(state):
    return [pile[-1] if pile else None for pile in state["discards"]]


def refused(state, seat, action, message):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action, random.Random(0))
    assert state == before


def all_cards(state):
    held = [state["turn"]["hand"]] if state["turn"]["hand"] else []
    grids = [cell["card"] for grid in state["grids"] for cell in grid]
    piles = [one for pile in state["discards"] for one in pile]
    return sorted(map(key, grids + piles + state["draw_pile"] + held))


# Seat 0, all face down and no sun: each card's own slot is face down too.
DOWN = "vm5 rx7 az6 am8 ve9 am9 az3 am2 rx10 ve3 am11 rx4"
# Slots 1-11 the amarelo 1 to 11 face up (one group of 11, 10 suns), slot 12 the azul 12 down.
ELEVEN = "am1^ am2^ am3^ am4^ am5^ am6^ am7^ am8^ am9^ am10^ am11^ az12"


# The 3 azul lies face down in slot 7; slot 3 shows the verde 3.
CLASH = "vm5 rx7 ve3^ am8 ve9 am9 az3 am2 rx10 az12 am11 rx4"
