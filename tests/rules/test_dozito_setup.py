"""Dozito, seed 002 and issue #5, on fixed deals: the deck and the setup.

The card notation and `table` are tests/rules/dozito_helpers.py's.

The deck, from the module's table: amarelo STOP 1, TURNO EXTRA 7; azul STOP 4, EXTRA 10; verde
STOP 7, EXTRA 1; vermelho STOP 10, EXTRA 4; roxo STOP 12, EXTRA 6. Cards without sun: amarelo
2 5 8 11, azul 3 6 7 12, verde 3 6 9 12, vermelho 1 5 9 11, roxo 2 4 7 10, and the Coringas.
"""

import json
import random
from collections import Counter

import pytest

from games.rules.base import IllegalAction
from games.rules.dozito import GAME, card, new_deck, setup_from_deal
from tests.dozito_deck import key
from tests.rules.dozito_helpers import COLOURS, DOWN, all_cards, c, cards, table

# --- The deck -------------------------------------------------------------------------------------


def test_the_deck_is_75_cards_each_colour_1_to_12_once_and_three_coringas():
    deck = new_deck()
    assert len(deck) == 75
    for colour in COLOURS.values():
        mine = [one for one in deck if one["colour"] == colour]
        assert sorted(one["number"] for one in mine if one["number"]) == list(range(1, 13))
        coringas = [one for one in mine if one["kind"] == "coringa"]
        assert coringas == [{"colour": colour, "number": None, "suns": 0, "kind": "coringa"}] * 3
    assert all(set(one) == {"colour", "number", "suns", "kind"} for one in deck)


def test_each_colour_has_one_stop_one_turno_extra_two_2_sun_and_four_1_sun_cards():
    for colour in COLOURS.values():
        numbered = [card(colour, n) for n in range(1, 13)]
        suns = Counter((one["kind"], one["suns"]) for one in numbered)
        assert suns == {
            ("stop", 3): 1,
            ("extra", 0): 1,
            ("normal", 2): 2,
            ("normal", 1): 4,
            ("normal", 0): 4,
        }


def test_no_number_is_the_stop_twice_nor_the_turno_extra_twice():
    deck = new_deck()
    stops = [one["number"] for one in deck if one["kind"] == "stop"]
    extras = [one["number"] for one in deck if one["kind"] == "extra"]
    assert len(set(stops)) == len(stops) == 5
    assert len(set(extras)) == len(extras) == 5


def test_the_table_reads_as_the_docstring_of_these_tests_says():
    assert [c(t)["kind"] for t in ["am1", "az4", "ve7", "vm10", "rx12"]] == ["stop"] * 5
    assert [c(t)["kind"] for t in ["am7", "az10", "ve1", "vm4", "rx6"]] == ["extra"] * 5
    plain = "am2 am5 am8 am11 az3 az6 az7 az12 ve3 ve6 ve9 ve12 vm1 vm5 vm9 vm11 rx2 rx4 rx7 rx10"
    assert all(one["suns"] == 0 and one["kind"] == "normal" for one in cards(plain))


# --- Setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_deals_twelve_face_down_cards_each_one_per_pile_and_the_rest_to_draw(seats):
    state = GAME.setup(seats, {}, random.Random(seats))
    for grid in state["grids"]:
        assert len(grid) == 12 and not any(cell["up"] for cell in grid)
    assert [len(pile) for pile in state["discards"]] == [1, 1]
    assert len(state["draw_pile"]) == 75 - 12 * seats - 2
    assert all_cards(state) == sorted(map(key, new_deck()))
    assert GAME.to_act(state) == [0]
    assert state["round"] == 1
    assert json.loads(json.dumps(state)) == state


def test_options_are_one_or_three_rounds_one_by_default():
    assert GAME.options() == {"rounds": (1, (1, 3))}
    assert (GAME.slug, GAME.name, GAME.min_seats, GAME.max_seats) == ("dozito", "Dozito", 2, 5)
    assert GAME.setup(2, {}, random.Random(0))["options"] == {"rounds": 1}


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (1, {}, "2 a 5 lugares"),
        (6, {}, "2 a 5 lugares"),
        (2, {"rounds": 2}, "rounds"),
        (2, {"rounds": True}, "rounds"),
        (2, {"deck": "full"}, "Opção desconhecida: deck"),
    ],
)
def test_setup_refuses_other_seat_counts_and_options(seats, options, message):
    with pytest.raises(IllegalAction, match=message):
        GAME.setup(seats, options, random.Random(0))


def test_setup_from_deal_refuses_a_deal_that_is_not_the_75_cards():
    state = table(DOWN, None)
    grids = [[cell["card"] for cell in grid] for grid in state["grids"]]
    piles, rest = state["discards"], state["draw_pile"]
    with pytest.raises(ValueError, match="75 cards"):
        setup_from_deal(grids, piles, rest[1:])
    with pytest.raises(ValueError, match="75 cards"):
        setup_from_deal(grids, piles, [*rest[1:], rest[2]])
    with pytest.raises(ValueError, match="twelve"):
        setup_from_deal([grids[0][:11], grids[1]], piles, [grids[0][11], *rest])
    with pytest.raises(IllegalAction, match="2 a 5"):
        setup_from_deal([grids[0]], piles, grids[1] + rest)


def test_setup_from_deal_takes_a_card_or_a_list_for_each_pile():
    state = table(DOWN, None)
    grids = [[cell["card"] for cell in grid] for grid in state["grids"]]
    alone = setup_from_deal(grids, [c("vm9"), c("vm11")], state["draw_pile"], {"rounds": 3})
    assert alone["discards"] == [[c("vm9")], [c("vm11")]]
    assert (alone["round"], alone["options"], GAME.to_act(alone)) == (1, {"rounds": 3}, [0])
