"""Reads on saved score-keeper sheets for the rest of the site: the person's history on the
profile and the history page, and the LGPD data export (accounts/)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from games.rules import yams
from marcador.models import ScoreSheet


def saved_sheets(user) -> list[dict[str, Any]]:
    """The Yam's score-keeper sheets the person saved, newest first: date, players, winner(s)
    and scores, for the profile's history and the data export."""
    result = []
    for record in ScoreSheet.objects.filter(user=user).order_by("-created_at", "-pk"):
        try:
            outcome = yams.outcome(record.state) or {}
            scores = [yams.total(record.state, seat) for seat in range(len(record.players))]
        except (KeyError, TypeError, ValueError, IndexError):
            outcome, scores = {}, []
        result.append(
            {
                "id": record.pk,
                "url": reverse("marcador:saved", args=[record.pk]),
                "date": record.created_at,
                "players": list(record.players),
                "winners": [record.players[seat] for seat in outcome.get("winners", [])],
                "scores": list(zip(record.players, scores, strict=False)),
            }
        )
    return result
