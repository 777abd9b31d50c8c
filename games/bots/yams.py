"""Yam's robot and hints: optimal play with one column, else an exact search of each turn over an
estimate of the card's final total.

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

`greedy_choose` is the baseline of issue #3: keep the most common face, reroll while possible,
then score the box that adds the most to the total right now.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import Any

from games.bots import yams_exact as exact
from games.rules.dice import roll_outcomes
from games.rules.yams import (
    BONUS,
    BONUS_THRESHOLD,
    BOX_NAMES,
    COLUMN_NAMES,
    COLUMN_SETS,
    UPPER,
    boxes_in_play,
    column_totals,
    score,
)

Action = dict[str, Any]
NEG = float("-inf")
FACES = (1, 2, 3, 4, 5, 6)

# --- the 252 hands and the 462 keeps -------------------------------------------------------------
# Keeps are sorted tuples of 0..5 dice; the first 252 keeps are the full hands, in HANDS order.

HANDS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(FACES, 5))
KEEPS: tuple[tuple[int, ...], ...] = HANDS + tuple(
    keep for size in (4, 3, 2, 1, 0) for keep in combinations_with_replacement(FACES, size)
)
KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}
HAND_INDEX = {hand: i for i, hand in enumerate(HANDS)}
# For every keep smaller than a hand: the keeps one die larger (throwing one more die).
KEEP_CHILDREN = tuple(
    (i, tuple(KEEP_INDEX[tuple(sorted((*keep, face)))] for face in FACES))
    for i, keep in enumerate(KEEPS)
    if len(keep) < 5
)


def _sub_keeps(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of the distinct proper sub-multisets of `hand` (what may be held to reroll)."""
    tally = Counter(hand)
    keeps = [()]
    for face, n in sorted(tally.items()):
        keeps = [(*keep, *([face] * k)) for keep in keeps for k in range(n + 1)]
    return tuple(KEEP_INDEX[keep] for keep in keeps if len(keep) < 5)


def _smaller(keep: tuple[int, ...]) -> tuple[int, ...]:
    """Indices of the keeps one die smaller than `keep` (each distinct face left out once)."""
    return tuple(
        KEEP_INDEX[keep[:i] + keep[i + 1 :]] for i in range(len(keep)) if keep[i] not in keep[:i]
    )


HAND_SUB_KEEPS = tuple(_sub_keeps(hand) for hand in HANDS)
# Keeps of one to four dice, smallest first, and each hand, with the keeps one die smaller: the
# best sub-keep of every hand follows from them without listing all of its sub-keeps.
KEEP_SMALLER = tuple(
    (i, _smaller(keep)) for i, keep in reversed(tuple(enumerate(KEEPS))) if 0 < len(keep) < 5
)
HAND_SMALLER = tuple(_smaller(hand) for hand in HANDS)
FIRST_ROLL = tuple((HAND_INDEX[hand], p) for hand, p in roll_outcomes(5))
SCORES = {box: tuple(score(box, hand) for hand in HANDS) for box in boxes_in_play(True)}
SUMS = tuple(sum(hand) for hand in HANDS)


def keep_values(after: Sequence[float]) -> list[float]:
    """Expected value of every keep when the other dice are thrown and `after` values the hand."""
    values = [0.0] * len(KEEPS)
    values[: len(HANDS)] = after
    for i, (a, b, c, d, e, f) in KEEP_CHILDREN:
        values[i] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) / 6
    return values


def best_of(now: Sequence[float], kept: Sequence[float]) -> list[float]:
    """Per hand: the better of stopping (`now`) and the best keep to reroll with."""
    best = list(kept)  # best[k]: the best keep among the sub-multisets of keep k
    for i, smaller in KEEP_SMALLER:
        top = max(map(best.__getitem__, smaller))
        if top > best[i]:
            best[i] = top
    get = best.__getitem__
    return [max(v, *map(get, smaller)) for v, smaller in zip(now, HAND_SMALLER, strict=True)]


def one_turn_value(final: Sequence[float], rolls: int = 3) -> float:
    """Expected value of a turn of `rolls` rolls when the hand at the end is worth `final`."""
    values = list(final)
    for _ in range(rolls - 1):
        values = best_of(final, keep_values(values))
    return sum(p * values[h] for h, p in FIRST_ROLL)


# --- the heuristic: pars, the bonus chance, Máx/Mín ----------------------------------------------

