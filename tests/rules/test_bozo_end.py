"""Bozó: the end of the game, leaving and inactivity claims."""

import pytest

from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, GAME
from tests.rules.bozo_helpers import JUNK, act, new, roll, turn

# --- Ending -------------------------------------------------------------------------------------


def play_duelo(first, second):
    """A full duel: seat 0 scores every box with hand `first`, seat 1 with `second`."""
    state = new("duelo")
    for box in BOXES:
        state = turn(state, box, first)
        state = turn(state, box, second)
    return state


def test_highest_total_wins():
    state = play_duelo([6, 6, 6, 6, 5], JUNK)  # 24 sena + 5 quina + 45 quadrada = 74
    result = GAME.outcome(state)
    assert result["winners"] == [0]
    assert result["scores"] == [74, 1 + 2 + 3 + 4 + 6]
    assert result["reason"] == "complete"
    assert result["text"] == "Jogador 1 venceu com 74 pontos."


def test_equal_totals_share_the_win():
    state = play_duelo(JUNK, [6, 4, 3, 2, 1])
    result = GAME.outcome(state)
    assert result["scores"] == [16, 16]
    assert result["winners"] == [0, 1]
    assert "vitória compartilhada" in result["text"]


def test_in_duplas_the_result_belongs_to_both_partners():
    state = new("duplas")
    for box in BOXES:
        state = turn(state, box, JUNK)  # Jade
        state = turn(state, box, [1, 1, 1, 1, 1])  # Âmbar: 5 in Ás, 45 + 55 in the combinations
    result = GAME.outcome(state)
    assert result["winners"] == [1, 3]
    assert result["scores"] == [16, 105, 16, 105]
    assert result["text"] == "Âmbar venceu com 105 pontos."


def test_no_action_after_the_end():
    state = play_duelo(JUNK, JUNK)
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 0) == []
    assert GAME.legal_actions(state, 1) == []
    for action in ({"type": "roll", "cup": False}, {"type": "leave"}):
        with pytest.raises(IllegalAction, match="já terminou"):
            act(state, action, seat=0)
    assert GAME.view(state, 1)["to_move"] is None
    assert GAME.view(state, 1)["potential"] == {}


@pytest.mark.parametrize(
    ("mode", "seat", "winners"),
    [
        ("solo", 0, []),
        ("duelo", 0, [1]),
        ("duelo", 1, [0]),
        ("duplas", 2, [1, 3]),
        ("duplas", 1, [0, 2]),
    ],
)
def test_leaving_gives_the_game_to_the_other_side_and_just_ends_solo(mode, seat, winners):
    state = roll(new(mode), JUNK, cup=True)  # even with the cup closed
    state, events = act(state, {"type": "leave"}, seat=seat)
    result = GAME.outcome(state)
    assert result["reason"] == "left"
    assert result["winners"] == winners
    assert GAME.to_act(state) == []
    assert events[0] == {"type": "leave", "text": f"Jogador {seat + 1} saiu da partida.",
                         "seat": seat}  # fmt: skip
    assert events[-1]["type"] == "end"
    assert GAME.view(state, None)["turn"]["dice"] == [None] * 5


def test_solo_leave_ends_the_training_without_a_winner():
    state, _ = act(turn(new(), "sena", [6] * 5), {"type": "leave"})
    assert GAME.outcome(state) == {
        "winners": [],
        "scores": [30],
        "reason": "left",
        "text": "Treino encerrado.",
    }


# --- Inactivity claims --------------------------------------------------------------------------


def test_the_opponent_may_claim_inactivity_in_duelo():
    state = new("duelo")
    assert GAME.legal_actions(state, 1) == [{"type": "leave"}, {"type": "claim_inactivity"}]
    state, events = act(state, {"type": "claim_inactivity"}, seat=1)
    assert GAME.outcome(state)["reason"] == "inactivity"
    assert GAME.outcome(state)["winners"] == [1]
    assert events[0]["type"] == "claim_inactivity"


@pytest.mark.parametrize("claimer", [1, 3])
def test_either_opponent_may_claim_inactivity_in_duplas(claimer):
    state, _ = act(new("duplas"), {"type": "claim_inactivity"}, seat=claimer)
    assert GAME.outcome(state)["winners"] == [1, 3]
    assert GAME.outcome(state)["reason"] == "inactivity"


def test_partner_cannot_claim_inactivity_against_own_team():
    state = new("duplas")  # Jade 1 (seat 0) on turn; seat 2 is the partner
    assert GAME.legal_actions(state, 2) == [{"type": "leave"}]
    with pytest.raises(IllegalAction, match="parceiro"):
        act(state, {"type": "claim_inactivity"}, seat=2)


def test_player_on_turn_cannot_claim_inactivity():
    state = new("duelo")
    assert {"type": "claim_inactivity"} not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="Você está na vez"):
        act(state, {"type": "claim_inactivity"}, seat=0)


def test_no_inactivity_claim_in_solo():
    with pytest.raises(IllegalAction, match="solo"):
        act(new(), {"type": "claim_inactivity"})
