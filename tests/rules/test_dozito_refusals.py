"""Dozito, seed 002 and issue #5, on fixed deals: malformed, untimely and out-of-turn actions are
refused.

The card notation and `table` are tests/rules/dozito_helpers.py's.
"""

import json

import pytest

from games.rules.base import IllegalAction
from games.rules.dozito import GAME
from tests.rules.dozito_helpers import (
    CLASH,
    DOWN,
    DRAW,
    discard,
    do,
    keep,
    place,
    refused,
    table,
    take,
)

# --- Refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (None, "Jogada malformada"),
        ({"slot": 3}, "falta o tipo"),
        ({"type": "fly"}, "Jogada desconhecida: fly"),
        ({"type": "take"}, "campo “from”: discard ou draw"),
        ({"type": "take", "from": "table"}, "campo “from”"),
        ({"type": "take", "from": "discard"}, "campo “pile”: 0 ou 1"),
        ({"type": "take", "from": "discard", "pile": 2}, "campo “pile”"),
        ({"type": "take", "from": "discard", "pile": True}, "campo “pile”"),
        ({"type": "take", "from": "discard", "pile": "0"}, "campo “pile”"),
        ({"type": "take", "from": "draw", "pile": 0}, "Campo inesperado na jogada: pile"),
        ({"type": "leave", "now": True}, "Campo inesperado na jogada: now"),
        (place(3), "Agora não: pegue a carta do topo de uma pilha de descarte ou compre"),
        (discard(0), "Agora não: pegue a carta"),
        (keep("hand", 0), "Agora não: pegue a carta"),
    ],
)
def test_malformed_and_untimely_actions_are_refused_with_a_clear_message(action, message):
    refused(table(DOWN, None), 0, action, message)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (place(13), "campo “slot”: 1 a 12"),
        (place(0), "campo “slot”"),
        ({"type": "place", "slot": "7"}, "campo “slot”"),
        ({"type": "place"}, "campo “slot”"),
        ({"type": "place", "slot": 7, "pile": 0}, "Campo inesperado"),
        (place(8), "O 7 azul só pode ir para o espaço 7"),
        (take(0), "Agora não: coloque a carta da mão no espaço dela ou descarte-a"),
        (DRAW, "Agora não"),
        (discard(5), "campo “pile”"),
        (keep("hand", 0), "Agora não"),
    ],
)
def test_a_card_in_hand_refuses_what_does_not_fit(action, message):
    state, _ = do(table(DOWN, None, draw="az7"), DRAW)
    refused(state, 0, action, message)


def test_keep_needs_hand_or_grid():
    state, _ = do(table(CLASH, None, piles=("vm9", "az7")), take(1))
    refused(state, 0, keep("both", 0), "campo “card”: hand ou grid")
    refused(state, 0, {"type": "keep", "card": "hand"}, "campo “pile”")


def test_playing_out_of_turn_or_from_a_missing_seat_is_refused():
    state = table(DOWN, None)
    refused(state, 1, DRAW, "Não é a sua vez.")
    refused(state, 2, DRAW, "Esse lugar não existe")
    refused(state, -1, {"type": "leave"}, "Esse lugar não existe")
    with pytest.raises(IllegalAction):
        GAME.view(state, 5)


def test_every_event_has_a_type_and_a_portuguese_text_and_the_state_stays_json():
    state = table(DOWN, None, piles=("vm9", "az7"), draw="az10")
    state, events = do(state, take(1), place(3), discard(0), DRAW, place(10))
    assert all(e["type"] and e["text"] for e in events)
    assert json.loads(json.dumps(state)) == state
