import copy
import json
import random

import pytest

from games.rules import get, yams
from games.rules.base import IllegalAction
from games.rules.yams import GAME
from tests.dice import Loaded

LIVRE_13 = {"columns": 1, "max_min": False}


def new(seats=1, **options):
    return GAME.setup(seats, options, random.Random(0))


MOVER = object()  # the seat on turn


def act(state, action, seat=MOVER, faces=()):
    seat = state["to_move"] if seat is MOVER else seat
    return GAME.apply(state, seat, action, Loaded(faces))


def roll(state, faces, cup=False):
    state, _ = act(state, {"type": "roll", "cup": cup}, faces=faces)
    return state


def mark(state, column, box):
    state, _ = act(state, {"type": "score", "column": column, "box": box})
    return state


def turn(state, faces, column, box):
    return mark(roll(state, faces), column, box)


def refused(state, action, match, seat=MOVER):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        act(state, action, seat=seat, faces=[1, 2, 3, 4, 5])
    assert state == before


def fill(state, seat, column, boxes, points=0):
    """Fill boxes directly, to start a test from the middle of a game."""
    for box in boxes:
        state["cards"][seat][column][box] = points
    return state


def quick_turn(state, faces=(2, 3, 3, 5, 6)):
    """One roll, then the first box the rules allow."""
    state = roll(state, list(faces))
    action = next(a for a in GAME.legal_actions(state, state["to_move"]) if a["type"] == "score")
    state, _ = act(state, action)
    return state


def score_actions(state, seat=None):
    seat = state["to_move"] if seat is None else seat
    return [
        (a["column"], a["box"]) for a in GAME.legal_actions(state, seat) if a["type"] == "score"
    ]


# The game and its options


def test_registered_as_yams_for_one_to_eight_players():
    assert get("yams") is GAME
    assert (GAME.slug, GAME.name, GAME.min_seats, GAME.max_seats) == ("yams", "Yam's", 1, 8)
    for seats in (1, 8):
        assert new(seats)["seats"] == seats
    for seats in (0, 9, "2", True):
        with pytest.raises(IllegalAction, match="1 a 8 lugares"):
            GAME.setup(seats, {}, random.Random(0))


def test_default_is_three_columns_with_max_and_min():
    assert GAME.options() == {"columns": (3, (1, 3, 4)), "max_min": (True, (True, False))}
    state = new()
    assert state["options"] == {"columns": 3, "max_min": True}
    assert state["columns"] == ["descida", "livre", "subida"]
    assert len(state["boxes"]) == 15


@pytest.mark.parametrize(
    ("columns", "names"),
    [
        (1, ["livre"]),
        (3, ["descida", "livre", "subida"]),
        (4, ["descida", "livre", "subida", "seca"]),
    ],
)
def test_play_with_one_three_or_four_columns(columns, names):
    state = new(2, columns=columns)
    assert state["columns"] == names
    for card in state["cards"]:
        assert list(card) == names
        assert all(list(card[c]) == list(yams.BOXES) for c in names)
        assert all(v is None for c in names for v in card[c].values())


def test_boxes_run_top_to_bottom_from_uns_to_chance():
    assert new()["boxes"] == [
        "uns",
        "dois",
        "tres",
        "quatro",
        "cinco",
        "seis",
        "max",
        "min",
        "trinca",
        "quadra",
        "full",
        "pequena",
        "grande",
        "yams",
        "chance",
    ]


def test_max_min_can_be_turned_off_leaving_thirteen_boxes_per_column():
    state = new(columns=4, max_min=False)
    assert len(state["boxes"]) == 13
    assert "max" not in state["boxes"] and "min" not in state["boxes"]
    assert all(len(column) == 13 for column in state["cards"][0].values())
    state = roll(state, [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "livre", "box": "max"}, "Casa inexistente")


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"columns": 2}, "columns"),
        ({"columns": "3"}, "columns"),
        ({"columns": True}, "columns"),
        ({"max_min": "sim"}, "max_min"),
        ({"max_min": 1}, "max_min"),
        ({"colunas": 3}, "desconhecida"),
    ],
)
def test_options_outside_the_allowed_values_are_refused(options, match):
    with pytest.raises(IllegalAction, match=match):
        GAME.setup(2, options, random.Random(0))


