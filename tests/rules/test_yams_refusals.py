"""Yam's: actions out of turn and malformed actions."""

import copy
import random

import pytest

from games.rules.yams import GAME
from tests.rules.yams_helpers import act, new, refused, roll

# Actions out of turn and malformed actions


def test_only_the_player_on_turn_rolls_holds_lifts_and_scores():
    state = roll(new(2, columns=1), [1, 2, 3, 4, 5])
    for action in (
        {"type": "roll", "cup": True},
        {"type": "hold", "dice": [0]},
        {"type": "lift", "from": "top"},
        {"type": "score", "column": "livre", "box": "pequena"},
    ):
        refused(state, action, "Não é a sua vez.", seat=1)


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ("roll", "esperava um objeto"),
        (["roll"], "esperava um objeto"),
        ({}, "falta o tipo"),
        ({"type": 3}, "falta o tipo"),
        ({"type": "pass"}, "desconhecida: pass"),
        ({"type": "roll", "cup": "sim"}, "cup"),
        ({"type": "roll", "cup": True, "dice": [0]}, "inesperado"),
        ({"type": "hold", "dice": [5]}, "inexistente"),
        ({"type": "hold", "dice": [-1]}, "inexistente"),
        ({"type": "hold", "dice": [0, 0]}, "uma vez"),
        ({"type": "hold", "dice": "01"}, "lista"),
        ({"type": "hold", "dice": [1.0]}, "lista"),
        ({"type": "hold"}, "lista"),
        ({"type": "lift", "from": "side"}, "bottom"),
        ({"type": "score", "box": "full"}, "Coluna inexistente nesta mesa: use livre"),
        ({"type": "score", "column": "Livre", "box": "full"}, "Coluna inexistente"),
        ({"type": "score", "column": ["livre"], "box": "full"}, "Coluna inexistente"),
        ({"type": "score", "column": "livre"}, "Casa inexistente nesta mesa: use uns, dois"),
        ({"type": "score", "column": "livre", "box": "sena"}, "Casa inexistente"),
        ({"type": "score", "column": "livre", "box": 7}, "Casa inexistente"),
        ({"type": "score", "column": "livre", "box": "full", "cup": 1}, "inesperado"),
        ({"type": "leave", "seat": 1}, "inesperado"),
        ({"type": "claim_inactivity", "against": 0}, "inesperado"),
    ],
)
def test_malformed_actions_are_refused_with_a_clear_message(action, match):
    state = roll(new(2, columns=1), [1, 2, 3, 4, 5])
    refused(state, action, match, seat=1 if action == {"type": "claim_inactivity"} else 0)


@pytest.mark.parametrize("seat", [2, -1, "0", None, True])
def test_a_seat_that_does_not_exist_is_refused(seat):
    refused(new(2), {"type": "roll", "cup": True}, "lugar", seat=seat)


def test_apply_leaves_the_given_state_untouched():
    state = new(2)
    before = copy.deepcopy(state)
    after, _ = act(state, {"type": "roll", "cup": False}, faces=[1, 2, 3, 4, 5])
    assert state == before
    assert after != before


def test_every_event_has_a_type_a_seat_and_a_text():
    state = new(2, columns=1)
    events = []
    for action, faces in (
        ({"type": "roll", "cup": True}, [1, 1, 1, 4, 5]),
        ({"type": "lift", "from": "top"}, []),
        ({"type": "hold", "dice": [0, 1, 2]}, []),
        ({"type": "roll", "cup": False}, [1, 1]),
        ({"type": "score", "column": "livre", "box": "yams"}, []),
    ):
        state, new_events = act(state, action, faces=faces)
        events += new_events
    state, new_events = act(state, {"type": "leave"}, seat=0)
    events += new_events
    assert [e["type"] for e in events] == [
        "roll",
        "lift",
        "hold",
        "roll",
        "score",
        "turn",
        "leave",
        "end",
    ]
    for e in events:
        assert {"type", "seat", "text"} <= set(e)
        assert isinstance(e["text"], str) and e["text"]
    assert events[2]["text"] == "Jogador 1 guardou 1, 1, 1."
    assert events[4]["text"] == "Jogador 1 marcou 50 no Yam's da coluna Livre."


def test_any_allowed_box_may_be_struck_for_zero_even_when_the_dice_would_score():
    state = GAME.setup(1, {"columns": 1, "max_min": False}, random.Random(1))
    state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, random.Random(3))
    strike = {"type": "strike", "column": "livre", "box": "chance"}
    assert strike in GAME.legal_actions(state, 0)
    assert sum(state["turn"]["dice"]) > 0
    state, events = GAME.apply(state, 0, strike, random.Random(0))
    assert state["cards"][0]["livre"]["chance"] == 0
    assert events[0]["points"] == 0
    assert "riscou" in events[0]["text"]
