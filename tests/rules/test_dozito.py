"""Dozito: every rule of seed 002 and issue #5, on fixed deals.

Cards are written "az7" (azul 7), "rx*" (a Coringa roxo); colours am, az, ve, vm, rx. A grid is
twelve cards for slots 1 to 12, "^" marking a face-up one. `table` builds a deal from the grids
(None: filled face down from what is left), the two discard piles (bottom to top) and the top
of the draw pile; every other card follows in deck order at the bottom of the draw pile.

The deck, from the module's table: amarelo STOP 1, TURNO EXTRA 7; azul STOP 4, EXTRA 10; verde
STOP 7, EXTRA 1; vermelho STOP 10, EXTRA 4; roxo STOP 12, EXTRA 6. Cards without sun: amarelo
2 5 8 11, azul 3 6 7 12, verde 3 6 9 12, vermelho 1 5 9 11, roxo 2 4 7 10, and the Coringas.
"""

import copy
import json
import random
from collections import Counter

import pytest

from games.rules.base import IllegalAction
from games.rules.dozito import GAME, card, grid_score, new_deck, setup_from_deal
from tests.dozito_deck import key, rest_of_deck

COLOURS = {"am": "amarelo", "az": "azul", "ve": "verde", "vm": "vermelho", "rx": "roxo"}
SEED_TABLE = {1: 0, 2: 2, 3: 5, 4: 10, 5: 16, 6: 25, 7: 35, 8: 45, 9: 55, 10: 65, 11: 75}


def c(token):
    """ "az7" -> the azul 7; "rx*" -> a Coringa roxo ("^" ignored)."""
    colour, rest = COLOURS[token[:2]], token[2:].rstrip("^")
    return card(colour, None if rest == "*" else int(rest))


def cards(text):
    return [c(token) for token in text.split()]


def table(*grids, piles=("vm9", "vm11"), draw="", rest="draw", **kwargs):
    """A state from the grids, piles and draw top; what is left of the deck fills the grids given
    as None (face down) and then goes under the draw pile (rest="draw") or under pile 0."""
    left = rest_of_deck(one for text in [*grids, *piles, draw] if text for one in cards(text))
    dealt, up = [], []
    for text in grids:
        if text is None:
            dealt.append(left[:12])
            left = left[12:]
            up.append([])
        else:
            dealt.append(cards(text))
            up.append([s for s, token in enumerate(text.split(), 1) if token.endswith("^")])
    bottom = left if rest == "pile" else []
    discards = [bottom + cards(piles[0]), cards(piles[1])]
    top = cards(draw) + (left if rest == "draw" else [])
    return setup_from_deal(dealt, discards, top, up=up, **kwargs)


def take(pile):
    return {"type": "take", "from": "discard", "pile": pile}


DRAW = {"type": "take", "from": "draw"}


def place(slot):
    return {"type": "place", "slot": slot}


def discard(pile):
    return {"type": "discard", "pile": pile}


def keep(which, pile):
    return {"type": "keep", "card": which, "pile": pile}


def do(state, *actions, rng=None):
    """Apply each action for the seat on turn; the last state and every event."""
    events = []
    for action in actions:
        (seat,) = GAME.to_act(state)
        assert action in GAME.legal_actions(state, seat), action
        state, more = GAME.apply(state, seat, action, rng or random.Random(0))
        events += more
    return state, events


def kinds(events):
    return [e["type"] for e in events]


def slot(state, seat, number):
    cell = state["grids"][seat][number - 1]
    return cell["card"], cell["up"]


def tops(state):
    return [pile[-1] if pile else None for pile in state["discards"]]


def refused(state, seat, action, message):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=message):
        GAME.apply(state, seat, action, random.Random(0))
    assert state == before


def all_cards(state):
    held = [state["turn"]["hand"]] if state["turn"]["hand"] else []
    grids = [cell["card"] for grid in state["grids"] for cell in grid]
    piles = [one for pile in state["discards"] for one in pile]
    return sorted(map(key, grids + piles + state["draw_pile"] + held))


# Seat 0, all face down and no sun: each card's own slot is face down too.
DOWN = "vm5 rx7 az6 am8 ve9 am9 az3 am2 rx10 ve3 am11 rx4"
# Seat 0, slots 1-11 face up in no group and no sun; slot 12 holds the verde 12 face down.
ALMOST = "am2^ az3^ am5^ az6^ ve3^ vm1^ ve6^ vm5^ rx2^ am8^ rx4^ ve12"
# Slots 1-11 the amarelo 1 to 11 face up (one group of 11, 10 suns), slot 12 the azul 12 down.
ELEVEN = "am1^ am2^ am3^ am4^ am5^ am6^ am7^ am8^ am9^ am10^ am11^ az12"


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


