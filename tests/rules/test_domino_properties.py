"""Invariants of Dominó de pontos over thousands of random hands and whole games.

The random players choose uniformly among the legal plays (leaving is tested on its own, or no
game would last). Short runs (a hand or two) check everything at every step; whole best-of-three
games check the cheap invariants only, to keep the file fast.
"""

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.domino import ARMS, GAME, table_tiles
from tests.properties import examples

ALL_TILES = sorted([a, b] for a in range(7) for b in range(a, 7))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
options = st.fixed_dictionaries({"bucho_lado": st.sampled_from(["dobrado", "simples"])})


def plays(state, seat):
    return [a for a in GAME.legal_actions(state, seat) if a["type"] == "play"]


def check_tiles(state):
    hand = state["hand"]
    held = [tile for tiles in hand["tiles"] for tile in tiles]
    assert sorted(held + table_tiles(hand["table"])) == ALL_TILES
    assert all(tile[0] <= tile[1] for tile in held)


def check_scores(before, after):
    assert all(points % 5 == 0 for points in after["scores"])
    if after["match"] == before["match"]:
        assert all(new >= old for new, old in zip(after["scores"], before["scores"], strict=True))
    else:
        assert after["match"] == before["match"] + 1
        assert after["scores"] == [0, 0]
    assert sum(after["matches"]) == len(after["results"])
    assert all(won <= 2 for won in after["matches"])


def check_turn(state):
    """The one seat on turn has a real play; the others may only leave."""
    if GAME.outcome(state):
        assert GAME.to_act(state) == []
        assert 2 in state["matches"] or state["end"]["reason"] == "left"
        return
    (seat,) = GAME.to_act(state)
    assert plays(state, seat)
    for other in range(4):
        if other != seat:
            assert GAME.legal_actions(state, other) == [{"type": "leave"}]


def with_other_hands_shuffled(state, seat, rng):
    """The same state with the tiles of every other seat dealt among them again (same counts)
    and other future deals: nothing `seat` may see changes."""
    other = json.loads(json.dumps(state))
    tiles = other["hand"]["tiles"]
    seats = [s for s in range(4) if s != seat]
    pool = [tile for s in seats for tile in tiles[s]]
    rng.shuffle(pool)
    for s in seats:
        count = len(tiles[s])
        tiles[s], pool = sorted(pool[:count]), pool[count:]
    other["next_deals"] = [[ALL_TILES[i * 7 : i * 7 + 7] for i in range(4)]]
    return other


def check_views(state, rng):
    """Every view shows its own hand only; one of them, drawn at random, is checked to stay the
    same whatever the hidden tiles are."""
    for seat in (0, 1, 2, 3, None):
        view = GAME.view(state, seat)
        json.dumps(view)
        if seat is None:
            assert view["hand"] is None
            assert view["places"] == view["moves"] == []
        else:
            assert view["hand"] == state["hand"]["tiles"][seat]
        assert view["tile_counts"] == [len(tiles) for tiles in state["hand"]["tiles"]]
    seat = rng.choice([0, 1, 2, 3, None])
    assert GAME.view(state, seat) == GAME.view(with_other_hands_shuffled(state, seat, rng), seat)


def random_action(rng, state):
    """A play drawn blindly (any tile, any end or none), or something malformed."""
    roll = rng.random()
    if roll < 0.7:
        action = {"type": "play", "tile": [rng.randint(0, 6), rng.randint(0, 6)]}
        end = rng.choice([*ARMS, None, None, "middle"])
        if end is not None:
            action["end"] = end
        return action
    return rng.choice(
        [
            None,
            "play",
            {},
            {"type": "pass"},
            {"type": "play"},
            {"type": "play", "tile": [6]},
            {"type": "play", "tile": [6, 7]},
            {"type": "play", "tile": "66"},
            {"type": "play", "tile": [6, 6], "extra": 1},
            {"type": "leave", "end": "left"},
        ]
    )


