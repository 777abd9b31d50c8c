"""Dozito's rounds: who is still in, the deal of a round, its score, and the end of the game.

From the Dozito page (seed 002_be05d767234eac8d.txt) and issue #5: 2 to 5 players; each gets 12
cards face down, one per slot, not looked at. After 1 or 3 rounds (option `rounds`) the highest
total wins; then the best single round; then the win is shared.

Choices where the issue is silent:
- Round 1 begins with seat 0; turns go up in seat order.
- Each round is a new shuffle of all 75 cards. Among equal lowest totals, the next round begins
  with the first of them in seat order after the seat that began the previous round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Event, State, event, player, points_phrase
from games.rules.dozito.cards import Card, new_deck
from games.rules.dozito.grid import TWELVE, Grid, grid_score

ROUNDS = (1, 3)


# A turn as it starts. It lives here, not in turn.py, because laying out a round starts one and
# turn.py imports this module.
def new_turn() -> dict[str, Any]:
    return {"phase": "start", "hand": None, "slot": None}


def players(state: State) -> list[int]:
    """The seats still in the game."""
    return [s for s in range(state["seats"]) if not state["out"][s]]


def seats_after(state: State, seat: int) -> list[int]:
    """The players still in, in turn order starting after `seat` (`seat` last, if still in)."""
    seats = state["seats"]
    order = [(seat + step) % seats for step in range(1, seats + 1)]
    return [s for s in order if not state["out"][s]]


def deal(state: State, cards: list[Card], first: int) -> None:
    """Lay out a round from the shuffled `cards`: twelve face down to each player still in, one
    on each discard pile, the rest is the draw pile."""
    grids = []
    for seat in range(state["seats"]):
        dealt = [] if state["out"][seat] else cards[:TWELVE]
        cards = cards[len(dealt) :]
        grids.append([{"card": c, "up": False} for c in dealt])
    lay_out(state, grids, [cards[:1], cards[1:2]], cards[2:], first)


def lay_out(
    state: State, grids: list[Grid], discards: list[list[Card]], draw_pile: list[Card], first: int
) -> None:
    state.update(
        grids=grids,
        discards=discards,
        draw_pile=draw_pile,
        first=first,
        to_move=first,
        turn=new_turn(),
        trigger=None,
        last_turns=None,
    )


def totals(state: State) -> list[int]:
    return [sum(r[seat] for r in state["round_scores"]) for seat in range(state["seats"])]


def next_first(state: State) -> int:
    """The player still in with the lowest total; among equals, the first after the seat that
    began the round just scored."""
    points = totals(state)
    order = seats_after(state, state["first"])
    return min(order, key=lambda s: (points[s], order.index(s)))


def end_round(state: State, rng: random.Random) -> list[Event]:
    """Score every grid still in play, then deal the next round or end the game."""
    number = state["round"]
    details = [
        grid_score(grid) if not state["out"][s] else None for s, grid in enumerate(state["grids"])
    ]
    scores = [d["points"] if d else 0 for d in details]
    state["round_scores"].append(scores)
    said = ", ".join(f"{player(s)} {scores[s]}" for s in range(state["seats"]) if details[s])
    text = f"Fim da {number}ª rodada: {said}."
    events = [event("round_end", text, round=number, scores=scores, details=details)]
    if number == state["options"]["rounds"]:
        return events + finish(state, "complete")
    first = next_first(state)
    cards = new_deck()
    rng.shuffle(cards)
    state["round"] = number + 1
    deal(state, cards, first)
    text = f"{number + 1}ª rodada: começa o {player(first)}, com o menor total."
    return [*events, event("round_start", text, round=number + 1, seat=first)]


def best(state: State) -> list[int]:
    """The winners of a complete game: highest total, then best single round, else shared."""
    points = totals(state)

    def rank(seat: int) -> tuple[int, int]:
        return points[seat], max(r[seat] for r in state["round_scores"])

    top = max(rank(s) for s in players(state))
    return [s for s in players(state) if rank(s) == top]


def finish(state: State, reason: str) -> list[Event]:
    if reason == "twelve":
        winners = [state["to_move"]]
    elif reason == "complete":
        winners = best(state)
    else:
        winners = players(state)
    state["end"] = {"reason": reason, "winners": winners}
    state["to_move"] = None
    return [event("end", outcome(state)["text"], reason=reason, winners=winners)]


def names(seats: Sequence[int]) -> str:
    parts = [player(s) for s in seats]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} e {parts[-1]}"


def outcome(state: State) -> dict[str, Any] | None:
    if not state["end"]:
        return None
    reason, winners = state["end"]["reason"], state["end"]["winners"]
    points = totals(state)
    who = names(winners)
    if reason == "twelve":
        text = f"{who} juntou doze cartas da mesma cor e venceu o jogo."
    elif reason in ("left", "inactivity"):
        why = "saída" if reason == "left" else "inatividade"
        text = f"Partida encerrada por {why}: {who} venceu."
    elif len(winners) > 1:
        text = f"Empate: {who} venceram com {points_phrase(points[winners[0]])}."
    elif [s for s in players(state) if points[s] == points[winners[0]]] != winners:
        text = f"{who} venceu com {points[winners[0]]} pontos, no desempate pela melhor rodada."
    else:
        text = f"{who} venceu com {points_phrase(points[winners[0]])}."
    return {
        "winners": list(winners),
        "scores": points,
        "reason": reason,
        "rounds": [list(r) for r in state["round_scores"]],
        "text": text,
    }
