"""The "Análise" page of a finished table: each person's precision, expected loss, costliest
decisions (the position drawn with the live templates, as that person saw it) and expected
score along the game. Seen by whoever may see the table's replay. While the worker computes it
the page says so, and asks again by itself (htmx) until it is there."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from accounts.models import User, stand_in_name
from analysis import jobs
from analysis.chart import chart
from analysis.models import Analysis
from games import rendering, replays, services, snapshots, table_view
from games.catalog import GAMES_BY_SLUG
from games.models import Table

POLL_SECONDS = 1


def analysis(request: HttpRequest, table_id: int) -> HttpResponse:
    copy = snapshots.cached(table_id) or snapshots.load(table_id)
    if copy is None or not replays.may_replay(copy, request.user):
        raise Http404
    module = jobs.analyzer(copy.game)
    if module is None:
        raise Http404
    # A game that ended before analyses existed is analysed when someone first asks.
    row, _created = Analysis.objects.get_or_create(table_id=table_id)
    context = {
        "table": copy,
        "game": GAMES_BY_SLUG[copy.game],
        "path": reverse("analysis:table", args=[table_id]),
        "poll": POLL_SECONDS,
        "status": row.status,
        "measure": module.MEASURE,
        "series": module.SERIES,
        "people": people(copy, row.result, request.user) if row.result else [],
    }
    context["chart"] = chart(context["people"])
    context["exact"] = all(p.exact for p in context["people"])
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "analysis/_body.html", context)
    else:
        context.update(
            mode_label=Table(game=copy.game, mode=copy.mode).mode_label,
            replay=reverse("games:replay", args=[table_id]),
            game_defs=rendering.page_defs(copy.game),
            assets=rendering.page_assets(copy.game),
        )
        response = render(request, "analysis/page.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def people(copy, result: dict[str, Any], viewer) -> list[SimpleNamespace]:
    """The result's people, the viewer first, each with their name and their costliest
    decisions drawn."""
    viewer_id = services.user_id_of(viewer)
    ids = [p["user_id"] for p in result["people"]]
    accounts = User.objects.filter(pk__in=ids).values_list("pk", "nickname", "removed_at")
    nicknames = {
        pk: _("Jogador removido") if removed else nickname or stand_in_name(pk)
        for pk, nickname, removed in accounts
    }
    names = [table_view.seat_name(seat) for seat in copy.seats]
    path = reverse("games:replay", args=[copy.id])

    def to(worst: dict) -> str:
        return f"{path}?passo={worst['step']}"

    found = []
    for person in result["people"]:
        user_id = person["user_id"]
        worst = [
            SimpleNamespace(**w, area=area, replay=to(w))
            for w in person["worst"]
            if (area := _drawn(copy, w, names))
        ]
        found.append(
            SimpleNamespace(
                **{**person, "worst": worst},
                name=nicknames.get(user_id, _("Jogador removido")),
                you=user_id == viewer_id,
            )
        )
    found.sort(key=lambda p: (not p.you, p.seat))
    return found


def _drawn(copy, worst: dict, names: list[str]) -> str:
    """The game as the person saw it when they chose (the log at the step before theirs, for
    their seat), with the table's latest moves; "" in a log older than replays."""
    _seat, state, history = replays.position(copy.id, worst["step"] - 1)
    if state is None:
        return ""
    return replays.drawn(copy.game, state, worst["seat"], names, history, heading=5)
