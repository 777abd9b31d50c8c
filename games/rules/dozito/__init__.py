"""Dozito: twelve cards on a 4x3 grid, groups of one colour, STOP, TURNO EXTRA and Coringas.

The scoring, the turn and the special cards are those of the Dozito page (seed
002_be05d767234eac8d.txt); the deck and the open points are the house rules of issue #5. Each
module sums up its part of them: `cards.py` the deck, `grid.py` the grid and its points,
`piles.py` the discard and draw piles, `turn.py` the turn and its actions, `rounds.py` the rounds
and the end of the game. Here is the game the platform drives, and what each seat sees.

A choice where the issue is silent: the card in hand is public: a drawn card is revealed, a
turned-up card is face up. Every view shows it and where it may go. Face-down cards stay hidden
from everyone, their owner included.

State (a JSON dict):
    game, options, seats
    round         the round being played, 1 to options["rounds"]; first: the seat that began it
    grids         per seat, the slots 1-12 in order as {"card": card, "up": bool}; [] for a seat
                  out before the round was dealt
    discards      two piles, bottom to top; draw_pile: top first
    to_move       the seat on turn, None once the game is over
    turn          {"phase", "hand": card or None, "slot": the clash slot or None}; phases:
                  "start" (take), "place" (a Coringa from a pile), "hand" (place or discard),
                  "clash" (keep), "discard" (a card that must be discarded)
    trigger       the seat whose grid ended the round, or None
    last_turns    None, then the seats still to play their last turn, in order
    round_scores  one list of points per seat for each scored round
    out           per seat, True once the player left or was claimed inactive
    end           None while playing, then {"reason": "complete" | "twelve" | "left" |
                  "inactivity", "winners": [seats]}

View (the same for every seat and spectators, but for "seat" and "moves"):
    grids         per seat, [{"slot": 1-12, "up": bool, "card": card, or None when face down}]
    points        what each grid's face-up cards score now (None: no grid, or twelve of a colour)
    discards      [{"top": card or None, "count": n}] for piles 0 and 1; draw_count: a number
    turn          {"phase", "hand", "slot", "slots": where the card in hand may go,
                  "may_discard"}; None once the game is over
    moves         the seat's own legal moves when it is on turn (leave aside), else []
    round, rounds, first, to_move, trigger, last_turns, out, round_scores, totals, finished,
    outcome
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

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
from games.rules.dozito.cards import (
    COLOURS,
    NUMBERED,
    SLOTS,
    Card,
    card,
    card_key,
    new_deck,
    shown,
)
from games.rules.dozito.grid import (
    COLUMNS,
    GROUP_POINTS,
    POINTS_PER_SUN,
    TWELVE,
    Grid,
    grid_score,
    groups,
    live_points,
)
from games.rules.dozito.piles import PILES, pile_name
from games.rules.dozito.rounds import ROUNDS, deal, lay_out, new_turn, outcome, totals
from games.rules.dozito.turn import MOVES, hand_slots, turn_moves

# What the bots, presenters, guides and tests import from `games.rules.dozito`.
__all__ = [
    "COLOURS",
    "COLUMNS",
    "GAME",
    "GROUP_POINTS",
    "NUMBERED",
    "PILES",
    "POINTS_PER_SUN",
    "SLOTS",
    "Dozito",
    "card",
    "card_key",
    "grid_score",
    "groups",
    "new_deck",
    "pile_name",
    "redeal",
    "setup_from_deal",
    "shown",
    "totals",
]

ACTIONS = ("take", "place", "discard", "keep", "leave", "claim_inactivity")
ANY_TIME = ("leave", "claim_inactivity")


def new_state(options: dict[str, Any], seats: int) -> State:
    return {
        "game": "dozito",
        "options": options,
        "seats": seats,
        "round": 1,
        "first": 0,
        "grids": [],
        "discards": [[], []],
        "draw_pile": [],
        "to_move": 0,
        "turn": new_turn(),
        "trigger": None,
        "last_turns": None,
        "round_scores": [],
        "out": [False] * seats,
        "end": None,
    }


def grid_view(grid: Grid) -> list[dict[str, Any]]:
    """Face-up cards as they are; face-down ones as backs, with nothing of the card."""
    return [
        {"slot": slot, "up": cell["up"], "card": dict(cell["card"]) if cell["up"] else None}
        for slot, cell in zip(SLOTS, grid, strict=False)
    ]


def turn_view(turn: dict[str, Any]) -> dict[str, Any]:
    """The turn as everybody sees it: the phase, the card in hand (public: drawn cards are
    revealed, turned-up cards are face up), the slots it may go to, whether it may be discarded
    and the slot of a clash."""
    return {
        "phase": turn["phase"],
        "hand": dict(turn["hand"]) if turn["hand"] else None,
        "slot": turn["slot"],
        "slots": hand_slots(turn),
        "may_discard": turn["phase"] in ("hand", "discard"),
    }


class Dozito(Rules):
    """Dozito for 2 to 5 seats.

    Options:
        rounds  1 (default) or 3: the game is the sum of that many rounds.
    """

    slug = "dozito"
    move_events = frozenset({"place", "keep", "discard"})
    name = "Dozito"
    min_seats = 2
    max_seats = 5

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {"rounds": (1, ROUNDS)}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        options = resolve_options(self.options(), options)
        check_seats(self, seats)
        state = new_state(options, seats)
        cards = new_deck()
        rng.shuffle(cards)
        deal(state, cards, 0)
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["end"] else [state["to_move"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state, seat)
        if state["end"] or state["out"][seat]:
            return []
        if seat != state["to_move"]:
            return [{"type": "leave"}, {"type": "claim_inactivity"}]
        return [*turn_moves(state), {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        check_seat(state, seat)
        kind = action_type(action, ACTIONS)
        if state["end"]:
            raise IllegalAction("A partida já terminou.")
        if state["out"][seat]:
            raise IllegalAction("Você já saiu desta partida.")
        if kind not in ANY_TIME and seat != state["to_move"]:
            raise IllegalAction(NOT_YOUR_TURN)
        state = clone(state)
        return state, MOVES[kind](state, seat, action, rng)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees; the same for everyone but `seat` and `moves`.
        No face-down card (its owner's included) and nothing of the draw pile but its size."""
        if seat is not None:
            check_seat(state, seat)
        mover, playing = state["to_move"], not state["end"]
        return {
            "game": self.slug,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "round": state["round"],
            "rounds": state["options"]["rounds"],
            "first": state["first"],
            "to_move": mover,
            "grids": [grid_view(grid) for grid in state["grids"]],
            "points": [live_points(grid) for grid in state["grids"]],
            "discards": [
                {"top": dict(pile[-1]) if pile else None, "count": len(pile)}
                for pile in state["discards"]
            ],
            "draw_count": len(state["draw_pile"]),
            "turn": turn_view(state["turn"]) if playing else None,
            "moves": turn_moves(state) if playing and seat == mover else [],
            "trigger": state["trigger"],
            "last_turns": None if state["last_turns"] is None else list(state["last_turns"]),
            "out": list(state["out"]),
            "round_scores": [list(r) for r in state["round_scores"]],
            "totals": totals(state),
            "finished": not playing,
            "outcome": outcome(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)


GAME = Dozito()


def pile_of(cards: Any) -> list[Card]:
    """A discard pile given to `setup_from_deal`: a card alone, or a list from bottom to top."""
    return [dict(cards)] if isinstance(cards, Mapping) else [dict(c) for c in cards]


def setup_from_deal(
    grids: Sequence[Sequence[Card]],
    discards: Sequence[Any],
    draw_pile: Sequence[Card],
    options: Mapping[str, Any] | None = None,
    *,
    up: Sequence[Sequence[int]] = (),
    to_move: int = 0,
    round_scores: Sequence[Sequence[int]] = (),
) -> State:
    """A state dealt as given, for tests and guides; never reachable from a table's options.

    `grids` holds each seat's twelve cards for slots 1 to 12 (face down unless their slot is in
    `up[seat]`); `discards` the two piles (a card, or a list bottom to top); `draw_pile` the rest,
    top first: together the 75 cards once each. `round_scores` starts the game part-way (one list
    per round already scored); `to_move` is the seat that begins this round.
    """
    options = resolve_options(GAME.options(), options)
    check_seats(GAME, len(grids))
    if any(len(grid) != TWELVE for grid in grids):
        raise ValueError("Each grid holds twelve cards, one per slot.")
    if len(discards) != len(PILES):
        raise ValueError("There are two discard piles.")
    piles = [pile_of(p) for p in discards]
    cards = [dict(c) for grid in grids for c in grid] + [c for p in piles for c in p]
    cards += [dict(c) for c in draw_pile]
    if Counter(map(card_key, cards)) != Counter(map(card_key, new_deck())):
        raise ValueError("A deal holds the 75 cards of the deck exactly once each.")
    if type(to_move) is not int or not 0 <= to_move < len(grids):
        raise ValueError("to_move must be one of the seats.")
    if len(round_scores) >= options["rounds"]:
        raise ValueError("The round being dealt must be one of the game's rounds.")
    state = new_state(options, len(grids))
    state["round"] = len(round_scores) + 1
    state["round_scores"] = [list(r) for r in round_scores]
    face_up = [set(slots) for slots in up] + [set()] * (len(grids) - len(up))
    laid = [
        [{"card": dict(c), "up": slot in face_up[s]} for slot, c in zip(SLOTS, grid, strict=True)]
        for s, grid in enumerate(grids)
    ]
    lay_out(state, laid, piles, [dict(c) for c in draw_pile], to_move)
    return state


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: the face-down cards of every grid (their owner never
    sees them either, so the seat changes nothing) and the draw pile are shuffled together and
    laid back in the same places, each grid keeping its face-down slots and the draw pile its
    size. Face-up cards, the card in hand and the discard piles stay: the cards under a pile's
    top were seen face up when they were discarded, and come back to view as the top is taken.
    The new deal depends on the generator and on what is face up, never on where the hidden
    cards really lay."""
    if seat is not None:
        check_seat(state, seat)
    state = clone(state)
    down = [cell for grid in state["grids"] for cell in grid if not cell["up"]]
    pool = sorted([cell["card"] for cell in down] + state["draw_pile"], key=card_key)
    rng.shuffle(pool)
    for cell in down:
        cell["card"] = pool.pop()
    state["draw_pile"] = pool
    return state
