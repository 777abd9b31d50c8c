"""Bozó: the scoring table of the seed and the first-roll bonus (“bônus de boca”)."""

import pytest

from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, score, scores
from tests.rules.bozo_helpers import JUNK, act, card, hold, mark, new, potential, roll, turn

# --- The scoring table of the seed -----------------------------------------------------------


def test_6_6_6_6_2_gives_24_in_sena_or_the_quadrada():
    hand = [6, 6, 6, 6, 2]
    assert score("sena", hand, first_roll=False) == 24
    assert score("quadrada", hand, first_roll=False) == 40
    assert score("quadrada", hand, first_roll=True) == 45
    assert score("sena", hand, first_roll=True) == 24


def test_scoring_the_quadrada_does_not_fill_the_sena():
    state = mark(roll(new(), [6, 6, 6, 6, 2]), "quadrada")
    assert card(state)["boxes"]["quadrada"] == 45
    assert card(state)["boxes"]["sena"] is None
    state = roll(state, [6, 6, 6, 6, 2])
    assert potential(state)["sena"] == 24


@pytest.mark.parametrize(
    ("box", "points"),
    [("as", 2), ("duque", 2), ("terno", 0), ("quadra", 4), ("quina", 0), ("sena", 6)],
)
def test_number_boxes_score_face_times_dice_showing_it(box, points):
    assert score(box, [1, 1, 2, 4, 6], first_roll=False) == points


def test_number_boxes_have_no_first_roll_bonus():
    assert scores([5, 5, 5, 5, 5], ["quina"], first_roll=True) == {"quina": 25}


@pytest.mark.parametrize(
    ("box", "hand", "plain", "de_boca"),
    [
        ("full", [3, 3, 3, 5, 5], 20, 25),
        ("seguida", [1, 2, 3, 4, 5], 30, 35),
        ("seguida", [6, 4, 2, 3, 5], 30, 35),
        ("quadrada", [2, 2, 2, 2, 6], 40, 45),
        ("quadrada", [2, 2, 2, 2, 2], 40, 45),
        ("general", [4, 4, 4, 4, 4], 50, 55),
    ],
)
def test_combinations_score_fixed_values_five_more_de_boca(box, hand, plain, de_boca):
    assert score(box, hand, first_roll=False) == plain
    assert score(box, hand, first_roll=True) == de_boca
    assert score(box, hand, first_roll=True, bonus=False) == plain


def test_five_equal_dice_score_as_quadrada_not_full():
    assert score("quadrada", [5] * 5, first_roll=False) == 40
    assert score("full", [5] * 5, first_roll=False) == 0


def test_1_3_4_5_6_is_not_a_seguida():
    assert score("seguida", [1, 3, 4, 5, 6], first_roll=False) == 0


def test_four_equal_are_not_a_general_nor_a_full():
    assert score("general", [2, 2, 2, 2, 3], first_roll=True) == 0
    assert score("full", [2, 2, 2, 2, 3], first_roll=True) == 0


def test_there_is_no_chance_box():
    assert "chance" not in BOXES
    state = roll(new(), JUNK)
    with pytest.raises(IllegalAction, match="Casa desconhecida"):
        mark(state, "chance")


def test_the_card_has_ten_boxes_in_the_seed_order():
    assert BOXES == (
        "as", "duque", "terno", "quadra", "quina", "sena",
        "full", "seguida", "quadrada", "general",
    )  # fmt: skip


def test_no_subtotal_bonus_the_total_is_the_sum_of_the_boxes():
    state = new()
    for face, box in enumerate(BOXES[:6], start=1):
        state = turn(state, box, [face] * 4 + [1 if face != 1 else 2])
    boxes = card(state)["boxes"]
    assert [boxes[b] for b in BOXES[:6]] == [4, 8, 12, 16, 20, 24]
    assert card(state)["total"] == 84


# --- The first-roll bonus ("bônus de boca") --------------------------------------------------


def test_first_roll_bonus_applies_only_to_the_four_combinations():
    state = roll(new(), [6, 6, 6, 6, 6])
    assert potential(state) == {
        "as": 0, "duque": 0, "terno": 0, "quadra": 0, "quina": 0, "sena": 30,
        "full": 0, "seguida": 0, "quadrada": 45, "general": 55,
    }  # fmt: skip


def test_first_roll_bonus_is_lost_after_a_reroll():
    state = roll(new(), [3, 3, 3, 5, 1])
    assert potential(state)["full"] == 0
    state = roll(hold(state, 0, 1, 2, 3), [5])
    assert potential(state)["full"] == 20
    state, events = act(state, {"type": "score", "box": "full"})
    assert card(state)["boxes"]["full"] == 20
    assert events[0]["text"] == "Jogador 1 marcou 20 no Full."


def test_full_scored_right_after_the_first_roll_is_worth_25():
    state = roll(new(), [3, 3, 3, 5, 5])
    state, events = act(state, {"type": "score", "box": "full"})
    assert card(state)["boxes"]["full"] == 25
    assert events[0] == {
        "type": "score",
        "text": "Jogador 1 marcou 25 no Full (de boca).",
        "seat": 0,
        "box": "full",
        "points": 25,
    }


def test_the_bonus_de_boca_option_off_removes_the_bonus():
    state = roll(new(bonus_de_boca=False), [2, 3, 4, 5, 6])
    assert potential(state)["seguida"] == 30
    assert card(mark(state, "seguida"))["boxes"]["seguida"] == 30
