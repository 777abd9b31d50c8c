"""The Yam's robot's search of one turn: the value of every hand and keep per roll, for one card,
and the plan the robot and the hints play (`robot_plan`).

With one column and no Máx/Mín the robot plays the optimal strategy: `ExactPlan` searches the
turn over the table of optimal play (`yams_exact`: V of every set of open boxes and Uns..Seis
subtotal, built by `build_yams_table`), so each value it compares and each "expected" of `advise`
is the expected final total under optimal play, 211.53 on an empty card. With Máx/Mín it does the
same once both are filled (the rest is then the game without them); before that, and with 3 or 4
columns, it is the search below.

The turn is searched exactly: for every hand, every keep and every reroll, with the exact
probabilities of `roll_outcomes`, the robot plays for the highest expected estimate of the card
at the end of the turn. The search scores only where the rules allow: Descida its first open
box, Subida its last, Livre any, Seca only with the first roll of the turn (after a reroll the
search no longer counts Seca). It is about 1 ms of pure Python per turn (`Plan`: two levels of
keep values over the 462 keeps and the 252 hands), cached per card for the turn's decisions.
"""

from __future__ import annotations

from functools import lru_cache

from games.bots import yams_exact as exact
from games.bots.yams_fitted import Mode
from games.bots.yams_hands import (
    COUNT_OF,
    FIRST_ROLL,
    HANDS,
    SCORES,
    best_of,
    keep_values,
)
from games.bots.yams_heuristic import Card, column_plan
from games.rules.yams import (
    BONUS,
    BONUS_THRESHOLD,
    COLUMN_SETS,
    UPPER,
    boxes_in_play,
    column_totals,
)

NEG = float("-inf")


class Plan:
    """The exact search of one turn for one card: the value of every hand and keep per roll.

    Values are gains over `base`, the estimate of the card's final total before this turn;
    `base + value` is the estimated final total shown by `advise`.
    """

    def __init__(self, mode: Mode, card: Card) -> None:
        kinds = COLUMN_SETS[mode[0]]
        columns = [
            column_plan(mode, kind, column) for kind, column in zip(kinds, card, strict=True)
        ]
        self.base = sum(column.estimate for column in columns)
        self.gains = {
            (kind, box): gains
            for kind, column in zip(kinds, columns, strict=True)
            for box, gains in column.gains.items()
        }
        later = [c.best for k, c in zip(kinds, columns, strict=True) if k != "seca" and c.best]
        seca = [c.best for k, c in zip(kinds, columns, strict=True) if k == "seca" and c.best]
        if later:
            self.final = list(map(max, *later)) if len(later) > 1 else later[0]
        else:  # only Seca is open: no score after a reroll
            self.final = [NEG] * len(HANDS)
        self.first = list(map(max, self.final, *seca)) if seca else self.final
        self.kept = [keep_values(self.final)]  # kept[r]: keep values with r rolls after this one
        self.hands = [self.final, best_of(self.final, self.kept[0])]  # hands[r]: r rolls left
        self.kept.append(keep_values(self.hands[1]))

    def at_first_roll(self, rolls_left: int) -> list[float]:
        """Per hand: the value of the first roll's hand (Seca open) with `rolls_left` after it.
        Only a hint or a roll not yet made needs it for every hand, so it is built on demand."""
        if rolls_left >= 2:
            if len(self.hands) < 3:
                self.hands.append(best_of(self.first, self.kept[1]))
            return self.hands[2]
        if rolls_left == 1:
            return best_of(self.first, self.kept[0])
        return self.first


class ExactPlan(Plan):
    """The turn of a one-column card played exactly: the later turns are valued by the table of
    optimal play (`yams_exact`). `base` is the expected final total under optimal play before
    this turn (the card's total now plus V of its open boxes and subtotal); the values are gains
    over it, so `base + value` is the expected final total, as with `Plan`. With Máx/Mín it
    serves once both are filled: what is left is then the game without them."""

    def __init__(self, mode: Mode, card: Card) -> None:
        values = dict(zip(boxes_in_play(mode[1]), card[0], strict=True))
        open_set = sum(exact.BIT[box] for box in exact.BOXES13 if values[box] is None)
        upper = sum(values[box] or 0 for box in UPPER)
        self._solve(open_set, upper, column_totals(values, max_min=mode[1])["total"])

    @classmethod
    def of(cls, open_set: int, upper: int, total: float = 0.0) -> ExactPlan:
        """The turn for a set of open boxes (bits of `exact.BOXES13`) and an Uns..Seis subtotal."""
        turn_plan = cls.__new__(cls)
        turn_plan._solve(open_set, upper, total)
        return turn_plan

    def _solve(self, open_set: int, upper: int, total: float) -> None:
        if not open_set:
            raise ValueError("A cartela já está completa.")
        table, stride = exact.table(), exact.CAP + 1
        upper = min(exact.CAP, upper)
        self.later = now = table[open_set * stride + upper]  # V of this card
        self.base = total + now
        self.gains = {}
        for box in exact.BOXES13:
            if not open_set & exact.BIT[box]:
                continue
            rest = (open_set & ~exact.BIT[box]) * stride
            if box in UPPER:
                by_count = []
                for points in (UPPER[box] * n for n in range(6)):
                    after = min(exact.CAP, upper + points)
                    bonus = BONUS if upper < BONUS_THRESHOLD <= after else 0
                    by_count.append(points + bonus + table[rest + after] - now)
                gains = [by_count[n] for n in COUNT_OF[UPPER[box]]]
            else:
                later = table[rest + upper] - now
                gains = [points + later for points in SCORES[box]]
            self.gains["livre", box] = gains
        arrays = list(self.gains.values())
        self.final = self.first = list(map(max, *arrays)) if len(arrays) > 1 else arrays[0]
        self.kept = [keep_values(self.final)]
        self.hands = [self.final, best_of(self.final, self.kept[0])]
        self.kept.append(keep_values(self.hands[1]))

    def value(self) -> float:
        """V of this card recomputed from the table's values one box further: the expected
        points of this turn and the later ones, before the first roll (`later` if it is sound)."""
        at_roll = self.at_first_roll(2)
        return self.later + sum(p * at_roll[h] for h, p in FIRST_ROLL)


def is_exact(mode: Mode, card: Card) -> bool:
    """One column, and Máx/Mín either off or both filled: the table plays it."""
    if mode[0] != 1 or not exact.available():
        return False
    if not mode[1]:
        return True
    values = dict(zip(boxes_in_play(True), card[0], strict=True))
    return values["max"] is not None and values["min"] is not None


@lru_cache(maxsize=64)
def plan(mode: Mode, card: Card) -> Plan:
    """The heuristic's plan (its `base` is the heuristic's estimate of the card)."""
    return Plan(mode, card)


@lru_cache(maxsize=64)
def robot_plan(mode: Mode, card: Card) -> Plan:
    """What the robot and the hints play: the exact plan where `is_exact`, else the heuristic's."""
    return ExactPlan(mode, card) if is_exact(mode, card) else plan(mode, card)
