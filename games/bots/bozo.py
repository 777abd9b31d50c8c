"""The Bozó robot: optimal play for the highest expected final score, and the hints built on it.

The rules are those of `games.rules.bozo` (seed 000_5411d6f7a326aa7a.txt): ten boxes, up to three
rolls a turn, a box may be scored after any revealed roll and must be scored after the third (zero
if need be); Full, Seguida, Quadrada and General give five more right after the first roll when
the bônus de boca is on. Cantar embaixo turns each thrown die into 7 minus its face, which is
uniform again, so the cup never changes the odds: the robot lifts from the top.

Exact dynamic programming. `V[open]` is the expected number of points still to come on a card
whose empty boxes are the bit set `open` (bit i for BOXES[i]) at the start of a turn; V[0] = 0.
Within a turn with open boxes M, for a hand h (a sorted multiset, 252 of them) and a keep k (a
proper sub-multiset of a hand, 210 of them):

    S(h)       = max over open b of points(b, h) + V[M - b]     (scoring now, no bonus)
    S_boca(h)  = the same with the first-roll bonus
    E0(h)      = S(h)                                           (after the third roll)
    K_r(k)     = sum over outcomes o of throwing 5 - |k| dice of p(o) E_r(k + o)
    E1(h)      = max(S(h), max over keeps k of h of K0(k))
    E2(h)      = max(S_boca(h), max over keeps k of h of K1(k)) (after the first roll)
    V[M]       = sum over hands h of p(h) E2(h)

Keeping all five dice is no reroll at all, and scoring is always at least as good. The table of V
(1024 numbers) is built once per value of the bonus option, on first use; the keep values of a
turn are recomputed from it for the card at hand and kept in a small cache. The card of a team in
duplas is the same problem (ten boxes, ten turns), so one policy plays every mode.
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from operator import mul
from typing import Any

from games.rules.bozo import BOX_NAMES, BOXES, COMBINATIONS, score
from games.rules.dice import DICE, FACES, MAX_ROLLS, roll_outcomes

Action = dict[str, Any]
Hand = tuple[int, ...]

FULL_CARD = (1 << len(BOXES)) - 1
TIE = 1e-9  # expectations this close are equal: floating sums in another order differ by less

HANDS: tuple[Hand, ...] = tuple(faces for faces, _ in roll_outcomes(DICE))
HAND_INDEX = {hand: i for i, hand in enumerate(HANDS)}
HAND_PROBS = tuple(p for _, p in roll_outcomes(DICE))
KEEPS: tuple[Hand, ...] = tuple(
    keep for size in range(DICE) for keep in combinations_with_replacement(FACES, size)
)
KEEP_INDEX = {keep: i for i, keep in enumerate(KEEPS)}


def _reach(keep: Hand) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The hands that throwing the other dice can give after `keep`, and their probabilities."""
    outcomes = roll_outcomes(DICE - len(keep))
    hands = tuple(HAND_INDEX[tuple(sorted(keep + faces))] for faces, _ in outcomes)
    return hands, tuple(p for _, p in outcomes)


def sub_keeps(hand: Sequence[int]) -> list[Hand]:
    """Every distinct keep of `hand`: its sub-multisets short of the whole hand."""
    tally = sorted(Counter(hand).items())
    keeps = []
    for numbers in product(*(range(n + 1) for _, n in tally)):
        keep = tuple(face for (face, _), n in zip(tally, numbers, strict=True) for _ in range(n))
        if len(keep) < DICE:
            keeps.append(keep)
    return keeps


REACH = tuple(_reach(keep) for keep in KEEPS)
HAND_KEEPS = tuple(tuple(KEEP_INDEX[keep] for keep in sub_keeps(hand)) for hand in HANDS)


@cache
def _points(bonus: bool) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """points[b][h] for each box and hand: (later rolls, right after the first roll)."""
    later = tuple(tuple(score(box, h, first_roll=False) for h in HANDS) for box in BOXES)
    boca = tuple(tuple(score(box, h, first_roll=True, bonus=bonus) for h in HANDS) for box in BOXES)
    return later, boca


@dataclass(frozen=True)
class TurnValues:
    """One turn with a given set of open boxes: the expectations the decisions compare."""

    keep: tuple[array, array]  # K0 and K1 by keep index, packed: a server may cache them all
    value: float  # V of this set of open boxes


