"""Invariants of Bozó over thousands of random games driven by `legal_actions` and `apply`.

The random player picks an action type uniformly, then an action of that type: picking among all
legal actions alike would hold dice (31 ways) far more often than it rolls or scores, and the
games would crawl. Leaving and claiming are drawn rarely, so most games reach the end.
"""

import copy
import json
import random
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, GAME, MODES
from tests.properties import examples

SEATS = {mode: seats for mode, (seats, _) in MODES.items()}
ENDINGS = ("leave", "claim_inactivity")

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries(
    {"bonus_de_boca": st.booleans(), "general_de_boca_vence": st.booleans()}
)


def choose(rng, actions):
    kinds = sorted({action["type"] for action in actions})
    kind = rng.choice(kinds)
    return rng.choice([action for action in actions if action["type"] == kind])


def setup(mode, chosen, rng):
    return GAME.setup(SEATS[mode], {"mode": mode, **chosen}, rng)


def lists_in(value):
    """Every list nested anywhere in `value`."""
    if isinstance(value, list):
        yield value
        for item in value:
            yield from lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)


def with_other_covered_values(state):
    """The same state with every die under the cup showing another face."""
    other = json.loads(json.dumps(state))
    for i in other["turn"]["covered"]:
        other["turn"]["dice"][i] = other["turn"]["dice"][i] % 6 + 1
    return other


def check_state(state, viewer):
    """Checks `state` and returns a JSON copy of it, equal to it."""
    copied = json.loads(json.dumps(state))
    assert copied == state
    view = GAME.view(state, None)
    assert json.loads(json.dumps(view)) == view
    # Nothing is private but the cup, hidden from everyone alike: each seat sees what a
    # spectator sees. One seat per step keeps the run short; a game shows every seat often.
    assert GAME.view(state, viewer) == {**view, "seat": viewer}
    for shown in view["cards"]:
        assert shown["total"] == sum(points or 0 for points in shown["boxes"].values())
    assert view["outcome"] == GAME.outcome(state)
    if state["turn"]["covered"]:
        check_nothing_covered_shows(state)
    return copied


def check_nothing_covered_shows(state):
    """On the spectator's view: `check_state` saw that every seat's view is the same."""
    view = GAME.view(state, None)
    assert view == GAME.view(with_other_covered_values(state), None)
    assert all(view["turn"]["dice"][i] is None for i in state["turn"]["covered"])
    assert view["potential"] == {}
    raw = state["turn"]["dice"]
    assert all(shown is not raw and shown != raw for shown in lists_in(view))


def check_roll_events_hide_the_cup(state, seat, action, events, new):
    """A roll under the cup says the same whatever the dice show."""
    if action["type"] != "roll" or not new["turn"]["covered"]:
        return
    _, other_events = GAME.apply(state, seat, action, random.Random(new["turn"]["dice"][0]))
    assert other_events == events
    for shown in lists_in(events):
        assert shown != new["turn"]["dice"]


def check_end(state):
    result = GAME.outcome(state)
    assert result is not None
    assert GAME.to_act(state) == []
    assert all(GAME.legal_actions(state, seat) == [] for seat in range(state["seats"]))
    view = GAME.view(state, None)
    totals = [card["total"] for card in view["cards"]]
    assert result["scores"] == [totals[card] for card in view["card_of"]]
    if result["reason"] == "complete":
        per_seat = view["turns_per_seat"]
        assert per_seat * state["seats"] == len(BOXES) * len(state["cards"])
        assert state["turns_taken"] == [per_seat] * state["seats"]
        assert all(None not in card.values() for card in state["cards"])
        best = max(result["scores"])
        assert result["winners"] == [s for s, total in enumerate(result["scores"]) if total == best]
    else:
        assert result["reason"] != "general_de_boca" or state["options"]["general_de_boca_vence"]
    return result


