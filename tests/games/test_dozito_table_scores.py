"""The Dozito table's templates (games/jinja2/games/dozito/) as a player reads them: the round's
score group by group with the points per round and the totals, the game's end and the
tie-breaks, and points and cards in the singular."""

from __future__ import annotations

import re

from games.presenters import dozito as presenter
from games.presenters.dozito_scores import decided
from games.rules import dozito as rules
from tests.games.dozito_render import NAMES, deal, played, render


def test_the_round_end_shows_each_grid_group_by_group_then_the_rounds_and_totals():
    def round_ended(state, events):
        return any(e["type"] == "round_end" for e in events)

    *_before, (state, history) = played(11, seats=3, rounds=3, stop=round_ended)
    end = next(e for e in history[0] if e["type"] == "round_end")
    assert state["round"] == 2 and not state["end"]
    _html, parts = render(state, 0, history=history)
    panel = parts["dozito-fim"]
    assert "Fim da rodada 1" in panel
    for seat, detail in enumerate(end["details"]):
        line = re.search(
            rf'<span class="dz-end__name">{NAMES[seat]}</span>(.*?)</li>', panel
        ).group(1)
        assert f'= <strong class="num">{detail["points"]}</strong> pontos' in line
        for size in detail["groups"]:
            if size > 1:
                points = rules.GROUP_POINTS[size]
                assert f'grupo de {size} cartas <strong class="num">{points}</strong>' in line
        if detail["suns"]:
            assert f'sóis <strong class="num">{detail["suns"]}</strong>' in line or "1 sol" in line
    assert "<table" in panel  # the points per round, three rounds to play
    for seat in range(3):
        assert f'<td class="num">{end["scores"][seat]}</td>' in panel
    assert presenter.pause_after(history[0]) > 0 and presenter.pause_after(()) == 0
    # closed for the player on turn, so the play stays in view; open for everyone else
    mover = state["to_move"]
    assert (
        '<details class="dz-end__panel paper" data-round'
        in render(state, mover, history=history)[1]["dozito-fim"]
    )
    other = (mover + 1) % 3
    assert 'paper" open' in render(state, other, history=history)[1]["dozito-fim"]


def view_with(totals_by_round, out=None):
    seats = len(totals_by_round[0])
    return {
        "seats": seats,
        "out": out or [False] * seats,
        "round_scores": totals_by_round,
        "totals": [sum(r[s] for r in totals_by_round) for s in range(seats)],
        "outcome": {"reason": "complete"},
    }


def test_the_tie_breaks_are_spelled_out_highest_total_then_best_round_then_shared():
    assert decided(view_with([[20, 10], [5, 9]]), NAMES) == ["Maior total: Ana, com 25 pontos."]
    lines = decided(view_with([[20, 12], [5, 13]]), NAMES)
    assert lines[0] == "Empate no maior total (25 pontos): Ana e Bia."
    assert lines[1] == "Desempate pela melhor rodada: Ana 20, Bia 13."
    assert lines[2] == "Ana vence pela melhor rodada."
    lines = decided(view_with([[20, 5], [5, 20], [1, 1]]), NAMES)
    assert lines[-1] == "Empate também na melhor rodada: a vitória é dividida entre Ana e Bia."


def test_the_game_end_shows_the_last_round_the_table_and_how_the_winner_was_found():
    *_before, (state, history) = played(5, seats=2, rounds=3)
    assert state["end"]["reason"] == "complete"  # the seed plays all three rounds
    html, parts = render(state, None, history=history)
    panel = parts["dozito-fim"]
    assert "Fim da rodada 3" in panel and "<table" in panel
    assert "Vence o maior total; no empate, a melhor rodada" in panel
    winner = NAMES[state["end"]["winners"][0]]
    assert winner in panel.split("dz-end__decided")[1]
    assert parts["dozito-estado"].count(winner) == 1 and "Jogador" not in parts["dozito-estado"]
    assert "ws-send" not in html


def test_points_and_cards_agree_with_their_number():
    state = deal(2)
    assert 'dz-grid__points num">0 pontos<' in render(state, 1)[1]["dozito-grade-0"]
    assert decided(view_with([[1, 0], [0, 0]]), NAMES) == ["Maior total: Ana, com 1 ponto."]
    assert decided(view_with([[1, 0], [0, 1]]), NAMES)[0] == (
        "Empate no maior total (1 ponto): Ana e Bia."
    )
