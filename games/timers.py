"""The timers a table wants, as `Deadline` rows: one per pending timer, several per table.

- robot:    a robot (or the robot playing for an absent person) is on turn: it moves after a
            short, natural pause;
- clock:    a person is on turn at a table with a move clock: when it runs out, the robot plays
            that move for them;
- claim:    a person is on turn and someone on the other side could claim the win by
            inactivity: the claim opens once the window passes without a move;
- takeover: a person left the page during the game (their last socket closed): after a short
            wait, a robot plays for them until they return.

Every write of a table (games/services/) brings its rows in line with the new copy, inside the
same transaction; the sweeper (games/sweeper.py) applies what is due. A timer that a change
applies (`fired`) is written again with a new due time if the new copy still wants it. Each row
carries the game state (`state_version`) it was set or kept for: a robot's or a clock's timer
times one turn, and the sweeper drops one that does not `fit` its copy instead of firing it.
Once the write commits, `alarm` tells this process's sweeper the new due times, so it wakes for
them instead of waiting for its next look at the table of timers.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import presenters, rules
from games.models import Deadline
from games.snapshots import TableCopy, Timer

Key = tuple[str, int | None]
TURNS = ("robot", "clock")  # the timers of one turn, dropped when the game state moves on


def robot_delay(copy: TableCopy, *, first: bool) -> timedelta:
    """The pause before a robot's step: brisk, a little longer for the first step of its turn so
    that the people at the table see the turn change, hardly any at a table of fast robots."""
    if copy.fast_robots:
        low, high = settings.GAMES_FAST_ROBOT_DELAY
    elif first:
        low, high = settings.GAMES_ROBOT_FIRST_DELAY
    else:
        low, high = settings.GAMES_ROBOT_DELAY
    pause = 0.0
    if copy.log and not copy.fast_robots:  # time to take in what the last move showed
        pause = presenters.get(copy.game).pause_after(copy.log[0])
    return timedelta(seconds=random.uniform(low, high) + pause)  # noqa: S311 - pacing


def wanted(
    copy: TableCopy, now: datetime, kept: dict[Key, Timer], fired: frozenset[Key] = frozenset()
) -> dict[Key, datetime]:
    """The timers `copy` wants and when each is due; a timer in `kept` keeps its due time. A
    robot whose own move is in `fired` goes on with its turn; any other starts one."""
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
            key = ("robot", index)
            due(key, now + robot_delay(copy, first=key not in fired))
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


def fits(copy: TableCopy, timer: Timer) -> bool:
    """Whether a robot's or a clock's `timer` times a turn of `copy`: set for its game state, for
    a seat on turn that a robot plays (robot) or a person (clock)."""
    if not copy.playing or copy.state is None or timer.version != copy.state_version:
        return False
    if timer.seat is None or timer.seat not in rules.get(copy.game).to_act(copy.state):
        return False
    seat = copy.seats[timer.seat]
    if timer.kind == "robot":
        return seat.played_by_robot
    return timer.kind == "clock" and seat.user_id is not None and not seat.played_by_robot


def sync(old: TableCopy, new: TableCopy, fired: frozenset[Key], now: datetime) -> tuple[Timer, ...]:
    """Write the Deadline rows of table `new` (inside the caller's transaction): `old` has the
    rows as they were, `fired` the timers the change applied. Returns the new copy's timers."""
    kept = {(t.kind, t.seat): t for t in old.timers if (t.kind, t.seat) not in fired}
    want = wanted(new, now, kept, fired)
    turn = new.state_version
    had = {(t.kind, t.seat) for t in old.timers}
    for kind, seat in had - set(want):
        _rows(new.id, kind, seat).delete()
    set_dues, timers = [], []
    for key, due in want.items():
        timer = kept.get(key)
        if timer is None:
            if key in had:
                _rows(new.id, *key).update(due=due, version=turn)
            else:
                Deadline.objects.create(
                    table_id=new.id, kind=key[0], seat=key[1], due=due, version=turn
                )
            set_dues.append(due)
            timer = Timer(*key, due, turn)
        elif key[0] in TURNS and timer.version != turn:  # still wanted after a move: this turn's
            _rows(new.id, *key).update(version=turn)
            timer = replace(timer, version=turn)
        timers.append(timer)
    if set_dues:
        transaction.on_commit(lambda: alarm.ring(set_dues))
    return tuple(timers)


def postpone(table_id: int, kind: str, seat: int | None, due: datetime) -> None:
    """Move a timer that fired early (nothing the page shows depends on its due time)."""
    _rows(table_id, kind, seat).update(due=due)
    transaction.on_commit(lambda: alarm.ring([due]))


def _rows(table_id: int, kind: str, seat: int | None):
    rows = Deadline.objects.filter(table_id=table_id, kind=kind)
    return rows.filter(seat__isnull=True) if seat is None else rows.filter(seat=seat)


class Alarm:
    """Wakes this process's sweeper when a timer written in this process falls due, so a robot
    moves when its pause is over rather than at the sweeper's next look (every
    GAMES_SWEEP_SECONDS; timers written by other processes are found there). Writes ring from
    their database threads after the commit; the wake-up is one of asyncio's timers on the
    sweeper's own loop."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._event: asyncio.Event | None = None

    @contextmanager
    def listening(self) -> Iterator[None]:
        """The sweeper running on the current loop listens (a ring while none does is lost)."""
        loop = asyncio.get_running_loop()
        self._loop, self._event = loop, asyncio.Event()
        try:
            yield
        finally:
            if self._loop is loop:
                self._loop = self._event = None

    def ring(self, dues: Iterable[datetime]) -> None:
        """Timers due at `dues` were committed (from any thread)."""
        loop, event = self._loop, self._event
        if loop is None or event is None:
            return
        now = timezone.now()
        for due in dues:
            delay = max(0.0, (due - now).total_seconds())
            with suppress(RuntimeError):  # the loop closed meanwhile: no sweeper to wake
                loop.call_soon_threadsafe(loop.call_later, delay, event.set)

    def look(self) -> datetime:
        """Taken right before the sweeper reads the due timers: a timer that falls due from now
        on wakes its next sleep, even one rung while it reads."""
        if self._event is None:
            raise RuntimeError("Alarm.look outside Alarm.listening")
        self._event.clear()
        return timezone.now()

    async def sleep(self, seconds: float) -> None:
        """Sleep `seconds` at most, until a timer rung since the last look falls due."""
        if self._event is None:
            raise RuntimeError("Alarm.sleep outside Alarm.listening")
        with suppress(TimeoutError):
            await asyncio.wait_for(self._event.wait(), seconds)


alarm = Alarm()
