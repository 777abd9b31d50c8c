"""Yam's: the potential values and the view."""

import json

import pytest

from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.rules.yams_helpers import act, new, roll, score_actions

# Potential values


def test_potential_shows_each_allowed_box_with_its_value():
    state = roll(new(2, columns=3), [6, 6, 6, 2, 2])
    potential = GAME.view(state, 0)["potential"]
    assert potential["descida"] == {"uns": 0}
    assert potential["subida"] == {"chance": 22}
    assert potential["livre"] == {
        "uns": 0,
        "dois": 4,
        "tres": 0,
        "quatro": 0,
        "cinco": 0,
        "seis": 18,
        "max": 22,
        "min": 22,
        "trinca": 18,
        "quadra": 0,
        "full": 25,
        "pequena": 0,
        "grande": 0,
        "yams": 0,
        "chance": 22,
    }
    # public information: the other seats and spectators see the same buttons
    assert GAME.view(state, 1)["potential"] == potential
    assert GAME.view(state, None)["potential"] == potential


def test_potential_is_empty_before_the_roll_and_matches_the_legal_scores():
    state = new(columns=4)
    assert GAME.view(state, 0)["potential"] == {}
    state = roll(state, [1, 3, 3, 3, 3])
    state, _ = act(state, {"type": "hold", "dice": [1, 2, 3, 4]})
    state = roll(state, [3])
    potential = GAME.view(state, 0)["potential"]
    assert [(c, b) for c, boxes in potential.items() for b in boxes] == score_actions(state)
    assert potential["livre"]["quadra"] == 12
    assert potential["livre"]["yams"] == 50


# View


def test_view_has_the_keys_the_site_and_robots_read():
    state = roll(new(2, columns=1), [1, 2, 3, 4, 5])
    view = GAME.view(state, 1)
    assert set(view) == {
        "game",
        "options",
        "seat",
        "seats",
        "columns",
        "boxes",
        "cards",
        "to_move",
        "turn",
        "potential",
        "finished",
        "outcome",
    }
    assert (view["game"], view["seat"], view["seats"], view["to_move"]) == ("yams", 1, 2, 0)
    assert view["turn"] == {
        "dice": [1, 2, 3, 4, 5],
        "held": [False] * 5,
        "rolls": 1,
        "covered": [],
        "cup": False,
        "rolls_left": 2,
    }
    card = view["cards"][0]
    assert set(card) == {"columns", "totals", "total", "left"}
    assert set(card["totals"]["livre"]) == {
        "upper",
        "bonus",
        "max_min",
        "max_min_void",
        "lower",
        "total",
    }
    assert (view["finished"], view["outcome"]) == (False, None)
    assert json.loads(json.dumps(view)) == view


def test_view_is_a_copy_not_the_state():
    state = new(columns=1)
    view = GAME.view(state, 0)
    view["cards"][0]["columns"]["livre"]["uns"] = 99
    view["columns"].append("x")
    assert state["cards"][0]["livre"]["uns"] is None
    assert state["columns"] == ["livre"]


def test_view_for_a_seat_that_does_not_exist_is_refused():
    with pytest.raises(IllegalAction, match="lugar"):
        GAME.view(new(2), 2)
