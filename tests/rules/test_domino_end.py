"""Dominó de pontos, seed 001 and issue #4, on fixed deals: the end of a hand, the matches and the
game, leaving.

The notation of deals and moves is tests/rules/domino_helpers.py's.
"""

import random

import pytest

from games.rules.domino import GAME, setup_from_deal
from tests.rules.domino_helpers import (
    AMBAR,
    BUCHO,
    FIVE_DOUBLES,
    JADE,
    NO_DOUBLES,
    PLAIN_DEAL,
    PLAIN_MOVES,
    deal,
    play,
    play_all,
    refused,
    scored,
    tiles,
)

# A whole hand found by a random game: seat 3 goes out with 5|5. Jade scores 10 (mesa) + 40
# (two passes), Âmbar 60 (three passes) + 5 (mesa) + 20 (batida de carroça) + 35 (garagem).
CARROCA_DEAL = deal(
    "00 06 12 15 22 45 46",
    "04 05 11 13 26 35 44",
    "02 14 16 23 33 36 66",
    "01 03 24 25 34 55 56",
)
CARROCA_MOVES = (
    "66, 56 left, 46 right, 26 up, 02 up, 24 right, 06 down, 05 left, 23 right, 34 right,"
    " 00 left, 04 right, 03 down, 35 down, 01 left, 15 left, 25 down, 22 down"
)
CARROCA_LAST = "55 left"
CARROCA_POINTS = (50, 120)


# The 6|6 down, then 6|0 0|1 1|6 on the left, 6|2 2|3 3|6 on the right, 6|4 4|5 5|6 up: every
# open end (the empty down arm too) shows a 6 and every 6 is on the table.
CLOSING_MOVES = "66, 06 left, 26 right, 01 left, 23 right, 16 left, 36 right, 46 up, 45 up, 56 up"
JADE_HEAVY = deal(  # Jade keeps 63, Âmbar 27
    "66 23 45 55 44 35 25",
    "06 16 56 00 02 03 04",
    "26 36 34 15 24 33 05",
    "01 46 11 12 13 14 22",
)
AMBAR_HEAVY = deal(  # Jade keeps 27, Âmbar 63
    "66 23 45 00 02 03 04",
    "06 16 56 55 44 35 25",
    "26 36 11 12 13 14 22",
    "01 46 34 15 24 33 05",
)
EVEN = deal(  # 45 each
    "66 23 45 55 44 35 25",
    "06 16 56 34 15 24 33",
    "26 36 00 02 03 11 14",
    "01 46 05 04 12 13 22",
)


# --- End of a hand ------------------------------------------------------------------------------


def test_batida_de_carroca_scores_20_plus_the_garagem_rounded_down():
    state = setup_from_deal(CARROCA_DEAL, next_deals=[BUCHO])
    state, _ = play_all(state, CARROCA_MOVES)
    state, events = play(state, CARROCA_LAST)
    (end,) = [e for e in events if e["type"] == "hand_end"]
    assert end["reason"] == "batida"
    assert end["seat"] == 3
    assert end["hands"] == [tiles("12 45"), tiles("11 13 44"), tiles("14 16 33 36"), []]
    assert end["pips"] == [39, 14]
    assert scored(events) == [("batida_de_carroca", AMBAR, 20), ("garagem", AMBAR, 35)]
    assert state["scores"] == list(CARROCA_POINTS)


def test_batida_without_a_double_scores_only_the_garagem():
    state = setup_from_deal(PLAIN_DEAL, next_deals=[BUCHO])
    state, events = play_all(state, PLAIN_MOVES)
    (end,) = [e for e in events if e["type"] == "hand_end"]
    assert (end["reason"], end["seat"], end["pips"]) == ("batida", 1, [34, 24])
    assert scored(events)[-1] == ("garagem", AMBAR, 30)
    assert ("batida_de_carroca", AMBAR, 20) not in scored(events)


@pytest.mark.parametrize(
    ("hands", "pips", "scores"),
    [
        (JADE_HEAVY, [63, 27], [("jogo_fechado", AMBAR, 60)]),
        (AMBAR_HEAVY, [27, 63], [("jogo_fechado", JADE, 60)]),
        (EVEN, [45, 45], []),
    ],
    ids=["jade-heavier", "ambar-heavier", "tied"],
)
def test_jogo_fechado_gives_the_heavier_pairs_sum_rounded_down_to_the_other(hands, pips, scores):
    state = setup_from_deal(hands, next_deals=[BUCHO])
    state, events = play_all(state, CLOSING_MOVES)
    assert "pass" not in [e["type"] for e in events]
    (end,) = [e for e in events if e["type"] == "hand_end"]
    assert (end["reason"], end["pips"]) == ("jogo_fechado", pips)
    assert scored(events) == scores


def test_after_jogo_fechado_the_sena_holder_opens():
    state = setup_from_deal(JADE_HEAVY, next_deals=[BUCHO])
    state, events = play_all(state, CLOSING_MOVES)
    assert state["hand"]["tiles"] == BUCHO
    assert state["hand"]["opening"] == "sena"
    assert GAME.to_act(state) == [3]
    assert [e["type"] for e in events][-2:] == ["deal", "turn"]


def test_who_went_out_opens_the_next_hand_with_any_double():
    state = setup_from_deal(CARROCA_DEAL, next_deals=[BUCHO])
    state, _ = play_all(state, CARROCA_MOVES + ", " + CARROCA_LAST)
    assert state["hand"]["number"] == 2
    assert state["hand"]["opening"] == "carroca"
    assert GAME.to_act(state) == [3]
    state, events = play(state, "55")
    assert scored(events) == [("mesa", AMBAR, 10)]


