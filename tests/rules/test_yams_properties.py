"""Random games through legal_actions/apply, checked against a second, independent reading of
the Yam's page (seed 003): the scoring table, the column order, Seca and the cup."""

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.properties import examples

SEEDS = st.integers(0, 2**32 - 1)
FACE_BOXES = {"uns": 1, "dois": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6}
FIXED = {"full": 25, "pequena": 30, "grande": 40, "yams": 50}


# The page, read a second time


def page_points(box, dice):
    tally = Counter(dice)
    if box in FACE_BOXES:
        return FACE_BOXES[box] * tally[FACE_BOXES[box]]
    if box in ("max", "min", "chance"):
        return sum(dice)
    if box in ("trinca", "quadra"):
        need = 3 if box == "trinca" else 4
        return sum(need * face for face, n in tally.items() if n >= need)
    made = {
        "full": sorted(tally.values()) == [2, 3],
        "pequena": set(dice) == {1, 2, 3, 4, 5},
        "grande": set(dice) == {2, 3, 4, 5, 6},
        "yams": len(tally) == 1,
    }[box]
    return FIXED[box] if made else 0


def page_column_total(column):
    points = {box: value or 0 for box, value in column.items()}
    upper = sum(points[box] for box in FACE_BOXES)
    total = upper + (35 if upper >= 63 else 0)
    if "max" in column:
        both = column["max"] is not None and column["min"] is not None
        if not (both and column["max"] <= column["min"]):
            total += points["max"] + points["min"]
    return total + sum(v for box, v in points.items() if box not in {*FACE_BOXES, "max", "min"})


def page_allowed(view):
    """(column, box) pairs the mover may score, from what the view shows."""
    turn, card = view["turn"], view["cards"][view["to_move"]]["columns"]
    if turn["rolls"] == 0 or turn["covered"]:
        return set()
    pairs = set()
    for column in view["columns"]:
        open_ = [box for box in view["boxes"] if card[column][box] is None]
        if column == "descida":
            open_ = open_[:1]
        elif column == "subida":
            open_ = open_[-1:]
        elif column == "seca" and turn["rolls"] > 1:
            open_ = []
        pairs |= {(column, box) for box in open_}
    return pairs


def only_seca_open(view):
    card = view["cards"][view["to_move"]]["columns"]
    return "seca" in card and all(
        value is not None for column in card if column != "seca" for value in card[column].values()
    )


# Checks made along every random game


def check_legal_actions(state, legal):
    view = GAME.view(state, state["to_move"])
    turn = view["turn"]
    scores = {(a["column"], a["box"]) for a in legal if a["type"] == "score"}
    assert scores == page_allowed(view)
    assert {(c, b) for c, boxes in view["potential"].items() for b in boxes} == scores
    limit = 1 if only_seca_open(view) else 3
    can_roll = not turn["covered"] and turn["rolls"] < limit and not all(turn["held"])
    assert ({"type": "roll", "cup": True} in legal) == can_roll
    assert any(a["type"] == "hold" for a in legal) == (
        0 < turn["rolls"] < limit and not turn["covered"]
    )
    assert turn["rolls_left"] == limit - turn["rolls"]
    if turn["rolls"] == limit and not turn["covered"]:
        assert scores, "after the last roll a box must be open to score"
    assert legal[-1] == {"type": "leave"}


def covered_values_changed(state):
    other = copy.deepcopy(state)
    for i in state["turn"]["covered"]:
        other["turn"]["dice"][i] = state["turn"]["dice"][i] % 6 + 1
    return other


def check_hidden(state):
    """Nothing anyone can see depends on the dice under the cup."""
    other = covered_values_changed(state)
    for seat in [None, *range(state["seats"])]:
        view = GAME.view(state, seat)
        assert all(view["turn"]["dice"][i] is None for i in state["turn"]["covered"])
        assert view["potential"] == {}
        assert view == GAME.view(other, seat)
    assert GAME.legal_actions(state, state["to_move"]) == GAME.legal_actions(
        other, state["to_move"]
    )


