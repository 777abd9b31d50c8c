"""The Dozito robot: a one-ply evaluation of every legal action, from the seat's own view only.

The rules are those of `games.rules.dozito` (seed 002_be05d767234eac8d.txt and the house rules
of issue #5). The robot reads its grid (face-down slots as backs), the face-up cards of the other
grids, the two discard tops, the card in hand and whether the round's end has been triggered.
The cards it has not seen are the 75 of the deck minus every visible card; a drawn or turned-up
card is one of them, all equally likely (dozito_board.py counts them).

Each legal action is worth, in points, the sum of the terms of dozito_evaluation.py (the grid's
gain, the face-down slot given up, the chain, the discard, the round's end, the last turn),
weighed by its `WEIGHTS`; the robot plays the best, equal ones by lot.

`greedy_choose` takes the action whose resulting face-up grid scores most now; `random_choose`
any legal move. No robot ever leaves or claims inactivity.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from games.bots.dozito_board import Board
from games.bots.dozito_evaluation import WEIGHTS, Action, Evaluation, Weights
from games.rules.dozito import pile_name, shown

ROBOT_MOVES = ("take", "place", "discard", "keep")
TIE = 1e-9


def robot_moves(legal_actions: Iterable[Action]) -> list[Action]:
    """The legal moves a robot considers: never leaving, never claiming."""
    return [a for a in legal_actions if a["type"] in ROBOT_MOVES]


def rate(
    view: dict[str, Any], legal_actions: Sequence[Action], weights: Weights = WEIGHTS
) -> list[tuple[Action, float]]:
    """Every move the robot considers, with its value."""
    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    evaluation = Evaluation(view, weights)
    return [(a, evaluation.value(a)) for a in moves]


def pick(rated: list[tuple[Action, float]], rng: random.Random) -> Action:
    """The best-valued action; equal ones by lot."""
    top = max(value for _, value in rated)
    return rng.choice([a for a, value in rated if value >= top - TIE])


# --- The contract -------------------------------------------------------------------------------


def choose(
    view: dict[str, Any],
    legal_actions: list[Action],
    rng: random.Random,
    weights: Weights = WEIGHTS,
) -> Action:
    """The robot's action for the seat `view` belongs to (see the module docstring)."""
    moves = robot_moves(legal_actions)
    if len(moves) == 1 and view.get("to_move") == view.get("seat"):
        return moves[0]
    return pick(rate(view, moves, weights), rng)


def advise(view: dict[str, Any], legal_actions: list[Action]) -> list[dict[str, Any]]:
    """Each move with its value and a label in Portuguese, best first. Nothing to advise when it
    is not this seat's turn."""
    if not robot_moves(legal_actions) or view.get("to_move") != view.get("seat"):
        return []
    rated = rate(view, legal_actions)
    rated.sort(key=lambda av: -av[1])
    return [{"action": a, "value": v, "label": label(view, a)} for a, v in rated]


def label(view: dict[str, Any], action: Action) -> str:
    turn, kind = view["turn"], action["type"]
    hand = turn["hand"]
    if kind == "take":
        if action["from"] == "draw":
            return "Comprar do baralho"
        top = view["discards"][action["pile"]]["top"]
        return f"Pegar o {shown(top)} da {pile_name(action['pile'])}"
    if kind == "place":
        return f"Colocar o {shown(hand)} no espaço {action['slot']}"
    if kind == "discard":
        return f"Descartar o {shown(hand)} na {pile_name(action['pile'])}"
    there = view["grids"][view["seat"]][turn["slot"] - 1]["card"]
    kept, gone = (hand, there) if action["card"] == "hand" else (there, hand)
    return f"Ficar com o {shown(kept)} e descartar o {shown(gone)} na {pile_name(action['pile'])}"


# --- Baselines ----------------------------------------------------------------------------------


def greedy_choose(view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
    """The action whose resulting face-up grid scores most now (a draw or a discard changes
    nothing); equal ones by lot."""
    me = Board(view["grids"][view["seat"]])
    turn = view["turn"]

    def now(action: Action) -> float:
        kind = action["type"]
        if kind == "take" and action["from"] == "discard":
            top = view["discards"][action["pile"]]["top"]
            return 0 if top["kind"] == "coringa" else me.gain(top, top["number"])
        if kind == "place":
            return me.gain(turn["hand"], action["slot"])
        if kind == "keep" and action["card"] == "hand":
            return me.gain(turn["hand"], turn["slot"])
        return 0

    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    return pick([(a, now(a)) for a in moves], rng)


def random_choose(view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
    """Any legal move, by lot (never leaving, never claiming)."""
    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    return rng.choice(moves)
