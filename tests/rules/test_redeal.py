"""`redeal(state, seat, rng)` of each game over random games: what `seat` (None: a spectator)
cannot see is dealt again, and nothing it can see changes.

At random moments of random games, for every seat and the spectator: the seat's view of the copy
is exactly its view of the state, everything outside the hidden places is the same, the argument
is left alone, the copy is a state of the game (the same tiles or cards, a seat on turn with a
real move, what the public log says still true) that plays on, and over a game the hidden part
does change. The games sometimes play on from a re-dealt copy.
"""

import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.rules import bozo, dice, domino, dozito, yams
from tests.properties import examples
from tests.rules.test_bozo_properties import choose
from tests.rules.test_domino_properties import check_tiles
from tests.rules.test_domino_properties import check_turn as check_domino_turn
from tests.rules.test_dozito_properties import DECK, every_card
from tests.rules.test_dozito_properties import check_turn as check_dozito_turn

SEEDS = st.integers(0, 2**32 - 1)
ENDINGS = ("leave", "claim_inactivity")
ENOUGH = 10  # re-deals with something hidden in one game, after which one must have changed it


def containers(value):
    """The ids of every dict and list inside `value`."""
    if isinstance(value, dict):
        return {id(value)}.union(*map(containers, value.values()))
    if isinstance(value, list):
        return {id(value)}.union(*map(containers, value))
    return set()


def check_redeal(rules, state, seat, rng, *, public, valid):
    """One re-deal for `seat`, checked; whether it changed anything."""
    game = rules.GAME
    before = json.loads(json.dumps(state))
    seed = rng.randrange(2**32)
    new = rules.redeal(state, seat, random.Random(seed))
    assert state == before, "redeal changed the state it was given"
    assert not containers(new) & containers(state), "the copy shares a list or dict"
    assert rules.redeal(state, seat, random.Random(seed)) == new, "randomness not from rng"
    # From what the seat sees and the generator alone: the same seed deals a re-dealt copy the
    # same way (a search over re-deals learns nothing of where the hidden pieces really are).
    assert rules.redeal(new, seat, random.Random(seed)) == new, "the deal tells the real one"
    assert json.loads(json.dumps(new)) == new
    assert game.view(new, seat) == game.view(state, seat)
    assert public(new, seat) == public(state, seat)
    valid(new)
    assert game.to_act(new) == game.to_act(state)
    for mover in game.to_act(new):
        legal = game.legal_actions(new, mover)
        if mover == seat:  # what a seat may do follows from what it sees
            assert legal == game.legal_actions(state, seat)
        game.apply(new, mover, rng.choice(legal), random.Random(seed))
    return new != state


def walk(rules, state, rng, steps, *, pick, hidden, public, valid, checks=1.0):
    """Up to `steps` random moves from `state`, re-dealing for every seat and the spectator
    before a move with probability `checks` (and at the end); sometimes the game plays on from
    a re-dealt copy. Returns how many re-deals had something hidden and how many changed it."""
    game = rules.GAME
    cases = changed = 0
    for step in range(steps + 1):
        last = step == steps or not game.to_act(state)
        if last or rng.random() < checks:
            for seat in [None, *range(state["seats"])]:
                secret = hidden(state, seat)
                differs = check_redeal(rules, state, seat, rng, public=public, valid=valid)
                assert secret or not differs, "nothing was hidden, yet the copy differs"
                cases += secret
                changed += differs
        if last:
            break
        if rng.random() < 0.2:
            state = rules.redeal(state, rng.choice([None, *range(state["seats"])]), rng)
        seat, action = pick(state, rng)
        state, _ = game.apply(state, seat, action, rng)
    assert cases < ENOUGH or changed, "redeal never changed anything hidden"
    return cases, changed


def pick_dice(state, rng):
    """Bozó and Yam's: an action type drawn uniformly, then an action of that type; rarely a
    seat leaves or claims."""
    game = bozo.GAME if state["game"] == "bozo" else yams.GAME
    seat = game.to_act(state)[0]
    if rng.random() < 0.01:
        seat = rng.randrange(state["seats"])
        ends = [a for a in game.legal_actions(state, seat) if a["type"] in ENDINGS]
        if ends:
            return seat, rng.choice(ends)
        seat = game.to_act(state)[0]
    legal = [a for a in game.legal_actions(state, seat) if a["type"] not in ENDINGS]
    return seat, choose(rng, legal)


# Bozó and Yam's: only the dice under the cup are hidden, from everyone alike


