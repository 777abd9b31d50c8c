import json
import random

import pytest

from games.rules import get
from games.rules.base import IllegalAction
from games.rules.bozo import BOXES, GAME, score, scores
from tests.dice import Loaded

JUNK = [1, 2, 3, 4, 6]  # scores nothing in any combination box


def new(mode="solo", **options):
    seats = {"solo": 1, "duelo": 2, "duplas": 4}[mode]
    return GAME.setup(seats, {"mode": mode, **options}, random.Random(0))


def act(state, action, seat=None, faces=()):
    """The player on turn (or `seat`) does `action`; returns the new state and its events."""
    seat = state["to_move"] if seat is None else seat
    return GAME.apply(state, seat, action, Loaded(faces))


def roll(state, faces, cup=False):
    return act(state, {"type": "roll", "cup": cup}, faces=faces)[0]


def hold(state, *dice):
    return act(state, {"type": "hold", "dice": list(dice)})[0]


def mark(state, box):
    return act(state, {"type": "score", "box": box})[0]


def turn(state, box, faces=JUNK):
    """One whole turn: a single roll without the cup, then `box`."""
    return mark(roll(state, faces), box)


def potential(state):
    return GAME.view(state, None)["potential"]


def card(state, index=0):
    return GAME.view(state, None)["cards"][index]


# --- The scoring table of the seed -----------------------------------------------------------


def test_6_6_6_6_2_gives_24_in_sena_or_the_quadrada():
    hand = [6, 6, 6, 6, 2]
    assert score("sena", hand, first_roll=False) == 24
    assert score("quadrada", hand, first_roll=False) == 40
    assert score("quadrada", hand, first_roll=True) == 45
    assert score("sena", hand, first_roll=True) == 24


def test_scoring_the_quadrada_does_not_fill_the_sena():
    state = mark(roll(new(), [6, 6, 6, 6, 2]), "quadrada")
    assert card(state)["boxes"]["quadrada"] == 45
    assert card(state)["boxes"]["sena"] is None
    state = roll(state, [6, 6, 6, 6, 2])
    assert potential(state)["sena"] == 24


@pytest.mark.parametrize(
    ("box", "points"),
    [("as", 2), ("duque", 2), ("terno", 0), ("quadra", 4), ("quina", 0), ("sena", 6)],
)
def test_number_boxes_score_face_times_dice_showing_it(box, points):
    assert score(box, [1, 1, 2, 4, 6], first_roll=False) == points


def test_number_boxes_have_no_first_roll_bonus():
    assert scores([5, 5, 5, 5, 5], ["quina"], first_roll=True) == {"quina": 25}


@pytest.mark.parametrize(
    ("box", "hand", "plain", "de_boca"),
    [
        ("full", [3, 3, 3, 5, 5], 20, 25),
        ("seguida", [1, 2, 3, 4, 5], 30, 35),
        ("seguida", [6, 4, 2, 3, 5], 30, 35),
        ("quadrada", [2, 2, 2, 2, 6], 40, 45),
        ("quadrada", [2, 2, 2, 2, 2], 40, 45),
        ("general", [4, 4, 4, 4, 4], 50, 55),
    ],
)
def test_combinations_score_fixed_values_five_more_de_boca(box, hand, plain, de_boca):
    assert score(box, hand, first_roll=False) == plain
    assert score(box, hand, first_roll=True) == de_boca
    assert score(box, hand, first_roll=True, bonus=False) == plain


def test_five_equal_dice_score_as_quadrada_not_full():
    assert score("quadrada", [5] * 5, first_roll=False) == 40
    assert score("full", [5] * 5, first_roll=False) == 0


def test_1_3_4_5_6_is_not_a_seguida():
    assert score("seguida", [1, 3, 4, 5, 6], first_roll=False) == 0


def test_four_equal_are_not_a_general_nor_a_full():
    assert score("general", [2, 2, 2, 2, 3], first_roll=True) == 0
    assert score("full", [2, 2, 2, 2, 3], first_roll=True) == 0


def test_there_is_no_chance_box():
    assert "chance" not in BOXES
    state = roll(new(), JUNK)
    with pytest.raises(IllegalAction, match="Casa desconhecida"):
        mark(state, "chance")


def test_the_card_has_ten_boxes_in_the_seed_order():
    assert BOXES == (
        "as", "duque", "terno", "quadra", "quina", "sena",
        "full", "seguida", "quadrada", "general",
    )  # fmt: skip


def test_no_subtotal_bonus_the_total_is_the_sum_of_the_boxes():
    state = new()
    for face, box in enumerate(BOXES[:6], start=1):
        state = turn(state, box, [face] * 4 + [1 if face != 1 else 2])
    boxes = card(state)["boxes"]
    assert [boxes[b] for b in BOXES[:6]] == [4, 8, 12, 16, 20, 24]
    assert card(state)["total"] == 84


# --- The first-roll bonus ("bônus de boca") --------------------------------------------------


def test_first_roll_bonus_applies_only_to_the_four_combinations():
    state = roll(new(), [6, 6, 6, 6, 6])
    assert potential(state) == {
        "as": 0, "duque": 0, "terno": 0, "quadra": 0, "quina": 0, "sena": 30,
        "full": 0, "seguida": 0, "quadrada": 45, "general": 55,
    }  # fmt: skip


def test_first_roll_bonus_is_lost_after_a_reroll():
    state = roll(new(), [3, 3, 3, 5, 1])
    assert potential(state)["full"] == 0
    state = roll(hold(state, 0, 1, 2, 3), [5])
    assert potential(state)["full"] == 20
    state, events = act(state, {"type": "score", "box": "full"})
    assert card(state)["boxes"]["full"] == 20
    assert events[0]["text"] == "Jogador 1 marcou 20 no Full."


