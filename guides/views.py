"""The "como jogar" pages. Full guides with worked rounds arrive with each game's rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import GAMES, GAMES_BY_SLUG


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "guides/index.html", {"games": GAMES})


def guide(request: HttpRequest, slug: str) -> HttpResponse:
    game = GAMES_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    return render(request, "guides/guide.html", {"game": game})
