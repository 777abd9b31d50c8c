import random

import pytest

from games.rules import dice
from games.rules.base import IllegalAction
from tests.dice import Loaded


def rolled(faces, cup=True):
    turn = dice.new_turn()
    dice.roll(turn, {"type": "roll", "cup": cup}, Loaded(faces))
    return turn


def test_seed_example_two_sixes_held_then_6_5_4_sung_from_below_gives_6_6_1_2_3():
    turn = rolled([6, 6, 2, 2, 2], cup=False)
    dice.hold(turn, {"type": "hold", "dice": [0, 1]})
    dice.roll(turn, {"type": "roll", "cup": True}, Loaded([6, 5, 4]))
    assert dice.visible(turn)["dice"] == [6, 6, None, None, None]
    dice.lift(turn, {"type": "lift", "from": "bottom"})
    assert dice.hand(turn) == [6, 6, 1, 2, 3]
    assert turn["rolls"] == 2  # the reveal does not use a roll


def test_lifting_from_the_top_keeps_the_faces():
    turn = rolled([1, 2, 3, 4, 5])
    dice.lift(turn, {"type": "lift", "from": "top"})
    assert dice.hand(turn) == [1, 2, 3, 4, 5]


def test_bottom_turns_every_thrown_die_to_its_opposite_face():
    turn = rolled([1, 2, 3, 4, 5])
    dice.lift(turn, {"type": "lift", "from": "bottom"})
    assert dice.hand(turn) == [6, 5, 4, 3, 2]


def test_covered_values_never_show_until_the_lift():
    turn = rolled([3, 3, 3, 3, 3])
    assert dice.visible(turn) == {
        "dice": [None] * 5,
        "held": [False] * 5,
        "rolls": 1,
        "covered": [0, 1, 2, 3, 4],
        "cup": True,
    }
    assert not dice.has_hand(turn)


def test_without_the_cup_the_roll_shows_at_once_and_cannot_be_sung_from_below():
    turn = rolled([3, 1, 4, 1, 5], cup=False)
    assert dice.visible(turn)["dice"] == [3, 1, 4, 1, 5]
    with pytest.raises(IllegalAction, match="Não há dados cobertos"):
        dice.lift(turn, {"type": "lift", "from": "bottom"})


def test_a_held_die_read_from_below_keeps_that_value():
    turn = rolled([6, 1, 1, 1, 1])
    dice.lift(turn, {"type": "lift", "from": "bottom"})  # 1, 6, 6, 6, 6
    dice.hold(turn, {"type": "hold", "dice": [1, 2]})
    dice.roll(turn, {"type": "roll", "cup": True}, Loaded([2, 2, 2]))
    dice.lift(turn, {"type": "lift", "from": "bottom"})
    assert dice.hand(turn) == [5, 6, 6, 5, 5]


def test_holds_can_change_between_rolls():
    turn = rolled([1, 2, 3, 4, 5], cup=False)
    dice.hold(turn, {"type": "hold", "dice": [0, 1]})
    dice.hold(turn, {"type": "hold", "dice": [4]})
    assert turn["held"] == [False, False, False, False, True]


def test_a_tap_names_the_hold_that_switches_that_die_alone():
    turn = rolled([1, 2, 3, 4, 5], cup=False)
    dice.hold(turn, {"type": "hold", "dice": [3]})
    assert dice.tapped(turn, {"type": "hold", "toggle": 0}) == {"type": "hold", "dice": [0, 3]}
    assert dice.tapped(turn, {"type": "hold", "toggle": 3}) == {"type": "hold", "dice": []}
    roll = {"type": "roll", "cup": True}
    assert dice.tapped(turn, roll) is roll
    assert turn["held"] == [False, False, False, True, False]  # naming it holds nothing


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "hold", "toggle": 5}, "inexistente"),
        ({"type": "hold", "toggle": "1"}, "inexistente"),
        ({"type": "hold", "toggle": True}, "inexistente"),
        ({"type": "hold", "toggle": 1, "dice": [1]}, "inesperado"),
    ],
)
def test_malformed_taps_are_refused(action, message):
    with pytest.raises(IllegalAction, match=message):
        dice.tapped(rolled([1, 2, 3, 4, 5], cup=False), action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "hold", "dice": [5]}, "inexistente"),
        ({"type": "hold", "dice": [-1]}, "inexistente"),
        ({"type": "hold", "dice": [1, 1]}, "uma vez"),
        ({"type": "hold", "dice": "01"}, "lista"),
        ({"type": "hold", "dice": [True]}, "lista"),
        ({"type": "hold"}, "lista"),
        ({"type": "hold", "dice": [0], "extra": 1}, "inesperado"),
    ],
)
def test_malformed_holds_are_refused(action, message):
    turn = rolled([1, 2, 3, 4, 5], cup=False)
    with pytest.raises(IllegalAction, match=message):
        dice.hold(turn, action)


def test_no_hold_before_the_first_roll_nor_under_the_cup():
    with pytest.raises(IllegalAction, match="antes de guardar"):
        dice.hold(dice.new_turn(), {"type": "hold", "dice": [0]})
    with pytest.raises(IllegalAction, match="Levante o copo"):
        dice.hold(rolled([1, 2, 3, 4, 5]), {"type": "hold", "dice": [0]})


def test_no_fourth_roll_and_no_roll_under_the_cup():
    turn = rolled([1, 2, 3, 4, 5])
    with pytest.raises(IllegalAction, match="Levante o copo"):
        dice.roll(turn, {"type": "roll", "cup": True}, Loaded([1] * 5))
    dice.lift(turn, {"type": "lift", "from": "top"})
    dice.roll(turn, {"type": "roll", "cup": False}, Loaded([1] * 5))
    dice.roll(turn, {"type": "roll", "cup": False}, Loaded([1] * 5))
    with pytest.raises(IllegalAction, match="3 lançamentos"):
        dice.roll(turn, {"type": "roll", "cup": False}, Loaded([1] * 5))


def test_roll_refuses_a_non_boolean_cup():
    with pytest.raises(IllegalAction, match="cup"):
        dice.roll(dice.new_turn(), {"type": "roll", "cup": "sim"}, random.Random(1))


def test_dice_actions_follow_the_phase_of_the_turn():
    turn = dice.new_turn()
    assert dice.dice_actions(turn) == [
        {"type": "roll", "cup": False},
        {"type": "roll", "cup": True},
    ]
    turn = rolled([1, 2, 3, 4, 5])
    assert dice.dice_actions(turn) == [
        {"type": "lift", "from": "top"},
        {"type": "lift", "from": "bottom"},
    ]
    dice.lift(turn, {"type": "lift", "from": "top"})
    actions = dice.dice_actions(turn)
    assert actions[:2] == [{"type": "roll", "cup": False}, {"type": "roll", "cup": True}]
    assert len(actions) == 2 + 31  # every other set of held dice


def test_roll_outcomes_are_exact_probabilities():
    for count in range(6):
        outcomes = dice.roll_outcomes(count)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert dict(dice.roll_outcomes(2))[(1, 2)] == pytest.approx(2 / 36)
    assert len(dice.roll_outcomes(5)) == 252
