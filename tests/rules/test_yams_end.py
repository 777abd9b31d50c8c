"""Yam's: turn order, game length and the result; leave and claim_inactivity (house rules)."""

import pytest

from games.rules.yams import GAME
from tests.rules.yams_helpers import act, fill, new, refused, roll, turn

LIVRE_13 = {"columns": 1, "max_min": False}


def quick_turn(state, faces=(2, 3, 3, 5, 6)):
    """One roll, then the first box the rules allow."""
    state = roll(state, list(faces))
    action = next(a for a in GAME.legal_actions(state, state["to_move"]) if a["type"] == "score")
    state, _ = act(state, action)
    return state


# Turn order, game length and the result


def test_turns_go_around_the_table_in_seat_order():
    state = new(3, columns=1)
    movers = []
    for _ in range(7):
        movers.append(state["to_move"])
        assert GAME.to_act(state) == [state["to_move"]]
        state = quick_turn(state)
    assert movers == [0, 1, 2, 0, 1, 2, 0]
    assert state["turn"]["rolls"] == 0


@pytest.mark.parametrize(
    ("seats", "columns", "max_min"),
    [(1, 1, False), (1, 1, True), (1, 3, True), (1, 4, False), (2, 4, True), (3, 3, False)],
)
def test_each_player_fills_columns_times_boxes_turns(seats, columns, max_min):
    state = new(seats, columns=columns, max_min=max_min)
    expected = seats * columns * (15 if max_min else 13)
    for _ in range(expected - 1):
        state = quick_turn(state)
    assert not state["finished"]
    state = quick_turn(state)
    assert state["finished"]
    assert state["turns"] == expected
    assert GAME.to_act(state) == []
    assert all(GAME.legal_actions(state, seat) == [] for seat in range(seats))
    assert all(v is not None for card in state["cards"] for c in card.values() for v in c.values())


def play_out(state, hands):
    """Each player in turn scores the next hand, rolled once, in its first allowed box."""
    events = []
    while not state["finished"]:
        state = roll(state, list(hands[state["to_move"]]))
        action = next(
            a for a in GAME.legal_actions(state, state["to_move"]) if a["type"] == "score"
        )
        state, new_events = act(state, action)
        events += new_events
    return state, events


def test_highest_total_wins():
    state, events = play_out(new(2, **LIVRE_13), {0: [1, 1, 1, 1, 1], 1: [6, 6, 6, 6, 6]})
    outcome = GAME.outcome(state)
    assert outcome["winners"] == [1]
    assert outcome["scores"] == [GAME.view(state, None)["cards"][s]["total"] for s in (0, 1)]
    assert outcome["scores"][1] > outcome["scores"][0]
    assert outcome["reason"] == "complete"
    assert events[-1]["type"] == "end"
    assert events[-1]["text"] == f"Jogador 2 venceu com {outcome['scores'][1]} pontos."
    view = GAME.view(state, 0)
    assert view["finished"] and view["outcome"] == outcome and view["to_move"] is None


def test_equal_totals_share_the_win():
    hands = {0: [2, 2, 3, 3, 3], 1: [3, 2, 3, 2, 3], 2: [1, 1, 1, 1, 2]}
    state, _ = play_out(new(3, **LIVRE_13), hands)
    outcome = GAME.outcome(state)
    assert outcome["scores"][0] == outcome["scores"][1] > outcome["scores"][2]
    assert outcome["winners"] == [0, 1]
    assert outcome["text"].startswith("Empate: Jogador 1 e Jogador 2 venceram")


def test_a_solo_game_ends_when_the_card_is_full_and_the_player_wins():
    state, _ = play_out(new(1, **LIVRE_13), {0: [2, 3, 4, 5, 6]})
    assert GAME.outcome(state)["winners"] == [0]
    refused(state, {"type": "roll", "cup": False}, "já terminou")


# Leave and claim_inactivity (house rules)


def test_alone_at_the_table_leaving_ends_the_game_without_a_winner():
    state, events = act(new(1), {"type": "leave"})
    assert state["finished"]
    assert GAME.outcome(state) == {
        "winners": [],
        "scores": [0],
        "reason": "left",
        "text": "Partida encerrada sem vencedor.",
    }
    assert events[0]["text"] == "Jogador 1 saiu da partida."


