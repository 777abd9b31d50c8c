"""Dozito states and their renders for the tests of the table's templates
(test_dozito_table_*.py): the game's area as a live table draws it, a deal with given cards in
place, a move, and a game the robot plays for every seat."""

from __future__ import annotations

import random

from games import rendering
from games.bots import dozito as bot
from games.partials import parts_of
from games.presenters import dozito as presenter
from games.rules import dozito as rules
from games.rules.dozito import GAME

NAMES = ["Ana", "Bia", "Caio", "Duda", "Edu"]


def render(state, seat, *, history=()):
    """The game's area for `seat` as a live table draws it (legal moves on one's turn only)."""
    view = GAME.view(state, seat)
    on_turn = seat is not None and seat in GAME.to_act(state)
    legal = (
        [
            a
            for a in GAME.legal_actions(state, seat)
            if a["type"] not in ("leave", "claim_inactivity")
        ]
        if on_turn
        else []
    )
    events = history[0] if history else ()
    g = presenter.context(
        view, seat, legal, names=NAMES[: state["seats"]], events=events, history=history
    )
    template = rendering.template("games/dozito/_game.html")
    html, parts = parts_of(template, {"g": g, "log": []})
    return html, {part.id: part.html for part in parts}


def deal(
    seats=2, *, cards=None, piles=None, up=None, draw=(), to_move=0, rounds=1, round_scores=()
):
    """A deal with the given cards in place: `cards` {seat: {slot: card}}, `piles` the two
    discard tops, `draw` the top of the draw pile; the rest of the deck fills the grids in order
    and makes the rest of the draw pile."""
    cards, up = cards or {}, up or {}
    rest = rules.new_deck()
    wanted = [c for grid in cards.values() for c in grid.values()] + list(piles or []) + list(draw)
    for c in wanted:
        rest.remove(c)
    grids = []
    for s in range(seats):
        given = cards.get(s, {})
        grids.append([given[slot] if slot in given else rest.pop(0) for slot in rules.SLOTS])
    tops = list(piles) if piles else [rest.pop(0), rest.pop(0)]
    return rules.setup_from_deal(
        grids,
        tops,
        [*draw, *rest],
        {"rounds": rounds},
        up=[up.get(s, ()) for s in range(seats)],
        to_move=to_move,
        round_scores=round_scores,
    )


def act(state, seat, action):
    return GAME.apply(state, seat, action, random.Random(0))


def played(seed, seats=3, rounds=1, stop=lambda state, events: False):
    """A game the robot plays for every seat from `seed`: each state on the way with the moves'
    history (newest first) at that point."""
    rng = random.Random(seed)
    state = GAME.setup(seats, {"rounds": rounds}, rng)
    history: list[tuple] = []
    yield state, ()
    while not state["end"]:
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "leave"]
        legal = [a for a in legal if a["type"] != "claim_inactivity"]
        state, events = GAME.apply(state, seat, bot.choose(GAME.view(state, seat), legal, rng), rng)
        history.insert(0, tuple(events))
        yield state, tuple(history[:6])
        if stop(state, events):
            return
