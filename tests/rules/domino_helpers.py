"""Dominó de pontos: the helpers the test_domino_*.py modules share (the notation, moves, the
deals several of them play).

Deals are written seat by seat ("44 04 00" is 4|4, 0|4, 0|0) and given to `setup_from_deal`;
moves are played by whoever is on turn ("24 left"; "66" alone for an opening or a tile that fits
one place). Jade is seats 0 and 2, Âmbar seats 1 and 3.
"""

import copy
import random

import pytest

from games.rules.base import IllegalAction
from games.rules.domino import GAME

JADE, AMBAR = 0, 1


def tiles(text):
    """ "45 03" -> [[0, 3], [4, 5]]: each tile and the hand sorted, as the rules keep them."""
    return sorted(sorted(int(pip) for pip in tile) for tile in text.split())


def deal(*hands):
    return [tiles(hand) for hand in hands]


def play(state, move, rng=None):
    tile, *end = move.split()
    (seat,) = GAME.to_act(state)
    action = {"type": "play", "tile": [int(tile[0]), int(tile[1])]}
    if end:
        action["end"] = end[0]
    return GAME.apply(state, seat, action, rng or random.Random(0))


def play_all(state, moves, rng=None):
    """Play the comma-separated `moves`; the events of all of them."""
    events = []
    for move in moves.split(","):
        state, more = play(state, move.strip(), rng)
        events += more
    return state, events


def scored(events):
    return [(e["reason"], e["pair"], e["points"]) for e in events if e["type"] == "score"]


def refused(state, seat, action, message):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action, random.Random(0))
    assert state == before


# Opened by seat 0 with 4|4 (opener=0): every seat has a 4 for the first plays.
BUCHO = deal(
    "44 04 00 01 02 03 05",
    "24 11 12 13 14 15 16",
    "34 22 23 25 26 06 33",
    "35 36 45 46 55 56 66",
)
# 6|6 with seat 0; seats 1 and 2 hold no 6.
PASSE = deal(
    "66 06 16 00 01 02 03",
    "11 12 13 14 15 04 05",
    "22 23 24 25 33 34 35",
    "26 36 46 56 44 45 55",
)
# Seats 1 and 2 hold no double; seat 0 holds four (not dealt again).
NO_DOUBLES = deal(
    "00 11 22 33 01 02 03",
    "04 05 06 12 13 14 15",
    "16 23 24 25 26 34 35",
    "36 44 45 46 55 56 66",
)
FIVE_DOUBLES = deal(
    "00 11 22 33 44 01 02",
    "03 04 05 06 12 13 14",
    "15 16 23 24 25 26 34",
    "35 36 45 46 55 56 66",
)


# A whole hand found by a random game: seat 1 goes out with 5|6 (no double); a galo on the way.
PLAIN_DEAL = deal(
    "01 02 12 15 16 22 25",
    "04 06 11 14 26 56 66",
    "13 24 33 35 36 46 55",
    "00 03 05 23 34 44 45",
)
PLAIN_MOVES = (
    "66, 36 right, 03 right, 01 right, 11 right, 13 right, 23 right, 02 right, 04 right,"
    " 46 right, 16 right, 14 right, 24 right, 22 right, 26 right, 06 left, 05 left, 15 left,"
    " 56 right"
)