def test_when_one_of_two_leaves_the_other_wins():
    state = turn(new(2, columns=1), [6, 6, 6, 6, 6], "livre", "yams")
    state, _ = act(state, {"type": "leave"}, seat=0)  # not on turn: may leave anytime
    outcome = GAME.outcome(state)
    assert (outcome["winners"], outcome["scores"], outcome["reason"]) == ([1], [50, 0], "left")


def test_a_player_who_left_is_skipped_and_cannot_win():
    state = new(3, **LIVRE_13)
    fill(state, 1, "livre", ["yams", "full"], 50)
    state, _ = act(state, {"type": "leave"}, seat=1)
    assert not state["finished"]
    assert GAME.view(state, None)["cards"][1]["left"] is True
    assert GAME.legal_actions(state, 1) == []
    refused(state, {"type": "leave"}, "saiu desta partida", seat=1)
    movers = []
    while not state["finished"]:
        movers.append(state["to_move"])
        state = quick_turn(state, [1, 2, 4, 4, 6])
    assert movers == [0, 2] * 13
    outcome = GAME.outcome(state)
    assert outcome["scores"][1] > max(outcome["scores"][0], outcome["scores"][2])
    assert 1 not in outcome["winners"]
    assert outcome["winners"] == [0, 2]
    assert outcome["reason"] == "complete"


def test_when_the_player_on_turn_leaves_the_next_one_plays():
    state = roll(new(3, columns=1), [1, 2, 3, 4, 5], cup=True)
    state, events = act(state, {"type": "leave"})
    assert state["to_move"] == 1
    assert state["turn"]["rolls"] == 0
    assert [e["type"] for e in events] == ["leave", "turn"]


def test_others_may_claim_inactivity_against_the_player_on_turn():
    state = new(3, columns=1)
    assert GAME.legal_actions(state, 2) == [{"type": "leave"}, {"type": "claim_inactivity"}]
    assert {"type": "claim_inactivity"} not in GAME.legal_actions(state, 0)
    state, events = act(state, {"type": "claim_inactivity"}, seat=2)
    assert events[0] == {
        "type": "claim_inactivity",
        "seat": 2,
        "against": 0,
        "text": "Jogador 3 reivindicou a inatividade do Jogador 1, que sai da partida.",
    }
    assert state["left"] == [True, False, False]
    assert state["to_move"] == 1
    state, _ = act(state, {"type": "claim_inactivity"}, seat=2)
    outcome = GAME.outcome(state)
    assert (outcome["winners"], outcome["reason"]) == ([2], "inactivity")


def test_the_player_on_turn_cannot_claim_against_themselves():
    refused(new(2), {"type": "claim_inactivity"}, "contra si mesmo")
    assert GAME.legal_actions(new(1), 0)[-1] == {"type": "leave"}


def test_the_game_ends_when_the_last_open_card_leaves():
    state = new(2, **LIVRE_13)
    for _ in range(25):
        state = quick_turn(state)
    assert state["to_move"] == 1 and not state["finished"]
    state, _ = act(state, {"type": "claim_inactivity"}, seat=0)
    assert GAME.outcome(state)["winners"] == [0]


@pytest.mark.parametrize(
    ("action", "reason"),
    [({"type": "claim_inactivity"}, "inactivity"), ({"type": "leave"}, "left")],
)
def test_the_action_that_removes_the_last_open_card_names_the_end(action, reason):
    # Seats 0 and 1 stay with full cards: the game ends, named by the claim or the leave.
    state = new(3, **LIVRE_13)
    for _ in range(3 * 13 - 1):
        state = quick_turn(state)
    assert state["to_move"] == 2 and not state["finished"]
    seat = 0 if action["type"] == "claim_inactivity" else 2
    state, events = act(state, action, seat=seat)
    outcome = GAME.outcome(state)
    assert (outcome["winners"], outcome["reason"]) == ([0, 1], reason)
    assert events[-1]["type"] == "end"
