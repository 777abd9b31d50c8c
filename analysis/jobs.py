"""The analyses' queue: a row asked for when a game ends (or when its page is first opened),
claimed by one worker, computed from the table's log and stored once.

A worker is a thread of its own in the process that runs the deadlines (`manage.py
run_sweeper`; each daphne's sweeper too unless GAMES_SWEEPER_ANALYSES is off): a Dominó match
takes seconds of CPU, and no socket waits on it. Two workers never take the same row: a claim is
an UPDATE guarded by the row's status, and a row left running by a worker that died is claimed
again after STALE.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from importlib import import_module
from types import ModuleType
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.db.models import Q
from django.utils import timezone

from analysis.base import Decision, Step, precision
from analysis.models import Analysis
from games.models import Action, Table

log = logging.getLogger(__name__)

STALE = timedelta(minutes=10)
IDLE_SECONDS = 0.5  # a worker with nothing to do looks again after this
WORST = 3  # the costliest decisions a person is shown


@functools.cache  # a game without one would search the import path at every end of a game
def analyzer(slug: str) -> ModuleType | None:
    """analysis/games/<slug>.py, or None for a game without one."""
    name = f"analysis.games.{slug}"
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def request(table_id: int, slug: str) -> None:
    """Ask for the table's analysis (inside the write that ends its game): once."""
    if analyzer(slug) is not None:
        Analysis.objects.bulk_create([Analysis(table_id=table_id)], ignore_conflicts=True)


def _waiting() -> Q:
    stale = timezone.now() - STALE
    return Q(status=Analysis.Status.PENDING) | Q(
        status=Analysis.Status.RUNNING, started_at__lt=stale
    )


def claim() -> int | None:
    """The table of the oldest analysis waiting, now this worker's; None when none waits."""
    waiting = Analysis.objects.filter(_waiting()).order_by("requested_at")
    for table_id in waiting.values_list("pk", flat=True)[:8]:
        taken = Analysis.objects.filter(_waiting(), pk=table_id).update(
            status=Analysis.Status.RUNNING, started_at=timezone.now()
        )
        if taken:
            return table_id
    return None


def run_next() -> bool:
    """Compute one waiting analysis, in this thread; whether there was one."""
    table_id = claim()
    if table_id is None:
        return False
    started = time.perf_counter()
    try:
        result, status = compute(table_id), Analysis.Status.DONE
    except Exception:  # a broken log must not stop the queue: the page says it failed
        log.exception("analysis of table %s failed", table_id)
        result, status = None, Analysis.Status.FAILED
    Analysis.objects.filter(pk=table_id).update(
        status=status,
        result=result,
        finished_at=timezone.now(),
        seconds=time.perf_counter() - started,
    )
    return True


def compute(table_id: int) -> dict[str, Any]:
    """Each person's decisions graded: only the moves they made themselves (not a robot's in
    their seat while they were away), each from the state before it."""
    game = Table.objects.values_list("game", flat=True).get(pk=table_id)
    module = analyzer(game)
    if module is None:
        raise ValueError(f"{game}: sem análise")
    rows = Action.objects.filter(table_id=table_id).order_by("version")
    steps: dict[int, list[Step]] = {}
    before = None
    for number, (seat, user_id, action, state) in enumerate(
        rows.values_list("seat", "user_id", "action", "state").iterator()
    ):
        if before is not None and state is not None and seat is not None and user_id:
            steps.setdefault(user_id, []).append(Step(number, seat, action, before, state))
        before = state
    people = [
        person(user_id, own[-1].seat, module.analyze(own, table_id), module.SCALE)
        for user_id, own in steps.items()
    ]
    return {"people": people}


def person(user_id: int, seat: int, decisions: Sequence[Decision], scale: float) -> dict:
    total = sum(d.counted for d in decisions)
    average = total / len(decisions) if decisions else 0.0
    worst = sorted((d for d in decisions if d.flagged), key=lambda d: (-d.loss, d.step))
    return {
        "user_id": user_id,
        "seat": seat,
        "decisions": len(decisions),
        "loss": round(total, 2),
        "precision": precision(average, scale),
        "exact": all(d.exact for d in decisions),
        "worst": [
            {
                "step": d.step,
                "seat": d.seat,
                "chosen": d.chosen.label,
                "chosen_value": round(d.chosen.value, 2),
                "best": d.best.label,
                "best_value": round(d.best.value, 2),
                "loss": round(d.loss, 2),
                "margin": round(d.margin, 2),
                "exact": d.exact,
            }
            for d in worst[:WORST]
        ],
        "series": [[d.step, round(d.expected, 2)] for d in decisions],
    }


# -- the workers ------------------------------------------------------------------------------


def _pause(found: bool, failures: int) -> float:
    """How long a worker waits before it looks again: at once after a job, a moment when idle,
    and after a failure (the database down) longer each time, as the sweeper does."""
    if failures:
        first, most = settings.GAMES_SWEEPER_BACKOFF
        return min(most, first * 2 ** (failures - 1))
    return 0.0 if found else IDLE_SECONDS


def _failed(failures: int) -> None:
    if failures == 1:
        log.exception("analysis worker failed")
    else:
        log.warning("analysis worker failed again (%s in a row)", failures)


def work_forever() -> None:
    """A worker thread's loop (`manage.py run_sweeper`)."""
    failures = 0
    while True:
        found = False
        try:
            found, failures = run_next(), 0
        except Exception:
            failures += 1
            _failed(failures)
        finally:
            close_old_connections()
        time.sleep(_pause(found, failures))


# One thread a process: analyses never run side by side, nor in the tables' database threads.
_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="analises")


async def work_in_loop() -> None:
    """The same loop beside a daphne's sweeper: the work runs in the analyses' thread."""
    run = database_sync_to_async(run_next, thread_sensitive=False, executor=_executor)
    failures = 0
    while True:
        found = False
        try:
            found, failures = await run(), 0
        except Exception:
            failures += 1
            _failed(failures)
        await asyncio.sleep(_pause(found, failures))