def dice_public(state, seat):
    copied = json.loads(json.dumps(state))
    for i in state["turn"]["covered"]:
        copied["turn"]["dice"][i] = None
    return copied


def dice_hidden(state, seat):
    return bool(state["turn"]["covered"])


def dice_valid(state):
    assert all(state["turn"]["dice"][i] in range(1, 7) for i in state["turn"]["covered"])


DICE = {"pick": pick_dice, "hidden": dice_hidden, "public": dice_public, "valid": dice_valid}


@examples
@given(seed=SEEDS, mode=st.sampled_from(tuple(bozo.MODES)), general=st.booleans())
def test_bozo_redeal_throws_the_covered_dice_again_and_keeps_every_view(seed, mode, general):
    rng = random.Random(seed)
    seats = bozo.MODES[mode][0]
    state = bozo.GAME.setup(seats, {"mode": mode, "general_de_boca_vence": general}, rng)
    walk(bozo, state, rng, 120, **DICE)


@examples
@given(
    seed=SEEDS,
    seats=st.integers(1, 4),
    columns=st.sampled_from([1, 3, 4]),
    max_min=st.booleans(),
)
def test_yams_redeal_throws_the_covered_dice_again_and_keeps_every_view(
    seed, seats, columns, max_min
):
    rng = random.Random(seed)
    state = yams.GAME.setup(seats, {"columns": columns, "max_min": max_min}, rng)
    walk(yams, state, rng, 120, checks=0.4, **DICE)


def test_dice_redeal_covered_throws_only_the_covered_dice():
    turn = {"dice": [1, 2, 3, 4, 5], "held": [True, False, True, False, False], "rolls": 2}
    turn.update(covered=[1, 3, 4], cup=True)
    seen = set()
    for seed in range(50):
        again = json.loads(json.dumps(turn))
        assert dice.redeal_covered(again, random.Random(seed)) == [1, 3, 4]
        assert again == {**turn, "dice": again["dice"]}
        assert [again["dice"][i] for i in (0, 2)] == [1, 3]
        seen.add(tuple(again["dice"][i] for i in (1, 3, 4)))
    assert len(seen) > 40
    assert all(face in range(1, 7) for faces in seen for face in faces)


# Dominó: the other seats' hands (all four for a spectator); there is no boneyard


def domino_hidden_seats(seat):
    return [s for s in range(domino.SEATS) if s != seat]


def domino_public(state, seat):
    copied = json.loads(json.dumps(state))
    tiles = copied["hand"]["tiles"]
    for s in domino_hidden_seats(seat):
        tiles[s] = len(tiles[s])
    return copied


def domino_hidden(state, seat):
    return sum(len(state["hand"]["tiles"][s]) for s in domino_hidden_seats(seat)) > 1


def check_log_agrees(state):
    """A second reading of what the public log of the hand tells about the hands: a seat holds
    nothing of the ends it passed on, nor a double once it had none to open with, and no seat
    was dealt five doubles."""
    hand = state["hand"]
    doubles = Counter()
    for entry in hand["log"]:
        tiles = hand["tiles"][entry["seat"]]
        if entry["type"] == "pass":
            assert not {pip for tile in tiles for pip in tile} & set(entry["ends"])
        elif entry["type"] == "sem_carroca":
            assert all(a != b for a, b in tiles)
        elif entry["tile"][0] == entry["tile"][1]:
            doubles[entry["seat"]] += 1
    for seat, tiles in enumerate(hand["tiles"]):
        assert doubles[seat] + sum(a == b for a, b in tiles) < 5


def domino_valid(state):
    check_tiles(state)
    check_domino_turn(state)
    check_log_agrees(state)
    assert all(tiles == sorted(tiles) for tiles in state["hand"]["tiles"])


def pick_domino(state, rng):
    (seat,) = domino.GAME.to_act(state)
    legal = domino.GAME.legal_actions(state, seat)
    if rng.random() < 0.005:
        return rng.randrange(domino.SEATS), {"type": "leave"}
    return seat, rng.choice([a for a in legal if a["type"] == "play"])


DOMINO = {
    "pick": pick_domino,
    "hidden": domino_hidden,
    "public": domino_public,
    "valid": domino_valid,
}


@examples
@given(seed=SEEDS, bucho_lado=st.sampled_from(["dobrado", "simples"]))
def test_domino_redeal_deals_the_other_hands_again_as_the_log_allows(seed, bucho_lado):
    rng = random.Random(seed)
    state = domino.GAME.setup(4, {"bucho_lado": bucho_lado}, rng)
    walk(domino, state, rng, 70, checks=0.3, **DOMINO)


