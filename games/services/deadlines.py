"""Timers and presence, applied under the row lock; renames and the clean-up of old tables."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from datetime import timedelta

from django.utils import timezone

from games import snapshots, timers
from games.models import Seat, Table
from games.services.core import (
    Change,
    Outbox,
    TableError,
    _has_socket,
    _run,
    _with_seat,
    inactivity_window,
)
from games.snapshots import SeatCopy, TableCopy

# -- timers and presence, applied under the row lock ---------------------------------------------


def claim_due(*, table_id: int, now=None, outbox: Outbox | None = None) -> bool:
    """The inactivity timer: once the seat on turn has been idle for the whole window, the claim
    opens (a new version shows it); before that, the timer waits for the rest of the window."""
    now = now or timezone.now()

    def decide(copy: TableCopy) -> Change | None:
        timer = copy.timer("claim")
        if timer is None or not copy.playing or copy.claim_open:
            return None
        opens = (copy.last_action_at or now) + inactivity_window()
        if opens > now:
            timers.postpone(copy.id, "claim", None, opens)
            return None
        return Change(table={"claim_open": True}, fired=frozenset({("claim", None)}))

    return _run(table_id, decide, locked=True, outbox=outbox).claim_open


def take_over(*, table_id: int, seat: int, now=None, outbox: Outbox | None = None) -> bool:
    """The takeover timer: a person who left during the game gets a robot in their place,
    under their own name, until they come back."""

    def decide(copy: TableCopy) -> Change | None:
        if copy.timer("takeover", seat) is None or not copy.playing:
            return None
        person = copy.seats[seat]
        fired = frozenset({("takeover", seat)})
        if person.user_id is None or person.connected or person.autopilot:
            return Change(fired=fired)
        return Change(seats=_with_seat(copy.seats, replace(person, autopilot=True)), fired=fired)

    return _run(table_id, decide, locked=True, outbox=outbox).seats[seat].autopilot


def presence_sync(*, table_id: int, user_id: int, outbox: Outbox | None = None) -> SeatCopy | None:
    """Make the person's seat say whether they have a socket open at the table in any process.
    Decided under the row lock, after the caller's socket row is written: two sockets opening
    and closing in two processes always leave the seat right. Returns the seat as it was when
    this call took it back from the robot playing for the person (games/absence.py), else None."""
    back: list[SeatCopy] = []

    def decide(copy: TableCopy) -> Change | None:
        back.clear()  # a retried decision says only what its own write did
        seat = copy.seat_of(user_id)
        if seat is None:
            return None
        connected = _has_socket(copy.id, user_id)
        if connected == seat.connected and not (connected and seat.autopilot):
            return None
        if connected:
            if seat.autopilot:
                back.append(seat)
            seat = replace(seat, connected=True, last_seen=None, autopilot=False)
        else:
            seat = replace(seat, connected=False, last_seen=timezone.now())
        return Change(seats=_with_seat(copy.seats, seat))

    try:
        _run(table_id, decide, locked=True, outbox=outbox)
    except TableError:  # the table is gone: nothing to say about its seats
        return None
    return back[0] if back else None


def person_renamed(*, user) -> int:
    """The person's nickname changed (or the account was deleted): every table they sit at shows
    the new name from a new version. Tables live at most a week after their last change, so
    these are few. Returns how many tables changed."""
    name, renamed = user.display_name, []

    def decide(copy: TableCopy) -> Change | None:
        seat = copy.seat_of(user.pk)
        if seat is None or seat.name == name:
            return None
        renamed.append(copy.id)
        return Change(seats=_with_seat(copy.seats, replace(seat, name=name)))

    for table_id in Seat.objects.filter(user=user).values_list("table_id", flat=True):
        with suppress(TableError):
            _run(table_id, decide, locked=True)
    return len(renamed)


def cleanup_tables(*, days: int = 7, now=None) -> int:
    """Delete tables without any activity for more than `days` days; returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=days)
    old = Table.objects.filter(updated_at__lt=cutoff)
    for table_id in old.values_list("pk", flat=True):
        snapshots.forget(table_id)
    _, per_model = old.delete()
    return per_model.get(Table._meta.label, 0)