def check_events_hide(state, seat, action, events, seed):
    """The same action thrown with other dice, or taken over other covered dice, tells the same."""
    if action["type"] == "roll" and action.get("cup", True):
        _, again = GAME.apply(state, seat, action, random.Random(seed ^ 0x5EED))
        assert again == events
    if state["turn"]["covered"] and action["type"] != "lift":
        _, again = GAME.apply(covered_values_changed(state), seat, action, random.Random(seed))
        assert again == events


def check_event_shapes(events):
    for e in events:
        assert {"type", "seat", "text"} <= set(e) and isinstance(e["text"], str)
    json.dumps(events)


def check_card(view, seat):
    card = view["cards"][seat]
    for column in view["columns"]:
        assert card["totals"][column]["total"] == page_column_total(card["columns"][column])
    assert card["total"] == sum(t["total"] for t in card["totals"].values())


def check_end(state, expected_turns):
    assert state["finished"] and GAME.to_act(state) == []
    assert state["turns"] == expected_turns
    view = GAME.view(state, None)
    outcome = GAME.outcome(state)
    assert view["outcome"] == outcome
    for seat in range(state["seats"]):
        check_card(view, seat)
        assert GAME.legal_actions(state, seat) == []
    scores = outcome["scores"]
    assert scores == [card["total"] for card in view["cards"]]
    players = [s for s in range(state["seats"]) if not state["left"][s]]
    if players:
        assert set(outcome["winners"]) <= set(players)
        assert all(scores[w] == max(scores[s] for s in players) for w in outcome["winners"])
    return outcome


def half_filled(seats, columns, max_min, seed, fill):
    """A game from its middle: each box filled with probability `fill` (with what a random hand
    scores there), and half of the cards filled everywhere but in Seca (when the table plays
    it); each card keeps at least one open box."""
    rng = random.Random(seed)
    state = GAME.setup(seats, {"columns": columns, "max_min": max_min}, rng)
    for card in state["cards"]:
        only_seca = "seca" in card and rng.random() < 0.5
        for column, boxes in card.items():
            for box in boxes:
                if (only_seca and column != "seca") or rng.random() < fill:
                    boxes[box] = page_points(box, [rng.randint(1, 6) for _ in range(5)])
        column = "seca" if only_seca else rng.choice(list(card))
        card[column][rng.choice(state["boxes"])] = None
    return state


def play(
    seats,
    columns,
    max_min,
    seed,
    *,
    thorough=True,
    sweep=0.0,
    departures=0.0,
    start=None,
    played=None,
):
    """One random game: the mover picks uniformly among its legal actions other than leave;
    with probability `departures` per step someone leaves or claims inactivity instead; with
    probability `sweep` every legal action of every seat is applied (and thrown away) first.
    The game starts from `start` when given; each action applied is appended to `played`.
    Every step checks the JSON round trip, that `apply` left its input alone, the points of each
    score and that covered dice show nowhere; `thorough` adds the checks that cost more."""
    rng = random.Random(seed)
    state = start or GAME.setup(seats, {"columns": columns, "max_min": max_min}, rng)
    stored = json.loads(json.dumps(state))
    while not state["finished"]:
        mover = state["to_move"]
        legal = GAME.legal_actions(state, mover)
        if thorough:
            check_legal_actions(state, legal)
            for seat in range(seats):
                if seat != mover and not state["left"][seat]:
                    assert GAME.legal_actions(state, seat) == [
                        {"type": "leave"},
                        {"type": "claim_inactivity"},
                    ]
        if rng.random() < sweep:
            for seat in range(seats):
                for action in GAME.legal_actions(state, seat):
                    GAME.apply(state, seat, action, random.Random(seed))
        seat = mover
        if rng.random() < departures:
            seat = rng.choice([s for s in range(seats) if not state["left"][s]])
            action = rng.choice(GAME.legal_actions(state, seat)[-2:])
        else:
            action = rng.choice([a for a in legal if a["type"] != "leave"])
        seed_now = rng.randrange(2**32)
        new, events = GAME.apply(state, seat, action, random.Random(seed_now))
        if played is not None:
            played.append(action)
        assert state == stored, "apply changed the state it was given"
        check_event_shapes(events)
        stored = json.loads(json.dumps(new))
        assert stored == new
        if action["type"] == "score":
            hand = state["turn"]["dice"]
            assert events[0]["points"] == page_points(action["box"], hand)
            assert new["cards"][seat][action["column"]][action["box"]] == events[0]["points"]
        if thorough:
            check_events_hide(state, seat, action, events, seed_now)
            if action["type"] == "score":
                check_card(GAME.view(new, None), seat)
            if new["turn"]["covered"]:
                check_hidden(new)
        elif new["turn"]["covered"]:
            assert all("dice" not in e for e in events)
            view = GAME.view(new, None)
            assert view["potential"] == {}
            assert all(view["turn"]["dice"][i] is None for i in new["turn"]["covered"])
        state = new
    return state