Mode = tuple[int, bool]  # (number of columns, Máx/Mín in play)
Column = tuple[int | None, ...]  # points per box in play, None while open
Card = tuple[Column, ...]


def par(mode: Mode, kind: str, box: str, share_open: float) -> float:
    """The value of leaving `box` open in a column of this kind: a + c x (share of the column's
    boxes still open), fitted (see FITTED at the end of the module)."""
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


# --- one turn's plan ------------------------------------------------------------------------------

COUNT_OF = {face: tuple(hand.count(face) for hand in HANDS) for face in FACES}


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


def best_score(
    turn_plan: Plan, hand: int, allowed: Sequence[tuple[str, str]]
) -> tuple[float, tuple[str, str]]:
    """The allowed (column, box) with the highest value for this hand; ties go to the first."""
    return max(
        ((turn_plan.gains[choice][hand], choice) for choice in allowed),
        key=lambda item: item[0],
    )


def best_keep(turn_plan: Plan, hand: int, rolls_left: int) -> tuple[float, int]:
    """The keep (index in KEEPS) with the highest expected value when the rest is rethrown."""
    kept = turn_plan.kept[min(rolls_left, 2) - 1]
    return max(((kept[k], k) for k in HAND_SUB_KEEPS[hand]), key=lambda item: item[0])


# --- the robot's contract: choose, advise, and the greedy baseline -------------------------------

PASSIVE = ("leave", "claim_inactivity")


def read_card(view: Mapping[str, Any]) -> tuple[Mode, Card]:
    """The mode and the seat's own card from a Yam's view."""
    cards, seat = view["cards"], view["seat"]
    own = cards[seat] if isinstance(cards, Sequence) else cards.get(seat, cards.get(str(seat)))
    columns, boxes = view["columns"], view["boxes"]
    card = tuple(tuple(own["columns"][column][box] for box in boxes) for column in columns)
    return (len(columns), bool(view["options"]["max_min"])), card


def _rolls_left(turn: Mapping[str, Any]) -> int:
    return turn.get("rolls_left", 3 - turn["rolls"])


