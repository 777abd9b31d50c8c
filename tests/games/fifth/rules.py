"""Par ou ímpar: the first seat plays "par", the second "ímpar". Each round the first seat shows
a number of fingers (0 to 5) in secret, then the second; the sum's parity wins the round. Two
rounds won win the game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules.base import (
    NOT_YOUR_TURN,
    Event,
    IllegalAction,
    Rules,
    State,
    action_type,
    check_keys,
    check_seat,
    check_seats,
    clone,
    event,
    player,
)

FINGERS = range(6)
TO_WIN = 2


class ParOuImpar(Rules):
    slug = "parimpar"
    name = "Par ou ímpar"
    min_seats = max_seats = 2
    move_events = frozenset({"show"})

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        check_seats(self, seats)
        return {"seats": 2, "shown": None, "wins": [0, 0], "rounds": [], "end": None}

    def to_act(self, state: State) -> list[int]:
        if state["end"]:
            return []
        return [0 if state["shown"] is None else 1]

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return [{"type": "leave"}]
        return [{"type": "show", "fingers": n} for n in FINGERS] + [{"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: dict[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]:
        seat = check_seat(state, seat)
        kind = action_type(action, ("show", "leave"))
        state = clone(state)
        if kind == "leave":
            check_keys(action)
            state["end"] = {"reason": "left", "winners": [1 - seat]}
            return state, [event("leave", f"{player(seat)} saiu da partida.", seat=seat)]
        check_keys(action, "fingers")
        if seat not in self.to_act(state):
            raise IllegalAction(NOT_YOUR_TURN)
        fingers = action.get("fingers")
        if type(fingers) is not int or fingers not in FINGERS:
            raise IllegalAction("Mostre de 0 a 5 dedos.")
        if seat == 0:
            state["shown"] = fingers
            return state, [event("show", f"{player(0)} escondeu a mão.", seat=0)]
        first, state["shown"] = state["shown"], None
        winner = (first + fingers) % 2
        state["wins"][winner] += 1
        state["rounds"].append([first, fingers])
        events = [
            event("show", f"{player(1)} mostrou a mão.", seat=1),
            event("round", f"{first} + {fingers}: {player(winner)} ganha a rodada.", seat=winner),
        ]
        if state["wins"][winner] == TO_WIN:
            state["end"] = {"reason": "complete", "winners": [winner]}
        return state, events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The first seat's fingers stay hidden from everyone else until the second shows."""
        shown = state["shown"]
        return {
            "seat": seat,
            "wins": list(state["wins"]),
            "rounds": [list(r) for r in state["rounds"]],
            "hidden": shown is not None,
            "mine": shown if seat == 0 else None,
            "to_move": self.to_act(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        end = state["end"]
        if end is None:
            return None
        return {**end, "scores": list(state["wins"]), "text": "Fim do par ou ímpar."}


GAME = ParOuImpar()
