"""The piles of Dozito: the two discard piles and the draw pile, drawing and refilling.

From the Dozito page (seed 002_be05d767234eac8d.txt) and issue #5: two discard piles start with
one card each; the rest is the draw pile. When it runs out, the discard piles except their tops
are shuffled into a new one. A choice where the issue is silent: the draw pile is refilled as soon
as it is empty (and before a draw from an empty pile).
"""

from __future__ import annotations

import random

from games.rules.base import Action, Event, IllegalAction, State, event, player
from games.rules.dozito.cards import shown

PILES = (0, 1)


def pile_name(pile: int) -> str:
    return f"pilha {pile + 1}"


def check_pile(action: Action) -> int:
    pile = action.get("pile")
    if type(pile) is not int or pile not in PILES:
        raise IllegalAction("Informe a pilha de descarte (campo “pile”: 0 ou 1).")
    return pile


def can_draw(state: State) -> bool:
    return bool(state["draw_pile"]) or any(len(pile) > 1 for pile in state["discards"])


def refill(state: State, rng: random.Random) -> list[Event]:
    """The discard piles, except their top cards, shuffled into a new draw pile."""
    pool = [c for pile in state["discards"] for c in pile[:-1]]
    if state["draw_pile"] or not pool:
        return []
    state["discards"] = [pile[-1:] for pile in state["discards"]]
    rng.shuffle(pool)
    state["draw_pile"] = pool
    text = (
        "O baralho de compra acabou: as pilhas de descarte, menos as cartas do topo, "
        f"viraram um novo baralho de {len(pool)} cartas."
    )
    return [event("reshuffle", text, count=len(pool))]


def draw(state: State, seat: int, rng: random.Random) -> list[Event]:
    events = refill(state, rng)
    drawn = state["draw_pile"].pop(0)
    state["turn"].update(phase="hand", hand=drawn)
    events.append(event("draw", f"{player(seat)} comprou o {shown(drawn)}.", seat=seat, card=drawn))
    return events + refill(state, rng)