def test_domino_redeal_keeps_the_passes_true_and_a_play_for_the_seat_on_turn():
    """After the 6|6, seats 1 and 2 pass on the 6s: a spectator's re-deals share the other 6s
    between seats 0 and 3 only, and seat 3, on turn, always has one."""
    hands = [
        [[6, 6], [0, 0], [1, 1], [0, 1], [0, 2], [0, 3], [0, 4]],
        [[1, 2], [1, 3], [1, 4], [1, 5], [2, 2], [2, 3], [2, 4]],
        [[2, 5], [3, 3], [3, 4], [3, 5], [4, 4], [4, 5], [5, 5]],
        [[0, 6], [1, 6], [2, 6], [3, 6], [4, 6], [5, 6], [0, 5]],
    ]
    state = domino.setup_from_deal(hands)
    state, _ = domino.GAME.apply(state, 0, {"type": "play", "tile": [6, 6]}, random.Random(0))
    assert [e["seat"] for e in state["hand"]["log"] if e["type"] == "pass"] == [1, 2]
    assert state["hand"]["to_move"] == 3
    deals, sixes_to_0 = set(), 0
    for seed in range(200):
        tiles = domino.redeal(state, None, random.Random(seed))["hand"]["tiles"]
        assert not any(6 in tile for tile in tiles[1] + tiles[2])
        assert any(6 in tile for tile in tiles[3])
        sixes_to_0 += any(6 in tile for tile in tiles[0])
        deals.add(json.dumps(tiles))
    assert len(deals) > 150
    assert sixes_to_0 > 100


# Dozito: the face-down cards of every grid, their owner's included, and the draw pile


def dozito_public(state, seat):
    copied = json.loads(json.dumps(state))
    for grid in copied["grids"]:
        for cell in grid:
            if not cell["up"]:
                cell["card"] = None
    copied["draw_pile"] = len(copied["draw_pile"])
    return copied


def dozito_hidden(state, seat):
    down = [cell["card"] for grid in state["grids"] for cell in grid if not cell["up"]]
    return len({json.dumps(card) for card in down + state["draw_pile"]}) > 1


def dozito_valid(state):
    assert every_card(state) == DECK
    check_dozito_turn(state)


def pick_dozito_move(state, rng):
    (seat,) = dozito.GAME.to_act(state)
    return seat, rng.choice(
        [a for a in dozito.GAME.legal_actions(state, seat) if a["type"] not in ENDINGS]
    )


def pick_dozito(state, rng):
    game = dozito.GAME
    if rng.random() < 0.005:
        seat = rng.choice([s for s in range(state["seats"]) if not state["out"][s]])
        return seat, rng.choice(
            [a for a in game.legal_actions(state, seat) if a["type"] in ENDINGS]
        )
    return pick_dozito_move(state, rng)


DOZITO = {
    "pick": pick_dozito,
    "hidden": dozito_hidden,
    "public": dozito_public,
    "valid": dozito_valid,
}


@examples
@given(seed=SEEDS, seats=st.integers(2, 5), rounds=st.sampled_from([1, 3]))
def test_dozito_redeal_deals_the_face_down_cards_and_the_draw_pile_again(seed, seats, rounds):
    rng = random.Random(seed)
    state = dozito.GAME.setup(seats, {"rounds": rounds}, rng)
    walk(dozito, state, rng, 200, checks=0.1, **DOZITO)


def test_dozito_redeal_moves_even_the_own_face_down_cards_and_keeps_the_piles():
    """The cards under a pile's top were seen when discarded: they stay, as the card in hand."""
    rng = random.Random(5)
    state = dozito.GAME.setup(3, {}, rng)
    while len(state["discards"][0]) < 3 or state["turn"]["hand"] is None:
        state, _ = dozito.GAME.apply(state, *pick_dozito_move(state, rng), rng)
    own = [cell["card"] for cell in state["grids"][0] if not cell["up"]]
    moved = 0
    for seed in range(50):
        new = dozito.redeal(state, 0, random.Random(seed))
        assert new["discards"] == state["discards"]
        assert new["turn"] == state["turn"]
        assert [c for g in new["grids"] for c in g if c["up"]] == [
            c for g in state["grids"] for c in g if c["up"]
        ]
        moved += [cell["card"] for cell in new["grids"][0] if not cell["up"]] != own
    assert moved > 45