def is_legal(state, seat, action):
    """Whether `action` is a legal play, possibly written without its only place or with the
    tile's halves in the other order."""
    if not isinstance(action, dict) or set(action) - {"type", "tile", "end"}:
        return False
    tile = action.get("tile")
    if action.get("type") != "play" or not isinstance(tile, list) or len(tile) != 2:
        return False
    if not all(type(n) is int and 0 <= n <= 6 for n in tile):
        return False
    same = [a for a in plays(state, seat) if a["tile"] == sorted(tile)]
    if "end" in action:
        return any(a.get("end") == action["end"] for a in same)
    return len(same) == 1


def probe(state, rng):
    """A random action by a random seat applies exactly when it is legal; when refused, the
    state is left as it was."""
    before = json.loads(json.dumps(state))
    seat = GAME.to_act(state)[0] if rng.random() < 0.75 else rng.randrange(4)
    action = random_action(rng, state)
    try:
        GAME.apply(state, seat, action, random.Random(0))
    except IllegalAction as refused:
        assert refused.message
        assert state == before
        assert not is_legal(state, seat, action)
    else:
        assert is_legal(state, seat, action)


def check_events(events):
    json.dumps(events)
    for ev in events:
        assert ev["type"] and ev["text"]
        if ev["type"] != "hand_end":
            assert "hands" not in ev and "tiles" not in ev
        if ev["type"] == "score":
            assert ev["points"] > 0 and ev["points"] % 5 == 0


def step(state, rng, *, thorough):
    """One uniformly random legal play, with the checks; the new state."""
    (seat,) = GAME.to_act(state)
    legal = plays(state, seat)
    if thorough:
        for action in [*legal, {"type": "leave"}]:
            GAME.apply(state, seat, action, random.Random(1))
        probe(state, rng)
        check_views(state, rng)
        assert json.loads(json.dumps(state)) == state
    new, events = GAME.apply(state, seat, rng.choice(legal), rng)
    check_tiles(new)
    check_scores(state, new)
    check_turn(new)
    if thorough:
        check_events(events)
    return new, events


@examples
@given(seeds, options)
def test_random_hands_keep_every_invariant(seed, chosen):
    rng = random.Random(seed)
    state = GAME.setup(4, chosen, rng)
    check_tiles(state)
    check_turn(state)
    check_views(state, rng)
    while state["hand"]["number"] == 1:
        state, _ = step(state, rng, thorough=True)


@examples
@given(seeds, options)
def test_random_games_end_with_two_matches_won(seed, chosen):
    rng = random.Random(seed)
    state = GAME.setup(4, chosen, rng)
    reasons = Counter()
    while not GAME.outcome(state):
        state, events = step(state, rng, thorough=False)
        reasons.update(e["reason"] for e in events if e["type"] == "hand_end")
    result = GAME.outcome(state)
    winner = result["winners"][0] % 2
    assert result["reason"] == "complete"
    assert result["winners"] == [winner, winner + 2]
    assert state["matches"][winner] == 2
    assert result["scores"][winner] >= 200
    assert result["scores"][winner] > result["scores"][1 - winner]
    assert [r["winner"] for r in state["results"]].count(winner) == 2
    assert sum(reasons.values()) == state["hand"]["number"]


@examples
@given(seeds, st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=3))
def test_leaving_at_any_moment_gives_the_game_to_the_other_pair(seed, plays_first, leaver):
    rng = random.Random(seed)
    state = GAME.setup(4, {}, rng)
    for _ in range(plays_first):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, rng.choice(plays(state, seat)), rng)
    state, _ = GAME.apply(state, leaver, {"type": "leave"}, rng)
    result = GAME.outcome(state)
    assert result["reason"] == "left"
    assert result["winners"] == [1 - leaver % 2, 3 - leaver % 2]
    assert GAME.to_act(state) == []
    assert json.loads(json.dumps(state)) == state
