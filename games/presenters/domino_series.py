"""The Dominó game's result as a series: the matches each pair won ("2–1") and every match's
score, so the end of the game does not show only the last match's points (issue 28)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _


def series(view: dict[str, Any]) -> SimpleNamespace | None:
    """What the result box says of a finished game; None while it is played."""
    if not view["finished"]:
        return None
    names = [pair["name"] for pair in view["pairs"]]
    matches = [
        SimpleNamespace(
            label=_("%(n)dª partida") % {"n": number},
            scores=list(match["scores"]),
            winner=match["winner"],
        )
        for number, match in enumerate(view["results"], start=1)
    ]
    last = view["results"][-1]["scores"] if view["results"] else None
    if any(view["scores"]) and list(view["scores"]) != last:
        # A game left in the middle of a match (a finished match's points stay in "scores"):
        # that match's points so far, said unfinished.
        matches.append(
            SimpleNamespace(
                label=_("%(n)dª partida, interrompida") % {"n": len(matches) + 1},
                scores=list(view["scores"]),
                winner=None,
            )
        )
    return SimpleNamespace(
        names=names,
        won=list(view["matches"]),
        matches=matches,
        label=_("Partidas ganhas"),
        title=_("Placar de cada partida"),
    )
