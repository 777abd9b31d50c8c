"""The Yam's score-keeper ("marcador"), /yams/marcador/: real dice around a table, one phone.

As the Bone app of the Yam's page (seed 003) does: up to 8 named players, the columns and Máx/Mín
of a live table, and the card filled by the rules engine (marcador/sheet.py). Without an account
everything lives in the session (marcador/session.py); a logged-in player may save a finished
game to their history (`ScoreSheet`). Plain POST forms with redirect-after-post work without
JavaScript; htmx (hx-boost on the sheet) only saves the page reload.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from games.rules.base import IllegalAction
from games.rules.dice import DICE
from marcador import pad, taps
from marcador.cards import cards, ranking, winners_text
from marcador.cleaning import NAME_MAX, clean_names, clean_options
from marcador.models import ScoreSheet
from marcador.session import KEY, flash, load, store, take_flash
from marcador.sheet import MAX_PLAYERS, BadInput, Sheet


@require_http_methods(["GET", "POST"])
def sheet(request: HttpRequest) -> HttpResponse:
    current = load(request.session)
    if request.method == "POST":
        if request.POST.get("form") == "setup":
            return setup_post(request)
        if current is None:
            flash(request.session, take_flash(request.session) or _("Comece uma partida primeiro."))
            return redirect("marcador:sheet")
        try:
            taps.apply(current, request.POST, request.user)
        except (BadInput, IllegalAction) as error:
            flash(request.session, str(error))
        store(request.session, current)
        return redirect("marcador:sheet")
    if current is None or "nova" in request.GET:
        names = current.players if current else ["", ""]
        options = current.options if current else {}
        return render_setup(request, list(names), dict(options))
    return render(request, "marcador/play.html", play_context(request, current))


def saved(request: HttpRequest, sheet_id: int) -> HttpResponse:
    """A saved sheet, read-only, for its owner only."""
    if not request.user.is_authenticated:
        raise Http404
    record = ScoreSheet.objects.filter(pk=sheet_id, user=request.user).first()
    if record is None:
        raise Http404
    try:
        state, players = record.state, list(record.players)
        shown = cards(state, players)
        result = winners_text(state, players) if state["finished"] else ""
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise Http404 from None
    return render(
        request,
        "marcador/saved.html",
        {
            "record": record,
            "cards": shown,
            "ranking": ranking(shown),
            "result": result,
            "max_min": state["options"]["max_min"],
        },
    )


def play_context(request: HttpRequest, sheet: Sheet) -> dict[str, Any]:
    pending = sheet.pending
    state = sheet.state
    mover = sheet.mover
    return {
        "sheet": sheet,
        "cards": cards(state, sheet.players, pad.offers(sheet)),
        "mover": mover,
        "mover_name": None if mover is None else sheet.players[mover],
        "finished": state["finished"],
        "result": winners_text(state, sheet.players) if state["finished"] else "",
        "ranking": ranking(cards(state, sheet.players)),
        "slots": pad.slots(pending),
        "faces": pad.faces(pending),
        "dice_full": len(pending.dice) == DICE,
        "has_seca": "seca" in state["columns"],
        "first_roll": pending.first_roll,
        "picked": pad.picked(pending),
        "choices": pad.choices(sheet),
        "choose": pending.choose,
        "last": pad.entry_text(sheet.entries[-1], sheet.players) if sheet.entries else "",
        "error": take_flash(request.session),
        "saved_url": reverse("marcador:saved", args=[sheet.saved]) if sheet.saved else "",
        "max_min": sheet.options["max_min"],
    }


def setup_context(request: HttpRequest, names: list[str], options: dict, error: str = "") -> dict:
    return {
        "names": names,
        "can_add": len(names) < MAX_PLAYERS,
        "max_players": MAX_PLAYERS,
        "name_max": NAME_MAX,
        "columns": options.get("columns", 3),
        "max_min": options.get("max_min", True),
        "column_choices": [
            (1, _("1 coluna (Livre)")),
            (3, _("3 colunas (Descida, Livre, Subida)")),
            (4, _("4 colunas (com a Seca)")),
        ],
        "error": error or take_flash(request.session),
        "playing": KEY in request.session,
    }


def setup_post(request: HttpRequest) -> HttpResponse:
    names = [name[:200] for name in request.POST.getlist("player")][: MAX_PLAYERS + 4]
    op = request.POST.get("op", "start")
    raw_options = {
        "columns": request.POST.get("columns", ""),
        "max_min": request.POST.get("max_min") == "on",
    }
    shown = {"columns": raw_options["columns"], "max_min": raw_options["max_min"]}
    try:
        shown["columns"] = int(shown["columns"])
    except ValueError:
        shown["columns"] = 3
    if op == "add":
        if len(names) >= MAX_PLAYERS:
            error = _("O marcador aceita de 1 a %(n)d jogadores.") % {"n": MAX_PLAYERS}
            return render_setup(request, names, shown, error)
        return render_setup(request, [*names, ""], shown)
    if op.startswith("remove:"):
        try:
            del names[int(op.split(":", 1)[1])]
        except (ValueError, IndexError):
            return render_setup(request, names, shown, _("Essa linha não existe."))
        return render_setup(request, names or [""], shown)
    if op != "start":
        return render_setup(request, names, shown, _("Ação desconhecida."))
    try:
        players = clean_names(names)
        options = clean_options(raw_options["columns"], raw_options["max_min"])
    except BadInput as error:
        return render_setup(request, names or [""], shown, str(error))
    store(request.session, Sheet.start(players, options))
    if request.headers.get("HX-Request"):
        # The setup form swaps only itself: the game page is a page of its own.
        return HttpResponseClientRedirect(reverse("marcador:sheet"))
    return redirect("marcador:sheet")


def render_setup(request, names, options, error: str = "") -> HttpResponse:
    context = setup_context(request, names, options, error)
    return render(request, "marcador/setup.html", context)
