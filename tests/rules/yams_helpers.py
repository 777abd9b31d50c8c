"""Yam's: the helpers the test_yams_*.py modules share (a new game, actions with loaded dice,
boxes filled directly).
"""

import copy
import random

import pytest

from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.dice import Loaded


def new(seats=1, **options):
    return GAME.setup(seats, options, random.Random(0))


MOVER = object()  # the seat on turn


def act(state, action, seat=MOVER, faces=()):
    seat = state["to_move"] if seat is MOVER else seat
    return GAME.apply(state, seat, action, Loaded(faces))


def roll(state, faces, cup=False):
    state, _ = act(state, {"type": "roll", "cup": cup}, faces=faces)
    return state


def mark(state, column, box):
    state, _ = act(state, {"type": "score", "column": column, "box": box})
    return state


def turn(state, faces, column, box):
    return mark(roll(state, faces), column, box)


def refused(state, action, match, seat=MOVER):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, action, seat=seat, faces=[1, 2, 3, 4, 5])
    assert state == before


def fill(state, seat, column, boxes, points=0):
    """Fill boxes directly, to start a test from the middle of a game."""
    for box in boxes:
        state["cards"][seat][column][box] = points
    return state


def score_actions(state, seat=None):
    seat = state["to_move"] if seat is None else seat
    return [
        (a["column"], a["box"]) for a in GAME.legal_actions(state, seat) if a["type"] == "score"
    ]
