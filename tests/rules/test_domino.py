"""Dominó de pontos: every rule and example of seed 001 and issue #4, on fixed deals.

Deals are written seat by seat ("44 04 00" is 4|4, 0|4, 0|0) and given to `setup_from_deal`;
moves are played by whoever is on turn ("24 left"; "66" alone for an opening or a tile that fits
one place). Jade is seats 0 and 2, Âmbar seats 1 and 3.
"""

import copy
import random

import pytest

from games.rules.base import IllegalAction
from games.rules.domino import GAME, setup_from_deal

JADE, AMBAR = 0, 1


def tiles(text):
    """ "45 03" -> [[0, 3], [4, 5]]: each tile and the hand sorted, as the rules keep them."""
    return sorted(sorted(int(pip) for pip in tile) for tile in text.split())


def deal(*hands):
    return [tiles(hand) for hand in hands]


def play(state, move, rng=None):
    tile, *end = move.split()
    (seat,) = GAME.to_act(state)
    action = {"type": "play", "tile": [int(tile[0]), int(tile[1])]}
    if end:
        action["end"] = end[0]
    return GAME.apply(state, seat, action, rng or random.Random(0))


def play_all(state, moves, rng=None):
    """Play the comma-separated `moves`; the events of all of them."""
    events = []
    for move in moves.split(","):
        state, more = play(state, move.strip(), rng)
        events += more
    return state, events


def scored(events):
    return [(e["reason"], e["pair"], e["points"]) for e in events if e["type"] == "score"]


def refused(state, seat, action, message):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action, random.Random(0))
    assert state == before


# Opened by seat 0 with 4|4 (opener=0): every seat has a 4 for the first plays.
BUCHO = deal(
    "44 04 00 01 02 03 05",
    "24 11 12 13 14 15 16",
    "34 22 23 25 26 06 33",
    "35 36 45 46 55 56 66",
)
# 6|6 with seat 0; seats 1 and 2 hold no 6.
PASSE = deal(
    "66 06 16 00 01 02 03",
    "11 12 13 14 15 04 05",
    "22 23 24 25 33 34 35",
    "26 36 46 56 44 45 55",
)
# Seat 0 holds every 6.
GALO = deal(
    "66 06 16 26 36 46 56",
    "00 01 02 03 04 05 11",
    "12 13 14 15 22 23 24",
    "25 33 34 35 44 45 55",
)
# Seats 1 and 2 hold no double; seat 0 holds four (not dealt again).
NO_DOUBLES = deal(
    "00 11 22 33 01 02 03",
    "04 05 06 12 13 14 15",
    "16 23 24 25 26 34 35",
    "36 44 45 46 55 56 66",
)
FIVE_DOUBLES = deal(
    "00 11 22 33 44 01 02",
    "03 04 05 06 12 13 14",
    "15 16 23 24 25 26 34",
    "35 36 45 46 55 56 66",
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

# Another: seat 1 goes out with 5|6 (no double); a galo on the way.
PLAIN_DEAL = deal(
    "01 02 12 15 16 22 25",
    "04 06 11 14 26 56 66",
    "13 24 33 35 36 46 55",
    "00 03 05 23 34 44 45",
)
PLAIN_MOVES = (
    "66, 36 right, 03 right, 01 right, 11 right, 13 right, 23 right, 02 right, 04 right,"
    " 46 right, 16 right, 14 right, 24 right, 22 right, 26 right, 06 left, 05 left, 15 left,"
    " 56 right"
)

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


# --- Playing: places, "end", errors -------------------------------------------------------------


def test_end_may_be_left_out_when_the_tile_fits_one_place():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    without, events = play(state, "34")
    with_end, _ = play(state, "34 right")
    assert without == with_end
    assert events[0]["end"] == "right"
    assert without["hand"]["table"]["arms"]["right"] == [[4, 3]]


def test_end_is_required_when_the_tile_fits_several_places():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    refused(state, 1, {"type": "play", "tile": [2, 4]}, "mais de um lugar")


def test_the_view_shows_where_each_tile_fits_and_the_legal_moves():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    view = GAME.view(state, 2)
    assert {tuple(p["tile"]): p["ends"] for p in view["places"]} == {
        (0, 6): [],
        (2, 2): ["left"],
        (2, 3): ["left"],
        (2, 5): ["left"],
        (2, 6): ["left"],
        (3, 3): [],
        (3, 4): ["right"],
    }
    assert {"type": "play", "tile": [3, 4], "end": "right"} in view["moves"]
    assert GAME.view(state, 0)["moves"] == []


def test_a_tile_not_in_the_hand_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    refused(state, 0, {"type": "play", "tile": [5, 5]}, "não tem a pedra 5|5")


def test_a_tile_on_an_end_it_does_not_match_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    refused(state, 2, {"type": "play", "tile": [3, 4], "end": "left"}, "ponta da esquerda")
    refused(state, 2, {"type": "play", "tile": [3, 3]}, "nenhuma ponta")


def test_playing_out_of_turn_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    refused(state, 1, {"type": "play", "tile": [2, 4]}, "Não é a sua vez")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play", "malformada"),
        ({}, "malformada"),
        ({"type": "pass"}, "desconhecida"),
        ({"type": "claim_inactivity"}, "desconhecida"),
        ({"type": "play"}, "Informe a pedra"),
        ({"type": "play", "tile": [4]}, "Informe a pedra"),
        ({"type": "play", "tile": [4, 7]}, "Informe a pedra"),
        ({"type": "play", "tile": "44"}, "Informe a pedra"),
        ({"type": "play", "tile": [True, 4]}, "Informe a pedra"),
        ({"type": "play", "tile": [4, 4], "seat": 0}, "Campo inesperado"),
        ({"type": "leave", "tile": [4, 4]}, "Campo inesperado"),
    ],
)
def test_malformed_actions_are_refused(action, message):
    refused(setup_from_deal(BUCHO, opener=0), 0, action, message)


