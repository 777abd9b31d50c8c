"""What the test_yams_properties_*.py modules share: the Yam's page (seed 003) read a second
time, independently of games.rules.yams, and a random game checked against it at every step.
"""

import copy
import json
import random
from collections import Counter

from hypothesis import strategies as st

from games.rules.yams import GAME

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
