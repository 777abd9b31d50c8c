"""Reads on tables for views, the lobby and the accounts app (a person's history of games and
what the LGPD data export lists of the games' side)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import played
from games.catalog import GAMES_BY_SLUG
from games.models import Action, ChatMessage, Seat, Table, TableSocket


def lobby_tables(game: str | None = None) -> QuerySet[Table]:
    """Public tables waiting for players or in progress, newest first; never solo training,
    which nobody else may join (models.TableQuerySet.in_lobby)."""
    return (
        Table.objects.in_lobby(game)
        .annotate(taken=Count("seats", filter=Q(seats__user__isnull=False) | Q(seats__robot=True)))
        .annotate(total=Count("seats"))
        .order_by("status", "-created_at")
    )


def open_tables_of(user) -> QuerySet[Table]:
    if not user.is_authenticated:
        return Table.objects.none()
    return Table.objects.open().of_user(user).order_by("-updated_at")


# -- the LGPD export: every row of the games' side that names the person -----------------------


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def player_history(user) -> list[dict[str, Any]]:
    """Every seat the person held, for the LGPD export."""
    seats = Seat.objects.filter(user=user).select_related("table").order_by("table__created_at")
    history = []
    for seat in seats:
        table = seat.table
        outcome = table.outcome or {}
        history.append(
            {
                "mesa": table.pk,
                "jogo": table.game,
                "modo": table.mode,
                "lugar": seat.index + 1,
                "situacao": table.status,
                "criada_em": table.created_at.isoformat(),
                "terminou_em": _when(table.finished_at),
                "venceu": seat.index in outcome.get("winners", []) if outcome else None,
                "saiu_da_pagina_em": _when(seat.last_seen),
                "silenciado": seat.muted,
            }
        )
    return history


def hosted_tables(user) -> list[dict[str, Any]]:
    """The tables the person opened as host, with the options they chose."""
    tables = Table.objects.filter(host=user).order_by("created_at", "pk")
    return [
        {
            "mesa": table.pk,
            "jogo": table.game,
            "modo": table.mode,
            "opcoes": table.options,
            "publica": table.is_public,
            "situacao": table.status,
            "criada_em": table.created_at.isoformat(),
        }
        for table in tables
    ]


def moves_of(user) -> list[dict[str, Any]]:
    """Every logged move the person made: what they sent, never the state or events (those
    hold other seats' hidden cards and tiles)."""
    moves = Action.objects.filter(user=user).order_by("created_at", "pk")
    return [
        {
            "mesa": table_id,
            "versao": version,
            "lugar": seat + 1 if seat is not None else None,
            "jogada": action,
            "em": created_at.isoformat(),
        }
        for table_id, version, seat, action, created_at in moves.values_list(
            "table_id", "version", "seat", "action", "created_at"
        )
    ]


def chat_messages_of(user) -> list[dict[str, Any]]:
    """The chat lines the person wrote, at every table still kept."""
    lines = ChatMessage.objects.filter(user=user).order_by("created_at", "pk")
    return [
        {"mesa": table_id, "texto": text, "em": created_at.isoformat()}
        for table_id, text, created_at in lines.values_list("table_id", "text", "created_at")
    ]


def presence_of(user) -> list[dict[str, Any]]:
    """The tables the person has a page open at right now (games/presence.py)."""
    sockets = TableSocket.objects.filter(user=user).order_by("table_id", "seen_at")
    return [
        {"mesa": table_id, "visto_em": seen_at.isoformat()}
        for table_id, seen_at in sockets.values_list("table_id", "seen_at")
    ]


# -- a person's finished games -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    name: str
    score: int
    yours: bool


@dataclass(frozen=True, slots=True)
class GameRow:
    """One finished game in a person's history, as the profile lists it."""

    table_id: int
    finished_at: datetime
    game: str
    game_name: str
    mode_label: str
    players: tuple[str, ...]
    you: int  # the person's seat
    result: str
    won: bool
    sides: tuple[Side, ...]  # the person's side first
    unit: str  # what the scores count ("pontos", "partidas")
    public: bool

    @property
    def replay_url(self) -> str:
        return reverse("games:replay", args=[self.table_id])

    @property
    def analysis_url(self) -> str:
        return reverse("analysis:table", args=[self.table_id])


def finished_games(user, *, page: Any = 1, per_page: int = 20) -> Page:
    """The person's finished games, newest first, one page of them (`page` as the query string
    gives it: a bad or out-of-range number shows the first or the last page), leaving out those a
    robot played in their seat while they were away (games/played.py). The page's
    `object_list` is its GameRows, read in three queries whatever the page's size."""
    if not user.is_authenticated:
        return Paginator([], per_page).get_page(1)
    seats = Seat.objects.select_related("user").only(
        "table_id", "index", "robot", "team", "user_id", "user__nickname"
    )
    left = Action.objects.filter(table_id=OuterRef("pk"), user=user, action__type="leave")
    tables = (
        # Not a game a robot played in the person's seat (games/played.py).
        Table.objects.filter(played.theirs(user), status=Table.Status.FINISHED)
        .annotate(left=Exists(left))
        .only("pk", "game", "mode", "is_public", "outcome", "finished_at", "created_at")
        .prefetch_related(Prefetch("seats", queryset=seats.order_by("index")))
        .order_by("-finished_at", "-pk")
    )
    found = Paginator(tables, per_page).get_page(page)
    found.object_list = [_row(table, user) for table in found.object_list]
    return found


def _seat_name(seat: Seat) -> str:
    if seat.robot:
        return _("Robô %(n)d") % {"n": seat.index + 1}
    if seat.user_id is not None:
        return seat.user.display_name
    return _("Jogador removido")


def _row(table: Table, user) -> GameRow:
    seats = list(table.seats.all())
    names = tuple(_seat_name(seat) for seat in seats)
    you = next(seat for seat in seats if seat.user_id == user.pk)
    outcome = table.outcome or {}
    winners = set(outcome.get("winners") or [])
    info = GAMES_BY_SLUG[table.game]
    mode = info.mode(table.mode)
    teams = bool(mode and mode.team_names)
    matches = outcome.get("matches")
    points = matches or outcome.get("scores") or []

    def side_of(seat: Seat) -> int:
        return seat.team if teams and seat.team is not None else seat.index

    sides: dict[int, Side] = {}
    for seat in seats:
        key = side_of(seat)
        if key in sides:
            continue
        name = str(mode.team_names[key]) if teams else names[seat.index]
        score = points[seat.index] if seat.index < len(points) else 0
        sides[key] = Side(name, score, key == side_of(you))
    ordered = sorted(sides.values(), key=lambda side: (not side.yours, -side.score))
    won_sides = {side_of(seat) for seat in seats if seat.index in winners}
    won = you.index in winners
    if len(seats) == 1:
        if outcome.get("reason") == "complete":
            score = points[0] if points else 0
            result = ngettext("Treino: %(n)d ponto", "Treino: %(n)d pontos", score) % {"n": score}
        else:
            result = _("Abandonada")
    elif table.left:
        result = _("Abandonada")
    elif won and len(won_sides) > 1:
        result = _("Empate")
    elif won:
        result = _("Vitória")
    elif not winners:
        result = _("Sem vencedor")
    else:
        result = _("Derrota")
    return GameRow(
        table_id=table.pk,
        finished_at=table.finished_at or table.created_at,
        game=table.game,
        game_name=str(info.name),
        mode_label=str(mode.label) if mode else table.mode,
        players=names,
        you=you.index,
        result=result,
        won=won and len(won_sides) == 1 and len(seats) > 1 and not table.left,
        sides=tuple(ordered),
        unit=_("partidas") if matches else _("pontos"),
        public=table.is_public,
    )
