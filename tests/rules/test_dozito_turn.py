"""Dozito, seed 002 and issue #5, on fixed deals: a turn (a discard pile or the draw pile), the
chain of face-up cards, STOP, TURNO EXTRA and the draw pile running out.

The card notation and `table` are tests/rules/dozito_helpers.py's.
"""

import random

from games.rules.dozito import GAME, new_deck
from tests.dozito_deck import key
from tests.rules.dozito_helpers import (
    CLASH,
    DOWN,
    DRAW,
    all_cards,
    c,
    discard,
    do,
    keep,
    kinds,
    place,
    refused,
    slot,
    table,
    take,
    tops,
)

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
