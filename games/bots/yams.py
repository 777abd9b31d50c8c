"""Yam's robot and hints: optimal play with one column, else an exact search of each turn over an
estimate of the card's final total.

The robot's contract (`choose`, `advise`) and the order of its candidate actions (`ranked`) are
here; the search of a turn is yams_plan.py, the estimate of the card beyond it
yams_heuristic.py (with its fitted numbers in yams_fitted.py), the hands and keeps of the dice
yams_hands.py.

`greedy_choose` is the baseline of issue #3: keep the most common face, reroll while possible,
then score the box that adds the most to the total right now.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.bots.yams_fitted import Mode
from games.bots.yams_hands import FACES, FIRST_ROLL, HAND_INDEX, HAND_SUB_KEEPS, KEEP_INDEX, KEEPS
from games.bots.yams_heuristic import Card
from games.bots.yams_plan import NEG, robot_plan
from games.rules.yams import BOX_NAMES, COLUMN_NAMES, column_totals, score

Action = dict[str, Any]

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
