"""The lobby. Until live tables land (issue #6) it says honestly that play is coming."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import GAMES, GAMES_BY_SLUG


def lobby(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    chosen = None
    if slug is not None:
        chosen = GAMES_BY_SLUG.get(slug)
        if chosen is None:
            raise Http404
    return render(request, "games/lobby.html", {"games": GAMES, "chosen": chosen})
