"""The Dominó de pontos robot and its baselines, on hand-built deals and on random positions.

Deals are written seat by seat ("44 04 00" is 4|4, 0|4, 0|0) and given to `setup_from_deal`;
moves are played by whoever is on turn ("24 left"; "66" alone for an opening). Jade is seats 0
and 2, Âmbar seats 1 and 3.
"""

from __future__ import annotations

import copy
import json
import random

from games.bots import domino as bot
from games.rules.domino import GAME, TILES, end_pip, new_table, place, setup_from_deal


def tiles(text):
    return sorted(sorted(int(pip) for pip in tile) for tile in text.split())


def deal(*hands):
    return [tiles(hand) for hand in hands]


def play(state, move):
    tile, *end = move.split()
    (seat,) = GAME.to_act(state)
    action = {"type": "play", "tile": [int(tile[0]), int(tile[1])]}
    if end:
        action["end"] = end[0]
    return GAME.apply(state, seat, action, random.Random(0))


def robot_play(state, policy=bot.choose, seed=0):
    """The robot's action for the seat on turn, from that seat's view and legal actions."""
    (seat,) = GAME.to_act(state)
    return policy(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(seed))


def midgame(hands, bucho, arms, to_move):
    """A state part-way through a hand: the hands seat by seat and the table laid out with the
    rules' own `place`, each arm's tiles in the order they were played."""
    state = setup_from_deal(PASSE)
    table = new_table()
    table["bucho"] = bucho
    for arm, played in arms.items():
        for tile in played.split():
            tile = [int(tile[0]), int(tile[1])]
            assert end_pip(table, arm) in tile
            place(table, tile, arm)
    on_table = [bucho] + [sorted(tile) for arm in arms for tile in table["arms"][arm]]
    assert sorted(map(tuple, on_table + [t for hand in hands for t in hand])) == sorted(TILES)
    hand = state["hand"]
    hand.update(tiles=hands, table=table, to_move=to_move, log=[], opening="carroca")
    return state


# 6|6 with seat 0; seats 1 and 2 hold no 6.
PASSE = deal(
    "66 06 16 00 01 02 03",
    "11 12 13 14 15 04 05",
    "22 23 24 25 33 34 35",
    "26 36 46 56 44 45 55",
)
# Seat 0 opens 5|5 (10); seat 1 scores 10 more with 0|5, nothing with 1|5 or 3|5.
SCORING = deal(
    "55 00 01 02 03 04 06",
    "05 15 35 12 13 14 16",
    "11 22 23 24 25 26 33",
    "34 36 44 45 46 56 66",
)
# Seat 0 opens 0|0. Seat 1 holds 0|1, 0|2 and 0|4, none scoring now; after 0|1 the only tiles
# that score next (1|5, 0|4) are its own, after 0|2 seat 2 scores with 2|5 or 0|3.
EASY_SCORE = deal(
    "00 05 06 11 12 13 14",
    "01 02 04 15 26 36 46",
    "16 22 23 24 25 33 34",
    "03 35 44 45 55 56 66",
)
# Seats 1 and 2 hold no double: when seat 1 must open, both give 20 and seat 3 opens.
NO_DOUBLES = deal(
    "00 11 22 33 01 02 03",
    "04 05 06 12 13 14 15",
    "16 23 24 25 26 34 35",
    "36 44 45 46 55 56 66",
)


def test_choose_always_returns_a_legal_play_on_random_positions():
    rng = random.Random(4)
    positions = 0
    for _ in range(12):
        state = GAME.setup(4, {}, rng)
        while state["matches"] == [0, 0]:
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            plays = [a for a in legal if a["type"] == "play"]
            view = GAME.view(state, seat)
            for policy in (bot.choose, bot.greedy_choose, bot.random_choose):
                assert policy(view, legal, rng) in plays
            positions += 1
            state, _ = GAME.apply(state, seat, rng.choice(plays), rng)
    assert positions > 500


def test_takes_an_obvious_scoring_play():
    state, _ = play(setup_from_deal(SCORING, opener=0), "55")
    for seed in range(5):
        assert robot_play(state, seed=seed)["tile"] == [0, 5]
        assert robot_play(state, bot.greedy_choose, seed)["tile"] == [0, 5]


def test_avoids_leaving_the_next_opponent_an_easy_score():
    state, _ = play(setup_from_deal(EASY_SCORE, opener=0), "00")
    view = GAME.view(state, 1)
    reading = bot.Reading(view)
    values = {
        (tuple(a["tile"]), a["end"]): bot.value(reading, view, a, bot.WEIGHTS)
        for a in GAME.legal_actions(state, 1)
        if a["type"] == "play"
    }
    assert values[(0, 1), "left"] > values[(0, 2), "left"]
    assert values[(0, 1), "left"] > values[(0, 4), "left"]
    for seed in range(5):
        assert robot_play(state, seed=seed)["tile"] == [0, 1]


# Spinner 6|6 with ends 1 (left), 0 (right), 2 (up) and 5 (down).
ARMS_ENDING_1_0_2_5 = {
    "left": "56 55 35 33 34 44 24 12",
    "right": "06 00 05 15 16 26 02",
    "up": "36 23",
    "down": "46 45",
}


