"""Yam's: the seed page's scoring table, the bonus, Máx and Mín, the totals."""

import pytest

from games.rules import yams
from games.rules.yams import GAME
from tests.rules.yams_helpers import act, fill, new, roll, score_actions

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