def play(mode, chosen, seed, *, endings=0.0):
    """A random game from `seed`; `endings` is the chance, at each step, that some seat leaves or
    claims inactivity instead. Returns the final state, the number of turns played (boxes
    scored) and the last move as (state before, seat, action)."""
    rng = random.Random(seed)
    state = setup(mode, chosen, rng)
    copied = check_state(state, 0)
    steps = turns = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if endings and rng.random() < endings:
            seat = rng.randrange(state["seats"])
            action = rng.choice(
                [a for a in GAME.legal_actions(state, seat) if a["type"] in ENDINGS]
            )
        else:
            legal = [a for a in GAME.legal_actions(state, seat) if a["type"] not in ENDINGS]
            action = choose(rng, legal)
        new, events = GAME.apply(state, seat, action, rng)
        assert state == copied  # apply worked on a copy
        assert json.loads(json.dumps(events)) == events
        assert all(isinstance(e["type"], str) and isinstance(e["text"], str) for e in events)
        check_roll_events_hide_the_cup(state, seat, action, events, new)
        last = (state, seat, action)
        state = new
        turns += action["type"] == "score"
        steps += 1
        copied = check_state(state, steps % state["seats"])
        assert steps < 2000
    check_end(state)
    return state, turns, last


def check_complete_games(mode, chosen, seed):
    state, turns, (_, seat, _) = play(mode, chosen, seed)
    reason = GAME.outcome(state)["reason"]
    if reason == "complete":
        assert turns == len(BOXES) * len(state["cards"])
    else:  # a General revealed by the first roll, with the option on
        assert reason == "general_de_boca"
        assert state["options"]["general_de_boca_vence"]
        assert state["turn"]["rolls"] == 1
        assert len(set(state["turn"]["dice"])) == 1
        assert GAME.outcome(state)["winners"] == same_side(state, seat)


def same_side(state, seat):
    cards = GAME.view(state, None)["card_of"]
    return [s for s in range(state["seats"]) if cards[s] == cards[seat]]


@examples
@given(seed=seeds, chosen=options)
def test_random_solo_games_end_after_ten_turns(seed, chosen):
    check_complete_games("solo", chosen, seed)


@examples
@given(seed=seeds, chosen=options)
def test_random_duelo_games_end_after_ten_turns_each(seed, chosen):
    check_complete_games("duelo", chosen, seed)


@examples
@given(seed=seeds, chosen=options)
def test_random_duplas_games_end_after_five_turns_each(seed, chosen):
    check_complete_games("duplas", chosen, seed)


@examples
@given(seed=seeds, mode=st.sampled_from(tuple(MODES)), chosen=options)
def test_leaving_and_claiming_end_the_game_for_the_right_side(seed, mode, chosen):
    state, _, (before, seat, action) = play(mode, chosen, seed, endings=0.02)
    winners = GAME.outcome(state)["winners"]
    if action["type"] == "leave":
        assert GAME.outcome(state)["reason"] == "left"
        others = [s for s in range(state["seats"]) if s not in same_side(state, seat)]
        assert winners == others  # in solo nobody
    elif action["type"] == "claim_inactivity":
        assert GAME.outcome(state)["reason"] == "inactivity"
        assert mode != "solo"
        assert before["to_move"] not in same_side(state, seat)
        assert winners == same_side(state, seat)


# --- Illegal actions ----------------------------------------------------------------------------

MALFORMED = [
    ["roll"],
    "roll",
    None,
    {},
    {"cup": True},
    {"type": None},
    {"type": 1},
    {"type": ""},
    {"type": "ROLL"},
    {"type": "pass"},
    {"type": "roll", "cup": "true"},
    {"type": "roll", "cup": 1},
    {"type": "roll", "cup": None},
    {"type": "roll", "cup": False, "extra": 0},
    {"type": "lift"},
    {"type": "lift", "from": "side"},
    {"type": "lift", "from": 1},
    {"type": "hold"},
    {"type": "hold", "dice": 0},
    {"type": "hold", "dice": "01"},
    {"type": "hold", "dice": [0.0]},
    {"type": "hold", "dice": [True]},
    {"type": "hold", "dice": [5]},
    {"type": "hold", "dice": [-1]},
    {"type": "hold", "dice": [0, 7]},
    {"type": "hold", "dice": [1, 1]},
    {"type": "hold", "dice": [0, 2, 0]},
    {"type": "score"},
    {"type": "score", "box": None},
    {"type": "score", "box": 3},
    {"type": "score", "box": "chance"},
    {"type": "score", "box": "Sena"},
    {"type": "score", "box": "sena", "column": "livre"},
    {"type": "leave", "now": True},
    {"type": "claim_inactivity", "seat": 0},
]