def _solve_turn(open_boxes: int, values: Sequence[float], bonus: bool) -> TurnValues:
    later_points, boca_points = _points(bonus)
    later_columns, boca_columns = [], []
    for b, box in enumerate(BOXES):
        if open_boxes >> b & 1:
            rest = values[open_boxes & ~(1 << b)]
            later = [p + rest for p in later_points[b]]
            later_columns.append(later)
            boca_columns.append(
                [p + rest for p in boca_points[b]] if box in COMBINATIONS and bonus else later
            )
    score_later = _best_of(later_columns)
    score_boca = _best_of(boca_columns)

    k0 = _expect(score_later)
    e1 = _score_or_keep(score_later, k0)
    k1 = _expect(e1)
    e2 = _score_or_keep(score_boca, k1)
    return TurnValues(keep=(array("d", k0), array("d", k1)), value=sum(map(mul, HAND_PROBS, e2)))


def _best_of(columns: list[list[float]]) -> list[float]:
    return list(map(max, *columns)) if len(columns) > 1 else columns[0]


def _score_or_keep(score_now: list[float], keep: list[float]) -> list[float]:
    """E(h): the better of scoring now and the best keep of the hand."""
    return [
        max(now, max(map(keep.__getitem__, keeps)))
        for now, keeps in zip(score_now, HAND_KEEPS, strict=True)
    ]


def _expect(by_hand: list[float]) -> list[float]:
    """K(k) for every keep: the mean of `by_hand` over the throw of the other dice."""
    get = by_hand.__getitem__
    return [sum(map(mul, probs, map(get, hands))) for hands, probs in REACH]


@cache
def table(bonus: bool = True) -> tuple[float, ...]:
    """V for every set of open boxes: the expected points still to come with optimal play."""
    values = [0.0] * (FULL_CARD + 1)
    for open_boxes in range(1, FULL_CARD + 1):  # removing a box gives a smaller number: done
        values[open_boxes] = _solve_turn(open_boxes, values, bonus).value
    return tuple(values)


@lru_cache(maxsize=4096)
def turn_values(open_boxes: int, bonus: bool = True) -> TurnValues:
    return _solve_turn(open_boxes, table(bonus), bonus)


def expected_score(bonus: bool = True) -> float:
    """What optimal play averages on an empty card."""
    return table(bonus)[FULL_CARD]


# Decisions --------------------------------------------------------------------------------------
#
# A plan is what the robot wants, before it becomes an action: ("lift",), ("roll",),
# ("score", box) or ("keep", faces). Keeping other faces than the ones held takes a hold action
# first; the next call, with those dice held, finds the same plan and rolls.


@dataclass(frozen=True)
class Seat:
    """What the robot reads from its own view."""

    open_boxes: int
    bonus: bool
    total: int
    turn: dict[str, Any]

    @property
    def held_faces(self) -> Hand:
        dice, held = self.turn["dice"], self.turn["held"]
        return tuple(sorted(dice[i] for i in range(DICE) if held[i] and dice[i] is not None))


def read(view: dict[str, Any]) -> Seat:
    if view.get("to_move") != view["seat"]:
        raise ValueError("O robô do Bozó só joga na sua vez.")
    card_of = view["card_of"]
    seat = view["seat"]
    index = (
        card_of[seat] if isinstance(card_of, list) else card_of.get(seat, card_of.get(str(seat)))
    )
    card = view["cards"][index]
    return Seat(
        open_boxes=sum(1 << b for b, box in enumerate(BOXES) if card["boxes"].get(box) is None),
        bonus=bool(view.get("options", {}).get("bonus_de_boca", True)),
        total=card.get("total") or 0,
        turn=view["turn"],
    )


def keep_value(seat: Seat, keep: Hand, rolls_left: int) -> float:
    """Expected points still to come when the dice outside `keep` are thrown and `rolls_left`
    rolls remain after that throw."""
    if rolls_left >= MAX_ROLLS - 1:  # the first roll of a turn: five dice, every hand possible
        return table(seat.bonus)[seat.open_boxes]
    return turn_values(seat.open_boxes, seat.bonus).keep[rolls_left][KEEP_INDEX[keep]]


def score_value(seat: Seat, box: str, hand_index: int) -> tuple[int, float]:
    """The points of `box` for the hand, and those points plus what is still to come after."""
    b = BOXES.index(box)
    later, boca = _points(seat.bonus)
    points = (boca if seat.turn["rolls"] == 1 else later)[b][hand_index]
    return points, points + table(seat.bonus)[seat.open_boxes & ~(1 << b)]


