"""Dozito, seed 002 and issue #5, on fixed deals: the end of a round, the rounds and the winner,
leaving and inactivity.

The card notation and `table` are tests/rules/dozito_helpers.py's.
"""

import json
import random

import pytest

from games.rules.dozito import GAME, new_deck
from tests.dozito_deck import key
from tests.rules.dozito_helpers import (
    DOWN,
    DRAW,
    ELEVEN,
    all_cards,
    c,
    discard,
    do,
    keep,
    kinds,
    refused,
    table,
    take,
    tops,
)

# Seat 0, slots 1-11 face up in no group and no sun; slot 12 holds the verde 12 face down.
ALMOST = "am2^ az3^ am5^ az6^ ve3^ vm1^ ve6^ vm5^ rx2^ am8^ rx4^ ve12"


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
