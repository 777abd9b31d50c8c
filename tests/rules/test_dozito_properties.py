"""Invariants of Dozito over random games: 2 to 5 players, 1 and 3 rounds.

The random players choose uniformly among the legal moves (leaving and claims are tested on
their own, or no game would last). Short runs check everything at every step, the hidden cards
above all; whole games check the cheap invariants only, to keep the file fast.
"""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.dozito import GAME, new_deck
from tests.properties import examples

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SEATS = st.integers(min_value=2, max_value=5)
ROUNDS = st.sampled_from([1, 3])
MAX_STEPS = 20_000  # a 5-player game of 3 rounds takes a few thousand moves at most
ANY_TIME = ({"type": "leave"}, {"type": "claim_inactivity"})


def key(card):
    return (card["colour"], card["number"] or 0, card["suns"], card["kind"])


DECK = sorted(map(key, new_deck()))


def every_card(state):
    held = [state["turn"]["hand"]] if state["turn"]["hand"] else []
    grids = [cell["card"] for grid in state["grids"] for cell in grid]
    piles = [card for pile in state["discards"] for card in pile]
    return sorted(map(key, grids + piles + state["draw_pile"] + held))


def hidden(state):
    """The numbered cards nobody may see now: face down, in the draw pile, under a pile's top."""
    down = [cell["card"] for grid in state["grids"] for cell in grid if not cell["up"]]
    under = [card for pile in state["discards"] for card in pile[:-1]]
    return {key(card) for card in down + under + state["draw_pile"] if card["number"]}


def canonical(action):
    return json.dumps(action, sort_keys=True)


def moves(state, seat):
    return [a for a in GAME.legal_actions(state, seat) if a not in ANY_TIME]


def cards_in(value):
    """Every card dict inside an event or a view."""
    if isinstance(value, dict):
        if set(value) == {"colour", "number", "suns", "kind"}:
            return [value]
        return [card for item in value.values() for card in cards_in(item)]
    if isinstance(value, list):
        return [card for item in value for card in cards_in(item)]
    return []


def with_hidden_shuffled(state, rng):
    """The same state with the face-down cards, the draw pile and the cards under the piles'
    tops dealt among those places again: nothing any view shows may change."""
    other = json.loads(json.dumps(state))
    places = [cell for grid in other["grids"] for cell in grid if not cell["up"]]
    piles = other["discards"]
    pool = [cell["card"] for cell in places] + other["draw_pile"]
    pool += [card for pile in piles for card in pile[:-1]]
    rng.shuffle(pool)
    for cell in places:
        cell["card"] = pool.pop()
    for index, pile in enumerate(piles):
        piles[index] = [pool.pop() for _ in pile[:-1]] + pile[-1:]
    other["draw_pile"] = pool
    return other


def check_views(state, rng):
    for seat in [*range(state["seats"]), None]:
        view = GAME.view(state, seat)
        json.dumps(view)
        for grid in view["grids"]:
            assert all(cell["card"] is None for cell in grid if not cell["up"])
        assert not {key(card) for card in cards_in(view)} & hidden(state)
        assert "draw_pile" not in view
    seat = rng.choice([*range(state["seats"]), None])
    assert GAME.view(state, seat) == GAME.view(with_hidden_shuffled(state, rng), seat)


def check_turn(state):
    """One seat on turn with a real move; the others may only leave or claim; out seats nothing."""
    if GAME.outcome(state):
        assert GAME.to_act(state) == []
        assert all(GAME.legal_actions(state, s) == [] for s in range(state["seats"]))
        return
    (mover,) = GAME.to_act(state)
    assert not state["out"][mover]
    assert moves(state, mover)
    for seat in range(state["seats"]):
        if state["out"][seat]:
            assert GAME.legal_actions(state, seat) == []
        elif seat != mover:
            assert GAME.legal_actions(state, seat) == list(ANY_TIME)


def check_step(before, after, events):
    assert every_card(after) == DECK
    json.dumps(events)
    for ev in events:
        assert ev["type"] and ev["text"]
        if ev["type"] in ("round_end", "round_start", "reshuffle", "end", "turn"):
            assert cards_in(ev) == []
    if after["round"] == before["round"] and not after["end"]:
        still_hidden = hidden(before) & hidden(after)
        assert not {key(card) for card in cards_in(events)} & still_hidden
        down = sum(not cell["up"] for grid in after["grids"] for cell in grid)
        assert down <= sum(not cell["up"] for grid in before["grids"] for cell in grid)
    scored, end = len(after["round_scores"]), after["end"]
    if not end:
        assert scored == after["round"] - 1
    elif end["reason"] == "complete":
        assert scored == after["round"]


