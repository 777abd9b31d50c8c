"""The Bozó guide: every worked step is what the engine plays, every box is shown with and
without the bônus de boca, the numbers are the robot's and every practice answer is the robot's."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from games.bots import bozo as bot
from games.rendering import game_render
from games.rules import bozo as rules
from games.rules import dice
from guides.content import bozo as guide
from guides.content.bozo import notes, practice, scripts, table
from tests.dice import Loaded

pytestmark = pytest.mark.django_db


def replayed():
    """Each script played again here, move by move: (state after, events) per move."""
    rounds, state = [], None
    for script in scripts.SCRIPTS:
        if script.fresh or state is None:
            options = {"mode": "solo", **dict(script.options)}
            state = rules.GAME.setup(rules.MODES[options["mode"]][0], options, Loaded(then=6))
        moves = []
        for move in script.moves:
            seat = state["to_move"]
            if move.hold is not None:
                hold = {"type": "hold", "dice": list(move.hold)}
                state, _ = rules.GAME.apply(state, seat, hold, Loaded(then=6))
            state, events = rules.GAME.apply(state, seat, move.action, Loaded(move.faces, then=6))
            moves.append((state, events))
        rounds.append(moves)
    return rounds


def without_log(html: str) -> str:
    """A step's table without the wrapper and the lines of the log (the guide's own words)."""
    html = re.sub(r'<ul id="bozo-log">.*?</ul>', "", html, flags=re.S)
    if html.startswith('<div class="mesa guide-mesa">'):
        html = html.removeprefix('<div class="mesa guide-mesa">').removesuffix("</div>")
    return html.strip()


def test_every_worked_step_is_drawn_from_the_state_the_engine_reaches():
    page = guide.page()
    for round_, moves in zip(page.rounds, replayed(), strict=True):
        for step, (state, events) in zip(round_.steps, moves, strict=True):
            names = table.NAMES[: state["seats"]]
            drawn = game_render("bozo", state, None, names=names, events=tuple(events))
            assert without_log(step.html) == without_log(str(drawn))
            scored = [e for e in events if e["type"] == "score"]
            if scored:
                points, seat = scored[0]["points"], scored[0]["seat"]
                card = rules.card_of(state)[seat]
                total = rules.card_total(state["cards"][card])
                side = rules.TEAM_NAMES[card] if len(state["cards"]) > 1 else "total"
                assert step.score == f"+{points} {rules.in_box(scored[0]['box'])} · {side} {total}"
            else:
                assert step.score == ""


def test_the_rounds_cover_every_box_with_and_without_the_first_roll_bonus():
    covered = {case for round_ in guide.page().rounds for case in round_.covers}
    assert covered == scripts.CASES
    assert {"Ás", "Duque", "Terno", "Quadra", "Quina", "Sena", "cantar embaixo"} <= covered
    for box in rules.COMBINATIONS:
        assert {rules.BOX_NAMES[box], f"{rules.BOX_NAMES[box]} de boca"} <= covered


def test_what_each_round_claims_to_cover_is_what_the_engine_scored():
    for round_, moves in zip(guide.page().rounds, replayed(), strict=True):
        events = [e for _state, evs in moves for e in evs]
        scores = {(e["box"], e["points"]) for e in events if e["type"] == "score"}
        for case in round_.covers:
            if case == "cantar embaixo":
                assert any(e["type"] == "lift" and e["from"] == "bottom" for e in events)
                continue
            if case == "zero":
                assert any(points == 0 for _box, points in scores)
                continue
            if case == "duplas":
                assert moves[0][0]["options"]["mode"] == "duplas"
                assert {e["seat"] for e in events if e["type"] == "score"} == {0, 1, 2}
                continue
            name, _, boca = case.partition(" de ")
            box = next(b for b, n in rules.BOX_NAMES.items() if n == name)
            if box in rules.COMBINATIONS:
                assert (box, rules.COMBINATIONS[box][1 if boca else 0]) in scores, case
            else:
                assert any(b == box and points > 0 for b, points in scores), case


def test_every_worked_decision_is_the_robots():
    page = guide.page()
    texts = [step.text for round_ in page.rounds for step in round_.steps]
    assert not any("O robô preferiria" in text for text in texts)
    assert sum("O robô faria o mesmo" in text for text in texts) >= 20


def test_the_strategy_numbers_are_the_robots_and_exact():
    extra = guide.page().extra
    assert extra["average"] == table.number(bot.expected_score(True), 2) == "146,93"
    chances = {row["box"]: row for row in notes.combination_chances()}
    # The first roll, counted by hand over the 6**5 throws.
    assert chances["general"]["first"] == pytest.approx(6 / 6**5)
    assert chances["seguida"]["first"] == pytest.approx(240 / 6**5)
    assert chances["full"]["first"] == pytest.approx(300 / 6**5)
    assert chances["quadrada"]["first"] == pytest.approx(156 / 6**5)
    for row in chances.values():
        assert row["first"] < row["turn"] < 1


def test_a_general_in_three_rolls_matches_a_simulation():
    rng = random.Random(9)
    hits = 0
    for _ in range(20_000):
        hand = [rng.randint(1, 6) for _ in range(5)]
        for _roll in range(2):
            face = max(range(1, 7), key=lambda f: (hand.count(f), f))
            keep = [face] * hand.count(face)
            hand = keep + [rng.randint(1, 6) for _ in range(5 - len(keep))]
        hits += len(set(hand)) == 1
    chance = next(r["turn"] for r in notes.combination_chances() if r["box"] == "general")
    assert hits / 20_000 == pytest.approx(chance, abs=0.006)


@pytest.mark.parametrize("number", [1, 2, 3, 7, 42, 500, 9999, 10_000])
def test_every_practice_answer_agrees_with_the_robot(number):
    position = guide.position(number)
    assert position == guide.position(number)
    values = [value for value, _label in position.choices]
    assert 2 <= len(values) <= 5 and len(set(values)) == len(values)
    assert position.data["best"] in values
    expected = position.data["expected"]
    best = expected[position.data["best"]]
    assert best == max(expected.values())
    for value in values:
        verdict = guide.judge(position, value)
        assert verdict.best == (expected[value] >= best - bot.TIE)
        assert table.number(expected[value]) in verdict.text
        if not verdict.best:
            assert table.number(best) in verdict.text


def test_the_best_practice_answer_is_the_robots_own_choice():
    for number in range(1, 30):
        position = guide.position(number)
        state, _items = practice.practice_position(number)
        view = rules.GAME.view(state, 0)
        action = bot.choose(view, rules.GAME.legal_actions(state, 0), random.Random(0))
        assert practice.action_key(action) == position.data["best"]


def test_the_page_states_the_rules_options_and_the_score_sheet(client):
    html = client.get("/como-jogar/bozo/").content.decode()
    for term in (
        "cantar embaixo",
        "Cantar embaixo não muda as chances",
        "7 menos a de cima",
        "blefe",
        "Perudo",
        "Bônus de boca",
        "General de boca vence",
        "Treino solo",
        "Duelo",
        "Duplas",
        "Jade 1, Âmbar 1, Jade 2, Âmbar 2",
        "146,93",
        'id="cartela"',
        "Cartela para imprimir",
    ):
        assert term in html, term
    scoring = re.search(r'<table class="table bozo-scoring">.*?</table>', html, re.S).group(0)
    assert scoring.count("<th") >= 4 + 10
    for box in rules.BOXES:
        assert f'<th scope="row">{rules.BOX_NAMES[box]}</th>' in scoring
    for plain, boca in rules.COMBINATIONS.values():
        assert f'<td class="num">{plain}</td><td class="num">{boca}</td>' in scoring
    assert 5 <= len(guide.page().faq) <= 8
    css = Path(__file__).parents[2] / "guides/static/guides/bozo.css"
    assert "@media print" in css.read_text()


def test_what_the_strategy_notes_say_is_what_the_robot_computes():
    """The prose of the notes (guides/bozo.html) states these; if the robot changes, so must it."""
    decisions = {row["hand"]: row["options"] for row in notes.first_roll_choices()}
    assert decisions["4, 4, 4, 4, 1"][0]["label"] == "Guardar 4, 4, 4, 4 e relançar 1 dado"
    assert decisions["4, 4, 4, 4, 1"][1]["label"] == "Marcar 45 na Quadrada"
    assert decisions["3, 3, 3, 5, 5"][0]["label"] == "Marcar 25 no Full"
    general = next(r for r in notes.combination_chances() if r["box"] == "general")
    assert general["turn"] < 1 / 20  # "menos de uma vez em vinte"
    assert bot.expected_score(True) > bot.expected_score(False)


def test_the_bottom_face_is_as_uniform_as_the_top():
    """What the guide says of cantar embaixo: 7 minus a uniform face is a uniform face."""
    assert sorted(dice.opposite(face) for face in dice.FACES) == list(dice.FACES)
    state = table.new_state()
    state, _ = table.apply(state, {"type": "roll", "cup": True}, (2, 3, 4, 5, 6))
    state, _ = table.apply(state, {"type": "lift", "from": "bottom"})
    assert state["turn"]["dice"] == [5, 4, 3, 2, 1]