def ranked(view: Mapping[str, Any], legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
    """The legal actions but leaving or claiming, with the estimated final total if played,
    best first, one per distinct keep. Ties go to scoring, then rolling (without the cup first),
    then the hold that changes the fewest dice."""
    actions = [action for action in legal_actions if action["type"] not in PASSIVE]
    if not actions:
        return []
    mode, card = read_card(view)
    turn_plan = robot_plan(mode, card)
    turn = view["turn"]
    rolls, rolls_left = turn["rolls"], _rolls_left(turn)
    held = [i for i in range(5) if turn["held"][i]]
    entries = []
    if turn["covered"] or rolls == 0:
        # The value of the hand about to show: a roll not yet made, or the one under the cup.
        rolls_after = rolls if turn["covered"] else rolls + 1
        left_after = rolls_left if turn["covered"] else rolls_left - 1
        if rolls_after == 1:
            at_roll = turn_plan.at_first_roll(left_after)
            value = sum(p * at_roll[h] for h, p in FIRST_ROLL)
        else:
            keep = tuple(sorted(turn["dice"][i] for i in held))
            value = turn_plan.kept[left_after][KEEP_INDEX[keep]]
        for action in actions:  # lift from the top first; roll without the cup first
            rank = (action.get("from") == "bottom", action.get("cup") is True)
            entries.append((value, 1, rank, action))
    else:
        dice = turn["dice"]
        hand = HAND_INDEX[tuple(sorted(dice))]
        scores = [
            (turn_plan.gains[action["column"], action["box"]][hand], action)
            for action in actions
            if action["type"] == "score"
        ]
        best_now = max((value for value, _ in scores), default=NEG)
        for order, (value, action) in enumerate(scores):
            entries.append((value, 0, order, action))
        kept = turn_plan.kept[min(max(rolls_left, 1), 2) - 1]
        for action in actions:
            if action["type"] == "roll":
                keep = tuple(sorted(dice[i] for i in held))
                entries.append((kept[KEEP_INDEX[keep]], 1, action.get("cup") is True, action))
            elif action["type"] == "hold":
                chosen = action["dice"]
                keep = tuple(sorted(dice[i] for i in chosen))
                value = best_now if len(keep) == 5 else kept[KEEP_INDEX[keep]]
                changed = len(set(chosen) ^ set(held))
                entries.append((value, 2, (changed, chosen), action))
    entries.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    return [(turn_plan.base + value, action) for value, _, _, action in _distinct(entries, turn)]


def _distinct(entries: list, turn: Mapping[str, Any]) -> list:
    """One entry per keep: holds of the same dice values as a better-ranked hold or as the dice
    already held (which the roll keeps) are left out, and so is holding all five."""
    seen = {tuple(sorted(turn["dice"][i] for i in range(5) if turn["held"][i]))}
    kept = []
    for entry in entries:
        action = entry[-1]
        if action["type"] == "hold":
            keep = tuple(sorted(turn["dice"][i] for i in action["dice"]))
            if keep in seen or len(keep) == 5:
                continue
            seen.add(keep)
        kept.append(entry)
    return kept


def without_strikes(legal_actions: Sequence[Action]) -> list[Action]:
    return [action for action in legal_actions if action["type"] != "strike"]


def choose(view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
    """The robot's action: the top of `ranked`, found without ranking every action (same values,
    same ties). The search is deterministic: `rng` is unused. The robot never leaves nor claims
    inactivity, so it must be asked only on its own turn. It never strikes a box that would score
    (the rules allow it; the search values every box by what the dice give)."""
    by_type: dict[str, list[Action]] = {}
    for action in without_strikes(legal_actions):
        by_type.setdefault(action["type"], []).append(action)
    turn = view["turn"]
    if "lift" in by_type:
        return min(by_type["lift"], key=lambda a: a["from"] == "bottom")
    if turn["rolls"] == 0 and "roll" in by_type:
        return min(by_type["roll"], key=lambda a: a.get("cup") is True)
    if "score" not in by_type:
        raise ValueError("O robô só joga na própria vez.")
    turn_plan = robot_plan(*read_card(view))
    dice = turn["dice"]
    hand = HAND_INDEX[tuple(sorted(dice))]
    top_score = max(by_type["score"], key=lambda a: turn_plan.gains[a["column"], a["box"]][hand])
    score_value = turn_plan.gains[top_score["column"], top_score["box"]][hand]
    if "roll" not in by_type and "hold" not in by_type:
        return top_score
    kept = turn_plan.kept[min(max(_rolls_left(turn), 1), 2) - 1]
    keep_value = max(kept[k] for k in HAND_SUB_KEEPS[hand])
    if score_value >= keep_value:
        return top_score
    held = [i for i in range(5) if turn["held"][i]]
    if kept[KEEP_INDEX[tuple(sorted(dice[i] for i in held))]] == keep_value and "roll" in by_type:
        return min(by_type["roll"], key=lambda a: a.get("cup") is True)
    holds = [_hold_for(KEEPS[k], dice, held) for k in HAND_SUB_KEEPS[hand] if kept[k] == keep_value]
    return {"type": "hold", "dice": min(holds, key=lambda c: (len(set(c) ^ set(held)), c))}


def _hold_for(keep: Sequence[int], dice: Sequence[int], held: Sequence[int]) -> list[int]:
    """The dice to hold for `keep`: the ones already held first, then the leftmost."""
    wanted = Counter(keep)
    chosen = []
    for i in [*held, *(i for i in range(5) if i not in held)]:
        if wanted[dice[i]]:
            wanted[dice[i]] -= 1
            chosen.append(i)
    return sorted(chosen)


def advise(view: Mapping[str, Any], legal_actions: Sequence[Action]) -> list[dict[str, Any]]:
    """Hints: each candidate action (one per distinct keep; never leaving or claiming) with
    "expected", the estimated final total of the card if it is played (this turn searched
    exactly, the rest of the card by the heuristic; with one column, `is_exact`, the expected
    final total under optimal play), and a Portuguese "label"; best first, so the first is what
    `choose` plays."""
    legal_actions = without_strikes(legal_actions)
    dice = view["turn"]["dice"]
    return [
        {"action": action, "expected": round(value, 2), "label": label(action, dice)}
        for value, action in ranked(view, legal_actions)
    ]


def label(action: Action, dice: Sequence[int | None]) -> str:
    """The action in the player's words."""
    kind = action["type"]
    if kind == "roll":
        verb = "Lançar os dados" if all(d is None for d in dice) else "Relançar os dados soltos"
        return f"{verb} com o copo" if action.get("cup") else verb
    if kind == "lift":
        return "Cantar embaixo e levantar" if action["from"] == "bottom" else "Levantar o copo"
    if kind == "hold":
        kept = sorted((dice[i] for i in action["dice"]), reverse=True)
        if not kept:
            return "Relançar os cinco dados"
        return f"Guardar {', '.join(map(str, kept))} e relançar os outros"
    if kind == "score":
        where = f"{BOX_NAMES[action['box']]} ({COLUMN_NAMES[action['column']]})"
        points = score(action["box"], dice) if all(d is not None for d in dice) else 0
        return f"Marcar {points} em {where}" if points else f"Riscar {where}"
    return kind


def greedy_choose(
    view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random
) -> Action:
    """The baseline: keep the most common face (ties: the higher face) and reroll while it may;
    then score the allowed box that adds the most to the card's total now (ties: the first in
    `legal_actions`, i.e. columns left to right and boxes top to bottom)."""
    by_type: dict[str, list[Action]] = {}
    for action in without_strikes(legal_actions):
        by_type.setdefault(action["type"], []).append(action)
    if "lift" in by_type:
        return next(a for a in by_type["lift"] if a["from"] == "top")
    turn = view["turn"]
    if turn["rolls"] == 0:
        return min(by_type["roll"], key=lambda a: a.get("cup") is True)
    dice = turn["dice"]
    if "roll" in by_type or "hold" in by_type:
        face = max(FACES, key=lambda f: (dice.count(f), f))
        want = [i for i in range(5) if dice[i] == face]
        if len(want) < 5:
            if want == [i for i in range(5) if turn["held"][i]] and "roll" in by_type:
                return min(by_type["roll"], key=lambda a: a.get("cup") is True)
            if {"type": "hold", "dice": want} in by_type.get("hold", []):
                return {"type": "hold", "dice": want}
    mode, card = read_card(view)
    boxes = view["boxes"]
    columns = view["columns"]

    def added(action: Action) -> int:
        column = dict(zip(boxes, card[columns.index(action["column"])], strict=True))
        before = column_totals(column, max_min=mode[1])["total"]
        column[action["box"]] = score(action["box"], dice)
        return column_totals(column, max_min=mode[1])["total"] - before

    return max(by_type["score"], key=added)


# --- the fitted heuristic -------------------------------------------------------------------------
# By mode and column kind, from approximate policy iteration: the robot played 1,000 to 3,000 games
# of a mode, the final totals were regressed on the cards it went through (par: a + c x share of
# the column still open, per open box; "bonus": the weight of 35 x the bonus chance; "pair": a, c,
# s as in `pair_value`) and the Uns..Seis count distributions it reached were tallied ("count":
# per face, the chance of 0..5 dice); then it played again with the new numbers, about ten rounds
# per mode, keeping the round with the best mean.

FITTED: dict[Mode, dict[str, dict[str, Any]]] = {
    (1, False): {
        "livre": {
            "par": {
                "uns": (8.22, -3.36),
                "dois": (7.59, -2.47),
                "tres": (6.79, 3.90),
                "quatro": (6.27, 5.27),
                "cinco": (6.70, 3.49),
                "seis": (5.74, 8.25),
                "trinca": (8.88, 15.07),
                "quadra": (4.98, 10.06),
                "full": (12.44, 7.66),
                "pequena": (6.11, 7.79),
                "grande": (7.97, 14.37),
                "yams": (4.83, 8.55),
                "chance": (24.44, 5.50),
            },
            "count": (
                (0.130, 0.419, 0.256, 0.117, 0.075, 0.003),
                (0.010, 0.108, 0.421, 0.284, 0.171, 0.008),
                (0.006, 0.071, 0.291, 0.382, 0.241, 0.009),
                (0.006, 0.035, 0.203, 0.479, 0.262, 0.014),
                (0.005, 0.029, 0.123, 0.549, 0.279, 0.015),
                (0.005, 0.020, 0.102, 0.560, 0.300, 0.013),
            ),
            "bonus": 0.945,
        },
    },
    (1, True): {
        "livre": {
            "par": {
                "uns": (7.32, -0.71),
                "dois": (6.43, 1.45),
                "tres": (5.61, 4.73),
                "quatro": (5.18, 5.64),
                "cinco": (4.71, 12.61),
                "seis": (5.39, 21.30),
                "trinca": (13.18, 0.72),
                "quadra": (9.50, -0.49),
                "full": (13.35, 7.93),
                "pequena": (8.13, 5.63),
                "grande": (9.02, 12.40),
                "yams": (3.71, 10.76),
                "chance": (24.13, 7.24),
            },
            "count": (
                (0.083, 0.464, 0.255, 0.108, 0.090, 0.001),
                (0.009, 0.079, 0.441, 0.277, 0.189, 0.006),
                (0.010, 0.054, 0.250, 0.405, 0.271, 0.010),
                (0.006, 0.029, 0.130, 0.511, 0.306, 0.017),
                (0.004, 0.031, 0.096, 0.499, 0.353, 0.017),
                (0.004, 0.045, 0.132, 0.484, 0.313, 0.021),
            ),
            "bonus": 0.923,
            "pair": (51.87, -4.42, 4.90),
        },
    },
    (3, False): {
        "descida": {
            "par": {
                "uns": (1.17, 1.17),
                "dois": (2.29, 2.21),
                "tres": (3.73, 3.42),
                "quatro": (5.25, 4.59),
                "cinco": (6.06, 5.16),
                "seis": (9.41, 7.22),
                "trinca": (6.23, 5.50),
                "quadra": (3.87, 4.41),
                "full": (11.76, 7.45),
                "pequena": (5.72, 5.59),
                "grande": (12.46, 7.14),
                "yams": (4.85, 5.97),
                "chance": (17.20, 6.92),
            },
            "count": (
                (0.535, 0.323, 0.079, 0.032, 0.031, 0.000),
                (0.166, 0.461, 0.221, 0.104, 0.048, 0.000),
                (0.030, 0.214, 0.444, 0.220, 0.090, 0.002),
                (0.009, 0.191, 0.403, 0.282, 0.110, 0.005),
                (0.004, 0.182, 0.406, 0.296, 0.102, 0.010),
                (0.001, 0.181, 0.440, 0.263, 0.097, 0.018),
            ),
            "bonus": 1.022,
        },
        "livre": {
            "par": {
                "uns": (7.55, 0.39),
                "dois": (7.01, 8.78),
                "tres": (8.85, 3.05),
                "quatro": (12.08, -1.78),
                "cinco": (14.76, -3.41),
                "seis": (13.69, 14.97),
                "trinca": (5.70, 18.77),
                "quadra": (11.11, -3.87),
                "full": (16.37, 4.43),
                "pequena": (7.32, 13.16),
                "grande": (9.58, 16.82),
                "yams": (7.22, 7.91),
                "chance": (27.17, 0.28),
            },
            "count": (
                (0.111, 0.281, 0.331, 0.155, 0.118, 0.004),
                (0.018, 0.174, 0.345, 0.255, 0.198, 0.010),
                (0.002, 0.033, 0.220, 0.413, 0.316, 0.016),
                (0.004, 0.025, 0.175, 0.417, 0.361, 0.018),
                (0.004, 0.016, 0.063, 0.397, 0.456, 0.064),
                (0.004, 0.018, 0.084, 0.495, 0.363, 0.036),
            ),
            "bonus": 0.763,
        },
        "subida": {
            "par": {
                "uns": (0.19, 5.97),
                "dois": (6.35, 6.44),
                "tres": (8.89, 6.83),
                "quatro": (11.47, 7.43),
                "cinco": (8.49, 6.51),
                "seis": (10.63, 7.33),
                "trinca": (6.54, 5.45),
                "quadra": (2.92, 3.50),
                "full": (8.06, 6.66),
                "pequena": (2.25, 2.64),
                "grande": (2.81, 3.07),
                "yams": (-1.94, -0.95),
                "chance": (10.93, 10.93),
            },
            "count": (
                (0.267, 0.313, 0.225, 0.127, 0.064, 0.004),
                (0.105, 0.330, 0.310, 0.180, 0.070, 0.005),
                (0.077, 0.235, 0.345, 0.231, 0.099, 0.013),
                (0.034, 0.181, 0.318, 0.314, 0.140, 0.013),
                (0.018, 0.175, 0.361, 0.303, 0.121, 0.022),
                (0.004, 0.038, 0.391, 0.326, 0.204, 0.037),
            ),
            "bonus": 1.141,
        },
    },
    (3, True): {
        "descida": {
            "par": {
                "uns": (0.39, 0.39),
                "dois": (-0.38, -0.33),
                "tres": (1.22, 1.05),
                "quatro": (3.66, 3.01),
                "cinco": (4.32, 3.49),
                "seis": (5.75, 4.45),
                "trinca": (5.99, 7.75),
                "quadra": (0.51, 5.56),
                "full": (9.99, 8.72),
                "pequena": (4.87, 7.35),
                "grande": (10.29, 8.44),
                "yams": (3.13, 7.48),
                "chance": (16.41, 8.37),
            },
            "count": (
                (0.071, 0.258, 0.345, 0.204, 0.118, 0.004),
                (0.004, 0.085, 0.344, 0.331, 0.226, 0.010),
                (0.004, 0.060, 0.388, 0.367, 0.171, 0.010),
                (0.000, 0.032, 0.310, 0.445, 0.199, 0.014),
                (0.001, 0.035, 0.160, 0.486, 0.286, 0.032),
                (0.008, 0.052, 0.227, 0.444, 0.248, 0.021),
            ),
            "bonus": 1.096,
            "pair": (30.04, 19.02, -0.72),
        },
        "livre": {
            "par": {
                "uns": (8.06, -0.98),
                "dois": (10.89, -4.72),
                "tres": (9.05, -4.02),
                "quatro": (6.51, 5.60),
                "cinco": (3.27, 57.61),
                "seis": (9.59, 20.91),
                "trinca": (15.86, -5.31),
                "quadra": (8.90, -2.48),
                "full": (14.02, 5.97),
                "pequena": (9.99, 9.72),
                "grande": (12.44, 18.65),
                "yams": (8.30, 8.81),
                "chance": (24.30, 2.89),
            },
            "count": (
                (0.076, 0.241, 0.379, 0.169, 0.131, 0.004),
                (0.017, 0.068, 0.306, 0.357, 0.239, 0.013),
                (0.004, 0.020, 0.144, 0.450, 0.358, 0.024),
                (0.001, 0.005, 0.067, 0.500, 0.402, 0.025),
                (0.002, 0.035, 0.198, 0.482, 0.245, 0.038),
                (0.004, 0.027, 0.078, 0.458, 0.373, 0.060),
            ),
            "bonus": 0.872,
            "pair": (50.27, -4.46, 2.36),
        },
        "subida": {
            "par": {
                "uns": (-0.20, 8.44),
                "dois": (5.18, 8.80),
                "tres": (9.22, 9.34),
                "quatro": (7.70, 9.03),
                "cinco": (9.85, 9.60),
                "seis": (8.86, 9.27),
                "trinca": (6.77, 5.27),
                "quadra": (0.20, 1.33),
                "full": (8.18, 6.65),
                "pequena": (0.23, 0.81),
                "grande": (1.26, 1.64),
                "yams": (-1.17, -0.47),
                "chance": (9.43, 9.43),
            },
            "count": (
                (0.255, 0.303, 0.220, 0.148, 0.062, 0.012),
                (0.111, 0.345, 0.262, 0.196, 0.079, 0.007),
                (0.066, 0.241, 0.307, 0.240, 0.131, 0.015),
                (0.054, 0.180, 0.340, 0.295, 0.116, 0.015),
                (0.014, 0.132, 0.357, 0.316, 0.162, 0.019),
                (0.008, 0.056, 0.355, 0.404, 0.159, 0.018),
            ),
            "bonus": 1.136,
            "pair": (30.65, 18.01, -0.26),
        },
    },
    (4, False): {
        "descida": {
            "par": {
                "uns": (1.10, 1.10),
                "dois": (0.97, 0.98),
                "tres": (2.46, 2.25),
                "quatro": (5.66, 4.70),
                "cinco": (9.42, 7.31),
                "seis": (3.21, 3.49),
                "trinca": (6.55, 5.28),
                "quadra": (4.60, 4.38),
                "full": (10.46, 6.64),
                "pequena": (7.50, 5.73),
                "grande": (11.85, 6.73),
                "yams": (7.35, 6.04),
                "chance": (16.51, 6.74),
            },
            "count": (
                (0.203, 0.350, 0.325, 0.092, 0.030, 0.000),
                (0.022, 0.245, 0.353, 0.257, 0.121, 0.002),
                (0.020, 0.204, 0.346, 0.313, 0.116, 0.001),
                (0.002, 0.060, 0.315, 0.430, 0.187, 0.006),
                (0.000, 0.023, 0.205, 0.531, 0.226, 0.015),
                (0.004, 0.076, 0.226, 0.338, 0.319, 0.037),
            ),
            "bonus": 1.364,
        },
        "livre": {
            "par": {
                "uns": (6.74, -1.34),
                "dois": (10.53, -2.54),
                "tres": (8.60, -1.21),
                "quatro": (8.37, -0.84),
                "cinco": (13.06, -1.39),
                "seis": (1.43, 56.20),
                "trinca": (15.13, 1.86),
                "quadra": (8.80, 0.30),
                "full": (14.88, 10.79),
                "pequena": (10.25, 4.28),
                "grande": (16.69, 8.52),
                "yams": (2.92, 11.28),
                "chance": (24.93, 3.72),
            },
            "count": (
                (0.043, 0.227, 0.260, 0.332, 0.136, 0.002),
                (0.012, 0.093, 0.336, 0.283, 0.260, 0.016),
                (0.003, 0.032, 0.160, 0.419, 0.361, 0.025),
                (0.002, 0.028, 0.154, 0.474, 0.293, 0.049),
                (0.007, 0.017, 0.070, 0.478, 0.382, 0.046),
                (0.004, 0.016, 0.121, 0.500, 0.319, 0.040),
            ),
            "bonus": 0.891,
        },
        "subida": {
            "par": {
                "uns": (0.92, 6.58),
                "dois": (7.03, 7.04),
                "tres": (10.19, 7.53),
                "quatro": (10.67, 7.64),
                "cinco": (11.00, 7.74),
                "seis": (11.96, 8.11),
                "trinca": (6.86, 5.76),
                "quadra": (3.57, 3.98),
                "full": (7.44, 6.37),
                "pequena": (3.13, 3.39),
                "grande": (2.48, 2.88),
                "yams": (0.69, 1.37),
                "chance": (9.53, 9.53),
            },
            "count": (
                (0.320, 0.315, 0.178, 0.130, 0.051, 0.006),
                (0.170, 0.364, 0.251, 0.146, 0.062, 0.007),
                (0.082, 0.303, 0.328, 0.204, 0.076, 0.007),
                (0.025, 0.215, 0.386, 0.262, 0.099, 0.013),
                (0.009, 0.169, 0.415, 0.279, 0.112, 0.016),
                (0.001, 0.126, 0.441, 0.306, 0.111, 0.015),
            ),
            "bonus": 1.113,
        },
        "seca": {
            "par": {
                "uns": (-15.36, 24.10),
                "dois": (1.77, -1.29),
                "tres": (-0.45, 6.92),
                "quatro": (1.51, 6.61),
                "cinco": (-0.45, 17.85),
                "seis": (-1.83, 35.34),
                "trinca": (-5.89, 9.41),
                "quadra": (-2.45, 1.32),
                "full": (-3.24, 14.16),
                "pequena": (-2.94, 5.85),
                "grande": (-2.60, 8.66),
                "yams": (-2.60, 1.62),
                "chance": (24.98, -14.19),
            },
            "count": (
                (0.151, 0.365, 0.366, 0.107, 0.011, 0.000),
                (0.058, 0.385, 0.397, 0.150, 0.010, 0.000),
                (0.029, 0.221, 0.515, 0.222, 0.013, 0.000),
                (0.023, 0.133, 0.624, 0.210, 0.010, 0.000),
                (0.061, 0.266, 0.505, 0.152, 0.016, 0.000),
                (0.096, 0.371, 0.402, 0.122, 0.009, 0.000),
            ),
            "bonus": 1.513,
        },
    },
    (4, True): {
        "descida": {
            "par": {
                "uns": (0.36, 0.36),
                "dois": (-4.05, -3.75),
                "tres": (0.45, 0.14),
                "quatro": (3.41, 2.51),
                "cinco": (5.40, 3.97),
                "seis": (6.56, 4.74),
                "trinca": (7.22, 8.24),
                "quadra": (1.25, 5.85),
                "full": (10.57, 8.96),
                "pequena": (3.55, 7.08),
                "grande": (11.56, 8.69),
                "yams": (4.57, 7.75),
                "chance": (16.25, 8.53),
            },
            "count": (
                (0.040, 0.250, 0.322, 0.241, 0.145, 0.002),
                (0.009, 0.111, 0.327, 0.276, 0.264, 0.013),
                (0.057, 0.194, 0.380, 0.271, 0.085, 0.013),
                (0.016, 0.097, 0.377, 0.358, 0.145, 0.007),
                (0.014, 0.090, 0.325, 0.389, 0.163, 0.019),
                (0.013, 0.084, 0.276, 0.392, 0.212, 0.023),
            ),
            "bonus": 1.137,
            "pair": (30.33, 19.01, 0.23),
        },
        "livre": {
            "par": {
                "uns": (1.33, -1.85),
                "dois": (14.52, -24.57),
                "tres": (-3.19, 5.38),
                "quatro": (-1.41, 8.05),
                "cinco": (-13.93, 153.40),
                "seis": (1.72, 12.74),
                "trinca": (5.69, 3.01),
                "quadra": (9.49, -9.38),
                "full": (18.66, -6.90),
                "pequena": (6.95, 8.89),
                "grande": (15.00, 12.02),
                "yams": (5.07, 3.67),
                "chance": (19.55, 9.41),
            },
            "count": (
                (0.069, 0.235, 0.328, 0.208, 0.153, 0.007),
                (0.001, 0.054, 0.281, 0.401, 0.253, 0.010),
                (0.000, 0.001, 0.129, 0.515, 0.338, 0.017),
                (0.000, 0.006, 0.063, 0.432, 0.474, 0.025),
                (0.009, 0.042, 0.346, 0.407, 0.178, 0.018),
                (0.004, 0.019, 0.040, 0.342, 0.561, 0.034),
            ),
            "bonus": 1.106,
            "pair": (62.09, -29.69, 0.12),
        },
        "subida": {
            "par": {
                "uns": (-0.52, 9.27),
                "dois": (7.66, 9.82),
                "tres": (8.75, 9.96),
                "quatro": (9.86, 10.19),
                "cinco": (10.94, 10.47),
                "seis": (10.20, 10.23),
                "trinca": (6.66, 5.43),
                "quadra": (2.46, 2.91),
                "full": (6.68, 5.72),
                "pequena": (2.49, 2.65),
                "grande": (0.09, 0.73),
                "yams": (-0.44, 0.27),
                "chance": (10.20, 10.20),
            },
            "count": (
                (0.219, 0.269, 0.260, 0.168, 0.077, 0.007),
                (0.080, 0.300, 0.331, 0.194, 0.080, 0.015),
                (0.069, 0.207, 0.349, 0.267, 0.094, 0.014),
                (0.020, 0.142, 0.270, 0.364, 0.184, 0.020),
                (0.005, 0.090, 0.285, 0.389, 0.199, 0.032),
                (0.002, 0.028, 0.317, 0.393, 0.227, 0.033),
            ),
            "bonus": 1.200,
            "pair": (31.10, 18.46, 1.86),
        },
        "seca": {
            "par": {
                "uns": (-4.23, 31.41),
                "dois": (2.25, -6.17),
                "tres": (-2.97, 7.11),
                "quatro": (1.36, 2.60),
                "cinco": (3.26, 5.01),
                "seis": (3.00, 12.19),
                "trinca": (0.54, 1.21),
                "quadra": (-1.74, 3.66),
                "full": (-2.66, 14.39),
                "pequena": (-5.34, 8.64),
                "grande": (-3.42, 14.86),
                "yams": (24.44, -39.73),
                "chance": (19.48, -3.35),
            },
            "count": (
                (0.203, 0.381, 0.317, 0.091, 0.008, 0.000),
                (0.018, 0.255, 0.636, 0.087, 0.004, 0.000),
                (0.005, 0.088, 0.716, 0.185, 0.006, 0.000),
                (0.006, 0.279, 0.596, 0.112, 0.007, 0.000),
                (0.019, 0.131, 0.719, 0.126, 0.005, 0.000),
                (0.024, 0.260, 0.559, 0.145, 0.010, 0.002),
            ),
            "bonus": 0.844,
            "pair": (19.17, 36.52, -2.01),
        },
    },
}


PAR = {mode: {kind: fit["par"] for kind, fit in kinds.items()} for mode, kinds in FITTED.items()}
COUNT_DIST = {
    (mode, kind): fit["count"] for mode, kinds in FITTED.items() for kind, fit in kinds.items()
}
BONUS_WEIGHT = {
    (mode, kind): fit["bonus"] for mode, kinds in FITTED.items() for kind, fit in kinds.items()
}
PAIR = {
    (mode, kind): fit["pair"]
    for mode, kinds in FITTED.items()
    for kind, fit in kinds.items()
    if "pair" in fit
}
