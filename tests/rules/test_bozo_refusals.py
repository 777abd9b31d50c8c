"""Bozó: malformed and out-of-turn actions."""

import json
import random

import pytest

from games.rules.base import IllegalAction
from games.rules.bozo import GAME
from tests.rules.bozo_helpers import JUNK, act, mark, new, roll, turn

# --- Malformed and out-of-turn actions ----------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (["roll"], "malformada"),
        ({}, "falta o tipo"),
        ({"type": 3}, "falta o tipo"),
        ({"type": "dance"}, "Jogada desconhecida"),
        ({"type": "roll", "cup": "sim"}, "cup"),
        ({"type": "roll", "cup": True, "dice": [0]}, "inesperado"),
        ({"type": "leave", "why": "cansei"}, "inesperado"),
        ({"type": "lift", "from": "side"}, "por cima"),
        ({"type": "hold", "dice": [5]}, "inexistente"),
        ({"type": "hold", "dice": [0, 0]}, "uma vez"),
        ({"type": "hold", "dice": "0"}, "lista"),
        ({"type": "score"}, "Informe a casa"),
        ({"type": "score", "box": 6}, "Informe a casa"),
        ({"type": "score", "box": "Sena"}, "Casa desconhecida"),
        ({"type": "score", "box": "sena", "points": 30}, "inesperado"),
    ],
)
def test_malformed_actions_are_refused_and_leave_the_state_untouched(action, message):
    state = turn(new(), "sena", [6] * 5)
    state = roll(state, JUNK)
    before = json.dumps(state)
    with pytest.raises(IllegalAction, match=message):
        act(state, action)
    assert json.dumps(state) == before


def test_scoring_a_filled_box_is_refused():
    state = roll(turn(new(), "sena", [6] * 5), [6] * 5)
    with pytest.raises(IllegalAction, match="A casa Sena já está preenchida"):
        mark(state, "sena")


def test_only_the_player_on_turn_plays_the_dice():
    state = new("duelo")
    for action in (
        {"type": "roll", "cup": False},
        {"type": "hold", "dice": []},
        {"type": "score", "box": "as"},
    ):
        with pytest.raises(IllegalAction, match="Não é a sua vez"):
            act(state, action, seat=1)


def test_unknown_seats_are_refused():
    for seat in (1, -1, "0", None):
        with pytest.raises(IllegalAction, match="lugar não existe"):
            GAME.apply(new(), seat, {"type": "leave"}, random.Random(0))
    with pytest.raises(IllegalAction, match="lugar não existe"):
        GAME.view(new(), 3)
