"""Template helpers for live tables: actions as the JSON a button sends, dice holds."""

from __future__ import annotations

import json
from typing import Any

from django import template

register = template.Library()


@register.filter(name="action_json")
def action_json(action: dict[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False)


@register.simple_tag
def hold_toggle(held: list[bool], index: int) -> dict[str, Any]:
    """The hold action that toggles die `index`: the full set held after the tap."""
    dice = [i for i, is_held in enumerate(held) if is_held != (i == index)]
    return {"type": "hold", "dice": dice}


@register.filter
def lookup(mapping: dict, key: Any) -> Any:
    if isinstance(mapping, dict):
        return mapping.get(key)
    if isinstance(mapping, list | tuple) and isinstance(key, int) and 0 <= key < len(mapping):
        return mapping[key]
    return None


@register.filter
def in_list(value: Any, items: Any) -> bool:
    return value in (items or ())


@register.filter
def legal_values(legal: list[dict[str, Any]], spec: str) -> list[Any]:
    """`legal|legal_values:"score:box"`: the `box` of every legal `score` action."""
    kind, _, key = spec.partition(":")
    return [action.get(key) for action in legal if action.get("type") == kind]


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