def test_keeps_the_double_and_goes_out_with_it():
    # Ends 1, 0, 2 and 5; seat 0 holds 2|2 and 2|5 and nobody else holds a 2. The 2|2 on top
    # scores 10 now but leaves a plain batida; 2|5 below scores 5 and keeps the double for two
    # open 2s: batida de carroça (+20) next turn.
    hands = [tiles("22 25"), tiles("01 13"), tiles("03 14"), tiles("04 11")]
    arms = ARMS_ENDING_1_0_2_5
    state = midgame(hands, [6, 6], arms, to_move=0)
    assert GAME.view(state, 0)["ends"] == {"left": 1, "right": 0, "up": 2, "down": 5}
    action = robot_play(state)
    assert action == {"type": "play", "tile": [2, 5], "end": "down"}
    state, events = GAME.apply(state, 0, action, random.Random(0))
    while GAME.to_act(state) != [0]:
        state, events = GAME.apply(
            state, GAME.to_act(state)[0], robot_play(state), random.Random(0)
        )
    state, events = GAME.apply(state, 0, robot_play(state), random.Random(0))
    assert ("batida_de_carroca", 0, 20) in [
        (e["reason"], e["pair"], e["points"]) for e in events if e["type"] == "score"
    ]


def test_the_last_tile_goes_where_it_scores_most():
    # Seat 0 goes out with 2|5: on top the ends make 1 + 0 + 5 + 5 = 11, below 1 + 0 + 2 + 2 = 5.
    hands = [tiles("25"), tiles("01 13 22"), tiles("03 14"), tiles("04 11")]
    arms = ARMS_ENDING_1_0_2_5
    state = midgame(hands, [6, 6], arms, to_move=0)
    for seed in range(5):
        assert robot_play(state, seed=seed) == {"type": "play", "tile": [2, 5], "end": "down"}


def test_a_player_who_passed_is_never_assumed_to_hold_those_suits():
    # 6|6, seats 1 and 2 pass on the 6, seat 3 plays 2|6: every 6 that seat 0 has not seen is
    # with seat 3.
    state, _ = play(setup_from_deal(PASSE), "66")
    state, _ = play(state, "26 left")
    view = GAME.view(state, 0)
    assert [e["seat"] for e in view["history"] if e["type"] == "pass"] == [1, 2]
    reading = bot.Reading(view)
    for seat in (1, 2):
        assert all(6 not in t for t in reading.odds[seat])
    sixes = [t for t in reading.unseen if 6 in t]
    assert sixes == [(3, 6), (4, 6), (5, 6)]
    assert all(abs(reading.odds[3][t] - 1) < 1e-6 for t in sixes)
    for seat in (1, 2, 3):
        assert abs(sum(reading.odds[seat].values()) - view["tile_counts"][seat]) < 0.05


def test_a_player_without_a_double_to_open_is_never_assumed_to_hold_one():
    state = setup_from_deal(NO_DOUBLES, opener=1)
    reading = bot.Reading(GAME.view(state, 3))
    for seat in (1, 2):
        assert not any(a == b for a, b in reading.odds[seat])
    assert all(abs(reading.odds[0][(d, d)] - 1) < 1e-6 for d in range(4))


def test_holding_odds_spread_each_count_over_the_allowed_tiles():
    unseen = [(0, 1), (0, 2), (1, 2), (3, 4)]
    odds = bot.holding_odds(unseen, {1: 2, 2: 2}, {1: {0}, 2: set()})
    # Seat 1 has no 0: it holds the two others, so seat 2 holds both 0s.
    assert odds == {1: {(1, 2): 1.0, (3, 4): 1.0}, 2: {(0, 1): 1.0, (0, 2): 1.0}}
    odds = bot.holding_odds(unseen, {1: 1, 2: 3}, {1: {0}, 2: set()})
    assert odds[1] == {(1, 2): 0.5, (3, 4): 0.5}
    assert odds[2] == {(0, 1): 1.0, (0, 2): 1.0, (1, 2): 0.5, (3, 4): 0.5}


def test_the_robot_works_from_the_view_alone():
    state, _ = play(setup_from_deal(PASSE), "66")
    state, _ = play(state, "26 left")
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    before = copy.deepcopy(view)
    action = bot.choose(view, legal, random.Random(3))
    assert view == before
    rebuilt = json.loads(json.dumps(view))
    assert bot.choose(rebuilt, json.loads(json.dumps(legal)), random.Random(3)) == action


def test_greedy_takes_the_most_points_now_and_random_never_leaves():
    state, _ = play(setup_from_deal(EASY_SCORE, opener=0), "00")
    # Nothing scores for seat 1 on the lone 0|0, so greedy picks among all its plays.
    legal = GAME.legal_actions(state, 1)
    view = GAME.view(state, 1)
    seen = {tuple(bot.greedy_choose(view, legal, random.Random(s))["tile"]) for s in range(40)}
    assert seen == {(0, 1), (0, 2), (0, 4)}
    for seed in range(40):
        assert bot.random_choose(view, legal, random.Random(seed))["type"] == "play"
