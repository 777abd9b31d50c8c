"""Yam's: the game and its options (columns, Máx and Mín)."""

import json
import random

import pytest

from games.rules import get, yams
from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.rules.yams_helpers import new, refused, roll

# The game and its options


def test_registered_as_yams_for_one_to_eight_players():
    assert get("yams") is GAME
    assert (GAME.slug, GAME.name, GAME.min_seats, GAME.max_seats) == ("yams", "Yam's", 1, 8)
    for seats in (1, 8):
        assert new(seats)["seats"] == seats
    for seats in (0, 9, "2", True):
        with pytest.raises(IllegalAction, match="1 a 8 lugares"):
            GAME.setup(seats, {}, random.Random(0))


def test_default_is_three_columns_with_max_and_min():
    assert GAME.options() == {"columns": (3, (1, 3, 4)), "max_min": (True, (True, False))}
    state = new()
    assert state["options"] == {"columns": 3, "max_min": True}
    assert state["columns"] == ["descida", "livre", "subida"]
    assert len(state["boxes"]) == 15


@pytest.mark.parametrize(
    ("columns", "names"),
    [
        (1, ["livre"]),
        (3, ["descida", "livre", "subida"]),
        (4, ["descida", "livre", "subida", "seca"]),
    ],
)
def test_play_with_one_three_or_four_columns(columns, names):
    state = new(2, columns=columns)
    assert state["columns"] == names
    for card in state["cards"]:
        assert list(card) == names
        assert all(list(card[c]) == list(yams.BOXES) for c in names)
        assert all(v is None for c in names for v in card[c].values())


def test_boxes_run_top_to_bottom_from_uns_to_chance():
    assert new()["boxes"] == [
        "uns",
        "dois",
        "tres",
        "quatro",
        "cinco",
        "seis",
        "max",
        "min",
        "trinca",
        "quadra",
        "full",
        "pequena",
        "grande",
        "yams",
        "chance",
    ]


def test_max_min_can_be_turned_off_leaving_thirteen_boxes_per_column():
    state = new(columns=4, max_min=False)
    assert len(state["boxes"]) == 13
    assert "max" not in state["boxes"] and "min" not in state["boxes"]
    assert all(len(column) == 13 for column in state["cards"][0].values())
    state = roll(state, [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "livre", "box": "max"}, "Casa inexistente")


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"columns": 2}, "columns"),
        ({"columns": "3"}, "columns"),
        ({"columns": True}, "columns"),
        ({"max_min": "sim"}, "max_min"),
        ({"max_min": 1}, "max_min"),
        ({"colunas": 3}, "desconhecida"),
    ],
)
def test_options_outside_the_allowed_values_are_refused(options, match):
    with pytest.raises(IllegalAction, match=match):
        GAME.setup(2, options, random.Random(0))


def test_state_is_plain_json():
    state = roll(new(3, columns=4), [1, 2, 3, 4, 5], cup=True)
    assert json.loads(json.dumps(state)) == state
