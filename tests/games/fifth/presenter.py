"""What tests/games/fifth/jinja2/games/parimpar/_game.html shows."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from games.presenters import NO_DRAWINGS, no_defs, no_early_end, no_hint, no_pause

DRAWS_WITH = NO_DRAWINGS
defs = no_defs
pause_after = no_pause
hint = no_hint
ended_by = no_early_end
WORDS = ("zero", "um", "dois", "três", "quatro", "cinco")


def context(view: dict[str, Any], seat: int | None, legal, **_ignored: Any) -> SimpleNamespace:
    shows = [a for a in legal if a["type"] == "show"]
    return SimpleNamespace(
        wins=view["wins"],
        rounds=[f"{WORDS[a]} + {WORDS[b]}" for a, b in view["rounds"]],
        hidden=view["hidden"],
        mine=WORDS[view["mine"]] if view["mine"] is not None else None,
        shows=[(a, WORDS[a["fingers"]]) for a in shows],
    )
