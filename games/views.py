"""Lobby, table creation, the table page and invitations. Writes go through games.services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import chat, rendering, selectors, services, snapshots, throws
from games.catalog import GAMES, GAMES_BY_SLUG
from games.forms import TableForm
from games.models import Table


def _game(slug: str):
    game = GAMES_BY_SLUG.get(slug)
    if game is None:
        raise Http404
    return game


def lobby(request: HttpRequest, slug: str | None = None) -> HttpResponse:
    chosen = _game(slug) if slug is not None else None
    context = {
        "games": GAMES,
        "chosen": chosen,
        "tables": selectors.lobby_tables(chosen.slug if chosen else None)[:50],
        "mine": selectors.open_tables_of(request.user)[:10],
    }
    template = "games/_lobby_tables.html" if request.htmx else "games/lobby.html"
    return render(request, template, context)


@login_required
def table_new(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    if not game.playable:
        raise Http404
    form = TableForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.table_create(
                host=request.user,
                game=game.slug,
                mode=form.cleaned_data["mode"],
                options=form.rules_options(),
                is_public=form.cleaned_data["visibility"] == "public",
                fast_robots=form.cleaned_data["fast_robots"],
                move_seconds=form.cleaned_data["move_seconds"],
            )
        except services.TableError as error:
            form.add_error(None, error.message)
        else:
            return redirect(table)
    return render(request, "games/table_new.html", {"game": game, "form": form})


@login_required
@require_POST
def quick_robot_duel(request: HttpRequest, slug: str) -> HttpResponse:
    """Lobby shortcut: a private table against robots at the normal pace, started at once (a
    duel, or Dominó's pairs with three robots)."""
    game = _game(slug)
    mode = game.robot_mode
    if mode is None:
        raise Http404
    try:
        table = services.table_create(
            host=request.user, game=game.slug, mode=mode.slug, is_public=False, robots=True
        )
    except services.TableError as error:
        messages.error(request, error.message)
        return redirect("games:lobby_game", game.slug)
    return redirect(table)


def table(request: HttpRequest, table_id: int) -> HttpResponse:
    copy = snapshots.get(table_id)
    invited = request.session.get("invites", {}).get(str(table_id), "")
    if copy is None or not services.may_watch(copy, request.user, invited):
        raise Http404
    seat = services.seat_of(copy, request.user)
    team = request.session.get("invite_team", {}).get(str(table_id))
    live = rendering.table_render(
        copy,
        seat.index if seat else None,
        signed_in=request.user.is_authenticated,
        team=team if isinstance(team, int) else None,
        viewer_id=request.user.pk,
    )
    page = {
        "table": copy,
        "game": GAMES_BY_SLUG[copy.game],
        "mode_label": Table(game=copy.game, mode=copy.mode).mode_label,
        "live": live.html,
        "chat": chat.history(copy.id),
        "reactions": chat.reactions(),
        "game_defs": rendering.page_defs(copy.game),
        "assets": rendering.page_assets(copy.game),
        "site": request.build_absolute_uri("/").rstrip("/"),
        "cup": throws.last_cup(request.user.pk, copy.game),
    }
    return render(request, "games/table.html", page)


def invite(request: HttpRequest, table_id: int, code: str, team: int | None = None) -> HttpResponse:
    """An invitation link: remembers the code in the session, so the socket may seat the guest."""
    table = get_object_or_404(Table, pk=table_id, invite_code=code)
    invites = request.session.get("invites", {})
    invites[str(table.pk)] = code
    request.session["invites"] = invites
    mode = GAMES_BY_SLUG[table.game].mode(table.mode)
    team_names = mode.team_names if mode else ()
    if team is not None and not 0 <= team < len(team_names):
        raise Http404
    teams = request.session.get("invite_team", {})
    if team is not None:
        teams[str(table.pk)] = team
    else:
        teams.pop(str(table.pk), None)
    request.session["invite_team"] = teams
    if team is not None:
        invited = _("Você foi convidado para a dupla %(team)s.") % {"team": team_names[team]}
    else:
        invited = _("Você foi convidado para esta mesa.")
    if request.user.is_authenticated:
        messages.info(request, invited)
    else:
        messages.info(request, invited + " " + _("Crie sua conta ou entre para sentar."))
    return redirect(table)
