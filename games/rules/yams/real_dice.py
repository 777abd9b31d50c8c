"""Real dice: the score-keeper ("marcador", /yams/marcador/) writes what dice rolled around a real
table gave, with no rng and no cup. The same checks as a score at a live table: the player on
turn, an allowed box of that column, Seca only with the first roll, then the turn passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules import base, dice
from games.rules.base import Event, IllegalAction, State
from games.rules.yams.card import check_allowed, check_name, check_turn, faces
from games.rules.yams.moves import write
from games.rules.yams.scoring import BOX_NAMES, BOXES, FEMININE, UPPER, score


def possible_points(box: str) -> tuple[int, ...]:
    """Every value `box` can hold: what some five dice give there, or 0 when struck."""
    return POSSIBLE[box]


POSSIBLE = {
    box: tuple(sorted({0} | {score(box, hand) for hand, _ in dice.roll_outcomes(dice.DICE)}))
    for box in BOXES
}


def points_text(box: str) -> str:
    """The values of a box in words: "0, 25", "de 5 a 30 (ou 0, riscada)"."""
    values = [value for value in POSSIBLE[box] if value]
    if len(values) > 6:
        return f"de {values[0]} a {values[-1]} (ou 0, riscada)"
    shown = ", ".join(str(value) for value in [0, *values[:-1]])
    return f"{shown} ou {values[-1]}"


def check_dice(values: Any) -> list[int]:
    if (
        not isinstance(values, list)
        or len(values) != dice.DICE
        or any(type(value) is not int or value not in dice.FACES for value in values)
    ):
        raise IllegalAction("Informe os cinco dados, cada um com um valor de 1 a 6.")
    return list(values)


def check_points(box: str, points: Any, hand: list[int] | None) -> int:
    """The points to write: what `hand` gives in `box` (or 0, struck), or a value it can hold."""
    article = "a" if box in FEMININE else "o"
    name = f"a casa {BOX_NAMES[box]}" if box in UPPER else f"{article} {BOX_NAMES[box]}"
    if hand is not None:
        given = score(box, hand)
        if points is None:
            return given
        if type(points) is int and points in (0, given):
            return points
        worth = f"{given} (ou 0, riscada)" if given else "0"
        raise IllegalAction(f"Com os dados {faces(hand)}, {name} vale {worth}.")
    if type(points) is not int or points not in POSSIBLE[box]:
        raise IllegalAction(f"{name[0].upper()}{name[1:]} só pode valer {points_text(box)}.")
    return points


def revealed_turn(hand: list[int] | None, first_roll: bool) -> dice.Turn:
    """The turn the rules' own checks read: a hand on the table, after the first roll or a
    later one (the dice themselves matter only to the text)."""
    turn = dice.new_turn()
    turn["dice"] = hand or [0] * dice.DICE
    turn["rolls"] = 1 if first_roll else dice.MAX_ROLLS
    return turn


def record(
    state: State,
    seat: int,
    column: str,
    box: str,
    dice: Sequence[int] | None = None,
    points: int | None = None,
    first_roll: bool = False,
) -> tuple[State, list[Event]]:
    """Write one turn of real dice: the five `dice` (their points in `box`, or `points` 0 to
    strike it) or, without dice, the `points` the player says the box got. Raises IllegalAction
    and leaves `state` untouched when the rules refuse it; otherwise the turn passes as after a
    score at a live table."""
    if state["finished"]:
        raise IllegalAction("A partida já terminou.")
    seat = base.check_seat(state, seat)
    if state["left"][seat]:
        raise IllegalAction("Você já saiu desta partida.")
    check_turn(state, seat)
    if type(first_roll) is not bool:
        raise IllegalAction("Diga se foi o primeiro lance com verdadeiro ou falso.")
    column = check_name(column, state["columns"], "Coluna")
    box = check_name(box, state["boxes"], "Casa")
    hand = None if dice is None else check_dice(dice)
    if hand is None and points is None:
        raise IllegalAction("Informe os cinco dados ou os pontos da casa.")
    points = check_points(box, points, hand)
    new = base.clone(state)
    new["turn"] = revealed_turn(hand, first_roll)
    check_allowed(new, column, box)
    return new, write(new, seat, column, box, points, dice=hand, first_roll=first_roll)
