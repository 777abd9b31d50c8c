"""The Dozito guide (guides/content/dozito/): every worked step is what the engine plays, every
case the issue names is shown, every practice answer is the robot's, and the page says the rules
with the deck, the options and the scoring table."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from games import rendering
from games.bots import dozito as robot
from games.partials import parts_of
from games.presenters import dozito as presenter
from games.presenters.dozito_cards import face
from games.rendering import game_render
from games.rules.dozito import GAME, grid_score
from guides.content import dozito
from guides.content.dozito.deals import SEED, c
from guides.content.dozito.practice import choice_of
from guides.content.dozito.rounds import NAMES
from guides.content.dozito.scripts import (
    SCRIPT_END,
    SCRIPT_TWELVE,
    SCRIPTS,
    round_end_deal,
    round_one,
    twelve_deal,
)

CASES = {
    "pegar da pilha de descarte",
    "comprar e descartar",
    "comprar e colocar",
    "corrente",
    "choque",
    "STOP",
    "TURNO EXTRA",
    "CORINGA",
    "fim da rodada",
    "contagem dos grupos",
    "doze cartas da mesma cor",
    "trocar uma carta virada",
}


def test_every_worked_step_is_what_the_engine_plays():
    rounds = iter(dozito.page().rounds)
    for deal, scripts in SCRIPTS:
        state = deal()
        rng = random.Random(SEED)
        for script in scripts:
            shown = next(rounds)
            assert shown.title == script.title
            steps = iter(shown.steps)
            if script.opening:
                next(steps)
            for move in script.moves:
                assert move.action in GAME.legal_actions(state, move.seat)
                state, _events = GAME.apply(state, move.seat, move.action, rng)
                step = next(steps)
                if not state["end"] and not state["round_scores"]:
                    for seat, name in enumerate(NAMES):
                        points = grid_score(state["grids"][seat])["points"]
                        assert f"{name} {points}" in step.score.split(" · ")
            assert next(steps, None) is None
    assert next(rounds, None) is None


def test_the_round_end_counts_groups_and_suns_as_the_engine_does():
    end = next(r for r in dozito.page().rounds if "contagem dos grupos" in r.covers)
    last = end.steps[-1].text
    state = round_end_deal()
    rng = random.Random(SEED)
    for move in SCRIPT_END.moves:
        state, _events = GAME.apply(state, move.seat, move.action, rng)
    assert state["round_scores"] == [[36, 36]]
    assert "Ana: grupos de 5, 4 e 2 cartas (16 + 10 + 2) e 8 sóis: 36 pontos" in last
    assert state["end"]["winners"] == [0, 1]  # equal totals and equal best rounds: shared


def test_the_twelve_round_ends_the_game_at_once():
    state = twelve_deal()
    state, _events = GAME.apply(state, 0, SCRIPT_TWELVE.moves[0].action, random.Random(0))
    assert state["end"] == {"reason": "twelve", "winners": [0]}
    assert not state["round_scores"]


def test_every_case_of_the_issue_is_shown_by_a_round():
    covered = {case for r in dozito.page().rounds for case in r.covers}
    assert covered >= CASES


@pytest.mark.parametrize("number", [1, 2, 3, 7, 42, 500, 9999])
def test_the_practice_answer_is_the_robots_choice(number):
    position = dozito.position(number)
    state = position.data["state"]
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    choice = choice_of(robot.choose(view, legal, random.Random(number)))
    assert choice in {value for value, _label in position.choices}
    assert dozito.judge(position, choice).best
    others = [v for v, _ in position.choices if not dozito.judge(position, v).best]
    assert others  # a real choice: some answer is worse
    for value in others:
        assert "Ele escolhe" in dozito.judge(position, value).text


def test_a_drawn_grid_never_shows_a_face_down_card():
    state = GAME.setup(3, {}, random.Random(5))
    html = str(game_render("dozito", state, 0, names=["A", "B", "C"]))
    assert html.count("dz-card--back") == 36 + 1  # 36 face-down cards and the draw pile
    labels = re.findall(r'aria-label="Espaço \d+: ([^"]+)"', html)
    assert set(labels) == {"virada para baixo"}


def test_a_card_says_its_colour_number_suns_and_kind():
    stop = face(c("azul", 4))
    assert stop.label == "4 azul, STOP, 3 sóis" and stop.symbol == "●"
    assert face(c("verde")).mark == "CORINGA"
    assert face(c("amarelo", 7)).mark == "TURNO EXTRA"


@pytest.mark.django_db
def test_the_page_states_the_deck_options_and_scoring():
    from django.contrib.auth.models import AnonymousUser

    from games.catalog import GAMES_BY_SLUG

    request = RequestFactory().get("/como-jogar/dozito/")
    request.user = AnonymousUser()
    page = dozito.page()
    context = {
        "game": GAMES_BY_SLUG["dozito"],
        "page": page,
        "position": dozito.position(1),
        "verdict": None,
        "structured_data": "[]",
    }
    html = render_to_string("guides/dozito.html", context, request=request)
    for term in (
        "75 cartas",
        "STOP",
        "TURNO EXTRA",
        "CORINGA",
        "1 ou 3 rodadas",
        "De 2 a 5 jogadores",
        "choque",
        "corrente",
        "último turno",
        '<th scope="col">Cartas no grupo</th>',
        "vence o jogo na hora",
        f"{page.extra['best_grid']} pontos",
    ):
        assert term in html, term
    assert html.count('<tr><th scope="row">') >= 5 + 1  # a row per colour, the sun row
    assert page.extra["sim"]["wins_vs_greedy"] > page.extra["sim"]["games"] // 2


def test_the_deck_table_is_the_engines_deck():
    deck = dozito.page().extra["deck"]
    assert len(deck) == 5 and {row["suns"] for row in deck} == {11}  # "cada cor soma 11 sóis"
    for row in deck:
        assert len(row["stop"]) == len(row["extra"]) == 1
        assert len(row["two"]) == 2 and len(row["one"]) == 4
    assert sorted(row["stop"][0] for row in deck) == [1, 4, 7, 10, 12]


def test_the_table_is_made_of_marked_partials():
    state = round_one()
    view = GAME.view(state, 0)
    g = presenter.context(view, 0, GAME.legal_actions(state, 0)[:-1], names=NAMES)
    template = rendering.template("games/dozito/_game.html")
    _html, parts = parts_of(template, {"g": g, "log": []})
    ids = {part.id for part in parts}
    assert {"dozito-estado", "dozito-grade-0", "dozito-grade-1", "dozito-pilhas"} <= ids
    assert {"dozito-controles", "dozito-log"} <= ids
