"""Each live table as of one version: an immutable copy, kept in this process's memory.

Every change of a table bumps its version, so a copy never changes: the process that writes a
change keeps the copy it wrote (after the commit), the others read the new version from the
database once each, and every socket of the process renders from the copy of the version it was
told about. The renders of a copy are cached on it (games/rendering.py). Only committed data
comes in here, and all of a copy's parts (row, seats, log, timers) are of its one version.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.db import transaction

from accounts.models import User, stand_in_name
from games.models import Action, Deadline, Seat, Table

LOG_ACTIONS = 6
MAX_TABLES = 4096
READS = 3  # optimistic reads of a busy table before one under its row lock


@dataclass(frozen=True, slots=True)
class SeatCopy:
    index: int
    user_id: int | None = None
    name: str = ""  # the person's nickname; empty for a robot or a free seat
    robot: bool = False
    autopilot: bool = False
    team: int | None = None
    connected: bool = False
    last_seen: datetime | None = None
    muted: bool = False

    @property
    def empty(self) -> bool:
        return self.user_id is None and not self.robot

    @property
    def played_by_robot(self) -> bool:
        """A robot decides this seat's moves: a robot's seat, or an absent person's."""
        return self.robot or self.autopilot


@dataclass(frozen=True, slots=True)
class Queued:
    """A person waiting in the table's queue for a seat."""

    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class Timer:
    kind: str
    seat: int | None
    due: datetime
    version: int = 0  # the table's state_version it was set or kept for (games/timers.py)


@dataclass(frozen=True)
class TableCopy:
    id: int
    game: str
    mode: str
    options: dict[str, Any]
    state: dict[str, Any] | None
    version: int
    state_version: int
    status: str
    is_public: bool
    host_id: int | None
    invite_code: str
    outcome: dict[str, Any] | None
    move_seconds: int | None
    fast_robots: bool
    claim_open: bool
    last_action_at: datetime | None
    next_table_id: int | None
    seats: tuple[SeatCopy, ...]
    queue: tuple[Queued, ...] = ()
    # The events of the latest log entries, newest first.
    log: tuple[tuple[dict[str, Any], ...], ...] = ()
    timers: tuple[Timer, ...] = ()
    # Renders of this copy per (seat, language), made on first use (games/rendering.py).
    renders: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def playing(self) -> bool:
        return self.status == Table.Status.PLAYING

    @property
    def waiting(self) -> bool:
        return self.status == Table.Status.WAITING

    @property
    def is_open(self) -> bool:
        return self.status in (Table.Status.WAITING, Table.Status.PLAYING)

    def seat_of(self, user_id: int | None) -> SeatCopy | None:
        if user_id is None:
            return None
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    def queued(self, user_id: int | None) -> int | None:
        """The place (0: the first) of `user_id` in the queue, None when not in it."""
        return next((i for i, q in enumerate(self.queue) if q.user_id == user_id), None)

    def timer(self, kind: str, seat: int | None = None) -> Timer | None:
        return next((t for t in self.timers if t.kind == kind and t.seat == seat), None)

    def changed(self, **fields: Any) -> TableCopy:
        """The next copy: these fields changed, no render made yet."""
        return replace(self, renders={}, **fields)


TABLE_FIELDS = (
    "id", "game", "mode", "options", "state", "version", "state_version", "status", "is_public",
    "host_id", "invite_code", "outcome", "move_seconds", "fast_robots", "claim_open",
    "last_action_at", "next_table_id", "queue",
)  # fmt: skip


SEAT_FIELDS = (
    "index", "user_id", "user__nickname", "robot", "autopilot", "team",
    "connected", "last_seen", "muted",
)  # fmt: skip


def load(table_id: int) -> TableCopy | None:
    """The table as the database holds it now, every part at one version.

    The parts are separate reads, and each sees what was committed when it ran (PostgreSQL's
    READ COMMITTED, SQLite outside a transaction): a write that commits between them would give
    a copy whose timers or seats are newer than its state. Every such write bumps the version, so
    a version read again at the end tells: read again, and at the last try under the row's lock,
    where every writer of the table has committed or waits."""
    for _attempt in range(READS - 1):
        copy = _read(table_id)
        if copy is None or _version(table_id) == copy.version:
            return copy
    with transaction.atomic():
        return _read(table_id, lock=True)


def _version(table_id: int) -> int | None:
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).first()


def _read(table_id: int, *, lock: bool = False) -> TableCopy | None:
    tables = Table.objects.select_for_update() if lock else Table.objects
    row = tables.filter(pk=table_id).values(*TABLE_FIELDS).first()
    if row is None:
        return None
    rows = Seat.objects.filter(table_id=table_id).order_by("index").values(*SEAT_FIELDS)
    seats = tuple(
        SeatCopy(
            index=seat["index"],
            user_id=seat["user_id"],
            # Never the login name: a person without a nickname is "Pessoa 42".
            name=(seat["user__nickname"] or stand_in_name(seat["user_id"]))
            if seat["user_id"]
            else "",
            robot=seat["robot"],
            autopilot=seat["autopilot"],
            team=seat["team"],
            connected=seat["connected"],
            last_seen=seat["last_seen"],
            muted=seat["muted"],
        )
        for seat in rows
    )
    row["queue"] = _queue(row["queue"] or [])
    log: tuple = ()
    if row["version"]:
        events = Action.objects.filter(table_id=table_id).order_by("-version")
        log = tuple(tuple(e) for e in events.values_list("events", flat=True)[:LOG_ACTIONS])
    deadlines = Deadline.objects.filter(table_id=table_id)
    timers = tuple(Timer(*t) for t in deadlines.values_list("kind", "seat", "due", "version"))
    return TableCopy(**row, seats=seats, log=log, timers=timers)


def _queue(user_ids: list[int]) -> tuple[Queued, ...]:
    if not user_ids:
        return ()
    names = dict(User.objects.filter(pk__in=user_ids).values_list("pk", "nickname"))
    return tuple(
        Queued(user_id, names.get(user_id) or stand_in_name(user_id))
        for user_id in user_ids
        if user_id in names
    )


_latest: OrderedDict[int, TableCopy] = OrderedDict()
_lock = threading.Lock()


def remember(copy: TableCopy) -> None:
    """Keep `copy` unless this process already knows a later version."""
    with _lock:
        known = _latest.get(copy.id)
        if known is None or known.version <= copy.version:
            _latest[copy.id] = copy
            _latest.move_to_end(copy.id)
            while len(_latest) > MAX_TABLES:
                _latest.popitem(last=False)


def cached(table_id: int) -> TableCopy | None:
    with _lock:
        return _latest.get(table_id)


def get(table_id: int, *, version: int = 0, fresh: bool = False) -> TableCopy | None:
    """The table at `version` or later: from memory when known, else from the database.
    `fresh` reads the database whatever this process knows (a write found it outdated)."""
    known = None if fresh else cached(table_id)
    if known is not None and known.version >= version:
        return known
    copy = load(table_id)
    if copy is not None:
        remember(copy)
        return cached(table_id)
    forget(table_id)
    return None


def forget(table_id: int) -> None:
    with _lock:
        _latest.pop(table_id, None)


def clear() -> None:
    with _lock:
        _latest.clear()
