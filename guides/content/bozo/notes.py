"""The figures of the Bozó guide's notes: the scoring table as the engine has it, the chance of
each combination on the first roll and within a turn (exact sums over the robot's tables), and
what the robot weighs on a few first rolls of an empty card."""

from __future__ import annotations

from typing import Any

from games.bots import bozo as bot
from games.rules import bozo as rules
from games.rules.bozo import BOX_NAMES, BOXES, COMBINATIONS
from guides.content.bozo.table import advice, apply, label, new_state, number


def combination_chances() -> list[dict[str, Any]]:
    """For each combination, the chance of making it within one turn (three rolls) when every
    keep aims at it alone, and the chance on the first roll: exact sums over the dice."""
    rows = []
    for box in COMBINATIONS:
        match = [1.0 if rules.MATCHES[box](hand) else 0.0 for hand in bot.HANDS]
        chance = match
        for _roll in range(2):
            reach = [sum(p * chance[h] for h, p in zip(*bot.REACH[k], strict=True)) for k in
                     range(len(bot.KEEPS))]  # fmt: skip
            chance = [
                1.0 if match[h] else max(reach[k] for k in bot.HAND_KEEPS[h])
                for h in range(len(bot.HANDS))
            ]
        first = sum(p * m for p, m in zip(bot.HAND_PROBS, match, strict=True))
        turn = sum(p * c for p, c in zip(bot.HAND_PROBS, chance, strict=True))
        rows.append({"box": box, "name": BOX_NAMES[box], "first": first, "turn": turn})
    return rows


# First rolls on an empty card where the choice is not obvious: what the robot weighs.
DECISIONS = ((4, 4, 4, 4, 1), (3, 3, 3, 5, 5), (1, 2, 3, 4, 6), (6, 6, 6, 2, 1))


def first_roll_choices(count: int = 3) -> list[dict[str, Any]]:
    """For each hand of DECISIONS thrown first on an empty solo card: the robot's best choices
    with the expected final total of each."""
    rows = []
    for faces in DECISIONS:
        state, _ = apply(new_state(), {"type": "roll", "cup": False}, faces)
        items = sorted(advice(state), key=lambda i: -i["expected"])[:count]
        options = [
            {"label": label(i["action"], state), "expected": number(i["expected"])} for i in items
        ]
        rows.append({"hand": rules.shown(faces), "options": options})
    return rows


def scoring_rows() -> list[dict[str, str]]:
    rows = []
    for box in BOXES:
        if box in rules.NUMBER_BOXES:
            face = rules.NUMBER_BOXES[box]
            how = f"cada dado {face} vale {face}"
            points = f"0 a {5 * face}"
            rows.append({"name": BOX_NAMES[box], "how": how, "plain": points, "boca": points})
        else:
            plain, boca = COMBINATIONS[box]
            rows.append(
                {"name": BOX_NAMES[box], "how": HOW[box], "plain": str(plain), "boca": str(boca)}
            )
    return rows


HOW = {
    "full": "três iguais e um par de outra face",
    "seguida": "1-2-3-4-5 ou 2-3-4-5-6",
    "quadrada": "quatro ou cinco iguais",
    "general": "cinco iguais",
}


def percent(value: float) -> str:
    return f"{number(100 * value, 2)}%"
