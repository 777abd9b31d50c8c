"""Reads on tables for views, the lobby and the accounts app."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from games.models import Seat, Table


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
                "terminou_em": table.finished_at.isoformat() if table.finished_at else None,
                "venceu": seat.index in outcome.get("winners", []) if outcome else None,
            }
        )
    return history
