"""A player's way of throwing dice, remembered per person and game: the page offers first the way
of their last throw, with or without the cup, on any device (the dice games' page script).

Read from the throws the site records anyway (`Action` rows), so remembering costs no write and
follows the person to their phone and their computer, which a browser's storage cannot."""

from __future__ import annotations

from games.models import Action


def last_cup(user_id: int | None, game: str) -> bool | None:
    """Whether the person's latest throw in `game`, at any table, was with the cup; None before
    their first (and in a game thrown without a cup)."""
    if user_id is None:
        return None
    latest = (
        Action.objects.filter(
            user_id=user_id, table__game=game, action__type="roll", action__has_key="cup"
        )
        .order_by("-pk")
        .values_list("action", flat=True)
        .first()
    )
    return None if latest is None else bool(latest.get("cup"))
