"""Dominó de pontos, seed 001 and issue #4, on fixed deals: the setup and who opens.

The notation of deals and moves is tests/rules/domino_helpers.py's.
"""

import random

import pytest

from games.rules.base import IllegalAction
from games.rules.domino import GAME, setup_from_deal
from tests.rules.domino_helpers import BUCHO, FIVE_DOUBLES, NO_DOUBLES, refused

# --- Setup and who opens ------------------------------------------------------------------------


def test_setup_deals_seven_tiles_to_four_seats_and_the_sena_holder_opens():
    state = GAME.setup(4, {}, random.Random(7))
    hands = state["hand"]["tiles"]
    assert [len(hand) for hand in hands] == [7, 7, 7, 7]
    assert sorted(tile for hand in hands for tile in hand) == sorted(
        [a, b] for a in range(7) for b in range(a, 7)
    )
    (opener,) = GAME.to_act(state)
    assert [6, 6] in hands[opener]
    assert GAME.legal_actions(state, opener) == [
        {"type": "play", "tile": [6, 6]},
        {"type": "leave"},
    ]
    assert state["options"] == {"bucho_lado": "dobrado"}


def test_setup_refuses_other_seat_counts_and_unknown_option_values():
    with pytest.raises(IllegalAction, match="4 lugares"):
        GAME.setup(3, {}, random.Random(0))
    with pytest.raises(IllegalAction, match="bucho_lado"):
        GAME.setup(4, {"bucho_lado": "triplo"}, random.Random(0))


def test_a_new_game_opens_with_the_sena_only():
    state = setup_from_deal(BUCHO)
    assert GAME.to_act(state) == [3]
    refused(state, 3, {"type": "play", "tile": [5, 5]}, "carroça de sena")


def test_who_went_out_opens_with_any_double():
    state = setup_from_deal(BUCHO, opener=3)
    plays = [a["tile"] for a in GAME.legal_actions(state, 3) if a["type"] == "play"]
    assert plays == [[5, 5], [6, 6]]
    refused(state, 3, {"type": "play", "tile": [3, 5]}, "sempre com carroça")
    refused(state, 3, {"type": "play", "tile": [5, 5], "end": "left"}, "centro")


def test_opener_without_a_double_gives_20_and_the_opening_passes_on():
    state = setup_from_deal(NO_DOUBLES, opener=2)
    assert state["scores"] == [0, 20]
    assert GAME.to_act(state) == [3]
    assert GAME.view(state, None)["history"] == [{"type": "sem_carroca", "seat": 2}]


def test_sem_carroca_twice_in_a_row_scores_for_each_pair():
    state = setup_from_deal(NO_DOUBLES, opener=1)
    assert state["scores"] == [20, 20]
    assert GAME.to_act(state) == [3]
    plays = [a["tile"] for a in GAME.legal_actions(state, 3) if a["type"] == "play"]
    assert plays == [[4, 4], [5, 5], [6, 6]]


def test_a_hand_with_five_doubles_is_dealt_again():
    state = setup_from_deal(FIVE_DOUBLES, next_deals=[BUCHO])
    assert state["hand"]["tiles"] == BUCHO
    assert state["hand"]["redeals"] == 1
    assert GAME.to_act(state) == [3]


def test_four_doubles_are_played():
    state = setup_from_deal(NO_DOUBLES, opener=0)
    assert state["hand"]["redeals"] == 0
    assert state["hand"]["tiles"] == NO_DOUBLES


def test_setup_from_deal_refuses_a_deal_that_is_not_the_28_tiles():
    with pytest.raises(ValueError):
        setup_from_deal([BUCHO[0]] * 4)
    with pytest.raises(ValueError):
        setup_from_deal(BUCHO[:3])