def test_state_is_plain_json():
    state = roll(new(3, columns=4), [1, 2, 3, 4, 5], cup=True)
    assert json.loads(json.dumps(state)) == state


# The seed page's scoring table


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        # Uns a Seis: soma dos dados que mostram esse valor
        ("uns", [1, 1, 3, 1, 6], 3),
        ("dois", [2, 2, 2, 2, 5], 8),
        ("tres", [3, 1, 3, 4, 5], 6),
        ("quatro", [1, 2, 3, 5, 6], 0),
        ("cinco", [5, 5, 5, 5, 5], 25),
        ("seis", [6, 6, 6, 6, 2], 24),
        # Máx e Mín: soma dos 5 dados
        ("max", [6, 6, 5, 5, 4], 26),
        ("min", [1, 1, 2, 2, 3], 9),
        # Trinca: 3 dados iguais, soma desses três (também com quatro ou cinco iguais)
        ("trinca", [4, 4, 4, 1, 2], 12),
        ("trinca", [6, 6, 6, 6, 1], 18),
        ("trinca", [2, 2, 2, 2, 2], 6),
        ("trinca", [4, 4, 1, 2, 3], 0),
        # Quadra: 4 iguais, soma desses quatro
        ("quadra", [5, 5, 5, 5, 2], 20),
        ("quadra", [3, 3, 3, 3, 3], 12),
        ("quadra", [5, 5, 5, 2, 2], 0),
        # Full house (3 + 2): 25; cinco iguais não são Full
        ("full", [3, 3, 3, 6, 6], 25),
        ("full", [6, 2, 6, 2, 2], 25),
        ("full", [4, 4, 4, 4, 4], 0),
        ("full", [4, 4, 4, 4, 1], 0),
        ("full", [4, 4, 1, 1, 2], 0),
        # Sequências: pequena 1-2-3-4-5 30, grande 2-3-4-5-6 40, em qualquer ordem
        ("pequena", [5, 3, 1, 2, 4], 30),
        ("pequena", [2, 3, 4, 5, 6], 0),
        ("pequena", [1, 2, 3, 4, 4], 0),
        ("grande", [6, 4, 2, 5, 3], 40),
        ("grande", [1, 2, 3, 4, 5], 0),
        ("grande", [1, 3, 4, 5, 6], 0),
        ("pequena", [1, 3, 4, 5, 6], 0),
        # Yam's (5 iguais): 50
        ("yams", [1, 1, 1, 1, 1], 50),
        ("yams", [6, 6, 6, 6, 5], 0),
        # Chance: soma dos 5 dados
        ("chance", [1, 2, 6, 6, 3], 18),
    ],
)
def test_score_table_of_the_seed_page(box, dice, points):
    assert yams.score(box, dice) == points


def test_a_scored_turn_writes_the_points_and_says_so_in_the_log():
    state = roll(new(2, columns=1), [3, 3, 3, 6, 6])
    state, events = act(state, {"type": "score", "column": "livre", "box": "full"})
    assert state["cards"][0]["livre"]["full"] == 25
    scored = events[0]
    assert scored == {
        "type": "score",
        "seat": 0,
        "column": "livre",
        "box": "full",
        "points": 25,
        "text": "Jogador 1 marcou 25 no Full da coluna Livre.",
    }
    assert events[1] == {"type": "turn", "seat": 1, "text": "Vez do Jogador 2."}


def test_any_box_may_be_struck_for_zero():
    state = roll(new(columns=1), [1, 2, 4, 5, 6])
    assert ("livre", "yams") in score_actions(state)
    state, events = act(state, {"type": "score", "column": "livre", "box": "yams"})
    assert state["cards"][0]["livre"]["yams"] == 0
    assert events[0]["text"] == "Jogador 1 riscou o Yam's da coluna Livre (0 pontos)."


