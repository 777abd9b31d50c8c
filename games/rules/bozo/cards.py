"""Who plays which card in Bozó: the modes, the sides (a seat, or a team in duplas), the card
totals and open boxes, who may claim inactivity, and how the game ends and is told.
"""

from __future__ import annotations

from typing import Any

from games.rules import dice
from games.rules.base import Event, State, event, player, points_phrase
from games.rules.bozo.scoring import BOXES, scores

# mode -> (seats, cards). Seat s plays card s % cards: solo [0], duelo [0, 1], duplas [0, 1, 0, 1],
# so in duplas Jade (seats 0 and 2) and Âmbar (seats 1 and 3) each share one card, and the plain
# seat order 0, 1, 2, 3 is Jade 1, Âmbar 1, Jade 2, Âmbar 2.
MODES = {"solo": (1, 1), "duelo": (2, 2), "duplas": (4, 2)}
TEAM_NAMES = ("Jade", "Âmbar")
REASONS = ("complete", "left", "inactivity", "general_de_boca")


def card_total(card: dict[str, int | None]) -> int:
    return sum(points or 0 for points in card.values())


def open_boxes(card: dict[str, int | None]) -> list[str]:
    return [box for box in BOXES if card[box] is None]


def card_of(state: State) -> list[int]:
    cards = MODES[state["options"]["mode"]][1]
    return [seat % cards for seat in range(state["seats"])]


def side_seats(state: State, side: int) -> list[int]:
    return [seat for seat, card in enumerate(card_of(state)) if card == side]


def side_name(state: State, side: int) -> str:
    if state["options"]["mode"] == "duplas":
        return TEAM_NAMES[side]
    return player(side)


def names(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} e {parts[-1]}"


def turns_per_seat(state: State) -> int:
    seats, cards = MODES[state["options"]["mode"]]
    return len(BOXES) * cards // seats


def claim_refusal(state: State, seat: int) -> str | None:
    """Why `seat` may not claim inactivity now, or None when it may: only the side opposite the
    player on turn can claim (never that player, never a partner, never in solo)."""
    if state["options"]["mode"] == "solo":
        return "No treino solo não há reclamação por inatividade."
    if seat == state["to_move"]:
        return "Você está na vez: não pode reclamar inatividade."
    cards = card_of(state)
    if cards[seat] == cards[state["to_move"]]:
        return "Um parceiro não pode reclamar vitória contra a própria equipe."
    return None


def finish(state: State, reason: str, side: int | None) -> list[Event]:
    """End the game. `side` is the winning card for leave, inactivity and General de boca;
    None for a complete game (the best totals win) and for leaving the solo training."""
    if reason == "complete":
        totals = [card_total(card) for card in state["cards"]]
        winners = [s for s, card in enumerate(card_of(state)) if totals[card] == max(totals)]
    else:
        winners = [] if side is None else side_seats(state, side)
    state["end"] = {"reason": reason, "winners": winners}
    state["to_move"] = None
    return [event("end", outcome(state)["text"], reason=reason, winners=winners)]


def outcome(state: State) -> dict[str, Any] | None:
    if not state["end"]:
        return None
    reason, winners = state["end"]["reason"], state["end"]["winners"]
    cards = card_of(state)
    totals = [card_total(card) for card in state["cards"]]
    scores = [totals[card] for card in cards]
    sides = sorted({cards[seat] for seat in winners})
    winner_names = names([side_name(state, side) for side in sides]) if sides else ""
    solo = state["options"]["mode"] == "solo"
    if reason == "complete" and solo:
        text = f"Treino concluído com {points_phrase(scores[0])}."
    elif reason == "complete" and len(sides) > 1:
        text = f"Empate em {max(totals)} pontos: vitória compartilhada entre {winner_names}."
    elif reason == "complete":
        text = f"{winner_names} venceu com {points_phrase(max(totals))}."
    elif reason == "left" and solo:
        text = "Treino encerrado."
    elif reason == "left":
        text = f"Partida encerrada por saída: {winner_names} venceu."
    elif reason == "inactivity":
        text = f"Partida encerrada por inatividade: {winner_names} venceu."
    else:
        text = f"General de boca: {winner_names} venceu."
    return {"winners": list(winners), "scores": scores, "reason": reason, "text": text}


def potential(state: State) -> dict[str, int]:
    """What each open box of the mover's card would give for the hand on the table: the values
    on the score buttons. Empty before the first roll, under the cup and after the game."""
    turn, mover = state["turn"], state["to_move"]
    if mover is None or not dice.has_hand(turn):
        return {}
    card = state["cards"][card_of(state)[mover]]
    bonus = state["options"]["bonus_de_boca"]
    return scores(dice.hand(turn), open_boxes(card), first_roll=turn["rolls"] == 1, bonus=bonus)
