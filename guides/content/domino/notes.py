"""The figures of the Dominó guide's notes: the bucho's count with one side taken (dobrado or
simples), and the robot's weighing of every play at one practice position."""

from __future__ import annotations

from typing import Any

from games.bots import domino as bot
from games.rules import domino as rules
from guides.content.domino.practice import position
from guides.content.domino.table import play_label
from guides.content.domino.weighing import judged, terms

STRATEGY_POSITION = 7  # not 1: the practice box opens on position 1


def bucho_example(lado: str) -> tuple[list[int], int, int]:
    """The 6|6 alone with a 6|3 on its left: the counted ends, their sum and the points."""
    table = rules.new_table()
    table["bucho"] = [6, 6]
    rules.place(table, [6, 3], "left")
    counted = list(rules.counted_ends(table, lado).values())
    return counted, sum(counted), rules.mesa_points(sum(counted))


def strategy_numbers() -> dict[str, Any]:
    """The robot's weighing of every play at one practice position, in points."""
    pos = position(STRATEGY_POSITION)
    view = pos.data["view"]
    rows = []
    for value, action in judged(view, pos.data["legal"]):
        parts = terms(view, action)
        rows.append(
            {
                "label": play_label(view, action),
                "value": round(value, 1),
                "now": parts["now"],
                "next_passes": round(100 * parts.get("chances", {}).get("next_passes", 0)),
                "mobility": round(parts.get("mobility", 0) / bot.WEIGHTS["mobility"]),
            }
        )
    return {"position": pos, "rows": rows}