def upper_column(**points):
    column = dict.fromkeys(yams.BOXES)
    column.update(points)
    return column


def test_bonus_of_35_when_the_upper_subtotal_reaches_exactly_63():
    column = upper_column(uns=3, dois=6, tres=9, quatro=12, cinco=15, seis=18)
    totals = yams.column_totals(column, max_min=True)
    assert (totals["upper"], totals["bonus"], totals["total"]) == (63, 35, 98)


def test_no_bonus_at_62():
    column = upper_column(uns=2, dois=6, tres=9, quatro=12, cinco=15, seis=18)
    totals = yams.column_totals(column, max_min=True)
    assert (totals["upper"], totals["bonus"], totals["total"]) == (62, 0, 62)


def test_bonus_counts_once_per_column_that_reaches_63():
    state = new(columns=3)
    fill(state, 0, "descida", ["seis"], 30)
    fill(state, 0, "descida", ["cinco"], 25)
    fill(state, 0, "descida", ["quatro"], 8)
    fill(state, 0, "subida", ["seis"], 30)
    fill(state, 0, "subida", ["cinco"], 25)
    fill(state, 0, "subida", ["quatro"], 8)
    fill(state, 0, "livre", ["seis"], 30)
    card = GAME.view(state, 0)["cards"][0]
    assert [card["totals"][c]["bonus"] for c in ("descida", "livre", "subida")] == [35, 0, 35]
    assert card["total"] == 63 + 35 + 30 + 63 + 35


def test_reaching_the_bonus_is_announced_in_the_log():
    state = new(columns=1)
    fill(state, 0, "livre", ["seis"], 30)
    fill(state, 0, "livre", ["cinco"], 25)
    state, events = act(
        roll(state, [4, 4, 1, 2, 3]), {"type": "score", "column": "livre", "box": "quatro"}
    )
    assert "Bônus de 35 na coluna Livre" in events[0]["text"]


@pytest.mark.parametrize(
    ("high", "low", "counted", "void"),
    [(25, 10, 35, False), (20, 20, 0, True), (18, 22, 0, True), (0, 0, 0, True)],
)
def test_max_must_beat_min_in_the_same_column_or_both_count_zero(high, low, counted, void):
    totals = yams.column_totals(upper_column(max=high, min=low), max_min=True)
    assert (totals["max_min"], totals["max_min_void"], totals["total"]) == (counted, void, counted)


def test_a_lone_max_or_min_counts_until_its_partner_is_filled():
    assert yams.column_totals(upper_column(max=12), max_min=True)["total"] == 12
    assert yams.column_totals(upper_column(min=12), max_min=True)["total"] == 12


def test_a_void_max_and_min_is_announced_once_and_shown_on_the_card():
    state = new(columns=1)
    fill(state, 0, "livre", ["max"], 20)
    state = roll(state, [6, 6, 6, 2, 2])  # 22 in Mín, more than Máx
    state, events = act(state, {"type": "score", "column": "livre", "box": "min"})
    assert events[0]["text"] == (
        "Jogador 1 marcou 22 no Mín da coluna Livre."
        " O Máx não superou o Mín: as duas casas da coluna Livre valem 0."
    )
    totals = GAME.view(state, None)["cards"][0]["totals"]["livre"]
    assert (totals["max_min"], totals["max_min_void"], totals["total"]) == (0, True, 0)
    state, events = act(
        roll(state, [1, 1, 1, 3, 3]), {"type": "score", "column": "livre", "box": "trinca"}
    )
    assert events[0]["text"] == "Jogador 1 marcou 3 na Trinca da coluna Livre."


def test_max_and_min_are_judged_column_by_column():
    state = new(columns=3)
    fill(state, 0, "livre", ["max"], 20)
    fill(state, 0, "subida", ["min"], 25)
    card = GAME.view(state, None)["cards"][0]
    assert card["totals"]["livre"]["max_min"] == 20
    assert card["totals"]["subida"]["max_min"] == 25


