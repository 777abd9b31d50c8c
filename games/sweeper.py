"""The sweeper: applies the timers that are due (games/timers.py) and keeps presence current.

Every daphne process runs one (started by its first table socket), and `manage.py run_sweeper`
runs one on its own. A robot's move is chosen from a copy of the table outside any lock, for a
seat on turn in that copy (a timer left from another turn is dropped), and written with the
version guard (games/services/, `robot_act`): when two processes fire the same timer, one
write lands and the other finds the table moved on. The other timers are applied under the
table's row lock. A timer is a database row, so it survives a restart.

The sweeper looks for due timers every GAMES_SWEEP_SECONDS, and sooner when a write in this
process sets a timer due before that (games/timers.py, `alarm`): a robot's step then comes when
its pause is over, not at the next look.
"""

from __future__ import annotations

import asyncio
import logging
import time

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from analysis import jobs as analyses
from games import presence, services, snapshots, timers
from games.models import Deadline
from games.snapshots import Timer

log = logging.getLogger(__name__)

BATCH = 100


def due_now(now=None) -> list[tuple[int, str, int | None]]:
    now = now or timezone.now()
    rows = Deadline.objects.filter(due__lte=now).order_by("due")
    return list(rows.values_list("table_id", "kind", "seat")[:BATCH])


def robot_turn(
    table_id: int, kind: str, seat: int, now=None, outbox: services.Outbox | None = None
) -> tuple[snapshots.TableCopy, int] | None:
    """The copy a robot's move is chosen on, or None when the timer is gone or not due (after a
    lost race the table's new timer for the same seat is its next step's). A due timer that
    does not time a turn of the table's latest copy is dropped, never played: the robot only
    chooses for a seat on turn in the copy it chooses from."""
    now = now or timezone.now()

    def due(copy) -> Timer | None:
        timer = copy.timer(kind, seat)
        return timer if timer is not None and timer.due <= now else None

    copy = snapshots.get(table_id)
    if copy is None or not (timer := due(copy)) or not timers.fits(copy, timer):
        copy = snapshots.get(table_id, fresh=True)
    if copy is None or not (timer := due(copy)):
        return None
    if not timers.fits(copy, timer):
        services.drop_timer(table_id=table_id, kind=kind, seat=seat, outbox=outbox)
        return None
    return copy, seat


def apply_timer(
    table_id: int, kind: str, seat: int | None, now=None, outbox: services.Outbox | None = None
) -> bool:
    """Apply a timer that is not a move (under the row lock)."""
    if kind == "claim":
        return services.claim_due(table_id=table_id, now=now, outbox=outbox)
    if kind == "takeover" and seat is not None:
        return services.take_over(table_id=table_id, seat=seat, now=now, outbox=outbox)
    return False


def run_due(*, now=None, outbox: services.Outbox | None = None) -> int:
    """Apply every timer that is due, in this thread (tests, `run_sweeper`); how many fired."""
    fired = 0
    for table_id, kind, seat in due_now(now):
        try:
            if kind in ("robot", "clock"):
                fired += play_for(table_id, kind, seat, now, outbox)
            else:
                fired += apply_timer(table_id, kind, seat, now, outbox)
        except Exception:  # one broken table must not stop the others' timers
            log.exception("timer %s of table %s failed", kind, table_id)
    return fired


def play_for(
    table_id: int, kind: str, seat: int, now=None, outbox: services.Outbox | None = None
) -> bool:
    for _attempt in range(3):
        turn = robot_turn(table_id, kind, seat, now, outbox)
        if turn is None:
            return False
        copy, seat = turn
        action = services.robot_choice(copy, seat)
        if services.robot_act(
            table_id=table_id,
            seat=seat,
            action=action,
            version=copy.version,
            kind=kind,
            outbox=outbox,
        ):
            return True
        snapshots.get(table_id, fresh=True)
    return False


async def _through_services(function, *args, **kwargs):
    """Run `function` in the database thread; send the group messages its writes committed."""
    outbox: services.Outbox = []
    result = await database_sync_to_async(function)(*args, **kwargs, outbox=outbox)
    await services.deliver(outbox)
    return result


async def _fire(table_id: int, kind: str, seat: int | None) -> None:
    if kind not in ("robot", "clock"):
        await _through_services(apply_timer, table_id, kind, seat)
        return
    for _attempt in range(3):
        turn = await _through_services(robot_turn, table_id, kind, seat)
        if turn is None:
            return
        copy, seat = turn
        # The robot thinks in a thread of its own: the database thread stays free meanwhile.
        action = await sync_to_async(services.robot_choice, thread_sensitive=False)(copy, seat)
        applied = await _through_services(
            services.robot_act,
            table_id=table_id,
            seat=seat,
            action=action,
            version=copy.version,
            kind=kind,
        )
        if applied:
            return
        await database_sync_to_async(snapshots.get)(table_id, fresh=True)


async def tick() -> bool:
    """Fire what is due; returns whether there may be more due already."""
    due = await database_sync_to_async(due_now)(timers.alarm.look())
    for table_id, kind, seat in due:
        try:
            await _fire(table_id, kind, seat)
        except Exception:  # one broken table must not stop the others' timers
            log.exception("timer %s of table %s failed", kind, table_id)
    return len(due) == BATCH


async def _presence() -> None:
    await database_sync_to_async(presence.refresh)()
    await _through_services(presence.sweep_stale)


async def sweep_forever() -> None:
    interval = settings.GAMES_SWEEP_SECONDS
    refresh_every = settings.GAMES_PRESENCE_REFRESH_SECONDS
    refreshed = time.monotonic()
    first, most = getattr(settings, "GAMES_SWEEPER_BACKOFF", (1.0, 30.0))
    failures = 0
    with timers.alarm.listening():
        while True:
            try:
                more = await tick()
                if time.monotonic() - refreshed >= refresh_every:
                    refreshed = time.monotonic()
                    await _presence()
                failures = 0
            except Exception:
                # The database or the layer is down: said once, then quieter, slower, until back.
                failures += 1
                if failures == 1:
                    log.exception("sweeper tick failed")
                else:
                    log.warning("sweeper tick failed again (%s in a row)", failures)
                await asyncio.sleep(min(most, first * 2 ** (failures - 1)))
                continue
            if more:
                await asyncio.sleep(0)  # a full batch: look again at once, letting others run
            else:
                await timers.alarm.sleep(interval)


_tasks: dict[str, asyncio.Task] = {}


def start() -> None:
    """Start this process's sweeper once (several processes may each run one), and beside it
    the analyses' worker unless a process of its own runs them (GAMES_SWEEPER_ANALYSES)."""
    if not settings.GAMES_SWEEPER:
        return
    loops = {"sweeper": sweep_forever}
    if settings.GAMES_SWEEPER_ANALYSES:
        loops["analyses"] = analyses.work_in_loop
    loop = asyncio.get_running_loop()
    for name, forever in loops.items():
        task = _tasks.get(name)
        if task is None or task.done() or task.get_loop() is not loop:
            _tasks[name] = loop.create_task(forever())
