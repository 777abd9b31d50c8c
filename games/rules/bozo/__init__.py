"""Bozó: five dice, a cup and a card of ten boxes.

The scoring table is in `scoring.py`, the modes, sides and ending in `cards.py`, the moves in
`moves.py`; here is the game the platform drives.

The game follows the Bozó page (seed 000_5411d6f7a326aa7a.txt) and issue #3: a turn is the shared
dice turn of `dice.py` (up to three rolls, holds, the cup and cantar embaixo); the player scores
one open box after any revealed roll and must score after the third, zero if need be. Modes: solo
(one card, 10 turns), duelo (a card each, 10 turns each) and duplas (Jade = seats 0 and 2, Âmbar =
seats 1 and 3, one card per team, order Jade 1, Âmbar 1, Jade 2, Âmbar 2, five turns each; a box a
partner scored is closed). When every card is full the best total wins and equal totals share the
win; `leave` gives the game to the other side (solo just ends) and `claim_inactivity` to the
claimer's side.

State (a JSON dict):
    game, options, seats
    cards        one {box: points or None} per card (solo 1, duelo 2, duplas 2)
    to_move      the seat on turn, None once the game is over
    turn         the dice turn of the player on turn (`dice.new_turn()`)
    turns_taken  boxes scored by each seat
    end          None while playing, then {"reason": ..., "winners": [seats]}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules import dice
from games.rules.base import (
    NOT_YOUR_TURN,
    Action,
    Event,
    IllegalAction,
    Rules,
    State,
    action_type,
    check_seat,
    check_seats,
    clone,
    resolve_options,
)
from games.rules.bozo.cards import (
    MODES,
    TEAM_NAMES,
    card_of,
    card_total,
    claim_refusal,
    open_boxes,
    outcome,
    potential,
    side_seats,
    turns_per_seat,
)
from games.rules.bozo.moves import ANY_TIME, MOVES, in_box, shown
from games.rules.bozo.scoring import (
    BOX_NAMES,
    BOXES,
    COMBINATIONS,
    MATCHES,
    NUMBER_BOXES,
    score,
    scores,
)

# What the bots, presenters, guides and tests import from `games.rules.bozo`.
__all__ = [
    "BOXES",
    "BOX_NAMES",
    "COMBINATIONS",
    "GAME",
    "MATCHES",
    "MODES",
    "NUMBER_BOXES",
    "TEAM_NAMES",
    "Bozo",
    "card_of",
    "card_total",
    "in_box",
    "outcome",
    "potential",
    "redeal",
    "score",
    "scores",
    "shown",
]


class Bozo(Rules):
    """Bozó for 1, 2 or 4 seats (modes solo, duelo, duplas).

    Options:
        mode                   "solo" (default, 1 seat), "duelo" (2 seats, a card each) or
                               "duplas" (4 seats, Jade = 0 and 2, Âmbar = 1 and 3, one card each).
        bonus_de_boca          True (default, as the seed): Full, Seguida, Quadrada and General
                               scored right after the first roll of the turn get five more points.
        general_de_boca_vence  False (default, as the seed: no automatic win). A variant some
                               tables play: a General revealed by the first roll of a turn (cup
                               lifted from the top or sung from below, or rolled without the cup)
                               wins the game at once for that player's side; nothing is scored.
    """

    slug = "bozo"
    move_events = frozenset({"score"})
    name = "Bozó"
    min_seats = 1
    max_seats = 4

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {
            "mode": ("solo", tuple(MODES)),
            "bonus_de_boca": (True, (True, False)),
            "general_de_boca_vence": (False, (False, True)),
        }

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        options = resolve_options(self.options(), options)
        check_seats(self, seats)
        mode = options["mode"]
        needed, cards = MODES[mode]
        if seats != needed:
            raise IllegalAction(f"O modo {mode} se joga com {needed} lugar{'es' * (needed > 1)}.")
        return {
            "game": self.slug,
            "options": options,
            "seats": seats,
            "cards": [dict.fromkeys(BOXES) for _ in range(cards)],
            "to_move": 0,
            "turn": dice.new_turn(),
            "turns_taken": [0] * seats,
            "end": None,  # {"reason": one of REASONS, "winners": [seats]} once the game is over
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["end"] else [state["to_move"]]

    def canonical(self, state: State, seat: int, action: Any) -> Any:
        return dice.tapped(state["turn"], action)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state, seat)
        if state["end"]:
            return []
        if seat != state["to_move"]:
            claim = [] if claim_refusal(state, seat) else [{"type": "claim_inactivity"}]
            return [{"type": "leave"}, *claim]
        turn = state["turn"]
        actions = dice.dice_actions(turn)
        if dice.has_hand(turn):
            card = state["cards"][card_of(state)[seat]]
            actions += [{"type": "score", "box": box} for box in open_boxes(card)]
        return [*actions, {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        check_seat(state, seat)
        kind = action_type(action, MOVES)
        if state["end"]:
            raise IllegalAction("A partida já terminou.")
        if kind not in ANY_TIME and seat != state["to_move"]:
            raise IllegalAction(NOT_YOUR_TURN)
        state = clone(state)
        return state, MOVES[kind](state, seat, action, rng)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees. Everything is public except the dice under the
        cup, which nobody sees, the roller included; so the view is the same for every seat."""
        if seat is not None:
            check_seat(state, seat)
        mode = state["options"]["mode"]
        teams = None
        if mode == "duplas":
            teams = [
                {"name": name, "seats": side_seats(state, side)}
                for side, name in enumerate(TEAM_NAMES)
            ]
        turn = state["turn"]
        return {
            "game": self.slug,
            "mode": mode,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "card_of": card_of(state),
            "teams": teams,
            "cards": [
                {"boxes": {box: card[box] for box in BOXES}, "total": card_total(card)}
                for card in state["cards"]
            ],
            "to_move": state["to_move"],
            "turn": {**dice.visible(turn), "rolls_left": dice.MAX_ROLLS - turn["rolls"]},
            "potential": potential(state),
            "turns_taken": list(state["turns_taken"]),
            "turns_per_seat": turns_per_seat(state),
            "finished": state["end"] is not None,
            "outcome": outcome(state),
        }


GAME = Bozo()


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: in Bozó only the dice under the cup, hidden from every
    seat alike. For tests and robots that must not depend on what they cannot see."""
    if seat is not None:
        check_seat(state, seat)
    state = clone(state)
    dice.redeal_covered(state["turn"], rng)
    return state
