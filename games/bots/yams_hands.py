"""The dice's side of the Yam's robot's search: the 252 hands of five dice and the 462 keeps (what
may be held before a reroll), each hand's points in every box, and the expected value of every
keep and of a whole turn when the hand at the end is valued by a table (`keep_values`, `best_of`,
`one_turn_value`), with the exact probabilities of `roll_outcomes`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement

from games.rules.dice import roll_outcomes
from games.rules.yams import boxes_in_play, score

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
COUNT_OF = {face: tuple(hand.count(face) for hand in HANDS) for face in FACES}


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
