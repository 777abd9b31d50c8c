"""A player's way of throwing dice, remembered per person and game: the page offers first the way
of their last throw, with or without the cup, on any device (the dice games' page script).

Read from the throws the site records anyway (`Action` rows), so remembering costs no write and
follows the person to their phone and their computer, which a browser's storage cannot."""

from __future__ import annotations

from games.models import Action, Seat

# The person's latest tables of the game looked at: the query stays as cheap for someone with
# thousands of games as for a newcomer (the seats' person index, then the moves' table index).
RECENT_TABLES = 5


def last_cup(user_id: int | None, game: str) -> bool | None:
    """Whether the person's latest throw in `game`, at their latest tables of it, was with the
    cup; None before their first (and in a game thrown without a cup)."""
    if user_id is None:
        return None
    tables = (
        Seat.objects.filter(user_id=user_id, table__game=game)
        .order_by("-table_id")
        .values_list("table_id", flat=True)[:RECENT_TABLES]
    )
    latest = (
        Action.objects.filter(
            table_id__in=list(tables), user_id=user_id, action__type="roll", action__has_key="cup"
        )
        .order_by("-table_id", "-version")
        .values_list("action", flat=True)
        .first()
    )
    return None if latest is None else bool(latest.get("cup"))
