"""Yam's: the French Yahtzee played in columns.

Rules from the Yam's page (seed 003_c47abb5cbfb248f6.txt), settled by issue #3: 1 to 8 players,
each with a card of 1, 3 or 4 columns (Livre; Descida, Livre, Subida; and Seca). Each module sums
up its part of them: `scoring.py` the boxes and their points, `card.py` which boxes may be scored
and when, `moves.py` the turn, leaving and the end of the game, `real_dice.py` the score-keeper's
turns of real dice. Here is the game the platform drives.

Options, defaulting to the normal game of the seed page:
    columns  1 | 3 | 4 (default 3: Descida, Livre, Subida; "jogue com 1, 3 ou 4 colunas")
    max_min  true | false (default true: the page plays them and says they "podem ser
             desativados"; off removes both boxes, leaving 13 per column)

A house rule where the page and the issue are silent:
    potential         the points written in each allowed box of the player on turn for the hand
                      on the table, in every view (that hand is public); Máx and Mín at face
                      value, whether they void each other shows in the totals.

State:
    game, options, seats
    columns, boxes   the column and box names in play, in card order (lists, so the order
                     survives a JSON store that reorders keys)
    cards            per seat {column: {box: points or None}}
    left             per seat, True once the player left or was claimed inactive
    to_move          the seat on turn (None when over); turn: the `dice.py` turn
    turns            scored turns so far; finished, reason
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules import base, dice
from games.rules.base import Action, Event, IllegalAction, Rules, State
from games.rules.yams.card import (
    allowed,
    allowed_in_column,
    card_full,
    open_boxes,
    rolls_allowed,
    sum_of,
    total,
    totals,
)
from games.rules.yams.moves import HANDLERS, outcome
from games.rules.yams.real_dice import POSSIBLE, possible_points, record
from games.rules.yams.scoring import (
    BONUS,
    BONUS_THRESHOLD,
    BOX_NAMES,
    BOXES,
    COLUMN_NAMES,
    COLUMN_SETS,
    UPPER,
    boxes_in_play,
    column_totals,
    score,
)

# What the bots, presenters, guides, the score-keeper and tests import from `games.rules.yams`.
__all__ = [
    "BONUS",
    "BONUS_THRESHOLD",
    "BOXES",
    "BOX_NAMES",
    "COLUMN_NAMES",
    "COLUMN_SETS",
    "GAME",
    "POSSIBLE",
    "UPPER",
    "Yams",
    "allowed",
    "allowed_in_column",
    "boxes_in_play",
    "card_full",
    "column_totals",
    "open_boxes",
    "outcome",
    "possible_points",
    "record",
    "redeal",
    "score",
    "sum_of",
    "total",
    "totals",
]

ACTIONS = ("roll", "lift", "hold", "score", "strike", "leave", "claim_inactivity")


def potential(state: State) -> dict[str, dict[str, int]]:
    """What each allowed box would get for the hand on the table (the value on its button)."""
    if not dice.has_hand(state["turn"]):
        return {}
    hand = dice.hand(state["turn"])
    return {
        column: {box: score(box, hand) for box in boxes} for column, boxes in allowed(state).items()
    }


def card_view(state: State, seat: int) -> dict[str, Any]:
    card, sums = state["cards"][seat], totals(state, seat)
    return {
        "columns": {
            column: {box: card[column][box] for box in state["boxes"]}
            for column in state["columns"]
        },
        "totals": sums,
        "total": sum_of(sums),
        "left": state["left"][seat],
    }


class Yams(Rules):
    slug = "yams"
    move_events = frozenset({"score"})
    name = "Yam's"
    min_seats = 1
    max_seats = 8

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {"columns": (3, (1, 3, 4)), "max_min": (True, (True, False))}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        seats = base.check_seats(self, seats)
        chosen = base.resolve_options(self.options(), options)
        columns = list(COLUMN_SETS[chosen["columns"]])
        boxes = list(boxes_in_play(chosen["max_min"]))
        return {
            "game": self.slug,
            "options": chosen,
            "seats": seats,
            "columns": columns,
            "boxes": boxes,
            "cards": [{c: {b: None for b in boxes} for c in columns} for _ in range(seats)],
            "left": [False] * seats,
            "to_move": 0,
            "turn": dice.new_turn(),
            "turns": 0,
            "finished": False,
            "reason": None,
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["to_move"] is None else [state["to_move"]]

    def canonical(self, state: State, seat: int, action: Any) -> Any:
        return dice.tapped(state["turn"], action)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        seat = base.check_seat(state, seat)
        if state["finished"] or state["left"][seat]:
            return []
        if seat != state["to_move"]:
            return [{"type": "leave"}, {"type": "claim_inactivity"}]
        actions = dice.dice_actions(state["turn"], rolls_allowed(state))
        for column, boxes in allowed(state).items():
            actions += [{"type": "score", "column": column, "box": box} for box in boxes]
            if dice.has_hand(state["turn"]):
                # Any allowed box may be struck for zero, even one the dice would fill.
                hand = dice.hand(state["turn"])
                actions += [
                    {"type": "strike", "column": column, "box": box}
                    for box in boxes
                    if score(box, hand)
                ]
        return [*actions, {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        if state["finished"]:
            raise IllegalAction("A partida já terminou.")
        seat = base.check_seat(state, seat)
        kind = base.action_type(action, ACTIONS)
        if state["left"][seat]:
            raise IllegalAction("Você já saiu desta partida.")
        new = base.clone(state)
        return new, HANDLERS[kind](new, seat, action, rng)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            seat = base.check_seat(state, seat)
        mover = state["to_move"]
        turn = dice.visible(state["turn"])
        turn["rolls_left"] = 0 if mover is None else rolls_allowed(state) - turn["rolls"]
        return {
            "game": self.slug,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "columns": list(state["columns"]),
            "boxes": list(state["boxes"]),
            "cards": [card_view(state, s) for s in range(state["seats"])],
            "to_move": mover,
            "turn": turn,
            "potential": potential(state),
            "finished": state["finished"],
            "outcome": outcome(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)


GAME = Yams()


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: in Yam's only the dice under the cup, hidden from every
    seat alike. For tests and robots that must not depend on what they cannot see."""
    if seat is not None:
        base.check_seat(state, seat)
    state = base.clone(state)
    dice.redeal_covered(state["turn"], rng)
    return state
