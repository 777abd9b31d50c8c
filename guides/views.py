"""The "como jogar" pages: each guide is built by its package in guides/content/ from the rules
engine; the practice positions ("Treine") are answered by the robot, with or without JavaScript."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache, lru_cache

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import rendering
from games.catalog import GAMES, GAMES_BY_SLUG
from guides import content

# Practice positions are numbered 1..POSITIONS, and "Nova posição" after the last is the first:
# few enough that tests/guides/test_practice_walk.py answers every choice of every one.
POSITIONS = 100


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "guides/index.html", {"games": GAMES})


def _number(value: str | None, default: int = 1) -> int:
    try:
        number = int(value or default)
    except (TypeError, ValueError):
        return default
    return number if 1 <= number <= POSITIONS else default


@cache
def _page(slug: str) -> content.Page:
    """A guide's page as it is shown: its steps' ids made unique (once per process)."""
    return content.with_unique_ids(content.get(slug).page())


def prepare(slug: str, module) -> None:
    """Build what a guide's first view needs (guides/warm.py: before the server accepts)."""
    _page(slug)
    _position(module, None)


def _position(module, number: str | None) -> content.Position:
    return _scoped_position(module, _number(number))


# Answering a position asks for it again: drawn once (a Yam's position is ~0.1 s of robot play).
@lru_cache(maxsize=64)
def _scoped_position(module, number: int) -> content.Position:
    position = module.position(number)
    return replace(position, html=content.scoped(position.html, "treino"))


def guide(request: HttpRequest, slug: str) -> HttpResponse:
    game = GAMES_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    module = content.get(slug)
    if module is None:
        raise Http404
    page = _page(slug)
    position = _position(module, request.GET.get("posicao"))
    context = {
        "game": game,
        "page": page,
        "position": position,
        "next_position": position.number % POSITIONS + 1,
        "verdict": None,
        "structured_data": structured_data(request, game, page),
        "game_defs": rendering.page_defs(slug),
    }
    return render(request, f"guides/{slug}.html", context)


def worked_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Worked round `number`, step by step: its steps alone for htmx (the guide fetches a round
    when it is unfolded, so a phone loads the guide without its hundreds of drawn tables), a
    page of its own otherwise (without JavaScript, and for search engines)."""
    game = GAMES_BY_SLUG.get(slug)
    if game is None or content.get(slug) is None:
        raise Http404
    page = _page(slug)
    if not 1 <= number <= len(page.rounds):
        raise Http404
    context = {"game": game, "page": page, "round": page.rounds[number - 1], "number": number}
    if request.headers.get("HX-Request"):
        return render(request, "guides/_round_steps.html", context)
    context.update(
        previous=number - 1 if number > 1 else None,
        next=number + 1 if number < len(page.rounds) else None,
        game_defs=rendering.page_defs(slug),
        stylesheets=[*rendering.page_assets(slug).css, f"guides/{slug}.css"],
    )
    return render(request, "guides/round.html", context)


def practice(request: HttpRequest, slug: str) -> HttpResponse:
    """A practice answer (POST) or a new position (GET ?posicao=N): the practice box alone for
    htmx, the whole guide otherwise."""
    game = GAMES_BY_SLUG.get(slug)
    module = content.get(slug)
    if game is None or module is None:
        raise Http404
    source = request.POST if request.method == "POST" else request.GET
    position = _position(module, source.get("posicao"))
    verdict = None
    error = ""
    answer = source.get("resposta", "")
    if request.method == "POST":
        if answer not in {value for value, _label in position.choices}:
            error = "Escolha uma das respostas."
        else:
            verdict = module.judge(position, answer)
    context = {
        "game": game,
        "position": position,
        "next_position": position.number % POSITIONS + 1,
        "verdict": verdict,
        "error": error,
        "answer": answer,
    }
    if request.headers.get("HX-Request"):
        return render(request, "guides/_practice.html", context)
    page = _page(slug)
    context.update(
        page=page,
        structured_data=structured_data(request, game, page),
        game_defs=rendering.page_defs(slug),
    )
    return render(request, f"guides/{slug}.html", context, status=400 if error else 200)


def structured_data(request: HttpRequest, game, page) -> str:
    """schema.org JSON-LD: the guide as an Article about the game, and its FAQ."""
    url = request.build_absolute_uri(reverse("guides:guide", args=[game.slug]))
    data = [
        {
            "@context": "https://schema.org",
            "@type": "Article",
            "headline": f"Como jogar {game.name}",
            "description": str(page.description),
            "inLanguage": "pt-BR",
            "url": url,
            "about": {"@type": "Game", "name": str(game.name)},
        },
        {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": [
                {
                    "@type": "Question",
                    "name": str(q.question),
                    "acceptedAnswer": {"@type": "Answer", "text": str(q.answer)},
                }
                for q in page.faq
            ],
        },
    ]
    # Inside <script>: "</" must not end the element.
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/")


@require_GET
def robots(request: HttpRequest) -> HttpResponse:
    sitemap = request.build_absolute_uri(reverse("sitemap"))
    # The account pages stay out of search, but for the doors in: entering and signing up.
    lines = [
        "User-agent: *",
        "Allow: /conta/login/",
        "Allow: /conta/signup/",
        "Disallow: /conta/",
        "Disallow: /admin/",
        f"Sitemap: {sitemap}",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
