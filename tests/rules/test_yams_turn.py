"""Yam's: the turn (three rolls, holds, the cup), the column order and Seca."""

import json

from games.rules import yams
from games.rules.yams import GAME
from tests.rules.yams_helpers import act, fill, mark, new, refused, roll, score_actions, turn

# The turn: three rolls, holds, the cup


def test_three_rolls_then_a_box_must_be_scored():
    state = new(columns=1)
    state = roll(state, [1, 1, 2, 3, 4])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    state = roll(state, [1, 5, 6])
    state = roll(state, [1, 1, 6])
    assert state["turn"]["dice"] == [1, 1, 1, 1, 6]
    actions = GAME.legal_actions(state, 0)
    assert {a["type"] for a in actions} == {"score", "strike", "leave"}
    refused(state, {"type": "roll", "cup": False}, "3 lançamentos")
    refused(state, {"type": "hold", "dice": [0]}, "marque uma casa")
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 0


def test_a_box_may_be_scored_after_any_roll():
    state = roll(new(columns=1), [2, 2, 2, 2, 2])
    assert len(score_actions(state)) == 15
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 2


def test_no_hold_before_the_first_roll_and_no_score_before_a_roll():
    state = new()
    refused(state, {"type": "hold", "dice": [0]}, "antes de guardar")
    refused(state, {"type": "score", "column": "livre", "box": "chance"}, "Lance os dados")
    assert GAME.legal_actions(state, 0) == [
        {"type": "roll", "cup": False},
        {"type": "roll", "cup": True},
        {"type": "leave"},
    ]


def test_lift_without_a_covered_roll_is_refused():
    refused(new(), {"type": "lift", "from": "top"}, "Não há dados cobertos")
    refused(roll(new(), [1, 2, 3, 4, 5]), {"type": "lift", "from": "top"}, "Não há dados cobertos")


def test_dice_under_the_cup_show_to_nobody_until_the_lift():
    state, events = act(new(3), {"type": "roll", "cup": True}, faces=[6, 6, 6, 6, 6])
    assert events == [
        {
            "type": "roll",
            "seat": 0,
            "cup": True,
            "thrown": [0, 1, 2, 3, 4],
            "text": "Jogador 1 lançou 5 dados com o copo.",
        }
    ]
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert view["turn"]["dice"] == [None] * 5
        assert view["potential"] == {}
        assert "6" not in json.dumps(view["turn"])
    refused(state, {"type": "score", "column": "livre", "box": "yams"}, "Levante o copo")
    assert GAME.legal_actions(state, 0) == [
        {"type": "lift", "from": "top"},
        {"type": "lift", "from": "bottom"},
        {"type": "leave"},
    ]