def plan(seat: Seat) -> tuple[Any, ...]:
    """The optimal next step."""
    turn = seat.turn
    if turn["covered"]:
        return ("lift",)
    if turn["rolls"] == 0:
        return ("roll",)
    h = HAND_INDEX[tuple(sorted(turn["dice"]))]
    best_box, best = None, float("-inf")
    for box in BOXES:
        if seat.open_boxes >> BOXES.index(box) & 1:
            value = score_value(seat, box, h)[1]
            if value > best:
                best_box, best = box, value
    rolls_left = turn["rolls_left"]
    if rolls_left > 0:
        k = turn_values(seat.open_boxes, seat.bonus).keep[rolls_left - 1]
        top = max(HAND_KEEPS[h], key=k.__getitem__)
        held = seat.held_faces
        # Among equal choices, roll what is already held: a hold is never undone by the next call.
        if len(held) < DICE and k[KEEP_INDEX[held]] >= max(best, k[top]) - TIE:
            return ("keep", held)
        if k[top] > best:
            return ("keep", KEEPS[top])
    return ("score", best_box)


def action_for(seat: Seat, step: tuple[Any, ...], legal_actions: list[Action]) -> Action:
    kind = step[0]
    if kind == "lift":
        return {"type": "lift", "from": "top"}
    if kind == "score":
        return {"type": "score", "box": step[1]}
    if kind == "keep" and step[1] != seat.held_faces:
        turn = seat.turn
        return {"type": "hold", "dice": _hold_indices(turn["dice"], turn["held"], step[1])}
    cup = {"type": "roll", "cup": True}
    return cup if cup in legal_actions else {"type": "roll", "cup": False}


def _hold_indices(dice: list[int], held: list[bool], keep: Hand) -> list[int]:
    """Dice positions showing `keep`, preferring dice already held."""
    free = sorted(range(DICE), key=lambda i: (not held[i], i))
    chosen = []
    for face in keep:
        i = next(i for i in free if dice[i] == face)
        free.remove(i)
        chosen.append(i)
    return sorted(chosen)


# The contract -----------------------------------------------------------------------------------


def choose(view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
    """The optimal action for the seat `view` belongs to. The robot never leaves or claims, and
    needs no randomness: top and bottom are worth the same under the cup."""
    seat = read(view)
    action = action_for(seat, plan(seat), legal_actions)
    if action not in legal_actions:
        raise ValueError(f"O robô do Bozó escolheu uma jogada fora das permitidas: {action}.")
    return action


def advise(view: dict[str, Any], legal_actions: list[Action]) -> list[dict[str, Any]]:
    """Each sensible action with the expected final total of the card, best first (the one
    `choose` takes). A reroll with a new keep is offered as the hold that sets it up. Nothing
    to advise when it is not this seat's turn."""
    if view.get("to_move") != view["seat"]:
        return []
    seat = read(view)
    turn = seat.turn
    candidates: list[dict[str, Any]] = []

    def add(action: Action, future: float, label: str) -> None:
        if action in legal_actions and all(c["action"] != action for c in candidates):
            candidates.append({"action": action, "expected": seat.total + future, "label": label})

    if turn["covered"]:
        future = keep_value(seat, seat.held_faces, turn["rolls_left"])
        add({"type": "lift", "from": "top"}, future, "Levantar por cima")
        add({"type": "lift", "from": "bottom"}, future, "Cantar embaixo e levantar")
    elif turn["rolls"] == 0:
        future = table(seat.bonus)[seat.open_boxes]
        add({"type": "roll", "cup": True}, future, "Lançar com copo")
        add({"type": "roll", "cup": False}, future, "Lançar sem copo")
    else:
        hand = tuple(sorted(turn["dice"]))
        for box in BOXES:
            if seat.open_boxes >> BOXES.index(box) & 1:
                points, value = score_value(seat, box, HAND_INDEX[hand])
                add({"type": "score", "box": box}, value, f"Marcar {BOX_NAMES[box]} ({points})")
        if turn["rolls_left"] > 0:
            for keep in sub_keeps(hand):
                action = action_for(seat, ("keep", keep), legal_actions)
                future = keep_value(seat, keep, turn["rolls_left"] - 1)
                faces = ", ".join(map(str, keep))
                add(
                    action, future, f"Guardar {faces} e lançar" if keep else "Lançar os cinco dados"
                )

    chosen = action_for(seat, plan(seat), legal_actions)
    candidates.sort(key=lambda c: (c["action"] != chosen, -c["expected"]))
    return candidates
