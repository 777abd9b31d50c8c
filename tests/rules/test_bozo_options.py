"""Bozó: the options and seats (general de boca vence among them), and the registry."""

import random

import pytest

from games.rules import get
from games.rules.base import IllegalAction
from games.rules.bozo import GAME
from tests.rules.bozo_helpers import act, hold, new, potential, roll, turn

# --- Options and seats --------------------------------------------------------------------------


def test_options_and_their_defaults():
    assert GAME.options() == {
        "mode": ("solo", ("solo", "duelo", "duplas")),
        "bonus_de_boca": (True, (True, False)),
        "general_de_boca_vence": (False, (False, True)),
    }
    state = GAME.setup(1, {}, random.Random(0))
    assert state["options"] == {
        "mode": "solo",
        "bonus_de_boca": True,
        "general_de_boca_vence": False,
    }


@pytest.mark.parametrize(
    ("seats", "options", "message"),
    [
        (1, {"copo": True}, "Opção desconhecida: copo"),
        (1, {"mode": "trio"}, "Valor inválido para a opção mode"),
        (1, {"bonus_de_boca": "sim"}, "Valor inválido para a opção bonus_de_boca"),
        (1, {"bonus_de_boca": 1}, "Valor inválido para a opção bonus_de_boca"),
        (1, {"general_de_boca_vence": None}, "general_de_boca_vence"),
        (2, {}, "O modo solo se joga com 1 lugar."),
        (1, {"mode": "duelo"}, "O modo duelo se joga com 2 lugares."),
        (3, {"mode": "duplas"}, "O modo duplas se joga com 4 lugares."),
        (2, {"mode": "duplas"}, "O modo duplas se joga com 4 lugares."),
        (5, {"mode": "duplas"}, "1 a 4 lugares"),
        (0, {}, "1 a 4 lugares"),
        ("2", {"mode": "duelo"}, "1 a 4 lugares"),
    ],
)
def test_setup_refuses_bad_options_and_seats(seats, options, message):
    with pytest.raises(IllegalAction, match=message):
        GAME.setup(seats, options, random.Random(0))


def test_general_de_boca_vence_wins_at_once_on_the_first_roll():
    state = new("duelo", general_de_boca_vence=True)
    state = turn(state, "as")
    state, events = act(state, {"type": "roll", "cup": False}, faces=[3] * 5)
    result = GAME.outcome(state)
    assert result["reason"] == "general_de_boca"
    assert result["winners"] == [1]
    assert result["text"] == "General de boca: Jogador 2 venceu."
    assert events[-1]["type"] == "end"
    assert GAME.to_act(state) == []


def test_general_de_boca_counts_when_sung_from_below():
    state = new("duplas", general_de_boca_vence=True)
    state = roll(state, [1] * 5, cup=True)
    assert GAME.outcome(state) is None  # still covered
    state, _ = act(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [6] * 5
    assert GAME.outcome(state)["winners"] == [0, 2]
    assert GAME.outcome(state)["reason"] == "general_de_boca"


def test_general_on_a_later_roll_does_not_win_at_once():
    state = roll(new("duelo", general_de_boca_vence=True), [2, 2, 2, 2, 5])
    state = roll(hold(state, 0, 1, 2, 3), [2])
    assert GAME.outcome(state) is None
    assert potential(state)["general"] == 50


def test_without_the_option_a_general_de_boca_is_just_55_points():
    state = roll(new("duelo"), [4] * 5)
    assert GAME.outcome(state) is None
    assert potential(state)["general"] == 55


# --- Registry -----------------------------------------------------------------------------------


def test_registry_returns_the_bozo_game():
    assert get("bozo") is GAME
    assert (GAME.slug, GAME.name, GAME.min_seats, GAME.max_seats) == ("bozo", "Bozó", 1, 4)
    with pytest.raises(LookupError):
        get("nada")


def test_the_log_says_one_point_in_the_singular():
    from games.rules.base import points_phrase

    said = [points_phrase(n) for n in (0, 1, 2, 74)]
    assert said == ["0 pontos", "1 ponto", "2 pontos", "74 pontos"]