HOLDS = [list(c) for size in range(6) for c in combinations(range(5), size)]
WELL_FORMED = [
    {"type": "roll", "cup": False},
    {"type": "roll", "cup": True},
    {"type": "lift", "from": "top"},
    {"type": "lift", "from": "bottom"},
    *({"type": "hold", "dice": dice} for dice in HOLDS),
    *({"type": "score", "box": box} for box in BOXES),
    {"type": "leave"},
    {"type": "claim_inactivity"},
]


def known_illegal(state):
    """What the rules must refuse in `state`: reason -> (seat, action) pairs."""
    seats = range(state["seats"])
    turn, mover = state["turn"], state["to_move"]
    found = {
        "malformed": [(seat, action) for seat in seats for action in MALFORMED],
        "no such seat": [(seat, {"type": "leave"}) for seat in (-1, state["seats"], "0", None)],
    }
    if mover is None:
        found["after the end"] = [(seat, action) for seat in seats for action in WELL_FORMED]
        return found
    dice_moves = [a for a in WELL_FORMED if a["type"] not in ENDINGS]
    found["out of turn"] = [(seat, a) for seat in seats if seat != mover for a in dice_moves]
    found["claim on turn"] = [(mover, {"type": "claim_inactivity"})]
    if state["options"]["mode"] == "duplas":
        partner = (mover + 2) % 4
        found["partner claims"] = [(partner, {"type": "claim_inactivity"})]

    def mover_moves(*kinds):
        return [(mover, a) for a in dice_moves if a["type"] in kinds]

    if turn["rolls"] == 0:
        found["before the first roll"] = mover_moves("hold", "score")
    if turn["rolls"] == 3:
        found["a fourth roll"] = mover_moves("roll", "hold")
    if turn["covered"]:
        found["under the cup"] = mover_moves("roll", "hold", "score")
    else:
        found["lift without the cup"] = mover_moves("lift")
    card = state["cards"][GAME.view(state, None)["card_of"][mover]]
    filled = [(mover, {"type": "score", "box": box}) for box in BOXES if card[box] is not None]
    if filled:
        found["filled box"] = filled
    return found


def refused(state, before, seat, action):
    """Whether the rules refuse `action`; a refusal must leave `state` equal to `before`."""
    try:
        GAME.apply(state, seat, action, random.Random(0))
    except IllegalAction as error:
        assert isinstance(error.message, str) and error.message
        assert state == before
        return True
    return False


def is_legal(state, seat, action):
    if not isinstance(seat, int) or not 0 <= seat < state["seats"]:
        return False
    # Compare as JSON: in Python True == 1, so [True] would match the hold of die 1.
    return json.dumps(action) in [json.dumps(a) for a in GAME.legal_actions(state, seat)]


@examples
@given(seed=seeds, mode=st.sampled_from(tuple(MODES)), chosen=options)
def test_illegal_actions_are_refused_and_leave_the_state_untouched(seed, mode, chosen):
    rng = random.Random(seed)
    state = setup(mode, chosen, rng)
    while True:
        if GAME.to_act(state) and rng.random() < 0.6:  # probe 40% of the states and the last
            state = step(state, rng)
            continue
        before = copy.deepcopy(state)
        found = known_illegal(state)
        for reason in rng.sample(sorted(found), min(4, len(found))):
            for seat, action in rng.sample(found[reason], min(2, len(found[reason]))):
                assert not is_legal(state, seat, action), (reason, seat, action)
                assert refused(state, before, seat, action), (reason, seat, action)
        # Any well-formed action applies exactly when legal_actions offers it (holding the dice
        # already held is a harmless no-op that is not offered).
        seat = rng.randrange(state["seats"])
        held = [i for i in range(5) if state["turn"]["held"][i]]
        for action in rng.sample(WELL_FORMED, 4):
            if action == {"type": "hold", "dice": held} and seat == state["to_move"]:
                continue
            assert refused(state, before, seat, action) != is_legal(state, seat, action)
        if not GAME.to_act(state):
            break
        state = step(state, rng)


def step(state, rng):
    seat = GAME.to_act(state)[0]
    legal = [a for a in GAME.legal_actions(state, seat) if a["type"] not in ENDINGS]
    return GAME.apply(state, seat, choose(rng, legal), rng)[0]