def test_singing_from_below_turns_the_thrown_dice_over():
    state = roll(new(columns=1), [6, 6, 2, 2, 2])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    state = roll(state, [6, 5, 4], cup=True)
    assert GAME.view(state, 0)["turn"]["dice"] == [6, 6, None, None, None]
    state, events = act(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["text"] == "Jogador 1 cantou embaixo: 6, 6, 1, 2, 3."
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 1


# Column order


def test_descida_fills_strictly_top_to_bottom():
    state = roll(new(), [5, 5, 5, 5, 5])
    assert [box for column, box in score_actions(state) if column == "descida"] == ["uns"]
    refused(
        state,
        {"type": "score", "column": "descida", "box": "yams"},
        "de cima para baixo: a próxima casa é Uns",
    )
    state = mark(state, "descida", "uns")
    state = roll(state, [5, 5, 5, 5, 5])
    assert [box for column, box in score_actions(state) if column == "descida"] == ["dois"]


def test_subida_fills_strictly_bottom_to_top():
    state = roll(new(), [1, 1, 1, 1, 1])
    assert [box for column, box in score_actions(state) if column == "subida"] == ["chance"]
    refused(
        state,
        {"type": "score", "column": "subida", "box": "uns"},
        "de baixo para cima: a próxima casa é Chance",
    )
    state = mark(state, "subida", "chance")
    state = roll(state, [1, 1, 1, 1, 1])
    assert [box for column, box in score_actions(state) if column == "subida"] == ["yams"]


def test_livre_takes_any_open_box():
    state = roll(new(), [4, 4, 4, 2, 2])
    livre = [box for column, box in score_actions(state) if column == "livre"]
    assert livre == list(yams.BOXES)
    state = mark(state, "livre", "quadra")
    state = roll(state, [4, 4, 4, 2, 2])
    assert "quadra" not in [box for column, box in score_actions(state) if column == "livre"]


def test_the_column_order_survives_a_store_that_sorts_keys():
    state = fill(new(), 0, "descida", ["uns", "dois"])
    stored = json.loads(json.dumps(state, sort_keys=True))
    stored = roll(stored, [3, 3, 3, 1, 2])
    assert ("descida", "tres") in score_actions(stored)
    assert [box for column, box in score_actions(stored) if column == "subida"] == ["chance"]


def test_a_filled_box_is_refused():
    state = turn(new(columns=1), [6, 6, 6, 6, 6], "livre", "yams")
    state = roll(state, [6, 6, 6, 6, 6])
    refused(state, {"type": "score", "column": "livre", "box": "yams"}, "já está preenchida")


def test_columns_not_in_play_are_refused():
    state = roll(new(columns=1), [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "descida", "box": "uns"}, "Coluna inexistente")
    state = roll(new(columns=3), [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "seca", "box": "uns"}, "Coluna inexistente")


# Seca


def test_seca_takes_any_box_with_the_first_roll():
    state = roll(new(columns=4), [2, 3, 4, 5, 6])
    assert [box for column, box in score_actions(state) if column == "seca"] == list(yams.BOXES)
    state = mark(state, "seca", "grande")
    assert state["cards"][0]["seca"]["grande"] == 40


def test_seca_accepts_the_first_roll_also_after_the_cup():
    state = roll(new(columns=4), [2, 3, 4, 5, 6], cup=True)
    state, _ = act(state, {"type": "lift", "from": "top"})
    assert ("seca", "grande") in score_actions(state)


def test_holding_dice_without_rerolling_keeps_seca_open():
    state = roll(new(columns=4), [2, 3, 4, 5, 6])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    assert ("seca", "grande") in score_actions(state)


def test_seca_is_closed_once_the_player_rerolls():
    state = roll(new(columns=4), [2, 3, 4, 5, 1])
    state = roll(state, [6, 6, 6, 6, 6])
    assert state["turn"]["dice"] == [6, 6, 6, 6, 6]
    assert not [column for column, _ in score_actions(state) if column == "seca"]
    refused(state, {"type": "score", "column": "seca", "box": "yams"}, "Seca só aceita o resultado")
    assert "seca" not in GAME.view(state, 0)["potential"]


def test_a_card_with_only_seca_open_scores_after_the_first_roll():
    state = new(columns=4)
    for column in ("descida", "livre", "subida"):
        fill(state, 0, column, yams.BOXES)
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 1
    state = roll(state, [1, 2, 3, 4, 6])
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"score", "strike", "leave"}
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 0
    refused(state, {"type": "roll", "cup": False}, "Só restam casas na Seca")
    refused(state, {"type": "hold", "dice": [0]}, "Só restam casas na Seca")
    assert len(score_actions(state)) == 15


def test_a_card_with_seca_and_other_boxes_open_may_reroll():
    state = new(columns=4)
    for column in ("descida", "livre"):
        fill(state, 0, column, yams.BOXES)
    fill(state, 0, "subida", yams.BOXES[1:])
    state = roll(state, [1, 2, 3, 4, 6])
    assert {"type": "roll", "cup": True} in GAME.legal_actions(state, 0)
    state = roll(state, [1, 1, 1, 1, 1])
    assert score_actions(state) == [("subida", "uns")]