def test_an_unknown_end_and_an_unknown_seat_are_refused():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    refused(state, 1, {"type": "play", "tile": [2, 4], "end": "middle"}, "Ponta desconhecida")
    refused(state, 4, {"type": "play", "tile": [2, 4], "end": "left"}, "não existe")


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


# --- What each seat sees ------------------------------------------------------------------------


def test_a_seat_sees_its_own_tiles_and_only_the_count_of_the_others():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    view = GAME.view(state, 1)
    assert view["hand"] == BUCHO[1]
    assert view["tile_counts"] == [6, 7, 7, 7]
    assert view["last"] == {"seat": 0, "tile": [4, 4], "end": None}
    assert [place["tile"] for place in view["places"]] == BUCHO[1]
    assert all(move["tile"] in BUCHO[1] for move in view["moves"])
    assert "tiles" not in str(view)


def test_a_spectator_sees_no_hand():
    state = setup_from_deal(BUCHO, opener=0, next_deals=[PASSE])
    view = GAME.view(state, None)
    assert view["hand"] is None
    assert view["places"] == []
    assert view["moves"] == []
    assert view["tile_counts"] == [7, 7, 7, 7]
    assert "next_deals" not in view


def test_scores_and_matches_are_in_the_view():
    state = setup_from_deal(BUCHO, scores=(35, 40), matches=(1, 0))
    view = GAME.view(state, 2)
    assert (view["scores"], view["matches"], view["match"]) == ([35, 40], [1, 0], 2)
    assert view["pairs"] == [{"name": "Jade", "seats": [0, 2]}, {"name": "Âmbar", "seats": [1, 3]}]


def test_after_a_match_the_pair_that_lost_makes_room_for_the_queue():
    game, rng = GAME, random.Random(7)
    match = {"at": "match", "losers": [1, 3]}
    assert game.make_room({"at": "hand"}, [0, 1, 2, 3], 1, rng) == ([], [])
    assert game.make_room(match, [0, 1, 2, 3], 2, rng) == ([1, 3], [])  # the whole pair goes
    going, told = game.make_room(match, [0, 1, 2, 3], 1, rng)  # one waits: the pair draws
    assert len(going) == 1 and going[0] in (1, 3)
    stays = 4 - going[0]
    assert all(e["type"] == "draw" for e in told)
    assert told[-1]["text"] == f"Jogador {stays + 1} fica na mesa."
    assert told[0]["text"].startswith("Sorteio: Jogador 2 tirou ")
    state, new = game.rematch(4, {}, rng)
    assert new[0]["type"] == "new_game" and "melhor de três" in new[0]["text"]
    assert state["scores"] == [0, 0]


def test_a_game_without_a_queue_makes_room_for_nobody():
    from games.rules import bozo

    assert bozo.GAME.make_room({"at": "match", "losers": [1]}, [0, 1], 1, random.Random(1)) == (
        [],
        [],
    )
