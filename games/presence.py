"""Who is at a table: one `TableSocket` row per open socket of a logged-in person, in any process.

A seat's `connected` flag follows the rows (games/services/, `presence_sync`, decided under the
table's lock after the row is written, so two processes opening and closing sockets of one person
always leave it right). A page that closes its last socket is marked away only after a short grace
(a reload, a phone waking up), so that coming back at once changes nothing. Each process refreshes
the rows of its own sockets; the rows of a process that died stop being refreshed and are swept as
closed.
"""

from __future__ import annotations

import threading
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError
from django.utils import timezone

from games import services
from games.models import TableSocket
from games.snapshots import SeatCopy

# The sockets open in this process: channel name -> (table, user).
_here: dict[str, tuple[int, int]] = {}
_lock = threading.Lock()


def opened(
    *, table_id: int, user_id: int, channel_name: str, outbox: services.Outbox | None = None
) -> SeatCopy | None:
    """Record the socket; the seat as it was if this took it back from a robot playing for the
    person (services.presence_sync)."""
    try:
        TableSocket.objects.create(
            channel_name=channel_name, table_id=table_id, user_id=user_id, seen_at=timezone.now()
        )
    except IntegrityError:  # the table was deleted meanwhile
        return None
    with _lock:
        _here[channel_name] = (table_id, user_id)
    return services.presence_sync(table_id=table_id, user_id=user_id, outbox=outbox)


def forget(channel_name: str) -> None:
    """This process stops refreshing the socket's row at once, as its socket closes: should the
    rest of the close never run (daphne kills a consumer whose close outlasts its
    application_close_timeout, as when thousands of sockets close at once), the row goes stale and
    is swept like a dead process's, instead of being refreshed for good."""
    with _lock:
        _here.pop(channel_name, None)


def closed(*, table_id: int, user_id: int, channel_name: str) -> bool:
    """Forget the socket; whether it was the person's last one at the table (in any process).
    The caller tells the seat (`services.presence_sync`) once a reload had time to come back."""
    with _lock:
        _here.pop(channel_name, None)
    TableSocket.objects.filter(channel_name=channel_name).delete()
    return not TableSocket.objects.filter(table_id=table_id, user_id=user_id).exists()


def refresh(now=None) -> int:
    """Tell the other processes this one's sockets are still open."""
    with _lock:
        names = list(_here)
    now = now or timezone.now()
    touched = 0
    for start in range(0, len(names), 500):
        rows = TableSocket.objects.filter(channel_name__in=names[start : start + 500])
        touched += rows.update(seen_at=now)
    return touched


def sweep_stale(now=None, outbox: services.Outbox | None = None) -> int:
    """Close the rows nobody refreshed (their process is gone); returns how many."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.GAMES_PRESENCE_STALE_SECONDS)
    stale = list(
        TableSocket.objects.filter(seen_at__lt=cutoff).values_list("pk", "table_id", "user_id")
    )
    if not stale:
        return 0
    TableSocket.objects.filter(pk__in=[pk for pk, _, _ in stale]).delete()
    for table_id, user_id in {(table_id, user_id) for _, table_id, user_id in stale}:
        services.presence_sync(table_id=table_id, user_id=user_id, outbox=outbox)
    return len(stale)
