"""Dominó de pontos, seed 001 and issue #4, on fixed deals: playing, the places, "end" and the
errors.

The notation of deals and moves is tests/rules/domino_helpers.py's.
"""

import pytest

from games.rules.domino import GAME, setup_from_deal
from tests.rules.domino_helpers import BUCHO, play, play_all, refused

# --- Playing: places, "end", errors -------------------------------------------------------------


def test_end_may_be_left_out_when_the_tile_fits_one_place():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    without, events = play(state, "34")
    with_end, _ = play(state, "34 right")
    assert without == with_end
    assert events[0]["end"] == "right"
    assert without["hand"]["table"]["arms"]["right"] == [[4, 3]]


def test_end_is_required_when_the_tile_fits_several_places():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    refused(state, 1, {"type": "play", "tile": [2, 4]}, "mais de um lugar")


def test_the_view_shows_where_each_tile_fits_and_the_legal_moves():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    view = GAME.view(state, 2)
    assert {tuple(p["tile"]): p["ends"] for p in view["places"]} == {
        (0, 6): [],
        (2, 2): ["left"],
        (2, 3): ["left"],
        (2, 5): ["left"],
        (2, 6): ["left"],
        (3, 3): [],
        (3, 4): ["right"],
    }
    assert {"type": "play", "tile": [3, 4], "end": "right"} in view["moves"]
    assert GAME.view(state, 0)["moves"] == []


def test_a_tile_not_in_the_hand_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    refused(state, 0, {"type": "play", "tile": [5, 5]}, "não tem a pedra 5|5")


def test_a_tile_on_an_end_it_does_not_match_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play_all(state, "44, 24 left")
    refused(state, 2, {"type": "play", "tile": [3, 4], "end": "left"}, "ponta da esquerda")
    refused(state, 2, {"type": "play", "tile": [3, 3]}, "nenhuma ponta")


def test_playing_out_of_turn_is_refused():
    state = setup_from_deal(BUCHO, opener=0)
    refused(state, 1, {"type": "play", "tile": [2, 4]}, "Não é a sua vez")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("play", "malformada"),
        ({}, "malformada"),
        ({"type": "pass"}, "desconhecida"),
        ({"type": "claim_inactivity"}, "desconhecida"),
        ({"type": "play"}, "Informe a pedra"),
        ({"type": "play", "tile": [4]}, "Informe a pedra"),
        ({"type": "play", "tile": [4, 7]}, "Informe a pedra"),
        ({"type": "play", "tile": "44"}, "Informe a pedra"),
        ({"type": "play", "tile": [True, 4]}, "Informe a pedra"),
        ({"type": "play", "tile": [4, 4], "seat": 0}, "Campo inesperado"),
        ({"type": "leave", "tile": [4, 4]}, "Campo inesperado"),
    ],
)
def test_malformed_actions_are_refused(action, message):
    refused(setup_from_deal(BUCHO, opener=0), 0, action, message)


def test_an_unknown_end_and_an_unknown_seat_are_refused():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    refused(state, 1, {"type": "play", "tile": [2, 4], "end": "middle"}, "Ponta desconhecida")
    refused(state, 4, {"type": "play", "tile": [2, 4], "end": "left"}, "não existe")
