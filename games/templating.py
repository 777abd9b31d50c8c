"""Helpers of the live partials (games/jinja2/, installed in config/jinja2.py): actions as the
JSON a button sends, dice holds, score buttons."""

from __future__ import annotations

import json
from typing import Any


def action_json(action: dict[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False)


def hold_toggle(held: list[bool], index: int) -> dict[str, Any]:
    """The hold action that toggles die `index`: the full set held after the tap."""
    dice = [i for i, is_held in enumerate(held) if is_held != (i == index)]
    return {"type": "hold", "dice": dice}


def score_buttons(legal: list[dict[str, Any]], potential: dict[str, int]) -> dict[str, int]:
    """Each box a legal `score` action may mark, with the points it would give now."""
    return {
        action["box"]: potential.get(action["box"], 0)
        for action in legal
        if action.get("type") == "score"
    }


def seats_with(values: list[Any], value: Any) -> list[int]:
    """The seats whose entry is `value`: `view.card_of|seats_with(0)`, who plays card 0."""
    return [seat for seat, entry in enumerate(values) if entry == value]
