"""Bozó: the modes (solo, duelo, duplas), the turn order and the view of seats, cards and teams."""

import pytest

from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, GAME
from tests.rules.bozo_helpers import JUNK, card, mark, new, potential, roll, turn

# --- Modes and turn order ---------------------------------------------------------------------


def test_solo_game_ends_after_ten_turns():
    state = new()
    for i, box in enumerate(BOXES):
        assert GAME.to_act(state) == [0]
        assert state["turns_taken"] == [i]
        state = turn(state, box)
    assert GAME.to_act(state) == []
    assert GAME.outcome(state)["reason"] == "complete"
    assert GAME.outcome(state)["winners"] == [0]
    assert GAME.view(state, 0)["finished"]


def test_duelo_seats_alternate_and_each_plays_ten_turns():
    state = new("duelo")
    order = []
    for box in BOXES:
        for _ in range(2):
            order.append(GAME.to_act(state)[0])
            state = turn(state, box)
    assert order == [0, 1] * 10
    assert state["turns_taken"] == [10, 10]
    assert GAME.outcome(state) is not None


def test_duplas_order_is_jade1_ambar1_jade2_ambar2_and_five_turns_each():
    state = new("duplas")
    order = []
    for box in BOXES:
        for _ in range(2):  # one box on each team's card
            order.append(GAME.to_act(state)[0])
            state = turn(state, box)
    assert order == [0, 1, 2, 3] * 5
    assert state["turns_taken"] == [5, 5, 5, 5]
    assert GAME.view(state, None)["turns_per_seat"] == 5
    assert GAME.outcome(state) is not None


def test_partner_box_is_closed_even_with_zero():
    state = turn(new("duplas"), "general", JUNK)  # Jade 1 strikes General for zero
    state = turn(state, "as")  # Âmbar 1
    assert card(state, 0)["boxes"]["general"] == 0
    state = roll(state, [2, 2, 2, 2, 2])  # Jade 2
    assert state["to_move"] == 2
    assert "general" not in potential(state)
    assert {"type": "score", "box": "general"} not in GAME.legal_actions(state, 2)
    with pytest.raises(IllegalAction, match="General já está preenchida"):
        mark(state, "general")


def test_the_other_team_keeps_its_own_card():
    state = turn(new("duplas"), "general", [4] * 5)
    state = roll(state, [4] * 5)
    assert state["to_move"] == 1
    assert potential(state)["general"] == 55


def test_view_describes_seats_cards_and_teams():
    view = GAME.view(new("duplas"), 3)
    assert view["game"] == "bozo"
    assert view["mode"] == "duplas"
    assert view["seat"] == 3
    assert view["seats"] == 4
    assert view["card_of"] == [0, 1, 0, 1]
    assert view["teams"] == [{"name": "Jade", "seats": [0, 2]}, {"name": "Âmbar", "seats": [1, 3]}]
    assert len(view["cards"]) == 2
    assert list(view["cards"][0]["boxes"]) == list(BOXES)
    assert view["cards"][0] == {"boxes": dict.fromkeys(BOXES), "total": 0}
    assert view["to_move"] == 0
    assert view["turns_taken"] == [0, 0, 0, 0]
    assert view["finished"] is False
    assert view["outcome"] is None
    assert view["options"] == {
        "mode": "duplas",
        "bonus_de_boca": True,
        "general_de_boca_vence": False,
    }
    assert GAME.view(new(), None)["card_of"] == [0]
    assert GAME.view(new(), None)["teams"] is None
    assert GAME.view(new("duelo"), 0)["card_of"] == [0, 1]


def test_potential_is_public_and_the_same_for_every_viewer():
    state = roll(new("duelo"), [2, 2, 2, 5, 5])
    views = [GAME.view(state, seat)["potential"] for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]
    assert views[0]["full"] == 25
    assert views[0]["duque"] == 6
    assert views[0]["quina"] == 10
    assert potential(new("duelo")) == {}
