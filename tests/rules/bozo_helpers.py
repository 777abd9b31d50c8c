"""Bozó: the helpers the test_bozo_*.py modules share (a new game, actions with loaded dice, what
the view shows).
"""

import random

from games.rules.bozo import GAME
from tests.dice import Loaded

JUNK = [1, 2, 3, 4, 6]  # scores nothing in any combination box


def new(mode="solo", **options):
    seats = {"solo": 1, "duelo": 2, "duplas": 4}[mode]
    return GAME.setup(seats, {"mode": mode, **options}, random.Random(0))


def act(state, action, seat=None, faces=()):
    """The player on turn (or `seat`) does `action`; returns the new state and its events."""
    seat = state["to_move"] if seat is None else seat
    return GAME.apply(state, seat, action, Loaded(faces))


def roll(state, faces, cup=False):
    return act(state, {"type": "roll", "cup": cup}, faces=faces)[0]


def hold(state, *dice):
    return act(state, {"type": "hold", "dice": list(dice)})[0]


def mark(state, box):
    return act(state, {"type": "score", "box": box})[0]


def turn(state, box, faces=JUNK):
    """One whole turn: a single roll without the cup, then `box`."""
    return mark(roll(state, faces), box)


def potential(state):
    return GAME.view(state, None)["potential"]


def card(state, index=0):
    return GAME.view(state, None)["cards"][index]
