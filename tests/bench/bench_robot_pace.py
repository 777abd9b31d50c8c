"""Robot pace benchmark (`make bench`): how long a Bozó robot's turn takes through the sweeper.

Robot-against-robot Bozó duels, played by the real sweeper loop (`games.sweeper.sweep_forever`)
in this process on the test database, with the site's own pacing (the GAMES_ROBOT_* and
GAMES_SWEEP_SECONDS of config/settings.py, not the test suite's zero delays). Each turn is read
from the Action log afterwards:

- "a vez": from the end of the turn before (the previous score, or the start) to this score,
  which is what a person at the table waits;
- "do 1º passo ao marcar": from the robot's first step of the turn to its score.

A second run does the same at tables with "Robôs rápidos" when the Table has that option. The
robot's table of values is built before (once per process, about a second, in production too:
it is not what a turn costs). Mean and max are printed, never asserted; what is asserted is that
the games went on.

Environment: BENCH_ROBOT_TABLES=3 (duels at once), BENCH_ROBOT_TURNS=6 (scored turns per table).
"""

from __future__ import annotations

import asyncio
import os
import statistics

import pytest
from channels.db import database_sync_to_async

import config.settings as site
from games import services, snapshots, sweeper
from games.bots import bozo as bozo_robot
from games.models import Action, Seat, Table

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = int(os.environ.get("BENCH_ROBOT_TABLES", "3"))
TURNS = int(os.environ.get("BENCH_ROBOT_TURNS", "6"))
GIVE_UP = 60.0 * TURNS  # seconds: far beyond any pace, only so a broken sweeper fails the run


@pytest.fixture
def site_pace(settings):
    for name in dir(site):
        if name.startswith(("GAMES_ROBOT", "GAMES_FAST_ROBOT")) or name == "GAMES_SWEEP_SECONDS":
            setattr(settings, name, getattr(site, name))
    return settings


def robot_duel(host, *, fast: bool) -> int:
    """A duel of two robots, started: the host opens it and gives their own seat to a robot."""
    extra = {"fast_robots": True} if fast else {}
    table = services.table_create(host=host, game="bozo", mode="duelo", is_public=False, **extra)
    services.robot_add(table_id=table.pk, by=host)
    Seat.objects.filter(table=table, index=0).update(user=None, robot=True)
    snapshots.forget(table.pk)
    services.table_start(table_id=table.pk, by=host)
    return table.pk


def scored(table_ids: list[int]) -> list[int]:
    rows = Action.objects.filter(table_id__in=table_ids, action__type="score")
    counts = dict.fromkeys(table_ids, 0)
    for table_id in rows.values_list("table_id", flat=True):
        counts[table_id] += 1
    return list(counts.values())


async def play(table_ids: list[int]) -> None:
    loop = asyncio.get_running_loop()
    task = loop.create_task(sweeper.sweep_forever())
    try:
        started = loop.time()
        while min(await database_sync_to_async(scored)(table_ids)) < TURNS:
            assert not task.done(), "the sweeper stopped"
            assert loop.time() - started < GIVE_UP, "the robots stopped playing"
            await asyncio.sleep(0.2)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def turns(table_id: int) -> list[tuple[float, float, int]]:
    """(a vez, do 1º passo ao marcar, steps) of each scored turn of the table, in seconds."""
    rows = Action.objects.filter(table_id=table_id).order_by("version")
    result, began, first, steps = [], None, None, 0
    for action, created in rows.values_list("action", "created_at"):
        if action.get("type") == "start":
            began = created
            continue
        first, steps = first or created, steps + 1
        if action.get("type") == "score":
            wait, moving = (created - began).total_seconds(), (created - first).total_seconds()
            result.append((wait, moving, steps))
            began, first, steps = created, None, 0
    return result[:TURNS]


def pace(fast: bool) -> str:
    sweep = f"varredura a cada {site.GAMES_SWEEP_SECONDS} s"
    if fast:
        return f"cada passo {site.GAMES_FAST_ROBOT_DELAY} s, {sweep}"
    first = getattr(site, "GAMES_ROBOT_FIRST_DELAY", None)
    return (
        f"1º passo {first} s, " if first else ""
    ) + f"passos {site.GAMES_ROBOT_DELAY} s, {sweep}"


def measure(host, *, fast: bool) -> None:
    bozo_robot.expected_score(bonus=True)
    table_ids = [robot_duel(host, fast=fast) for _ in range(TABLES)]
    asyncio.run(play(table_ids))
    measured = [turn for table_id in table_ids for turn in turns(table_id)]
    assert len(measured) == TABLES * TURNS
    waits, plays, steps = zip(*measured, strict=True)
    label = "robôs rápidos" if fast else "ritmo normal"
    print(
        f"\nBozó, robô contra robô pelo sweeper ({label}; {TABLES} mesas x {TURNS} vezes, "
        f"{statistics.mean(steps):.1f} passos por vez, até {max(steps)}; {pace(fast)}):\n"
        f"  a vez (da vez anterior ao marcar): média {statistics.mean(waits):.2f} s, "
        f"máx {max(waits):.2f} s\n"
        f"  do 1º passo ao marcar:             média {statistics.mean(plays):.2f} s, "
        f"máx {max(plays):.2f} s"
    )


def test_robot_turn_duration(site_pace, make_user):
    measure(make_user("anfitria"), fast=False)


@pytest.mark.skipif(
    "fast_robots" not in {f.name for f in Table._meta.get_fields()},
    reason="a mesa ainda não tem a opção Robôs rápidos",
)
def test_fast_robot_turn_duration(site_pace, make_user):
    measure(make_user("anfitria"), fast=True)
