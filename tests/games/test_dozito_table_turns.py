"""The Dozito table's templates (games/jinja2/games/dozito/) as a player reads them: the turn line
(who ended the turn and how, a turno extra), another player's turn described and only one's own
an order, a whole robot game rendered at every step, and never a face-down card or the draw pile
in any render."""

from __future__ import annotations

import random

import pytest

from games.rendering import game_render
from games.rules import dozito as rules
from games.rules.dozito import GAME, card
from tests.games.dozito_render import act, deal, played, render


def test_the_turn_line_says_who_ended_the_turn_and_how():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)])
    state, events = act(state, 0, {"type": "take", "from": "draw"})
    drawn = state["turn"]["hand"]
    state, more = act(state, 0, {"type": "discard", "pile": 1})
    html, parts = render(state, 1, history=(tuple(more), tuple(events)))
    foot = parts["dozito-pe"]
    assert f"comprou o {rules.shown(drawn)}" in foot
    assert f"descartou o {rules.shown(drawn)} na pilha 2" in foot
    if drawn["kind"] == "extra":
        assert "TURNO EXTRA: Ana joga outra vez." in foot
    else:
        assert "Fim do turno de Ana." in foot
    assert foot.count("descartou") == 1
    # The table's one polite live region (#mesa-anuncio) says each change: none of the game's own.
    assert "aria-live" not in html


def test_a_turno_extra_discarded_says_the_same_player_plays_again():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)], draw=[card("amarelo", 7)])
    state, events = act(state, 0, {"type": "take", "from": "draw"})
    state, more = act(state, 0, {"type": "discard", "pile": 0})
    assert state["to_move"] == 0
    _html, parts = render(state, 0, history=(tuple(more), tuple(events)))
    assert "TURNO EXTRA: Ana joga outra vez." in parts["dozito-pe"]


def test_no_face_down_card_or_draw_pile_card_reaches_any_render():
    rng = random.Random(99)
    for step, (state, history) in enumerate(played(21, seats=4, rounds=3)):
        if step % 7:
            continue
        for seat in (None, 0, 1, 2, 3):
            again = rules.redeal(state, seat, rng)
            assert (
                render(again, seat, history=history)[0] == render(state, seat, history=history)[0]
            )
            assert game_render("dozito", again, seat) == game_render("dozito", state, seat)


@pytest.mark.parametrize("seats", [2, 5])
def test_a_whole_robot_game_renders_at_every_step_for_every_seat_and_a_spectator(seats):
    steps = 0
    for state, history in played(seats * 7, seats=seats, rounds=3):
        for seat in (None, *range(seats)):
            html, parts = render(state, seat, history=history)
            assert f"dozito-grade-{seats - 1}" in parts or state["out"][seats - 1]
            on_turn = seat is not None and seat in GAME.to_act(state)
            assert ("ws-send" in html) == on_turn
        steps += 1
    assert steps > 20 and state["end"]


def test_another_players_turn_is_described_and_only_the_viewers_own_is_an_order():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)])
    state, _events = act(state, 0, {"type": "take", "from": "draw"})
    mine = render(state, 0)[1]["dozito-estado"]
    theirs = render(state, 1)[1]["dozito-estado"]
    watching = render(state, None)[1]["dozito-estado"]
    assert "Sua vez: coloque a carta da mão no espaço dela ou descarte-a." in mine
    for line in (theirs, watching):
        assert "Vez de Ana: coloca a carta da mão no espaço dela ou a descarta." in line
        assert "coloque" not in line and "descarte-a" not in line
