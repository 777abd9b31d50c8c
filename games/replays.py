"""A finished table's replay: its action log stepped through one move per request, each step
drawn with the table's own templates as a spectator saw it then (the rules' `view(state,
None)` of the state stored with that move: hands and face-down cards stay hidden until the game
revealed them). Step 0 is the start. A public table's replay is open to anyone (the link one
shares); a private one (solo training among them) only to those who held a seat.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _

from analysis import jobs as analyses
from games import rendering, services, snapshots, table_result, table_view
from games.catalog import GAMES_BY_SLUG
from games.models import Action, Table
from games.rules.base import with_names
from games.snapshots import TableCopy

HISTORY = snapshots.LOG_ACTIONS  # the moves a step shows the events of, as a live table does


def may_replay(copy: TableCopy, user: Any) -> bool:
    if copy.status != Table.Status.FINISHED:
        return False
    return copy.is_public or copy.seat_of(services.user_id_of(user)) is not None


def step_asked(raw: str | None, last: int) -> tuple[int, str]:
    """The step of `?passo=`, within 0..last, and what to tell the person when it was not one."""
    if raw is None or raw == "":
        return 0, ""
    try:
        step = int(raw)
    except ValueError:
        return 0, _("Passo inválido: o replay mostra o início.")
    if step < 0:
        return 0, _("Não há passo antes do início: o replay mostra o início.")
    if step > last:
        return last, _("A partida tem %(n)d passos: o replay mostra o último.") % {"n": last}
    return step, ""


def replay(request: HttpRequest, table_id: int) -> HttpResponse:
    # Not `snapshots.get`: an old table read for its replay must not push live ones out of memory.
    copy = snapshots.cached(table_id) or snapshots.load(table_id)
    if copy is None or not may_replay(copy, request.user):
        raise Http404
    finished_at, steps = (
        Table.objects.filter(pk=table_id)
        .annotate(steps=Count("actions"))
        .values_list("finished_at", "steps")
        .get()
    )
    if not steps:
        raise Http404
    last = steps - 1
    step, notice = step_asked(request.GET.get("passo"), last)
    names = [table_view.seat_name(seat) for seat in copy.seats]
    context = {"step": _step(copy, step, last, names), "notice": notice}
    if request.htmx and not request.htmx.history_restore_request:
        response = render(request, "games/_replay_step.html", context)
    else:
        you = services.seat_of(copy, request.user)
        result = table_result.result(copy, you.index if you else None, names)
        path = reverse("games:replay", args=[table_id])
        context.update(
            table=copy,
            game=GAMES_BY_SLUG[copy.game],
            mode_label=Table(game=copy.game, mode=copy.mode).mode_label,
            finished_at=finished_at,
            players=names,
            result=result.title if result else "",
            share=request.build_absolute_uri(path) if copy.is_public else "",
            analysis=reverse("analysis:table", args=[table_id])
            if analyses.analyzer(copy.game)
            else "",
            game_defs=rendering.page_defs(copy.game),
            assets=rendering.page_assets(copy.game),
        )
        response = render(request, "games/replay.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


def position(table_id: int, step: int) -> tuple[int | None, dict | None, tuple]:
    """The log at `step`: the seat that moved, the state after its move (None in a log older
    than replays) and the events of the latest moves up to it, newest first (what the table
    showed then); two reads (the window of events, the one state), whatever the log's length."""
    log = Action.objects.filter(table_id=table_id).order_by("version")
    window = list(log.values_list("seat", "events")[max(0, step - HISTORY + 1) : step + 1])
    state = log.values_list("state", flat=True)[step]
    history = tuple(tuple(events) for _seat, events in reversed(window))
    return window[-1][0], state, history


def drawn(slug: str, state: dict, seat: int | None, names: list[str], history: tuple, **options):
    """The game area at a step of the log, for `seat` (None: a spectator), offering no move."""
    return rendering.game_render(
        slug,
        state,
        seat,
        names=names,
        events=history[0],
        log=table_result.recent_log(history, names),
        buttons=False,
        history=history,
        **options,
    )


def _step(copy: TableCopy, step: int, last: int, names: list[str]) -> dict[str, Any]:
    """What step `step` shows: the game area for a spectator, the step's own lines, the latest
    moves' lines."""
    seat, state, history = position(copy.id, step)
    area = ""
    if state is not None:
        area = drawn(copy.game, state, None, names, history, heading=2, landmarks=True)
    path = reverse("games:replay", args=[copy.id])
    return {
        "number": step,
        "last": last,
        "who": names[seat] if seat is not None and 0 <= seat < len(names) else "",
        "lines": [with_names(str(e["text"]), names) for e in history[0] if e.get("text")],
        "area": area,
        "path": path,
        "links": {
            name: f"{path}?passo={to}" if to != step else ""
            for name, to in (
                ("first", 0),
                ("previous", max(0, step - 1)),
                ("next", min(last, step + 1)),
                ("last", last),
            )
        },
    }