def test_total_sums_every_column():
    state = new(columns=4)
    for column, points in (("descida", 5), ("livre", 7), ("subida", 11), ("seca", 13)):
        fill(state, 0, column, ["chance"], points)
    assert GAME.view(state, 0)["cards"][0]["total"] == 36


# The turn: three rolls, holds, the cup


def test_three_rolls_then_a_box_must_be_scored():
    state = new(columns=1)
    state = roll(state, [1, 1, 2, 3, 4])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    state = roll(state, [1, 5, 6])
    state = roll(state, [1, 1, 6])
    assert state["turn"]["dice"] == [1, 1, 1, 1, 6]
    actions = GAME.legal_actions(state, 0)
    assert {a["type"] for a in actions} == {"score", "strike", "leave"}
    refused(state, {"type": "roll", "cup": False}, "3 lançamentos")
    refused(state, {"type": "hold", "dice": [0]}, "marque uma casa")
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 0


def test_a_box_may_be_scored_after_any_roll():
    state = roll(new(columns=1), [2, 2, 2, 2, 2])
    assert len(score_actions(state)) == 15
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 2


def test_no_hold_before_the_first_roll_and_no_score_before_a_roll():
    state = new()
    refused(state, {"type": "hold", "dice": [0]}, "antes de guardar")
    refused(state, {"type": "score", "column": "livre", "box": "chance"}, "Lance os dados")
    assert GAME.legal_actions(state, 0) == [
        {"type": "roll", "cup": False},
        {"type": "roll", "cup": True},
        {"type": "leave"},
    ]


def test_lift_without_a_covered_roll_is_refused():
    refused(new(), {"type": "lift", "from": "top"}, "Não há dados cobertos")
    refused(roll(new(), [1, 2, 3, 4, 5]), {"type": "lift", "from": "top"}, "Não há dados cobertos")


def test_dice_under_the_cup_show_to_nobody_until_the_lift():
    state, events = act(new(3), {"type": "roll", "cup": True}, faces=[6, 6, 6, 6, 6])
    assert events == [
        {
            "type": "roll",
            "seat": 0,
            "cup": True,
            "thrown": [0, 1, 2, 3, 4],
            "text": "Jogador 1 lançou 5 dados com o copo.",
        }
    ]
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        assert view["turn"]["dice"] == [None] * 5
        assert view["potential"] == {}
        assert "6" not in json.dumps(view["turn"])
    refused(state, {"type": "score", "column": "livre", "box": "yams"}, "Levante o copo")
    assert GAME.legal_actions(state, 0) == [
        {"type": "lift", "from": "top"},
        {"type": "lift", "from": "bottom"},
        {"type": "leave"},
    ]


