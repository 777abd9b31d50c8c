"""Yam's scoring: the fifteen boxes and their names, the columns, what five dice are worth in a
box, and a column's totals with its bonus and the Máx/Mín standing.

From the Yam's page (seed 003_c47abb5cbfb248f6.txt), settled by issue #3: Uns..Seis score the sum
of that face, +35 per column whose subtotal reaches 63; Máx and Mín score the sum of the dice and,
once both are filled, Máx must beat Mín or both count zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.rules.dice import counts

BOXES = (
    "uns",
    "dois",
    "tres",
    "quatro",
    "cinco",
    "seis",
    "max",
    "min",
    "trinca",
    "quadra",
    "full",
    "pequena",
    "grande",
    "yams",
    "chance",
)
BOX_NAMES = {
    "uns": "Uns",
    "dois": "Dois",
    "tres": "Três",
    "quatro": "Quatro",
    "cinco": "Cinco",
    "seis": "Seis",
    "max": "Máx",
    "min": "Mín",
    "trinca": "Trinca",
    "quadra": "Quadra",
    "full": "Full",
    "pequena": "Sequência pequena",
    "grande": "Sequência grande",
    "yams": "Yam's",
    "chance": "Chance",
}
UPPER = {"uns": 1, "dois": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6}
BONUS_THRESHOLD = 63
BONUS = 35
COLUMN_SETS = {
    1: ("livre",),
    3: ("descida", "livre", "subida"),
    4: ("descida", "livre", "subida", "seca"),
}
COLUMN_NAMES = {"descida": "Descida", "livre": "Livre", "subida": "Subida", "seca": "Seca"}


def boxes_in_play(max_min: bool) -> tuple[str, ...]:
    """The boxes of a column, top to bottom; without Máx/Mín both are left out."""
    return BOXES if max_min else tuple(box for box in BOXES if box not in ("max", "min"))


def score(box: str, dice: Sequence[int]) -> int:
    """Points `dice` are worth in `box` (Máx/Mín checked only in `column_totals`)."""
    tally = counts(dice)
    if box in UPPER:
        face = UPPER[box]
        return face * tally[face]
    if box in ("max", "min", "chance"):
        return sum(dice)
    if box == "trinca":
        return next((3 * face for face in range(1, 7) if tally[face] >= 3), 0)
    if box == "quadra":
        return next((4 * face for face in range(1, 7) if tally[face] >= 4), 0)
    if box == "full":
        return 25 if sorted(n for n in tally if n) == [2, 3] else 0
    if box == "pequena":
        return 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == "grande":
        return 40 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == "yams":
        return 50 if max(tally) == 5 else 0
    raise KeyError(box)


def column_totals(column: Mapping[str, int | None], *, max_min: bool) -> dict[str, int | bool]:
    """Subtotal, bonus, Máx/Mín standing and total of one column (None = box still open)."""
    upper = sum(column.get(box) or 0 for box in UPPER)
    bonus = BONUS if upper >= BONUS_THRESHOLD else 0
    high, low = column.get("max"), column.get("min")
    max_min_void = bool(max_min and high is not None and low is not None and high <= low)
    middle = 0 if (not max_min or max_min_void) else (high or 0) + (low or 0)
    lower = sum(column.get(box) or 0 for box in BOXES[8:])
    return {
        "upper": upper,
        "bonus": bonus,
        "max_min": middle,
        "max_min_void": max_min_void,
        "lower": lower,
        "total": upper + bonus + middle + lower,
    }


FEMININE = {"trinca", "quadra", "pequena", "grande"}