# --- Choice A: a discard pile ---------------------------------------------------------------------


def test_a_card_taken_from_a_pile_goes_to_its_slot_and_turns_up_the_card_there():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, events = do(state, take(1))
    assert slot(state, 0, 7) == (c("az7"), True)
    assert state["turn"] == {"phase": "hand", "hand": c("az3"), "slot": None}
    assert kinds(events) == ["take", "place"]
    assert (
        events[1]["text"]
        == "Jogador 1 colocou o 7 azul no espaço 7 e virou o 3 azul, que estava ali."
    )
    assert GAME.legal_actions(state, 0) == [place(3), discard(0), discard(1), {"type": "leave"}]


def test_the_chain_goes_on_while_face_down_cards_are_turned_up():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1), place(3))
    assert slot(state, 0, 3) == (c("az3"), True)
    assert state["turn"]["hand"] == c("az6")
    state, events = do(state, place(6), place(9))
    assert state["turn"]["hand"] == c("rx10")
    assert [n for n in range(1, 13) if state["grids"][0][n - 1]["up"]] == [3, 6, 7, 9]
    state, events = do(state, discard(0))
    assert tops(state) == [c("rx10"), None]
    assert GAME.to_act(state) == [1]
    assert kinds(events) == ["discard", "turn"]


def test_a_card_taken_over_a_face_up_card_discards_that_card_and_ends_the_turn():
    state = table("vm5 rx7 az6 am8 ve9 az12 az3^ am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "discard", "hand": c("az3"), "slot": None}
    assert GAME.legal_actions(state, 0) == [discard(0), discard(1), {"type": "leave"}]
    refused(state, 0, place(3), "descarte a carta da mão numa das pilhas")
    state, _ = do(state, discard(1))
    assert slot(state, 0, 7) == (c("az7"), True)
    assert tops(state) == [c("vm9"), c("az3")]
    assert GAME.to_act(state) == [1]


def test_a_coringa_taken_from_a_pile_goes_to_the_slot_the_player_picks():
    state = table(DOWN, None, piles=("vm9", "ve*"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "place", "hand": c("ve*"), "slot": None}
    assert GAME.legal_actions(state, 0) == [place(n) for n in range(1, 13)] + [{"type": "leave"}]
    refused(state, 0, discard(0), "escolha o espaço da grade para o Coringa")
    state, _ = do(state, place(11))
    assert slot(state, 0, 11) == (c("ve*"), True)
    assert state["turn"]["hand"] == c("am11")


def test_an_empty_pile_cannot_be_taken_from():
    state = table(DOWN, None, piles=("", "az7"))
    assert GAME.legal_actions(state, 0)[:2] == [take(1), DRAW]
    refused(state, 0, take(0), "pilha 1 de descarte está vazia")


# --- Choice B: the draw pile ----------------------------------------------------------------------


def test_a_drawn_card_may_be_discarded_and_the_turn_ends():
    state = table(DOWN, None, draw="az7")
    state, _ = do(state, DRAW)
    assert state["turn"] == {"phase": "hand", "hand": c("az7"), "slot": None}
    assert GAME.legal_actions(state, 0) == [place(7), discard(0), discard(1), {"type": "leave"}]
    state, _ = do(state, discard(0))
    assert tops(state)[0] == c("az7")
    assert not any(cell["up"] for cell in state["grids"][0])
    assert GAME.to_act(state) == [1]


def test_a_drawn_card_placed_in_its_slot_follows_the_same_chain():
    state = table(DOWN, None, draw="az7")
    state, _ = do(state, DRAW, place(7))
    assert slot(state, 0, 7) == (c("az7"), True)
    assert state["turn"]["hand"] == c("az3")
    refused(state, 0, place(7), "O 3 azul só pode ir para o espaço 3")


def test_a_drawn_card_goes_only_to_its_own_slot_and_a_coringa_anywhere():
    state = table(DOWN, None, draw="az7 rx*")
    state, _ = do(state, DRAW)
    refused(state, 0, place(8), "O 7 azul só pode ir para o espaço 7")
    state, _ = do(state, discard(1), DRAW)  # seat 1 draws the Coringa
    assert [a["slot"] for a in GAME.legal_actions(state, 1) if a["type"] == "place"] == list(
        range(1, 13)
    )


# --- Face-up cards in the chain -------------------------------------------------------------------

# The 3 azul lies face down in slot 7; slot 3 shows the verde 3.
CLASH = "vm5 rx7 ve3^ am8 ve9 am9 az3 am2 rx10 az12 am11 rx4"


def test_a_turned_up_card_whose_slot_is_face_up_forces_a_choice_keep_the_new_one():
    state = table(CLASH, None, piles=("vm9", "az7"))
    state, events = do(state, take(1))
    assert state["turn"] == {"phase": "clash", "hand": c("az3"), "slot": 3}
    assert kinds(events) == ["take", "place", "clash"]
    assert GAME.legal_actions(state, 0) == [
        keep("hand", 0),
        keep("hand", 1),
        keep("grid", 0),
        keep("grid", 1),
        {"type": "leave"},
    ]
    refused(state, 0, discard(0), "fique com uma das duas cartas no espaço 3")
    refused(state, 0, place(3), "fique com uma das duas cartas no espaço 3")
    state, events = do(state, keep("hand", 0))
    assert slot(state, 0, 3) == (c("az3"), True)
    assert tops(state)[0] == c("ve3")
    assert GAME.to_act(state) == [1]
    assert events[0]["text"] == (
        "Jogador 1 ficou com o 3 azul no espaço 3 e descartou o 3 verde na pilha 1."
    )


def test_a_turned_up_card_whose_slot_is_face_up_forces_a_choice_keep_the_old_one():
    state = table(CLASH, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1), keep("grid", 1))
    assert slot(state, 0, 3) == (c("ve3"), True)
    assert tops(state) == [c("vm9"), c("az3")]
    assert GAME.to_act(state) == [1]


def test_a_card_turned_up_from_its_own_slot_clashes_with_the_card_just_placed():
    state = table("vm5 rx7 az6 am8 ve9 am9 ve7 am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "clash", "hand": c("ve7"), "slot": 7}


# The Coringa amarelo lies face down in slot 7; slot 3 shows the 6 azul.
CORINGA = "vm5 rx7 az6^ am8 ve9 am9 am* am2 rx10 ve3 am11 rx4"


def test_a_turned_up_coringa_never_clashes_and_may_go_to_any_slot():
    state = table(CORINGA, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "hand", "hand": c("am*"), "slot": None}
    assert [a["slot"] for a in GAME.legal_actions(state, 0) if a["type"] == "place"] == list(
        range(1, 13)
    )
    state, _ = do(state, place(5))  # over the face-down 9 verde: the chain goes on
    assert slot(state, 0, 5) == (c("am*"), True)
    assert state["turn"] == {"phase": "hand", "hand": c("ve9"), "slot": None}


def test_a_card_placed_over_a_face_up_card_in_the_chain_discards_it_and_ends_the_turn():
    state = table(CORINGA, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1), place(3))
    assert state["turn"] == {"phase": "discard", "hand": c("az6"), "slot": None}
    state, _ = do(state, discard(0))
    assert slot(state, 0, 3) == (c("am*"), True)
    assert GAME.to_act(state) == [1]


def test_a_face_up_coringa_replaced_by_a_numbered_card_is_discarded_and_the_turn_ends():
    state = table("vm5 rx7 az6 am8 ve9 am9 am*^ am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, events = do(state, take(1))
    assert state["turn"] == {"phase": "discard", "hand": c("am*"), "slot": None}
    assert (
        events[1]["text"] == "Jogador 1 colocou o 7 azul no espaço 7 no lugar do Coringa amarelo."
    )
    state, _ = do(state, discard(1))
    assert tops(state)[1] == c("am*")
    assert GAME.to_act(state) == [1]


def test_a_face_up_coringa_in_the_slot_of_a_turned_up_card_is_a_clash_too():
    state = table("vm5 rx7 rx*^ am8 ve9 am9 az3 am2 rx10 az12 am11 rx4", None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "clash", "hand": c("az3"), "slot": 3}
    state, _ = do(state, keep("hand", 1))
    assert tops(state)[1] == c("rx*")
    assert GAME.to_act(state) == [1]


# --- STOP -----------------------------------------------------------------------------------------


def test_a_stop_placed_over_a_face_down_card_turns_it_up_to_discard_and_ends_the_turn():
    state = table(DOWN, None, draw="az4")
    state, events = do(state, DRAW, place(4))
    assert state["turn"] == {"phase": "discard", "hand": c("am8"), "slot": None}
    assert kinds(events)[-1] == "stop"
    assert events[-1]["text"] == "STOP: Jogador 1 descarta o 8 amarelo e o turno termina."
    assert GAME.legal_actions(state, 0) == [discard(0), discard(1), {"type": "leave"}]
    state, _ = do(state, discard(1))
    assert slot(state, 0, 4) == (c("az4"), True)
    assert tops(state)[1] == c("am8")
    assert GAME.to_act(state) == [1]


def test_a_stop_placed_over_a_face_up_card_discards_it_and_ends_the_turn():
    state = table("vm5 rx7 az6 am8^ ve9 am9 az3 am2 rx10 ve3 am11 rx4", None, draw="az4")
    state, _ = do(state, DRAW, place(4))
    assert state["turn"] == {"phase": "discard", "hand": c("am8"), "slot": None}


def test_a_stop_taken_from_a_pile_ends_the_turn_too():
    state = table(DOWN, None, piles=("vm9", "az4"))
    state, events = do(state, take(1))
    assert state["turn"] == {"phase": "discard", "hand": c("am8"), "slot": None}
    assert kinds(events) == ["take", "place", "stop"]


def test_a_stop_turned_up_in_the_chain_and_placed_ends_the_turn():
    state = table("vm5 rx7 az6 am8 ve9 am9 az4 am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"]["hand"] == c("az4")
    state, _ = do(state, place(4))
    assert state["turn"] == {"phase": "discard", "hand": c("am8"), "slot": None}


def test_a_drawn_stop_that_is_discarded_just_ends_the_turn():
    state = table(DOWN, None, draw="az4")
    state, events = do(state, DRAW, discard(0))
    assert kinds(events) == ["draw", "discard", "turn"]
    assert GAME.to_act(state) == [1]
    assert not any(cell["up"] for cell in state["grids"][0])


# --- TURNO EXTRA ----------------------------------------------------------------------------------


def test_a_turno_extra_discarded_from_the_draw_gives_another_turn():
    state = table(DOWN, None, draw="az10")
    state, events = do(state, DRAW, discard(0))
    assert kinds(events) == ["draw", "discard", "extra_turn"]
    assert events[-1]["text"] == "TURNO EXTRA: Jogador 1 joga outra vez."
    assert GAME.to_act(state) == [0]
    assert state["turn"] == {"phase": "start", "hand": None, "slot": None}


def test_a_turno_extra_turned_up_from_the_grid_and_discarded_gives_another_turn():
    state = table("vm5 rx7 az6 am8 ve9 am9 vm4 am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, events = do(state, take(1), discard(0))
    assert kinds(events)[-1] == "extra_turn"
    assert GAME.to_act(state) == [0]


def test_a_face_up_turno_extra_replaced_and_discarded_gives_another_turn():
    state = table("vm5 rx7 az6 vm4^ ve9 am9 az3 am2 rx10 ve3 am11 rx4", None, draw="ve4")
    state, events = do(state, DRAW, place(4), discard(1))
    assert kinds(events)[-1] == "extra_turn"
    assert GAME.to_act(state) == [0]


def test_a_turno_extra_replaced_by_a_stop_still_gives_another_turn():
    state = table("vm5 rx7 az6 vm4 ve9 am9 az3 am2 rx10 ve3 am11 rx4", None, draw="az4")
    state, events = do(state, DRAW, place(4), discard(1))
    assert kinds(events) == ["draw", "place", "stop", "discard", "extra_turn"]
    assert GAME.to_act(state) == [0]


def test_a_turno_extra_lost_in_a_clash_gives_another_turn():
    state = table("vm5 rx7 az6 am8^ ve9 am9 vm4 am2 rx10 ve3 am11 rx4", None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    assert state["turn"] == {"phase": "clash", "hand": c("vm4"), "slot": 4}
    state, events = do(state, keep("grid", 0))
    assert kinds(events)[-1] == "extra_turn"
    assert GAME.to_act(state) == [0]


def test_a_turno_extra_taken_from_a_pile_is_placed_and_gives_no_extra_turn():
    state = table(DOWN, None, piles=("vm9", "az10"))
    state, _ = do(state, take(1))
    assert slot(state, 0, 10) == (c("az10"), True)
    state, events = do(state, discard(0))  # the 3 verde it turned up
    assert "extra_turn" not in kinds(events)
    assert GAME.to_act(state) == [1]


# --- Groups and points ----------------------------------------------------------------------------

AMARELO_SUNS = [3, 0, 1, 2, 0, 1, 0, 0, 1, 2, 0, 1]  # the amarelo 1 to 12, read from the table
FILLER = cards("az3 az6 az7 az12 ve3 ve6 ve9 ve12 vm1 vm5 vm9 vm11")


def grid_of(face_up, face_down=()):
    """A grid: slot -> card face up, slot -> card face down, the rest face-down filler."""
    grid = [{"card": FILLER[n - 1], "up": False} for n in range(1, 13)]
    for n, one in face_down:
        grid[n - 1] = {"card": one, "up": False}
    for n, one in face_up:
        grid[n - 1] = {"card": one, "up": True}
    return grid


@pytest.mark.parametrize("size", range(1, 12))
def test_a_group_scores_by_the_seed_table_plus_its_suns(size):
    grid = grid_of([(n, card("amarelo", n)) for n in range(1, size + 1)])
    score = grid_score(grid)
    assert score["groups"] == [size]
    assert score["suns"] == sum(AMARELO_SUNS[:size])
    assert score["points"] == SEED_TABLE[size] + sum(AMARELO_SUNS[:size])


def test_groups_join_orthogonally_not_diagonally_nor_across_rows():
    corner = grid_of([(1, c("am2")), (6, c("am5"))])  # slots 1 and 6 touch by a corner
    assert grid_score(corner) == {"groups": [1, 1], "suns": 0, "points": 0}
    rows = grid_of([(4, c("am2")), (5, c("am5"))])  # 4 ends the first row, 5 begins the second
    assert grid_score(rows) == {"groups": [1, 1], "suns": 0, "points": 0}
    bent = grid_of([(1, c("am2")), (5, c("am5")), (6, c("am8")), (2, c("az3"))])
    assert grid_score(bent) == {"groups": [3, 1], "suns": 0, "points": 5}


def test_face_down_cards_join_no_group_and_their_suns_count_nothing():
    grid = grid_of([(1, c("am2")), (2, c("am5"))], face_down=[(3, c("am4")), (5, c("am10"))])
    assert grid_score(grid) == {"groups": [2], "suns": 0, "points": 2}
    grid = grid_of([(1, c("am4")), (2, c("az9")), (3, c("am1"))])
    assert grid_score(grid) == {"groups": [1, 1, 1], "suns": 7, "points": 7}


def test_several_groups_score_each():
    # Row 1 amarelo 2 5 8 11 (4 cards: 10), row 2 azul 3 6 7 12 (4: 10), row 3 verde 3 6 (2: 2).
    face_up = zip(range(1, 11), cards("am2 am5 am8 am11 az3 az6 az7 az12 ve3 ve6"), strict=True)
    grid = grid_of(list(face_up), face_down=[(11, c("vm1")), (12, c("vm5"))])
    assert grid_score(grid) == {"groups": [4, 4, 2], "suns": 0, "points": 22}


def test_eleven_cards_of_one_colour_score_75_at_the_end_of_the_round():
    state = table(ELEVEN, None, piles=("vm9", "vm12"), draw="az3")
    state, events = do(state, take(1), keep("grid", 0))
    assert kinds(events)[-2:] == ["trigger", "turn"]
    state, events = do(state, DRAW, discard(0))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["scores"] == [75 + 10 + 1, 0]  # the group, amarelo 1-11 suns, the vermelho 12 sun
    assert end["details"][0] == {"groups": [11, 1], "suns": 11, "points": 86}
    assert end["text"] == "Fim da 1ª rodada: Jogador 1 86, Jogador 2 0."
    result = GAME.outcome(state)
    assert result == {
        "winners": [0],
        "scores": [86, 0],
        "reason": "complete",
        "rounds": [[86, 0]],
        "text": "Jogador 1 venceu com 86 pontos.",
    }
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 1) == []


def test_twelve_face_up_cards_of_one_colour_win_the_game_at_once():
    state = table(ELEVEN, None, piles=("vm9", "am12"))
    state, events = do(state, take(1))
    assert kinds(events) == ["take", "place", "twelve", "end"]
    result = GAME.outcome(state)
    assert (result["winners"], result["reason"], result["rounds"]) == ([0], "twelve", [])
    assert result["text"] == "Jogador 1 juntou doze cartas da mesma cor e venceu o jogo."
    assert GAME.to_act(state) == []
    refused(state, 1, DRAW, "já terminou")


def test_twelve_of_one_colour_wins_even_in_the_first_of_three_rounds():
    state = table(ELEVEN, None, piles=("vm9", "am12"), options={"rounds": 3})
    state, _ = do(state, take(1))
    assert GAME.outcome(state)["reason"] == "twelve"


# --- The end of the round -------------------------------------------------------------------------


ENDING = {"piles": ("vm9", "az12"), "draw": "az7 rx7"}  # seat 0 ends ALMOST, then plain draws
THREE = {"rounds": 3}


def end_almost(state, which="grid"):
    """Seat 0 turns up its last card with the azul 12 of pile 1 (a clash with the verde 12)."""
    return do(state, take(1), keep(which, 0))


def test_all_face_up_at_the_end_of_a_turn_gives_each_other_player_one_last_turn():
    state = table(ALMOST, None, None, piles=("vm9", "az12"), draw="az7 rx7")
    state, events = end_almost(state)
    assert (state["trigger"], state["last_turns"]) == (0, [1, 2])
    assert [e["text"] for e in events[-2:]] == [
        "Jogador 1 virou as doze cartas: cada outro jogador faz um último turno.",
        "Último turno do Jogador 2.",
    ]
    state, _ = do(state, DRAW, discard(0))
    assert GAME.to_act(state) == [2]
    assert state["last_turns"] == [2]
    state, events = do(state, DRAW, discard(0))
    assert kinds(events)[-2:] == ["round_end", "end"]
    assert GAME.outcome(state)["rounds"] == [[0, 0, 0]]


def test_face_down_cards_are_never_revealed_at_the_end_of_the_round():
    state = table(ALMOST, None, piles=("vm9", "az12"), draw="az7")
    hidden = [cell["card"] for cell in state["grids"][1]]
    state, events = end_almost(state)
    state, more = do(state, DRAW, discard(0))
    shown = json.dumps(events + more) + json.dumps([GAME.view(state, s) for s in (0, 1, None)])
    for one in hidden:
        assert json.dumps(one) not in shown
    assert all(cell["card"] is None for cell in GAME.view(state, 1)["grids"][1])


def test_a_turno_extra_in_a_last_turn_gives_another_turn_still_the_last():
    state = table(ALMOST, None, None, piles=("vm9", "az12"), draw="az10 az7 rx7")
    state, _ = end_almost(state)
    state, events = do(state, DRAW, discard(0))
    assert kinds(events)[-1] == "extra_turn"
    assert GAME.to_act(state) == [1] and state["last_turns"] == [1, 2]
    state, _ = do(state, DRAW, discard(0))
    assert GAME.to_act(state) == [2]


def test_an_extra_turn_is_played_before_the_last_turns_begin():
    almost = ALMOST.replace("ve12", "vm4")  # the TURNO EXTRA 4 clashes with the 6 azul in slot 4
    state = table(almost, None, piles=("vm9", "az12"), draw="az7 rx7")
    state, events = end_almost(state)
    assert kinds(events)[-1] == "extra_turn"
    assert state["last_turns"] is None and GAME.to_act(state) == [0]
    state, events = do(state, DRAW, discard(0))
    assert kinds(events)[-2:] == ["trigger", "turn"]
    assert GAME.to_act(state) == [1]


# --- The draw pile runs out -----------------------------------------------------------------------


def test_the_discard_piles_but_their_tops_become_the_new_draw_pile_when_it_runs_out():
    state = table(DOWN, None, draw="az7", rest="pile")
    under = sorted(map(key, state["discards"][0][:-1]))
    assert len(state["draw_pile"]) == 1
    state, events = do(state, DRAW, rng=random.Random(3))
    assert kinds(events) == ["draw", "reshuffle"]
    assert events[1]["count"] == len(under) == 48
    assert tops(state) == [c("vm9"), c("vm11")]
    assert [len(pile) for pile in state["discards"]] == [1, 1]
    assert sorted(map(key, state["draw_pile"])) == under
    assert all_cards(state) == sorted(map(key, new_deck()))
    assert GAME.view(state, 1)["draw_count"] == 48


def test_drawing_from_an_empty_draw_pile_first_shuffles_the_discards_in():
    state = table(DOWN, None, rest="pile")
    assert state["draw_pile"] == []
    assert DRAW in GAME.legal_actions(state, 0)
    state, events = do(state, DRAW)
    assert kinds(events) == ["reshuffle", "draw"]
    assert len(state["draw_pile"]) == 48


# --- Rounds and the winner ------------------------------------------------------------------------


def test_the_next_round_begins_with_the_lowest_total():
    state = table(ALMOST, None, None, **ENDING, options=THREE, round_scores=[[20, 5, 12]])
    assert state["round"] == 2
    state, _ = end_almost(state)
    state, events = do(state, DRAW, discard(0), DRAW, discard(0), rng=random.Random(5))
    assert kinds(events)[-2:] == ["round_end", "round_start"]
    assert events[-1]["text"] == "3ª rodada: começa o Jogador 2, com o menor total."
    assert state["round"] == 3 and state["round_scores"] == [[20, 5, 12], [0, 0, 0]]
    assert GAME.to_act(state) == [1] and state["first"] == 1
    assert all(len(g) == 12 and not any(cell["up"] for cell in g) for g in state["grids"])
    assert all_cards(state) == sorted(map(key, new_deck()))
    assert GAME.outcome(state) is None


def test_among_equal_lowest_totals_the_first_after_the_last_beginner_begins():
    state = table(ALMOST, None, None, **ENDING, options=THREE, round_scores=[[5, 20, 5]])
    state, _ = end_almost(state)
    state, _ = do(state, DRAW, discard(0), DRAW, discard(0))
    assert GAME.to_act(state) == [2]


def third_round(scores):
    state = table(ALMOST, None, **ENDING, options=THREE, round_scores=scores)
    state, _ = end_almost(state)
    state, _ = do(state, DRAW, discard(0))
    return GAME.outcome(state)


def test_after_three_rounds_the_highest_total_wins():
    result = third_round([[10, 30], [5, 5]])
    assert (result["winners"], result["scores"]) == ([1], [15, 35])
    assert result["rounds"] == [[10, 30], [5, 5], [0, 0]]
    assert result["text"] == "Jogador 2 venceu com 35 pontos."


def test_equal_totals_go_to_the_highest_single_round():
    result = third_round([[30, 20], [10, 20]])
    assert (result["winners"], result["scores"]) == ([0], [40, 40])
    assert result["text"] == "Jogador 1 venceu com 40 pontos, no desempate pela melhor rodada."


def test_equal_totals_and_equal_best_rounds_share_the_win():
    result = third_round([[30, 10], [10, 30]])
    assert (result["winners"], result["reason"]) == ([0, 1], "complete")
    assert result["text"] == "Empate: Jogador 1 e Jogador 2 venceram com 40 pontos."


def test_a_round_cannot_be_dealt_past_the_last_one():
    with pytest.raises(ValueError, match="rounds"):
        table(DOWN, None, round_scores=[[1, 2]])


# --- Leaving and inactivity -----------------------------------------------------------------------


def test_leaving_a_two_player_game_gives_the_other_the_win():
    state = table(DOWN, None)
    state, events = GAME.apply(state, 1, {"type": "leave"}, random.Random(0))
    assert kinds(events) == ["leave", "end"]
    result = GAME.outcome(state)
    assert (result["winners"], result["reason"]) == ([0], "left")
    assert result["text"] == "Partida encerrada por saída: Jogador 1 venceu."


def test_a_player_leaving_a_bigger_game_is_out_and_the_rest_play_on():
    state = table(DOWN, None, None, draw="az7 az12 ve12")
    state, _ = do(state, DRAW)
    state, events = GAME.apply(state, 0, {"type": "leave"}, random.Random(0))
    assert kinds(events) == ["leave", "discard", "turn"]
    assert tops(state)[0] == c("az7")  # the card in hand goes on pile 1
    assert state["out"] == [True, False, False]
    assert GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 0) == []
    refused(state, 0, {"type": "leave"}, "Você já saiu desta partida")
    state, _ = do(state, DRAW, discard(0), DRAW, discard(0))
    assert GAME.to_act(state) == [1]


def test_a_player_out_plays_no_last_turn_scores_nothing_and_cannot_win():
    state = table(ELEVEN, None, None, piles=("vm9", "vm12"), draw="az3")
    state, _ = GAME.apply(state, 2, {"type": "leave"}, random.Random(0))
    state, _ = do(state, take(1), keep("grid", 0))
    assert state["last_turns"] == [1]
    state, _ = do(state, DRAW, discard(0))
    result = GAME.outcome(state)
    assert (result["winners"], result["scores"]) == ([0], [86, 0, 0])


def test_a_player_out_gets_no_grid_in_the_next_round():
    state = table(ALMOST, None, None, **ENDING, options=THREE)
    state, _ = GAME.apply(state, 2, {"type": "leave"}, random.Random(0))
    state, _ = end_almost(state)
    state, _ = do(state, DRAW, discard(0))
    assert (state["round"], state["round_scores"]) == (2, [[0, 0, 0]])
    assert [len(grid) for grid in state["grids"]] == [12, 12, 0]
    assert len(state["draw_pile"]) == 75 - 24 - 2
    view = GAME.view(state, None)
    assert (view["grids"][2], view["points"]) == ([], [0, 0, None])
    assert view["out"] == [False, False, True]
    assert GAME.to_act(state) == [1]  # 0 all round: the first after seat 0 who began round 1


def test_leaving_during_the_last_turns_takes_the_player_out_of_them():
    state = table(ALMOST, None, None, piles=("vm9", "az12"), draw="az7")
    state, _ = end_almost(state)
    state, _ = GAME.apply(state, 2, {"type": "leave"}, random.Random(0))
    assert state["last_turns"] == [1]
    state, events = do(state, DRAW, discard(0))
    assert kinds(events)[-2:] == ["round_end", "end"]


def test_the_last_player_left_wins():
    state = table(DOWN, None, None)
    state, _ = GAME.apply(state, 1, {"type": "leave"}, random.Random(0))
    assert GAME.outcome(state) is None
    state, _ = GAME.apply(state, 0, {"type": "leave"}, random.Random(0))
    assert GAME.outcome(state)["winners"] == [2]


def test_another_player_may_claim_the_inactivity_of_the_player_on_turn():
    state = table(DOWN, None)
    assert GAME.legal_actions(state, 1) == [{"type": "leave"}, {"type": "claim_inactivity"}]
    assert {"type": "claim_inactivity"} not in GAME.legal_actions(state, 0)
    refused(state, 0, {"type": "claim_inactivity"}, "Você está na vez")
    state, events = GAME.apply(state, 1, {"type": "claim_inactivity"}, random.Random(0))
    assert events[0]["against"] == 0
    result = GAME.outcome(state)
    assert (result["winners"], result["reason"]) == ([1], "inactivity")


# --- What everybody sees --------------------------------------------------------------------------


def test_face_down_cards_are_backs_for_everybody_their_owner_included():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    for seat in (0, 1, None):
        grid = GAME.view(state, seat)["grids"][0]
        assert grid[0] == {"slot": 1, "up": False, "card": None}
        assert grid[6] == {"slot": 7, "up": True, "card": c("az7")}


def test_the_view_shows_the_piles_tops_the_draw_count_and_the_card_in_hand():
    state = table(DOWN, None, piles=("vm9", "az7"), draw="az12")
    state, _ = do(state, take(1))
    view = GAME.view(state, 1)
    assert view["discards"] == [{"top": c("vm9"), "count": 1}, {"top": None, "count": 0}]
    assert view["draw_count"] == 75 - 24 - 2
    assert "draw_pile" not in json.dumps(view)
    assert view["turn"] == {
        "phase": "hand",
        "hand": c("az3"),
        "slot": None,
        "slots": [3],
        "may_discard": True,
    }
    assert view["moves"] == []
    assert GAME.view(state, 0)["moves"] == [place(3), discard(0), discard(1)]
    assert GAME.view(state, None)["seat"] is None
    assert (view["to_move"], view["round"], view["rounds"], view["totals"]) == (0, 1, 1, [0, 0])
    assert view["points"] == [0, 0]


def test_no_view_holds_a_face_down_card_or_the_draw_pile():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    visible = {key(cell["card"]) for g in state["grids"] for cell in g if cell["up"]}
    visible |= {key(state["turn"]["hand"]), key(c("vm9"))}
    for seat in (0, 1, None):
        text = json.dumps(GAME.view(state, seat))
        for one in new_deck():
            if one["kind"] != "coringa" and key(one) not in visible:
                assert json.dumps(one) not in text


# --- Refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (None, "Jogada malformada"),
        ({"slot": 3}, "falta o tipo"),
        ({"type": "fly"}, "Jogada desconhecida: fly"),
        ({"type": "take"}, "campo “from”: discard ou draw"),
        ({"type": "take", "from": "table"}, "campo “from”"),
        ({"type": "take", "from": "discard"}, "campo “pile”: 0 ou 1"),
        ({"type": "take", "from": "discard", "pile": 2}, "campo “pile”"),
        ({"type": "take", "from": "discard", "pile": True}, "campo “pile”"),
        ({"type": "take", "from": "discard", "pile": "0"}, "campo “pile”"),
        ({"type": "take", "from": "draw", "pile": 0}, "Campo inesperado na jogada: pile"),
        ({"type": "leave", "now": True}, "Campo inesperado na jogada: now"),
        (place(3), "Agora não: pegue a carta do topo de uma pilha de descarte ou compre"),
        (discard(0), "Agora não: pegue a carta"),
        (keep("hand", 0), "Agora não: pegue a carta"),
    ],
)
def test_malformed_and_untimely_actions_are_refused_with_a_clear_message(action, message):
    refused(table(DOWN, None), 0, action, message)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (place(13), "campo “slot”: 1 a 12"),
        (place(0), "campo “slot”"),
        ({"type": "place", "slot": "7"}, "campo “slot”"),
        ({"type": "place"}, "campo “slot”"),
        ({"type": "place", "slot": 7, "pile": 0}, "Campo inesperado"),
        (place(8), "O 7 azul só pode ir para o espaço 7"),
        (take(0), "Agora não: coloque a carta da mão no espaço dela ou descarte-a"),
        (DRAW, "Agora não"),
        (discard(5), "campo “pile”"),
        (keep("hand", 0), "Agora não"),
    ],
)
def test_a_card_in_hand_refuses_what_does_not_fit(action, message):
    state, _ = do(table(DOWN, None, draw="az7"), DRAW)
    refused(state, 0, action, message)


def test_keep_needs_hand_or_grid():
    state, _ = do(table(CLASH, None, piles=("vm9", "az7")), take(1))
    refused(state, 0, keep("both", 0), "campo “card”: hand ou grid")
    refused(state, 0, {"type": "keep", "card": "hand"}, "campo “pile”")


def test_playing_out_of_turn_or_from_a_missing_seat_is_refused():
    state = table(DOWN, None)
    refused(state, 1, DRAW, "Não é a sua vez.")
    refused(state, 2, DRAW, "Esse lugar não existe")
    refused(state, -1, {"type": "leave"}, "Esse lugar não existe")
    with pytest.raises(IllegalAction):
        GAME.view(state, 5)


def test_every_event_has_a_type_and_a_portuguese_text_and_the_state_stays_json():
    state = table(DOWN, None, piles=("vm9", "az7"), draw="az10")
    state, events = do(state, take(1), place(3), discard(0), DRAW, place(10))
    assert all(e["type"] and e["text"] for e in events)
    assert json.loads(json.dumps(state)) == state
