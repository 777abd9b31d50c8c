"""Five dice, holds, up to three rolls and the cup: the turn shared by Bozó and Yam's.

From the Bozó page (seed 000): with the cup ("com copo") the thrown dice stay covered until the
player lifts it, either from the top (the top faces count) or after "cantar embaixo" (each die of
that roll counts its opposite face, 7 minus the top: 1-6, 2-5, 3-4). Held dice never change, the
choice covers every die of that roll, and the reveal does not use a roll. Without the cup ("sem
copo") the roll shows at once and cantar embaixo is not available.

A turn is a dict:
    dice     five values 1-6 (0 before the first roll); covered values are stored here too,
             but `visible` never shows them
    held     five booleans
    rolls    rolls used so far in this turn
    covered  indices of the dice under the cup, waiting for `lift` (empty otherwise)
    cup      whether the last roll was made with the cup
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import Any

from games.rules.base import Action, IllegalAction, check_keys

DICE = 5
FACES = (1, 2, 3, 4, 5, 6)
MAX_ROLLS = 3
LIFT_SIDES = ("top", "bottom")

Turn = dict[str, Any]


def new_turn() -> Turn:
    return {"dice": [0] * DICE, "held": [False] * DICE, "rolls": 0, "covered": [], "cup": False}


def opposite(face: int) -> int:
    """The face under `face` on a standard die: 1-6, 2-5, 3-4."""
    return 7 - face


def is_covered(turn: Turn) -> bool:
    return bool(turn["covered"])


def has_hand(turn: Turn) -> bool:
    """True once the dice on the table are known: rolled at least once and not under the cup."""
    return turn["rolls"] > 0 and not turn["covered"]


def hand(turn: Turn) -> list[int]:
    """The five values that count now. Only meaningful when `has_hand(turn)`."""
    return list(turn["dice"])


def can_roll(turn: Turn, max_rolls: int = MAX_ROLLS) -> bool:
    return not turn["covered"] and turn["rolls"] < max_rolls and not all(turn["held"])


def can_hold(turn: Turn, max_rolls: int = MAX_ROLLS) -> bool:
    """Holds matter only between rolls: after a revealed roll that can still be followed."""
    return has_hand(turn) and turn["rolls"] < max_rolls


def roll(turn: Turn, action: Action, rng: random.Random, max_rolls: int = MAX_ROLLS) -> list[int]:
    """Throw every die not held (all five on the first roll). Mutates `turn`; returns the
    indices thrown. With the cup they stay covered until `lift`."""
    check_keys(action, "cup")
    cup = action.get("cup", True)
    if type(cup) is not bool:
        raise IllegalAction("O campo “cup” deve ser verdadeiro (com copo) ou falso (sem copo).")
    if turn["covered"]:
        raise IllegalAction("Levante o copo antes de lançar de novo.")
    if turn["rolls"] >= max_rolls:
        done = "o lançamento" if max_rolls == 1 else f"os {max_rolls} lançamentos"
        raise IllegalAction(f"Você já fez {done} deste turno: marque uma casa.")
    if turn["rolls"] == 0:
        turn["held"] = [False] * DICE
    thrown = [i for i in range(DICE) if not turn["held"][i]]
    if not thrown:
        raise IllegalAction("Todos os dados estão guardados: solte algum para lançar.")
    for i in thrown:
        turn["dice"][i] = rng.randint(1, 6)
    turn["rolls"] += 1
    turn["cup"] = cup
    turn["covered"] = thrown if cup else []
    return thrown


def lift(turn: Turn, action: Action) -> list[int]:
    """Reveal the covered roll, from the top or singing from below. Mutates `turn`; returns the
    indices revealed."""
    check_keys(action, "from")
    side = action.get("from")
    if side not in LIFT_SIDES:
        raise IllegalAction("Escolha levantar por cima (“top”) ou cantar embaixo (“bottom”).")
    if not turn["covered"]:
        raise IllegalAction("Não há dados cobertos pelo copo para levantar.")
    revealed = list(turn["covered"])
    if side == "bottom":
        for i in revealed:
            turn["dice"][i] = opposite(turn["dice"][i])
    turn["covered"] = []
    return revealed


def redeal_covered(turn: Turn, rng: random.Random) -> list[int]:
    """Throw the dice under the cup again, unseen: what nobody knows yet is dealt anew (for
    hidden-information search and tests). Mutates `turn`; returns the indices thrown."""
    for i in turn["covered"]:
        turn["dice"][i] = rng.randint(1, 6)
    return list(turn["covered"])


def parse_hold(action: Action) -> list[int]:
    """The dice indices of a hold action: a list of distinct integers from 0 to 4."""
    check_keys(action, "dice")
    dice = action.get("dice")
    if not isinstance(dice, list) or any(type(i) is not int for i in dice):
        raise IllegalAction("Informe os dados guardados como uma lista de posições de 0 a 4.")
    if any(not 0 <= i < DICE for i in dice):
        raise IllegalAction("Posição de dado inexistente: use de 0 a 4.")
    if len(set(dice)) != len(dice):
        raise IllegalAction("Cada dado só pode aparecer uma vez entre os guardados.")
    return sorted(dice)


def hold(turn: Turn, action: Action, max_rolls: int = MAX_ROLLS) -> list[int]:
    """Set the full set of held dice. Mutates `turn`; returns the held indices."""
    dice = parse_hold(action)
    if turn["rolls"] == 0:
        raise IllegalAction("Lance os dados antes de guardar algum.")
    if turn["covered"]:
        raise IllegalAction("Levante o copo antes de escolher os dados guardados.")
    if turn["rolls"] >= max_rolls:
        raise IllegalAction("Não há mais lançamentos neste turno: marque uma casa.")
    turn["held"] = [i in dice for i in range(DICE)]
    return dice


def tapped(turn: Turn, action: Any) -> Any:
    """A tap on one die, `{"type": "hold", "toggle": i}`, as the hold it makes: the held set as
    it stands with die i switched (a page's control for a die then changes with that die
    alone). Any other action as it came."""
    if not isinstance(action, Mapping) or action.get("type") != "hold" or "toggle" not in action:
        return action
    check_keys(action, "toggle")
    index = action["toggle"]
    if type(index) is not int or not 0 <= index < DICE:
        raise IllegalAction("Posição de dado inexistente: use de 0 a 4.")
    return {"type": "hold", "dice": [i for i in range(DICE) if turn["held"][i] != (i == index)]}


def dice_actions(
    turn: Turn, max_rolls: int = MAX_ROLLS, *, cup_allowed: bool = True
) -> list[Action]:
    """Every legal roll, lift and hold for the player on turn."""
    if turn["covered"]:
        return [{"type": "lift", "from": side} for side in LIFT_SIDES]
    actions: list[Action] = []
    if can_roll(turn, max_rolls):
        actions.append({"type": "roll", "cup": False})
        if cup_allowed:
            actions.append({"type": "roll", "cup": True})
    if can_hold(turn, max_rolls):
        current = [i for i in range(DICE) if turn["held"][i]]
        for size in range(DICE + 1):
            for chosen in combinations(range(DICE), size):
                if list(chosen) != current:
                    actions.append({"type": "hold", "dice": list(chosen)})
    return actions


def visible(turn: Turn) -> dict[str, Any]:
    """The turn as anyone at the table may see it: covered dice and unrolled dice are None."""
    covered = set(turn["covered"])
    return {
        "dice": [
            None if (turn["rolls"] == 0 or i in covered) else turn["dice"][i] for i in range(DICE)
        ],
        "held": list(turn["held"]),
        "rolls": turn["rolls"],
        "covered": sorted(covered),
        "cup": turn["cup"],
    }


@cache
def roll_outcomes(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each sorted result of throwing `count` dice, with its exact probability."""
    total = 6**count
    outcomes = []
    for faces in combinations_with_replacement(FACES, count):
        ways = factorial(count)
        for n in Counter(faces).values():
            ways //= factorial(n)
        outcomes.append((faces, ways / total))
    return tuple(outcomes)


def counts(dice: Sequence[int]) -> list[int]:
    """How many dice show each face: index 1..6 (index 0 unused)."""
    tally = [0] * 7
    for face in dice:
        tally[face] += 1
    return tally
