"""The Yam's guide (issue #9): every worked step replayed through the engine, every case the
issue names for Yam's covered by a round, the practice answers agreeing with the robot, and the
page stating the rules, the options, the strategy numbers and the printable sheet."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory

from games.bots import yams as robot
from games.bots.yams_heuristic import column_plan
from games.catalog import GAMES_BY_SLUG
from games.rendering import game_render
from games.rules import yams as rules
from guides.content import yams as guide
from guides.content.yams.notes import MODES, played
from guides.content.yams.practice import deal, robot_turn
from guides.content.yams.rounds import SCRIPTS, framed
from tests.dice import Loaded

pytestmark = pytest.mark.django_db


def replay(script):
    """The script played move by move with plain engine calls: (state, events) per step."""
    state = rules.GAME.setup(script.seats, script.options, random.Random(0))
    steps = []
    for moves, _text in script.steps:
        events = []
        for move in moves:
            if move[0] == "roll":
                action, rng = {"type": "roll", "cup": False}, Loaded(move[1])
            elif move[0] == "hold":
                action, rng = {"type": "hold", "dice": list(move[1])}, Loaded()
            else:
                action, rng = {"type": move[0], "column": move[1], "box": move[2]}, Loaded()
            assert action in rules.GAME.legal_actions(state, state["to_move"])
            state, new = rules.GAME.apply(state, state["to_move"], action, rng)
            events += new
        steps.append((state, events))
    return steps


def test_every_worked_step_is_what_the_engine_plays_and_draws():
    page = guide.page()
    assert len(page.rounds) == len(SCRIPTS)
    for round_, script in zip(page.rounds, SCRIPTS, strict=True):
        for step, (state, events) in zip(round_.steps, replay(script), strict=True):
            names = [f"Jogador {n + 1}" for n in range(script.seats)]
            drawn = game_render("yams", state, None, names=names, events=tuple(events))
            assert step.html == framed(drawn)
            said = " ".join(e["text"] for e in events if e["type"] == "score")
            assert step.score == said


def test_each_case_of_the_issue_is_covered_by_a_round():
    covered = {case for round_ in guide.page().rounds for case in round_.covers}
    assert covered >= {"descida", "livre", "subida", "seca", "max_min", "bonus"}


def rounds_by_case():
    return {case: (script, replay(script)) for script in SCRIPTS for case in script.covers}


def test_the_order_round_offers_one_box_in_descida_and_subida():
    _script, steps = rounds_by_case()["descida"]
    first, last = steps[0][0], steps[-1][0]
    assert rules.allowed(first)["descida"] == ["uns"] and rules.allowed(first)["subida"] == [
        "chance"
    ]
    assert len(rules.allowed(first)["livre"]) == 15
    assert rules.allowed(last)["descida"] == ["dois"] and rules.allowed(last)["subida"] == ["yams"]
    card = last["cards"][0]
    assert card["livre"]["yams"] == 50 and card["descida"]["uns"] == 3
    assert card["subida"]["chance"] == 26


def test_the_seca_round_scores_after_the_first_roll_and_loses_seca_after_a_reroll():
    _script, steps = rounds_by_case()["seca"]
    assert "seca" in rules.allowed(steps[0][0])
    assert steps[1][0]["cards"][0]["seca"]["full"] == 25
    rerolled = steps[2][0]
    assert rerolled["turn"]["rolls"] == 2 and "seca" not in rules.allowed(rerolled)


def test_the_max_min_round_voids_a_max_that_does_not_beat_min():
    _script, steps = rounds_by_case()["max_min"]
    state = steps[-1][0]
    good, bad = (rules.totals(state, seat)["livre"] for seat in (0, 1))
    assert good["max_min"] == 35 and not good["max_min_void"]
    assert bad["max_min_void"] and bad["max_min"] == 0
    assert state["cards"][1]["livre"]["max"] == 14 and state["cards"][1]["livre"]["min"] == 20


def test_the_bonus_round_reaches_63_and_earns_35():
    _script, steps = rounds_by_case()["bonus"]
    before, after = steps[-2][0], steps[-1][0]
    assert rules.totals(before, 0)["livre"]["bonus"] == 0
    totals = rules.totals(after, 0)["livre"]
    assert totals["upper"] == rules.BONUS_THRESHOLD and totals["bonus"] == rules.BONUS


def test_the_column_values_are_the_robot_estimates():
    rows = {(row["columns"], row["max_min"]): row for row in guide.page().extra["columns"]}
    assert set(rows) == set(MODES)
    for (columns, max_min), row in rows.items():
        empty = (None,) * len(rules.boxes_in_play(max_min))
        for kind, value in row["values"].items():
            assert value == column_plan((columns, max_min), kind, empty).estimate
        assert row["total"] == pytest.approx(sum(row["values"].values()))
    # What the notes say of the robot's own games stays true.
    normal = guide.page().extra["normal"]
    three, four = normal["three"]["means"], normal["four"]["means"]
    assert three["livre"] > three["descida"] > three["subida"] + 2 * normal["error"]
    assert four["seca"] < min(four["descida"], four["subida"]) < four["livre"]
    assert normal["three"]["card"] == pytest.approx(sum(three.values()))
    assert guide.page().extra["optimum"] == pytest.approx(211.53, abs=0.01)  # exact, one column
    yams = next(row for row in guide.page().extra["chances"] if row["name"] == "Yam's")
    assert yams["one"] == pytest.approx(100 * 6 / 6**5)


@pytest.mark.parametrize("number", [1, 2, 3, 7, 42, 99, 500, 10_000])
def test_practice_answers_agree_with_the_robot(number):
    position = guide.position(number)
    assert position == guide.position(number)
    assert len(position.choices) >= 3
    expected = position.data["expected"]
    best = max(expected.values())
    assert best == position.data["best"][1]  # the robot's own choice is always offered
    for value, _label in position.choices:
        verdict = guide.judge(position, value)
        assert verdict.best == (expected[value] >= best - 0.005)
    # The robot's move at this position is the one judged best.
    state = deal(number, position.data["attempt"])
    assert position.html == framed(game_render("yams", state, None, names=["Você"]))
    view = rules.GAME.view(state, 0)
    legal = [a for a in rules.GAME.legal_actions(state, 0) if not a.get("cup")]
    move = robot.choose(view, legal, random.Random(0))
    ranked = robot.ranked(view, legal)
    assert max(value for value, action in ranked if action == move) == pytest.approx(
        best, abs=0.005
    )


def test_the_page_states_the_rules_options_numbers_and_the_sheet():
    request = RequestFactory().get("/como-jogar/yams/")
    request.user = AnonymousUser()
    html = render_to_string(
        "guides/yams.html",
        {
            "game": GAMES_BY_SLUG["yams"],
            "page": guide.page(),
            "position": guide.position(1),
            "verdict": None,
            "structured_data": "[]",
        },
        request=request,
    )
    for term in (
        "Descida",
        "Livre",
        "Subida",
        "Seca",
        "primeiro lance",
        "Máx tem que ser maior que o Mín",
        "1 coluna",
        "3 colunas",
        "4 colunas",
        "sem Máx/Mín",
        "4 col.",
        "63",
        "+35",
        "Sequência grande",
        "Riscar",
        'id="folha"',
        "games/bozo.css",
        "games/yams.css",
    ):
        assert term in html, term
    assert html.count("<table") >= 5 and '<th scope="col">Casa</th>' in html
    livre = guide.page().extra["normal"]["three"]["means"]["livre"]
    assert f"{livre:.0f}" in html


def test_the_live_card_offers_a_button_for_each_allowed_box_and_figures_to_others():
    state = rules.GAME.setup(2, {"columns": 4}, random.Random(0))
    state, _ = rules.GAME.apply(state, 0, {"type": "roll", "cup": False}, Loaded([3, 3, 3, 5, 5]))
    own = game_render("yams", state, 0, names=["Ana", "Bia"])
    allowed = rules.allowed(state)
    buttons = own.count('class="score-button')
    assert buttons == sum(len(boxes) for boxes in allowed.values()) == 1 + 15 + 1 + 15
    assert 'data-box="full" data-column="seca">25</button>' in own
    other = game_render("yams", state, 1, names=["Ana", "Bia"])
    assert "score-button" not in other and 'class="yams-potential"' in other
    assert 'id="bozo-dado-0"' in other and 'id="yams-cartela-1"' in other


def test_the_robot_games_of_the_notes_are_replayable():
    rng = random.Random(0)
    state = rules.GAME.setup(1, {"columns": 3, "max_min": True}, rng)
    while not state["finished"]:
        state = robot_turn(state, rng)
    one = played((3, True), 1)
    assert one["means"] == {k: v["total"] for k, v in rules.totals(state, 0).items()}


def test_the_scoring_table_says_what_the_engine_scores():
    assert rules.score("full", [3, 3, 3, 5, 5]) == 25
    assert rules.score("full", [4, 4, 4, 4, 4]) == 0  # five alike are no Full
    assert rules.score("trinca", [4, 4, 4, 4, 4]) == 12
    assert rules.score("trinca", [5, 5, 5, 2, 1]) == 15
    assert rules.score("pequena", [5, 3, 1, 2, 4]) == 30
    assert rules.score("grande", [6, 3, 5, 2, 4]) == 40
    assert rules.score("yams", [2, 2, 2, 2, 2]) == 50
    assert rules.score("cinco", [5, 5, 5, 1, 2]) == 15
    assert len(rules.boxes_in_play(False)) == 13 and len(rules.boxes_in_play(True)) == 15
