"""The timers a table wants, as `Deadline` rows: one per pending timer, several per table.

- robot:    a robot (or the robot playing for an absent person) is on turn: it moves after a
            short, natural pause;
- clock:    a person is on turn at a table with a move clock: when it runs out, the robot plays
            that move for them;
- claim:    a person is on turn and someone on the other side could claim the win by
            inactivity: the claim opens once the window passes without a move;
- takeover: a person left the page during the game (their last socket closed): after a short
            wait, a robot plays for them until they return.

Every write of a table (games/services.py) brings its rows in line with the new copy, inside the
same transaction; the sweeper (games/sweeper.py) applies what is due. A timer that a change
applies (`fired`) is written again with a new due time if the new copy still wants it.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.conf import settings

from games import rules
from games.models import Deadline
from games.snapshots import TableCopy, Timer

Key = tuple[str, int | None]


def robot_delay() -> timedelta:
    low, high = settings.GAMES_ROBOT_DELAY
    return timedelta(seconds=random.uniform(low, high))  # noqa: S311 - pacing, not secrets


def wanted(copy: TableCopy, now: datetime, kept: dict[Key, Timer]) -> dict[Key, datetime]:
    """The timers `copy` wants and when each is due; a timer in `kept` keeps its due time."""
    if not copy.playing or copy.state is None:
        return {}
    want: dict[Key, datetime] = {}

    def due(key: Key, default: datetime) -> None:
        want[key] = kept[key].due if key in kept else default

    game = rules.get(copy.game)
    movers = game.to_act(copy.state)
    people_on_turn = []
    for index in movers:
        seat = copy.seats[index]
        if seat.played_by_robot:
            due(("robot", index), now + robot_delay())
        elif seat.user_id is not None:
            people_on_turn.append(index)
            if copy.move_seconds:
                due(("clock", index), now + timedelta(seconds=copy.move_seconds))
    if people_on_turn and not copy.claim_open:
        key: Key = ("claim", None)
        if key in kept or _someone_may_claim(copy, people_on_turn):
            due(key, (copy.last_action_at or now) + _window())
    takeover = timedelta(seconds=settings.GAMES_TAKEOVER_SECONDS)
    for seat in copy.seats:
        away = seat.user_id is not None and seat.last_seen and not seat.connected
        if away and not seat.autopilot:
            due(("takeover", seat.index), seat.last_seen + takeover)
    return want


def _someone_may_claim(copy: TableCopy, people_on_turn: list[int]) -> bool:
    game = rules.get(copy.game)
    return any(
        any(a["type"] == "claim_inactivity" for a in game.legal_actions(copy.state, seat.index))
        for seat in copy.seats
        if seat.user_id is not None and seat.index not in people_on_turn
    )


def _window() -> timedelta:
    return timedelta(seconds=settings.GAMES_INACTIVITY_SECONDS)


def sync(old: TableCopy, new: TableCopy, fired: frozenset[Key], now: datetime) -> tuple[Timer, ...]:
    """Write the Deadline rows of table `new` (inside the caller's transaction): `old` has the
    rows as they were, `fired` the timers the change applied. Returns the new copy's timers."""
    kept = {(t.kind, t.seat): t for t in old.timers if (t.kind, t.seat) not in fired}
    want = wanted(new, now, kept)
    had = {(t.kind, t.seat) for t in old.timers}
    for kind, seat in had - set(want):
        _rows(new.id, kind, seat).delete()
    for key, due in want.items():
        if key in kept:
            continue
        if key in had:
            _rows(new.id, *key).update(due=due)
        else:
            Deadline.objects.create(table_id=new.id, kind=key[0], seat=key[1], due=due)
    return tuple(Timer(kind, seat, due) for (kind, seat), due in want.items())


def postpone(table_id: int, kind: str, seat: int | None, due: datetime) -> None:
    """Move a timer that fired early (nothing the page shows depends on its due time)."""
    _rows(table_id, kind, seat).update(due=due)


def _rows(table_id: int, kind: str, seat: int | None):
    rows = Deadline.objects.filter(table_id=table_id, kind=kind)
    return rows.filter(seat__isnull=True) if seat is None else rows.filter(seat=seat)
