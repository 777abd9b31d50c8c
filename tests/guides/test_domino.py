"""The Dominó guide (issue #9): every worked play replayed through the engine, every scoring case
the issue lists shown by a round, every practice answer the robot's own."""

from __future__ import annotations

import random

import pytest

from games.bots import domino as bot
from games.bots.domino import after
from games.rules import domino as rules
from games.rules.domino import GAME, SIDES, setup_from_deal
from guides.content import domino as guide
from guides.content.domino.notes import bucho_example
from guides.content.domino.rounds import score_text, scripts
from guides.content.domino.table import action_key, play_label, snapshot
from guides.content.domino.weighing import terms, total

pytestmark = pytest.mark.django_db

CASES = {
    "Ponta com carroça",
    "Bucho com um lado",
    "Bucho com dois lados",
    "Passe",
    "Galo",
    "Batida de carroça com garagem",
    "Jogo fechado",
}
REASON_OF = {
    "Ponta com carroça": "(mesa)",
    "Passe": "(passe)",
    "Galo": "(galo)",
    "Batida de carroça com garagem": "(garagem)",
    "Jogo fechado": "(jogo fechado)",
}


def test_every_scoring_case_is_shown_by_a_round():
    covered = {case for round_ in guide.page().rounds for case in round_.covers}
    assert covered >= CASES


def cases_scored(script: dict) -> set[str]:
    """The scoring cases the engine scored when the round's plays are replayed."""
    state = setup_from_deal(script["deal"], script["options"], rng=random.Random(0))
    found = {"Bucho simples"} if script["options"].get("bucho_lado") == "simples" else set()
    for seat, action in script["plays"]:
        table = after(state["hand"]["table"], action["tile"], action.get("end"))
        state, events = GAME.apply(state, seat, action, random.Random(0))
        reasons = {e["reason"] for e in events if e["type"] == "score"}
        if "mesa" in reasons:
            sides = sum(bool(table["arms"][side]) for side in SIDES)
            found.add({1: "Bucho com um lado", 2: "Bucho com dois lados"}.get(sides, "Mesa"))
            if any(arm and arm[-1][0] == arm[-1][1] for arm in table["arms"].values()):
                found.add("Ponta com carroça")
        if {"batida_de_carroca", "garagem"} <= reasons:
            found.add("Batida de carroça com garagem")
        names = {"passe": "Passe", "galo": "Galo", "garagem": "Garagem"}
        found |= {names[r] for r in reasons if r in names}
        if "jogo_fechado" in reasons:
            found.add("Jogo fechado")
    return found


def test_each_round_shows_what_it_says_it_covers():
    for round_, script in zip(guide.page().rounds, scripts(), strict=True):
        assert set(round_.covers) <= cases_scored(script), round_.title


@pytest.mark.parametrize("script", scripts(), ids=lambda s: f"seed-{s['seed']}")
def test_every_worked_play_is_legal_and_scores_what_the_page_says(script):
    state = setup_from_deal(script["deal"], script["options"], rng=random.Random(0))
    page_scores = {
        step.score for round_ in guide.page().rounds for step in round_.steps if step.score
    }
    for (seat, action), said in zip(script["plays"], script["scores"], strict=True):
        assert action in GAME.legal_actions(state, seat)
        state, events = GAME.apply(state, seat, action, random.Random(0))
        assert score_text(events) == said
        if said:
            assert said in page_scores
    if script["whole"]:
        assert state["hand"]["number"] == 2  # the hand was played to its end


def test_the_rounds_show_each_case_as_the_engine_scored_it():
    rounds = guide.page().rounds
    for round_ in rounds:
        scores = " ".join(step.score for step in round_.steps)
        for case in round_.covers:
            if case in REASON_OF:
                assert REASON_OF[case] in scores, (round_.title, case)
    batida = next(r for r in rounds if "Batida de carroça com garagem" in r.covers)
    assert "Jade +20 (batida de carroça)" in batida.steps[-1].score
    assert "Garagem: Jade marca 10 (10 na mão de Âmbar)." in batida.steps[-1].text


def test_the_bucho_counts_both_halves_on_its_empty_side_unless_simples():
    assert bucho_example("dobrado") == ([3, 12], 15, 15)
    assert bucho_example("simples") == ([3, 6], 9, 0)


@pytest.mark.parametrize("number", [1, 2, 3, 7, 50, 999, 10_000])
def test_practice_answers_agree_with_the_robot(number):
    position = guide.position(number)
    view, legal = position.data["view"], position.data["legal"]
    assert len(position.choices) == len(legal) >= 2
    values = {action_key(a): bot.value(bot.Reading(view), view, a) for a in legal}
    best = max(values.values())
    robot = action_key(bot.choose(view, legal, random.Random(number)))
    assert guide.judge(position, robot).best
    for key, _label in position.choices:
        verdict = guide.judge(position, key)
        assert verdict.best == (values[key] >= best - bot.TIE)
        assert verdict.text


@pytest.mark.parametrize("number", [1, 7, 50])
def test_the_reasons_add_up_to_the_robots_value(number):
    position = guide.position(number)
    view = position.data["view"]
    for action in position.data["legal"]:
        parts = terms(view, action)
        assert total(parts) == pytest.approx(bot.value(bot.Reading(view), view, action))


def test_the_page_names_every_rule(client):
    html = client.get("/como-jogar/domino/").content.decode()
    for term in (
        "bucho",
        "Passe",
        "Galo",
        "Batida de carroça",
        "Garagem",
        "Jogo fechado",
        "Sem carroça",
        "múltiplo de 5",
        "200",
        '<th scope="col">Pontos</th>',
        'aria-label="Peça 6 e 6"',
    ):
        assert term in html, term


def test_the_table_shows_only_the_viewers_own_tiles_and_the_line():
    state = GAME.setup(4, {}, random.Random(5))
    seat = GAME.to_act(state)[0]
    for _ in range(6):
        seat = GAME.to_act(state)[0]
        action = bot.choose(
            GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(1)
        )
        state, _events = GAME.apply(state, seat, action, random.Random(1))
    on_table = len(rules.table_tiles(state["hand"]["table"]))
    for viewer in (0, 1, None):
        html = snapshot(state, viewer)
        own = 0 if viewer is None else len(state["hand"]["tiles"][viewer])
        assert html.count('aria-label="Peça ') == own + on_table
        assert html.count('class="domino-other ') == (4 if viewer is None else 3)


def test_an_empty_table_asks_for_a_double_and_a_play_is_said_as_players_say_it():
    state = GAME.setup(4, {}, random.Random(5))
    assert "a saída é com carroça" in snapshot(state, 0)
    view = {"ends": {"left": 6}}
    assert play_label(view, {"tile": [4, 6], "end": "left"}) == "6-4 na ponta do 6 (esquerda)"
