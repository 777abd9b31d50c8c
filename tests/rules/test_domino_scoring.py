"""Dominó de pontos, seed 001 and issue #4, on fixed deals: the bucho and the points on the table,
passe and galo.

The notation of deals and moves is tests/rules/domino_helpers.py's.
"""

import pytest

from games.rules.domino import GAME, setup_from_deal
from tests.rules.domino_helpers import (
    AMBAR,
    BUCHO,
    JADE,
    PASSE,
    PLAIN_DEAL,
    PLAIN_MOVES,
    deal,
    play,
    play_all,
    refused,
    scored,
)

# Seat 0 holds every 6.
GALO = deal(
    "66 06 16 26 36 46 56",
    "00 01 02 03 04 05 11",
    "12 13 14 15 22 23 24",
    "25 33 34 35 44 45 55",
)


# --- The bucho and the points on the table ------------------------------------------------------


@pytest.mark.parametrize("bucho_lado", ["dobrado", "simples"])
def test_a_5_5_opening_scores_10(bucho_lado):
    state = setup_from_deal(BUCHO, {"bucho_lado": bucho_lado}, opener=3)
    state, events = play(state, "55")
    assert scored(events) == [("mesa", AMBAR, 10)]
    assert GAME.view(state, 0)["counted"] == {"bucho": 10}


def test_seed_example_ends_2_and_4_4_give_2_plus_8_is_10():
    state = setup_from_deal(BUCHO, opener=0)
    state, events = play_all(state, "44, 24 left")
    assert scored(events) == [("mesa", AMBAR, 10)]
    view = GAME.view(state, 2)
    assert view["open"] == ["left", "right"]
    assert view["ends"] == {"left": 2, "right": 4}
    assert view["counted"] == {"left": 2, "right": 8}
    assert (view["sum"], view["points"]) == (10, 10)


def test_with_bucho_lado_simples_the_empty_side_counts_one_half():
    state = setup_from_deal(BUCHO, {"bucho_lado": "simples"}, opener=0)
    state, events = play_all(state, "44, 24 left")
    assert scored(events) == []
    assert GAME.view(state, 2)["counted"] == {"left": 2, "right": 4}


def test_with_both_sides_covered_the_bucho_no_longer_counts():
    state = setup_from_deal(BUCHO, opener=0)
    state, events = play_all(state, "44, 24 left, 34 right")
    assert scored(events) == [("mesa", AMBAR, 10), ("mesa", JADE, 5)]
    assert GAME.view(state, 0)["counted"] == {"left": 2, "right": 3}


def test_up_and_down_open_only_after_both_sides_have_a_tile():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    refused(state, 2, {"type": "play", "tile": [3, 4], "end": "up"}, "dois lados do bucho")
    state, _ = play(state, "34 right")
    assert GAME.view(state, 3)["open"] == ["left", "right", "up", "down"]


def test_four_arms_each_enter_the_sum_with_their_first_tile():
    state = setup_from_deal(BUCHO, opener=0)
    state, events = play_all(state, "44, 24 left, 34 right, 45 up, 04 down")
    assert scored(events) == [
        ("mesa", AMBAR, 10),  # 2 + 4|4 dobrado
        ("mesa", JADE, 5),  # 2 + 3
        ("mesa", AMBAR, 10),  # 2 + 3 + 5; the empty down arm adds nothing
        ("mesa", JADE, 10),  # 2 + 3 + 5 + 0
    ]
    assert GAME.view(state, 1)["counted"] == {"left": 2, "right": 3, "up": 5, "down": 0}
    assert state["scores"] == [15, 20]


def test_a_double_at_the_end_of_an_arm_counts_both_halves():
    state = setup_from_deal(BUCHO, {"bucho_lado": "simples"}, opener=0)
    state, events = play_all(state, "44, 24 left, 22 left, 46 right")
    assert scored(events) == [("mesa", AMBAR, 10)]  # 2|2 counts 4, plus 6
    assert GAME.view(state, 0)["counted"] == {"left": 4, "right": 6}


def test_a_sum_that_is_not_a_multiple_of_5_scores_nothing():
    state = setup_from_deal(BUCHO)
    state, events = play(state, "66")
    assert scored(events) == [("passe", AMBAR, 20)]  # seat 0 has no 6; no mesa points
    assert GAME.view(state, 0)["sum"] == 12


# --- Passe and galo -----------------------------------------------------------------------------


def test_a_pass_gives_20_to_the_pair_of_who_played_last_and_the_partner_passes_for_nothing():
    state = setup_from_deal(PASSE)
    state, events = play(state, "66")
    assert [(e["type"], e.get("seat")) for e in events if e["type"] == "pass"] == [
        ("pass", 1),
        ("pass", 2),
    ]
    assert scored(events) == [("passe", JADE, 20)]
    assert GAME.to_act(state) == [3]
    assert GAME.view(state, None)["history"][1:] == [
        {"type": "pass", "seat": 1, "ends": [6]},
        {"type": "pass", "seat": 2, "ends": [6]},
    ]


def test_galo_scores_50_instead_of_the_three_passes():
    state = setup_from_deal(GALO)
    state, events = play(state, "66")
    assert [e["seat"] for e in events if e["type"] == "pass"] == [1, 2, 3]
    assert scored(events) == [("galo", JADE, 50)]
    assert state["scores"] == [50, 0]
    assert GAME.to_act(state) == [0]


def test_a_galo_after_a_play_in_the_middle_of_the_hand():
    state = setup_from_deal(PLAIN_DEAL)
    moves = PLAIN_MOVES.split(", ")
    state, _ = play_all(state, ", ".join(moves[:14]))
    state, events = play(state, moves[14])  # 2|6: both ends show 6 and only seat 1 holds one
    assert scored(events) == [("galo", AMBAR, 50)]
    assert GAME.to_act(state) == [1]