def test_who_went_out_without_a_double_gives_20_and_the_next_seat_opens():
    no_double_for_3 = [NO_DOUBLES[3], NO_DOUBLES[0], NO_DOUBLES[2], NO_DOUBLES[1]]
    state = setup_from_deal(CARROCA_DEAL, next_deals=[no_double_for_3])
    state, _ = play_all(state, CARROCA_MOVES)
    state, events = play(state, CARROCA_LAST)
    assert scored(events)[-1] == ("sem_carroca", JADE, 20)
    assert state["scores"] == [CARROCA_POINTS[0] + 20, CARROCA_POINTS[1]]
    assert GAME.to_act(state) == [0]


def test_the_next_hand_is_dealt_again_on_five_doubles():
    state = setup_from_deal(CARROCA_DEAL, next_deals=[FIVE_DOUBLES, BUCHO])
    state, _ = play_all(state, CARROCA_MOVES)
    state, events = play(state, CARROCA_LAST)
    kinds = [e["type"] for e in events]
    assert kinds.index("redeal") < kinds.index("deal")
    assert state["hand"]["tiles"] == BUCHO
    assert state["hand"]["redeals"] == 1


def test_the_next_hand_is_dealt_with_the_rng_passed_to_apply():
    state = setup_from_deal(CARROCA_DEAL)
    state, _ = play_all(state, CARROCA_MOVES)
    first, _ = play(state, CARROCA_LAST, random.Random(1))
    again, _ = play(state, CARROCA_LAST, random.Random(1))
    other, _ = play(state, CARROCA_LAST, random.Random(2))
    assert first == again
    assert first["hand"]["tiles"] != other["hand"]["tiles"]


# --- Matches and the game -----------------------------------------------------------------------


def finish_carroca_hand(scores, matches=(0, 0), next_deals=(BUCHO,)):
    """Play the batida de carroça hand from `scores`: Jade adds 50, Âmbar 120."""
    state = setup_from_deal(CARROCA_DEAL, scores=scores, matches=matches, next_deals=next_deals)
    state, _ = play_all(state, CARROCA_MOVES)
    return play(state, CARROCA_LAST)


def test_a_match_is_not_decided_in_the_middle_of_a_hand():
    state = setup_from_deal(CARROCA_DEAL, scores=(190, 190))
    state, _ = play_all(state, CARROCA_MOVES)
    assert state["scores"] == [240, 255]  # Âmbar's batida and garagem still to come
    assert state["matches"] == [0, 0]
    assert state["hand"]["number"] == 1


def test_when_both_pairs_pass_200_on_the_same_hand_more_points_win_the_match():
    state, events = finish_carroca_hand((160, 85))  # Jade 210, Âmbar 205: Âmbar went out
    (end,) = [e for e in events if e["type"] == "match_end"]
    assert (end["pair"], end["scores"]) == (JADE, [210, 205])
    assert state["matches"] == [1, 0]
    assert state["results"] == [{"winner": JADE, "scores": [210, 205]}]
    assert state["match"] == 2
    assert state["scores"] == [0, 0]


def test_equal_points_past_200_play_another_hand():
    state, events = finish_carroca_hand((155, 85))
    assert "match_tied" in [e["type"] for e in events]
    assert state["scores"] == [205, 205]
    assert state["matches"] == [0, 0]
    assert state["hand"]["opening"] == "carroca"
    assert GAME.to_act(state) == [3]  # who went out still opens


def test_a_new_match_opens_with_the_sena_even_after_a_batida():
    state, _ = finish_carroca_hand((0, 150))
    assert state["matches"] == [0, 1]
    assert state["hand"]["opening"] == "sena"
    assert GAME.to_act(state) == [3]
    assert state["hand"]["tiles"] == BUCHO


def test_the_second_match_won_wins_the_game():
    state, events = finish_carroca_hand((120, 150), matches=(1, 1))
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 1) == []
    assert GAME.outcome(state) == {
        "winners": [1, 3],
        "scores": [170, 270, 170, 270],
        "matches": [1, 2, 1, 2],
        "reason": "complete",
        "text": "Vitória de Âmbar por 2 partidas a 1.",
    }
    assert events[-1]["type"] == "end"
    refused(state, 1, {"type": "leave"}, "já terminou")


def test_one_match_won_is_not_the_game():
    state, _ = finish_carroca_hand((0, 150), matches=(1, 0))
    assert GAME.outcome(state) is None
    assert state["matches"] == [1, 1]
    assert state["match"] == 3


# --- Leaving ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "winners"), [(0, [1, 3]), (1, [0, 2]), (2, [1, 3])])
def test_leaving_gives_the_game_to_the_other_pair(seat, winners):
    state = setup_from_deal(BUCHO, opener=0)
    state, events = GAME.apply(state, seat, {"type": "leave"}, random.Random(0))
    result = GAME.outcome(state)
    assert (result["winners"], result["reason"]) == (winners, "left")
    assert [e["type"] for e in events] == ["leave", "end"]
    assert GAME.to_act(state) == []
    refused(state, 0, {"type": "play", "tile": [4, 4]}, "já terminou")


def test_every_seat_may_leave_at_any_time():
    state = setup_from_deal(BUCHO, opener=0)
    for seat in range(4):
        assert {"type": "leave"} in GAME.legal_actions(state, seat)
