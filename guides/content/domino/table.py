"""What the parts of the Dominó guide share: the players' names, the live table drawn for a seat
without its play buttons, and a play said as players say it or keyed for the practice form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.presenters import domino as presenter
from games.rendering import game_render

NAMES = ["Ana", "Beto", "Cida", "Davi"]  # Ana and Cida are Jade, Beto and Davi are Âmbar


def snapshot(state: dict[str, Any], seat: int | None, events: tuple = ()) -> str:
    """The live table's game area for `seat`, without its play buttons (a guide is read, not
    played: the practice box has its own choices)."""
    return game_render("domino", state, seat, names=NAMES, events=events, buttons=False)


def play_label(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    return presenter.play_label(action["tile"], action.get("end"), view["ends"])


def action_key(action: Mapping[str, Any]) -> str:
    a, b = action["tile"]
    return f"{a}-{b}-{action.get('end') or 'centro'}"