def test_singing_from_below_turns_the_thrown_dice_over():
    state = roll(new(columns=1), [6, 6, 2, 2, 2])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    state = roll(state, [6, 5, 4], cup=True)
    assert GAME.view(state, 0)["turn"]["dice"] == [6, 6, None, None, None]
    state, events = act(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [6, 6, 1, 2, 3]
    assert events[0]["text"] == "Jogador 1 cantou embaixo: 6, 6, 1, 2, 3."
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 1


# Column order


def test_descida_fills_strictly_top_to_bottom():
    state = roll(new(), [5, 5, 5, 5, 5])
    assert [box for column, box in score_actions(state) if column == "descida"] == ["uns"]
    refused(
        state,
        {"type": "score", "column": "descida", "box": "yams"},
        "de cima para baixo: a próxima casa é Uns",
    )
    state = mark(state, "descida", "uns")
    state = roll(state, [5, 5, 5, 5, 5])
    assert [box for column, box in score_actions(state) if column == "descida"] == ["dois"]


def test_subida_fills_strictly_bottom_to_top():
    state = roll(new(), [1, 1, 1, 1, 1])
    assert [box for column, box in score_actions(state) if column == "subida"] == ["chance"]
    refused(
        state,
        {"type": "score", "column": "subida", "box": "uns"},
        "de baixo para cima: a próxima casa é Chance",
    )
    state = mark(state, "subida", "chance")
    state = roll(state, [1, 1, 1, 1, 1])
    assert [box for column, box in score_actions(state) if column == "subida"] == ["yams"]


def test_livre_takes_any_open_box():
    state = roll(new(), [4, 4, 4, 2, 2])
    livre = [box for column, box in score_actions(state) if column == "livre"]
    assert livre == list(yams.BOXES)
    state = mark(state, "livre", "quadra")
    state = roll(state, [4, 4, 4, 2, 2])
    assert "quadra" not in [box for column, box in score_actions(state) if column == "livre"]


def test_the_column_order_survives_a_store_that_sorts_keys():
    state = fill(new(), 0, "descida", ["uns", "dois"])
    stored = json.loads(json.dumps(state, sort_keys=True))
    stored = roll(stored, [3, 3, 3, 1, 2])
    assert ("descida", "tres") in score_actions(stored)
    assert [box for column, box in score_actions(stored) if column == "subida"] == ["chance"]


def test_a_filled_box_is_refused():
    state = turn(new(columns=1), [6, 6, 6, 6, 6], "livre", "yams")
    state = roll(state, [6, 6, 6, 6, 6])
    refused(state, {"type": "score", "column": "livre", "box": "yams"}, "já está preenchida")


def test_columns_not_in_play_are_refused():
    state = roll(new(columns=1), [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "descida", "box": "uns"}, "Coluna inexistente")
    state = roll(new(columns=3), [1, 2, 3, 4, 5])
    refused(state, {"type": "score", "column": "seca", "box": "uns"}, "Coluna inexistente")


# Seca


def test_seca_takes_any_box_with_the_first_roll():
    state = roll(new(columns=4), [2, 3, 4, 5, 6])
    assert [box for column, box in score_actions(state) if column == "seca"] == list(yams.BOXES)
    state = mark(state, "seca", "grande")
    assert state["cards"][0]["seca"]["grande"] == 40


def test_seca_accepts_the_first_roll_also_after_the_cup():
    state = roll(new(columns=4), [2, 3, 4, 5, 6], cup=True)
    state, _ = act(state, {"type": "lift", "from": "top"})
    assert ("seca", "grande") in score_actions(state)


def test_holding_dice_without_rerolling_keeps_seca_open():
    state = roll(new(columns=4), [2, 3, 4, 5, 6])
    state, _ = act(state, {"type": "hold", "dice": [0, 1]})
    assert ("seca", "grande") in score_actions(state)


def test_seca_is_closed_once_the_player_rerolls():
    state = roll(new(columns=4), [2, 3, 4, 5, 1])
    state = roll(state, [6, 6, 6, 6, 6])
    assert state["turn"]["dice"] == [6, 6, 6, 6, 6]
    assert not [column for column, _ in score_actions(state) if column == "seca"]
    refused(state, {"type": "score", "column": "seca", "box": "yams"}, "Seca só aceita o resultado")
    assert "seca" not in GAME.view(state, 0)["potential"]


def test_a_card_with_only_seca_open_scores_after_the_first_roll():
    state = new(columns=4)
    for column in ("descida", "livre", "subida"):
        fill(state, 0, column, yams.BOXES)
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 1
    state = roll(state, [1, 2, 3, 4, 6])
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"score", "strike", "leave"}
    assert GAME.view(state, 0)["turn"]["rolls_left"] == 0
    refused(state, {"type": "roll", "cup": False}, "Só restam casas na Seca")
    refused(state, {"type": "hold", "dice": [0]}, "Só restam casas na Seca")
    assert len(score_actions(state)) == 15


def test_a_card_with_seca_and_other_boxes_open_may_reroll():
    state = new(columns=4)
    for column in ("descida", "livre"):
        fill(state, 0, column, yams.BOXES)
    fill(state, 0, "subida", yams.BOXES[1:])
    state = roll(state, [1, 2, 3, 4, 6])
    assert {"type": "roll", "cup": True} in GAME.legal_actions(state, 0)
    state = roll(state, [1, 1, 1, 1, 1])
    assert score_actions(state) == [("subida", "uns")]


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