def test_full_scored_right_after_the_first_roll_is_worth_25():
    state = roll(new(), [3, 3, 3, 5, 5])
    state, events = act(state, {"type": "score", "box": "full"})
    assert card(state)["boxes"]["full"] == 25
    assert events[0] == {
        "type": "score",
        "text": "Jogador 1 marcou 25 no Full (de boca).",
        "seat": 0,
        "box": "full",
        "points": 25,
    }


def test_the_bonus_de_boca_option_off_removes_the_bonus():
    state = roll(new(bonus_de_boca=False), [2, 3, 4, 5, 6])
    assert potential(state)["seguida"] == 30
    assert card(mark(state, "seguida"))["boxes"]["seguida"] == 30


# --- The turn ---------------------------------------------------------------------------------


def test_cantar_embaixo_two_sixes_held_then_6_5_4_from_below_gives_6_6_1_2_3():
    state = roll(new(), [6, 6, 2, 2, 2])
    state = hold(state, 0, 1)
    state = roll(state, [6, 5, 4], cup=True)
    assert GAME.view(state, 0)["turn"]["dice"] == [6, 6, None, None, None]
    state, events = act(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["text"] == "Jogador 1 cantou embaixo e levantou o copo: 6, 6, 1, 2, 3."
    view = GAME.view(state, 0)
    assert view["turn"]["rolls"] == 2
    assert view["turn"]["rolls_left"] == 1
    assert view["potential"]["sena"] == 12
    assert view["potential"]["as"] == 1


def test_covered_dice_appear_in_no_view_and_no_event():
    state, events = act(new("duelo"), {"type": "roll", "cup": True}, faces=[5, 5, 5, 5, 5])
    assert events == [
        {"type": "roll", "text": "Jogador 1 lançou 5 dados com copo.", "seat": 0, "count": 5,
         "cup": True}
    ]  # fmt: skip
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["turn"]["dice"] == [None] * 5
        assert view["turn"]["covered"] == [0, 1, 2, 3, 4]
        assert view["potential"] == {}


def test_the_player_on_turn_must_lift_before_anything_but_leaving():
    state = roll(new(), JUNK, cup=True)
    assert GAME.legal_actions(state, 0) == [
        {"type": "lift", "from": "top"},
        {"type": "lift", "from": "bottom"},
        {"type": "leave"},
    ]
    with pytest.raises(IllegalAction, match="Levante o copo antes de marcar"):
        mark(state, "as")


def test_no_scoring_before_the_first_roll():
    with pytest.raises(IllegalAction, match="Lance os dados antes de marcar"):
        mark(new(), "as")
    assert GAME.legal_actions(new(), 0) == [
        {"type": "roll", "cup": False},
        {"type": "roll", "cup": True},
        {"type": "leave"},
    ]


def test_the_player_may_score_after_any_revealed_roll():
    state = roll(new(), JUNK)
    assert {"type": "score", "box": "general"} in GAME.legal_actions(state, 0)
    state = roll(hold(state, 0), [2, 2, 2, 2])
    assert {"type": "score", "box": "general"} in GAME.legal_actions(state, 0)


def test_after_the_third_roll_a_box_must_be_scored_and_zero_is_allowed():
    state = roll(new(), JUNK)
    state = roll(state, JUNK)
    state = roll(state, JUNK)
    legal = GAME.legal_actions(state, 0)
    assert legal == [{"type": "score", "box": box} for box in BOXES] + [{"type": "leave"}]
    with pytest.raises(IllegalAction, match="3 lançamentos"):
        roll(state, JUNK)
    with pytest.raises(IllegalAction, match="marque uma casa"):
        hold(state, 0)
    state = mark(state, "general")
    assert card(state)["boxes"]["general"] == 0
    assert card(state)["total"] == 0
    assert state["turns_taken"] == [1]


def test_any_open_box_may_take_zero_even_after_the_first_roll():
    state = mark(roll(new(), [6, 6, 6, 6, 6]), "as")
    assert card(state)["boxes"]["as"] == 0


def test_a_repeated_general_may_go_in_another_open_box():
    state = turn(new(), "general", [5] * 5)
    assert card(state)["boxes"]["general"] == 55
    state = roll(state, [5] * 5)
    assert "general" not in potential(state)
    assert potential(state)["quadrada"] == 45
    assert potential(state)["quina"] == 25
    with pytest.raises(IllegalAction, match="já está preenchida"):
        mark(state, "general")
    state = mark(state, "quadrada")
    assert card(state)["boxes"]["general"] == 55
    assert card(state)["boxes"]["quadrada"] == 45


def test_scoring_passes_the_turn_and_starts_a_fresh_dice_turn():
    state, events = act(roll(new("duelo"), JUNK), {"type": "score", "box": "as"})
    assert state["to_move"] == 1
    assert GAME.view(state, None)["turn"] == {
        "dice": [None] * 5, "held": [False] * 5, "rolls": 0, "covered": [], "cup": False,
        "rolls_left": 3,
    }  # fmt: skip
    assert events[-1] == {"type": "turn", "text": "Vez do Jogador 2.", "seat": 1}


def test_a_hold_sets_the_full_set_of_held_dice():
    state = roll(new(), [6, 6, 1, 2, 6])
    state, events = act(state, {"type": "hold", "dice": [0, 1, 4]})
    assert state["turn"]["held"] == [True, True, False, False, True]
    assert events[0]["text"] == "Jogador 1 guardou 6, 6, 6."
    state = hold(state, 4)
    assert state["turn"]["held"] == [False, False, False, False, True]
    state = roll(state, [1, 1, 1, 1])
    assert state["turn"]["dice"] == [1, 1, 1, 1, 6]


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
