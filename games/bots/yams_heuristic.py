"""The Yam's robot's heuristic: what a card is worth beyond the turn that is searched
(yams_plan.py), column by column (`ColumnPlan`).

Beyond the turn the card is valued by a heuristic; `advise` shows it as the estimated final total:

    estimate = points already on the card
             + for each open box its par, a + c x (share of its column still open): what leaving
               it open is worth, by mode and column kind
             + per column, 35 x the chance that Uns..Seis still reach 63, from the subtotal and
               the faces still open, each adding an independent count of dice (times a weight)
             + per column with Máx/Mín, the pair's expected value: both open a + c x share; one
               filled, that one plus the best one turn can add to the other under the rule (Máx
               strictly above Mín, else both are 0) plus s; both filled, what they score

Scoring a box is worth its points plus the change of this estimate: the par it gives up, the
bonus chance it moves, the pair it shapes. The numbers in FITTED come from approximate policy
iteration on self-play (regression of final totals on the cards the robot went through). With
one column and no Máx/Mín this heuristic averaged about 208, 3 below optimal play.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from games.bots.yams_fitted import BONUS_WEIGHT, COUNT_DIST, PAIR, PAR, Mode
from games.bots.yams_hands import COUNT_OF, SCORES, SUMS, one_turn_value
from games.rules.yams import BONUS, BONUS_THRESHOLD, UPPER, boxes_in_play

Column = tuple[int | None, ...]  # points per box in play, None while open
Card = tuple[Column, ...]


def par(mode: Mode, kind: str, box: str, share_open: float) -> float:
    """The value of leaving `box` open in a column of this kind: a + c x (share of the column's
    boxes still open), fitted (see FITTED in yams_fitted.py)."""
    a, c = PAR[mode][kind][box]
    return a + c * share_open


@cache
def bonus_chance(mode: Mode, kind: str, open_faces: tuple[int, ...], subtotal: int) -> float:
    """Chance that the column reaches 63 when each open face still adds its own count of dice."""
    need = BONUS_THRESHOLD - subtotal
    if need <= 0:
        return 1.0
    reach = {0: 1.0}  # points added so far (capped at `need`) -> probability
    for face in open_faces:
        nxt: dict[int, float] = {}
        for total, p in reach.items():
            for n, q in enumerate(COUNT_DIST[mode, kind][face - 1]):
                if q:
                    t = min(need, total + face * n)
                    nxt[t] = nxt.get(t, 0.0) + p * q
        reach = nxt
    return reach.get(need, 0.0)


@cache
def min_under(high: int, rolls: int = 3) -> float:
    """Best expected Mín in one turn when it must stay strictly below a Máx of `high`."""
    return one_turn_value([s if s < high else 0 for s in SUMS], rolls)


@cache
def max_over(low: int, rolls: int = 3) -> float:
    """Best expected Máx + Mín in one turn when Máx must beat a Mín of `low` (else both are 0)."""
    return one_turn_value([s + low if s > low else 0 for s in SUMS], rolls)


def pair_value(mode: Mode, kind: str, high: int | None, low: int | None, share: float) -> float:
    """Expected final Máx + Mín of a column given what is filled (the rule: Máx > Mín or 0)."""
    if high is not None and low is not None:
        return high + low if high > low else 0
    a, c, s = PAIR[mode, kind]
    rolls = 1 if kind == "seca" else 3  # Seca takes the first roll only
    if high is not None:
        return high + min_under(high, rolls) + s
    if low is not None:
        return max_over(low, rolls) + s
    return a + c * share


def bonus_value(mode: Mode, kind: str, open_faces: tuple[int, ...], subtotal: int) -> float:
    """The bonus a column is expected to earn: 35 once reached, else 35 x its (weighted) chance."""
    if subtotal >= BONUS_THRESHOLD:
        return BONUS
    weight = BONUS_WEIGHT[mode, kind]
    return BONUS * weight * bonus_chance(mode, kind, open_faces, subtotal)


def reachable(kind: str, boxes: Sequence[str], column: Column) -> list[str]:
    """The open boxes of a column that a score may go to (Seca: only after the first roll)."""
    open_boxes = [box for box, value in zip(boxes, column, strict=True) if value is None]
    if kind == "descida":
        return open_boxes[:1]
    if kind == "subida":
        return open_boxes[-1:]
    return open_boxes


class ColumnPlan:
    """One column's estimate of its final total (points already in it, the par of each open box,
    the bonus, the Máx/Mín pair) and, per hand, what scoring each reachable box changes in it."""

    def __init__(self, mode: Mode, kind: str, column: Column) -> None:
        boxes = boxes_in_play(mode[1])
        values = dict(zip(boxes, column, strict=True))
        open_boxes = [box for box in boxes if values[box] is None]
        share = len(open_boxes) / len(boxes)
        share_after = (len(open_boxes) - 1) / len(boxes)
        plain = [box for box in open_boxes if box not in ("max", "min")]
        filled = sum(value or 0 for box, value in values.items() if box not in ("max", "min"))
        open_faces = tuple(UPPER[box] for box in plain if box in UPPER)
        subtotal = sum(values[box] or 0 for box in UPPER)
        bonus = bonus_value(mode, kind, open_faces, subtotal)
        high, low = values.get("max"), values.get("min")
        pair = pair_value(mode, kind, high, low, share) if mode[1] else 0.0
        self.estimate = filled + sum(par(mode, kind, b, share) for b in plain) + bonus + pair
        pars_after = {box: par(mode, kind, box, share_after) for box in plain}
        rest = filled + sum(pars_after.values()) - self.estimate  # all open boxes kept open
        pair_after = pair_value(mode, kind, high, low, share_after) if mode[1] else 0.0

        self.gains: dict[str, list[float]] = {}
        for box in reachable(kind, boxes, column):
            if box in UPPER:
                face = UPPER[box]
                faces_after = tuple(f for f in open_faces if f != face)
                by_count = [
                    rest
                    - pars_after[box]
                    + points
                    + pair_after
                    + bonus_value(mode, kind, faces_after, subtotal + points)
                    for points in (face * n for n in range(6))
                ]
                self.gains[box] = [by_count[n] for n in COUNT_OF[face]]
            elif box in ("max", "min"):
                by_sum = {
                    s: rest
                    + bonus
                    + pair_value(mode, kind, *((s, low) if box == "max" else (high, s)), share)
                    for s in range(5, 31)
                }
                self.gains[box] = [by_sum[s] for s in SUMS]
            else:
                gain = rest - pars_after[box] + bonus + pair_after
                self.gains[box] = [points + gain for points in SCORES[box]]
        arrays = list(self.gains.values())
        self.best = list(map(max, *arrays)) if len(arrays) > 1 else arrays[0] if arrays else None


@lru_cache(maxsize=256)  # a turn changes one column: the others come from here
def column_plan(mode: Mode, kind: str, column: Column) -> ColumnPlan:
    return ColumnPlan(mode, kind, column)
