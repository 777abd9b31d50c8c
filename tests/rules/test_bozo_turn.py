"""Bozó: the turn (rolls, holds, the cup, scoring)."""

import pytest

from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, GAME
from tests.rules.bozo_helpers import JUNK, act, card, hold, mark, new, potential, roll, turn

# --- The turn ---------------------------------------------------------------------------------


def test_cantar_embaixo_two_sixes_held_then_6_5_4_from_below_gives_6_6_1_2_3():
    state = roll(new(), [6, 6, 2, 2, 2])
    state = hold(state, 0, 1)
    state = roll(state, [6, 5, 4], cup=True)
    assert GAME.view(state, 0)["turn"]["dice"] == [6, 6, None, None, None]
    state, events = act(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["text"] == "Jogador 1 cantou embaixo e levantou o copo: 6, 6, 1, 2, 3."
    view = GAME.view(state, 0)
    assert view["turn"]["rolls"] == 2
    assert view["turn"]["rolls_left"] == 1
    assert view["potential"]["sena"] == 12
    assert view["potential"]["as"] == 1


def test_covered_dice_appear_in_no_view_and_no_event():
    state, events = act(new("duelo"), {"type": "roll", "cup": True}, faces=[5, 5, 5, 5, 5])
    assert events == [
        {"type": "roll", "text": "Jogador 1 lançou 5 dados com copo.", "seat": 0, "count": 5,
         "cup": True}
    ]  # fmt: skip
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["turn"]["dice"] == [None] * 5
        assert view["turn"]["covered"] == [0, 1, 2, 3, 4]
        assert view["potential"] == {}


def test_the_player_on_turn_must_lift_before_anything_but_leaving():
    state = roll(new(), JUNK, cup=True)
    assert GAME.legal_actions(state, 0) == [
        {"type": "lift", "from": "top"},
        {"type": "lift", "from": "bottom"},
        {"type": "leave"},
    ]
    with pytest.raises(IllegalAction, match="Levante o copo antes de marcar"):
        mark(state, "as")


def test_no_scoring_before_the_first_roll():
    with pytest.raises(IllegalAction, match="Lance os dados antes de marcar"):
        mark(new(), "as")
    assert GAME.legal_actions(new(), 0) == [
        {"type": "roll", "cup": False},
        {"type": "roll", "cup": True},
        {"type": "leave"},
    ]


def test_the_player_may_score_after_any_revealed_roll():
    state = roll(new(), JUNK)
    assert {"type": "score", "box": "general"} in GAME.legal_actions(state, 0)
    state = roll(hold(state, 0), [2, 2, 2, 2])
    assert {"type": "score", "box": "general"} in GAME.legal_actions(state, 0)


def test_after_the_third_roll_a_box_must_be_scored_and_zero_is_allowed():
    state = roll(new(), JUNK)
    state = roll(state, JUNK)
    state = roll(state, JUNK)
    legal = GAME.legal_actions(state, 0)
    assert legal == [{"type": "score", "box": box} for box in BOXES] + [{"type": "leave"}]
    with pytest.raises(IllegalAction, match="3 lançamentos"):
        roll(state, JUNK)
    with pytest.raises(IllegalAction, match="marque uma casa"):
        hold(state, 0)
    state = mark(state, "general")
    assert card(state)["boxes"]["general"] == 0
    assert card(state)["total"] == 0
    assert state["turns_taken"] == [1]


def test_any_open_box_may_take_zero_even_after_the_first_roll():
    state = mark(roll(new(), [6, 6, 6, 6, 6]), "as")
    assert card(state)["boxes"]["as"] == 0


def test_a_repeated_general_may_go_in_another_open_box():
    state = turn(new(), "general", [5] * 5)
    assert card(state)["boxes"]["general"] == 55
    state = roll(state, [5] * 5)
    assert "general" not in potential(state)
    assert potential(state)["quadrada"] == 45
    assert potential(state)["quina"] == 25
    with pytest.raises(IllegalAction, match="já está preenchida"):
        mark(state, "general")
    state = mark(state, "quadrada")
    assert card(state)["boxes"]["general"] == 55
    assert card(state)["boxes"]["quadrada"] == 45


def test_scoring_passes_the_turn_and_starts_a_fresh_dice_turn():
    state, events = act(roll(new("duelo"), JUNK), {"type": "score", "box": "as"})
    assert state["to_move"] == 1
    assert GAME.view(state, None)["turn"] == {
        "dice": [None] * 5, "held": [False] * 5, "rolls": 0, "covered": [], "cup": False,
        "rolls_left": 3,
    }  # fmt: skip
    assert events[-1] == {"type": "turn", "text": "Vez do Jogador 2.", "seat": 1}


def test_a_hold_sets_the_full_set_of_held_dice():
    state = roll(new(), [6, 6, 1, 2, 6])
    state, events = act(state, {"type": "hold", "dice": [0, 1, 4]})
    assert state["turn"]["held"] == [True, True, False, False, True]
    assert events[0]["text"] == "Jogador 1 guardou 6, 6, 6."
    state = hold(state, 4)
    assert state["turn"]["held"] == [False, False, False, False, True]
    state = roll(state, [1, 1, 1, 1])
    assert state["turn"]["dice"] == [1, 1, 1, 1, 6]