def random_action(rng):
    """A move drawn blindly, or something malformed."""
    roll = rng.random()
    if roll < 0.8:
        return rng.choice(
            [
                {"type": "take", "from": "discard", "pile": rng.randint(-1, 2)},
                {"type": "take", "from": "draw"},
                {"type": "place", "slot": rng.randint(0, 13)},
                {"type": "discard", "pile": rng.randint(0, 2)},
                {"type": "keep", "card": rng.choice(["hand", "grid", "both"]), "pile": 1},
                {"type": "claim_inactivity"},
            ]
        )
    return rng.choice(
        [
            None,
            "take",
            {},
            {"type": "pass"},
            {"type": "take"},
            {"type": "take", "from": "draw", "pile": 0},
            {"type": "take", "from": "discard", "pile": True},
            {"type": "place", "slot": "3"},
            {"type": "place", "slot": True},
            {"type": "discard", "pile": False},
            {"type": "discard"},
            {"type": "keep", "card": "hand"},
            {"type": "leave", "now": 1},
        ]
    )


def probe(state, rng):
    """A random action by a random seat applies exactly when it is legal; when refused, the
    state is left as it was."""
    before = json.loads(json.dumps(state))
    seat = GAME.to_act(state)[0] if rng.random() < 0.75 else rng.randrange(state["seats"])
    action = random_action(rng)
    legal = {canonical(a) for a in GAME.legal_actions(state, seat)}
    try:
        GAME.apply(state, seat, action, random.Random(0))
    except IllegalAction as refused:
        assert refused.message
        assert state == before
        assert canonical(action) not in legal
    else:
        assert canonical(action) in legal


def step(state, rng, *, thorough):
    (seat,) = GAME.to_act(state)
    legal = moves(state, seat)
    if thorough:
        for action in GAME.legal_actions(state, seat):
            GAME.apply(state, seat, action, random.Random(1))
        probe(state, rng)
        check_views(state, rng)
        assert json.loads(json.dumps(state)) == state
    new, events = GAME.apply(state, seat, rng.choice(legal), rng)
    check_step(state, new, events)
    if thorough:
        check_turn(new)
    return new


@examples
@given(SEEDS, SEATS, ROUNDS, st.integers(min_value=0, max_value=600))
def test_random_turns_keep_every_invariant_and_hide_every_hidden_card(seed, seats, rounds, skip):
    """From the deal, or from a random moment of the game (round ends included), sometimes
    after a player left, some turns with every check at every step."""
    rng = random.Random(seed)
    state = GAME.setup(seats, {"rounds": rounds}, rng)
    for _ in range(skip if rng.random() < 0.7 else 0):
        if GAME.outcome(state):
            return
        state = step(state, rng, thorough=False)
    if seats > 2 and rng.random() < 0.3:  # someone left: the others play on without them
        state, _ = GAME.apply(state, rng.randrange(seats), {"type": "leave"}, rng)
    check_turn(state)
    check_views(state, rng)
    for _ in range(60):
        if GAME.outcome(state):
            break
        state = step(state, rng, thorough=True)


@examples
@given(SEEDS, SEATS, ROUNDS)
def test_random_games_end_with_the_rounds_scored(seed, seats, rounds):
    rng = random.Random(seed)
    state = GAME.setup(seats, {"rounds": rounds}, rng)
    steps = 0
    while not GAME.outcome(state):
        state = step(state, rng, thorough=False)
        steps += 1
        assert steps < MAX_STEPS
    result = GAME.outcome(state)
    assert json.loads(json.dumps(state)) == state
    assert result["reason"] in ("complete", "twelve")
    totals = [sum(r[s] for r in result["rounds"]) for s in range(seats)]
    assert result["scores"] == totals
    if result["reason"] == "complete":
        assert len(result["rounds"]) == rounds
        assert max(totals) == totals[result["winners"][0]]
        assert all(totals[s] == max(totals) for s in result["winners"])
    else:
        assert len(result["winners"]) == 1


@examples
@given(SEEDS, SEATS, st.integers(min_value=0, max_value=80), st.booleans())
def test_leaving_or_being_claimed_at_any_moment_takes_one_player_out(
    seed, seats, moves_first, claim
):
    rng = random.Random(seed)
    state = GAME.setup(seats, {"rounds": 3}, rng)
    for _ in range(moves_first):
        state = step(state, rng, thorough=False)
        if GAME.outcome(state):
            return
    (mover,) = GAME.to_act(state)
    if claim:
        claimer = rng.choice([s for s in range(seats) if s != mover])
        state, _ = GAME.apply(state, claimer, {"type": "claim_inactivity"}, rng)
        gone = mover
    else:
        gone = rng.randrange(seats)
        state, _ = GAME.apply(state, gone, {"type": "leave"}, rng)
    assert state["out"][gone]
    assert every_card(state) == DECK
    result = GAME.outcome(state)
    if seats == 2:
        assert result["winners"] == [1 - gone]
        assert result["reason"] == ("inactivity" if claim else "left")
        return
    assert result is None
    check_turn(state)
    assert gone not in GAME.to_act(state)
    assert gone not in (state["last_turns"] or [])
    steps = 0
    while not GAME.outcome(state):
        state = step(state, rng, thorough=False)
        steps += 1
        assert steps < MAX_STEPS
    assert gone not in GAME.outcome(state)["winners"]
