"""Random Yam's games with illegal actions thrown in at every step: each is refused with a
message, leaves the state as it was and is not among the legal actions.
"""

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.properties import examples
from tests.rules.yams_properties_helpers import SEEDS

# Refused actions leave the state as it was


MALFORMED = [
    None,
    "roll",
    ["roll"],
    {},
    {"type": None},
    {"type": 1},
    {"type": ""},
    {"type": "pass"},
    {"type": "roll", "cup": "sim"},
    {"type": "roll", "cup": None},
    {"type": "roll", "cup": True, "extra": 1},
    {"type": "hold", "dice": [5]},
    {"type": "hold", "dice": [-1]},
    {"type": "hold", "dice": [0, 0]},
    {"type": "hold", "dice": [True]},
    {"type": "hold", "dice": "0"},
    {"type": "hold", "dice": 0},
    {"type": "hold"},
    {"type": "lift", "from": 1},
    {"type": "lift"},
    {"type": "score", "column": "nada", "box": "uns"},
    {"type": "score", "column": "livre", "box": "nada"},
    {"type": "score", "column": None, "box": None},
    {"type": "score", "column": "livre", "box": ["uns"]},
    {"type": "score", "column": {"livre": 1}, "box": "uns"},
    {"type": "score", "box": "chance"},
    {"type": "leave", "now": True},
    {"type": "claim_inactivity", "against": 0},
]


def illegal_moves(state):
    """(seat, action) pairs the rules must refuse in `state`."""
    mover, turn, seats = state["to_move"], state["turn"], state["seats"]
    view = GAME.view(state, mover)
    card = view["cards"][mover]["columns"]
    moves = [(mover, action) for action in MALFORMED]
    moves += [(seats, {"type": "roll"}), (-1, {"type": "leave"}), ("0", {"type": "leave"})]
    moves.append((mover, {"type": "claim_inactivity"}))
    for seat in range(seats):
        if seat != mover:
            moves += [(seat, {"type": "roll", "cup": False}), (seat, {"type": "hold", "dice": []})]
            moves += [(seat, {"type": "score", "column": "livre", "box": "chance"})]
            moves += [(seat, {"type": "lift", "from": "top"})]
    if not state["options"]["max_min"]:
        moves.append((mover, {"type": "score", "column": "livre", "box": "max"}))
    if "seca" not in view["columns"]:
        moves.append((mover, {"type": "score", "column": "seca", "box": "uns"}))
    if turn["covered"]:
        moves += [(mover, {"type": "roll", "cup": True}), (mover, {"type": "hold", "dice": [0]})]
        moves.append((mover, {"type": "score", "column": "livre", "box": "chance"}))
    else:
        moves += [(mover, {"type": "lift", "from": side}) for side in ("top", "bottom")]
    if turn["rolls"] == 0:
        moves.append((mover, {"type": "hold", "dice": [0]}))
        moves.append((mover, {"type": "score", "column": "livre", "box": "chance"}))
    if view["turn"]["rolls_left"] == 0 and not turn["covered"]:
        moves.append((mover, {"type": "roll", "cup": False}))  # a fourth roll, or past Seca's one
    for column in view["columns"]:
        filled = [box for box in view["boxes"] if card[column][box] is not None]
        open_ = [box for box in view["boxes"] if card[column][box] is None]
        moves += [(mover, {"type": "score", "column": column, "box": box}) for box in filled]
        wrong = {"descida": open_[1:], "subida": open_[:-1]}.get(column, [])
        if column == "seca" and turn["rolls"] > 1:
            wrong = open_
        moves += [(mover, {"type": "score", "column": column, "box": box}) for box in wrong]
    return moves


def check_refused(state, seat, action):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action, random.Random(0))
    assert refused.value.message
    assert state == before
    if isinstance(action, dict) and seat in range(state["seats"]):
        # compared as JSON: in Python True == 1, so [True] would match a hold of [1]
        legal = {json.dumps(a) for a in GAME.legal_actions(state, seat)}
        assert json.dumps(action) not in legal


@examples
@given(seed=SEEDS, seats=st.integers(1, 3), columns=st.sampled_from([1, 3, 4]))
def test_illegal_actions_are_refused_and_change_nothing(seed, seats, columns):
    rng = random.Random(seed)
    state = GAME.setup(seats, {"columns": columns, "max_min": bool(seed % 2)}, rng)
    steps = 0
    while not state["finished"] and steps < 40:
        for seat, action in rng.sample(illegal_moves(state), 3):
            check_refused(state, seat, action)
        legal = [a for a in GAME.legal_actions(state, state["to_move"]) if a["type"] != "leave"]
        state, _ = GAME.apply(state, state["to_move"], rng.choice(legal), rng)
        steps += 1
    if seats > 1:
        state, _ = GAME.apply(state, 0, {"type": "leave"}, rng)
        state, _ = GAME.apply(state, 1, {"type": "leave"}, rng) if seats > 2 else (state, [])
        assert state["finished"]
        check_refused(state, 0, {"type": "leave"})
        for seat in range(seats):
            check_refused(state, seat, {"type": "roll", "cup": True})
