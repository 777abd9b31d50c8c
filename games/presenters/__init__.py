"""One presenter per game: the context its templates need, from `view(state, seat)`.

A presenter module offers `context(view, seat, legal, *, names, events, hints, hint_place,
history)`, the values its templates read as attributes (`g.dice`, `g.cards`: plain objects, read
fast), where `legal` are the actions the viewing seat may take now (none for a spectator or off
turn; never "leave" or "claim_inactivity", which the platform shows itself), `events` those of
the latest move and `history` those of the latest few moves, newest first (public by contract:
the rules put nothing secret in events). Its templates live in games/jinja2/games/<slug>/, with
`_game.html` as the game's area of the table. `action_json` (here, and the templates' filter of
that name) writes an action as the text its control sends.

Every presenter also offers the hooks below; one with nothing of its own there takes the default
defined here (`defs = no_defs`):
- `DRAWS_WITH`: the games whose pieces and stylesheets it draws with (Yam's: Bozó's dice);
- `defs()`: what `games/<slug>/_defs.html` draws once per page, or None without such drawings;
- `pause_after(events)`: the seconds a robot waits after a move with these events, beyond its
  usual pause, so that people take in what happened (a Dominó hand's revealed tiles);
- `hint(view, advice)`: the robot's advice (`games/bots/<slug>.advise`) in plain words;
- `ended_by(reason)`: what ended a game early in the game's own way (the outcome's reason, as
  Bozó's "general de boca"), or "" for a reason the platform tells itself (a complete game, a
  person who left or stopped playing).
"""

from __future__ import annotations

import functools
import json
from importlib import import_module
from types import ModuleType
from typing import Any

from markupsafe import Markup

# The hooks' defaults, for a presenter with nothing of its own to give there.
NO_DRAWINGS: tuple[str, ...] = ()


def no_defs() -> dict[str, Any] | None:
    return None


def no_pause(events: Any) -> float:
    return 0.0


def no_hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> None:
    return None


def no_early_end(reason: str) -> str:
    return ""


_REGISTERED: dict[str, ModuleType] = {}


def get(slug: str) -> ModuleType:
    """The presenter of the game `slug`: games/presenters/<slug>.py, or one `register` added."""
    return _REGISTERED.get(slug) or _presenter(slug)


@functools.cache  # a render asks for its presenter a few times: no import machinery each time
def _presenter(slug: str) -> ModuleType:
    return import_module(f"games.presenters.{slug}")


def register(slug: str, presenter: ModuleType) -> None:
    """Draw the game `slug` with `presenter` (the tests' fifth game), whose templates are
    games/<slug>/_game.html on the Jinja2 environment's loader."""
    _REGISTERED[slug] = presenter


def unregister(slug: str) -> None:
    _REGISTERED.pop(slug, None)


def action_json(action: dict[str, Any]) -> Markup:
    """An action as the JSON text a control sends, escaped for an attribute in single quotes (so
    that the JSON's double quotes need no escaping)."""
    text = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&#39;")):
        text = text.replace(char, entity)
    return Markup(text)  # noqa: S704 - every character that could end the attribute is escaped