def boxes(max_min):
    return 15 if max_min else 13


@examples
@given(seed=SEEDS, max_min=st.booleans())
def test_random_solo_games_follow_the_page(seed, max_min):
    state = play(1, 1, max_min, seed, thorough=seed % 4 == 0)
    outcome = check_end(state, boxes(max_min))
    assert outcome["winners"] == [0] and outcome["reason"] == "complete"


@examples
@given(seed=SEEDS, seats=st.integers(2, 4), max_min=st.booleans())
def test_random_games_around_a_table_follow_the_page(seed, seats, max_min):
    state = play(seats, 1, max_min, seed, thorough=seed % 4 == 0)
    check_end(state, seats * boxes(max_min))
    assert all(not left for left in state["left"])


@pytest.mark.parametrize(
    ("seats", "columns", "max_min"),
    [(1, 3, True), (1, 4, False), (8, 1, True), (2, 3, False), (2, 4, True), (3, 4, False)],
)
def test_long_random_games_end_after_seats_times_columns_times_boxes_turns(seats, columns, max_min):
    for seed in range(2):
        state = play(seats, columns, max_min, seed, thorough=seed == 0)
        check_end(state, seats * columns * boxes(max_min))


@examples
@given(
    seed=SEEDS,
    seats=st.integers(1, 3),
    columns=st.sampled_from([3, 4]),
    max_min=st.booleans(),
    fill=st.floats(0.6, 1.0),
)
def test_random_games_from_half_filled_cards_end_when_every_box_is_filled(
    seed, seats, columns, max_min, fill
):
    start = half_filled(seats, columns, max_min, seed, fill)
    open_boxes = sum(
        v is None for card in start["cards"] for c in card.values() for v in c.values()
    )
    state = play(seats, columns, max_min, seed, thorough=seed % 2 == 0, start=start)
    check_end(state, open_boxes)


@examples
@given(seed=SEEDS, columns=st.sampled_from([1, 4]), max_min=st.booleans())
def test_every_legal_action_of_every_seat_applies(seed, columns, max_min):
    sweep = 0.1 if columns == 1 else 0.01
    state = play(2, columns, max_min, seed, thorough=False, sweep=sweep)
    check_end(state, 2 * columns * boxes(max_min))


# The action that ends the game names the reason (house rule), also when the last player with
# an open box leaves or is claimed inactive while the others' cards are full.
ENDING = {"leave": "left", "claim_inactivity": "inactivity"}


@examples
@given(seed=SEEDS, seats=st.integers(1, 4), max_min=st.booleans())
@example(seed=24450145, seats=4, max_min=False)
def test_leaving_and_claims_end_the_game_as_the_house_rule_says(seed, seats, max_min):
    played = []
    state = play(seats, 1, max_min, seed, departures=0.03, played=played)
    players = [s for s in range(seats) if not state["left"][s]]
    filled = sum(
        v is not None for card in state["cards"] for c in card.values() for v in c.values()
    )
    outcome = check_end(state, filled)
    assert outcome["reason"] == ENDING.get(played[-1]["type"], "complete")
    if not players:
        assert seats == 1 and outcome["winners"] == []
    elif len(players) == 1 and seats > 1:
        assert outcome["winners"] == players
    else:
        assert all(
            v is not None for s in players for c in state["cards"][s].values() for v in c.values()
        )


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
