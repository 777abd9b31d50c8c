"""The latest committed state of each live table, kept in this process's memory.

After every move each socket at the table renders its own view. Without this cache every socket
would read the table, its seats and its log from the database again; with it, the process that
applied the move hands the committed rows to its own sockets, and other processes (several daphne
behind nginx) read the database once each. Only committed data goes in, after the commit; the
group message still carries nothing but the table id and the version.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Model
from django.db.models.base import ModelState
from django.utils import translation

from games.models import Seat, Table

LOG_ACTIONS = 6
MAX_TABLES = 4096


@dataclass(frozen=True)
class Snapshot:
    table: Table
    seats: tuple[Seat, ...]
    # The events of the latest actions, newest first; None when not known (read on demand).
    events: tuple[list[dict], ...] | None
    # The render every socket shares (games/render.py), per language, made on first use.
    renders: dict[str | None, str] = field(default_factory=dict, repr=False, compare=False)
    # The forced change (its token, games.services.notify) this copy was read for, if any.
    reloaded: str = ""
    # When this copy was read from the database (time.monotonic()); 0 for a committed move's.
    read_at: float = 0.0

    @property
    def version(self) -> int:
        return self.table.version

    def shared_render(self, render: Callable[[Snapshot], str]) -> str:
        language = translation.get_language()
        html = self.renders.get(language)
        if html is None:
            html = self.renders[language] = render(self)
        return html

    def recent_events(self) -> tuple[list[dict], ...]:
        if self.events is None:
            rows = self.table.actions.order_by("-version").values_list("events", flat=True)
            object.__setattr__(self, "events", tuple(rows[:LOG_ACTIONS]))
        return self.events


_latest: OrderedDict[int, Snapshot] = OrderedDict()
_lock = threading.Lock()


def load(table_id: int, reloaded: str = "") -> Snapshot | None:
    read_at = time.monotonic()
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    seats = tuple(table.seats.select_related("user").order_by("index"))
    # A table in the waiting room has no log yet: nothing to read on demand.
    events = () if table.version == 0 else None
    return Snapshot(table, seats, events, reloaded=reloaded, read_at=read_at)


def remember(snapshot: Snapshot) -> None:
    with _lock:
        known = _latest.get(snapshot.table.pk)
        if known is None or known.version <= snapshot.version:
            _latest[snapshot.table.pk] = snapshot
            _latest.move_to_end(snapshot.table.pk)
            while len(_latest) > MAX_TABLES:
                _latest.popitem(last=False)


def forget(table_id: int) -> None:
    with _lock:
        _latest.pop(table_id, None)


def clear() -> None:
    with _lock:
        _latest.clear()


def get(
    table_id: int,
    *,
    version: int = -1,
    fresh: bool = False,
    token: str = "",
    cached_only: bool = False,
    reload: str = "",
    read_since: float | None = None,
) -> Snapshot | None:
    """The table as of `version` or later: from memory when known, else from the database.
    `token` (the table's invite code) guards against a deleted table whose id was reused.
    `fresh` reads the database again, except that the copy in memory will do when it was read
    for the same forced change (`reload`, its token: every socket of the process shares it) or
    from the database at `read_since` or later."""
    with _lock:
        known = _latest.get(table_id)
    if (
        known is not None
        and (
            not fresh
            or (reload and known.reloaded == reload)
            or (read_since is not None and known.read_at >= read_since)
        )
        and known.version >= version
        and (not token or known.table.invite_code == token)
    ):
        return known
    if cached_only:
        return None
    snapshot = load(table_id, reloaded=reload)
    if snapshot is not None:
        remember(snapshot)
    return snapshot


def committed(table: Table, seats: list[Seat], events: list[dict]) -> None:
    """Called after the commit of a move: the new snapshot, its log continued from the last one."""
    with _lock:
        previous = _latest.get(table.pk)
    log = None
    if table.version == 1:  # the first entry of the log: it is the whole log
        log = (events,)
    elif (
        previous is not None
        and previous.version == table.version - 1
        and previous.events is not None
    ):
        log = (events, *previous.events[: LOG_ACTIONS - 1])
    remember(Snapshot(table=row_copy(table), seats=tuple(seats), events=log))


def row_copy(row: Model) -> Model:
    """What `copy.copy(row)` gives (its own fields and its own ModelState with its own cache of
    related rows), without the detour through the pickle protocol: a move makes two."""
    clone = object.__new__(type(row))
    clone.__dict__ = row.__dict__.copy()
    state = clone._state = object.__new__(ModelState)
    state.__dict__ = row._state.__dict__.copy()
    state.fields_cache = row._state.fields_cache.copy()
    return clone
