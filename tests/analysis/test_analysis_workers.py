"""The workers: a daphne's sweeper computes a finished game's analysis by itself (unless
GAMES_SWEEPER_ANALYSES is off), a row left running by a worker that died is taken again, and a
database that fails makes the worker wait longer each time instead of spinning."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from channels.db import aclose_old_connections, database_sync_to_async
from django.utils import timezone

from analysis import jobs
from analysis.models import Analysis
from games import services, sweeper
from tests.analysis.play import play_solo
from tests.waiting import until

pytestmark = pytest.mark.django_db(transaction=True)


def finished_solo(user):
    table = services.table_create(host=user, game="bozo", mode="solo")
    play_solo(table, user)
    return table.pk


@pytest.mark.asyncio
async def test_a_daphne_s_sweeper_computes_a_finished_game_s_analysis(ana, settings, site_rng):
    site_rng(3)
    settings.GAMES_SWEEPER, settings.GAMES_SWEEPER_ANALYSES = True, True
    sweeper.start()
    try:
        table_id = await database_sync_to_async(finished_solo)(ana)

        async def done():
            row = await Analysis.objects.aget(pk=table_id)
            return row.status == Analysis.Status.DONE

        await until(done, timeout=20, what="the analysis computed by the sweeper's worker")
    finally:
        for task in sweeper._tasks.values():
            task.cancel()
        await asyncio.gather(*sweeper._tasks.values(), return_exceptions=True)
        sweeper._tasks.clear()
        await aclose_old_connections()


def test_without_the_setting_a_daphne_s_sweeper_leaves_analyses_alone(settings):
    settings.GAMES_SWEEPER, settings.GAMES_SWEEPER_ANALYSES = True, False

    async def started() -> set[str]:
        sweeper.start()
        names = set(sweeper._tasks)
        for task in sweeper._tasks.values():
            task.cancel()
        await asyncio.gather(*sweeper._tasks.values(), return_exceptions=True)
        sweeper._tasks.clear()
        return names

    assert asyncio.run(started()) == {"sweeper"}


def test_a_job_left_running_by_a_dead_worker_is_taken_again(ana, site_rng):
    site_rng(3)
    table_id = finished_solo(ana)
    assert jobs.claim() == table_id  # a worker took it, and died
    assert jobs.claim() is None  # running: nobody else takes it
    long_ago = timezone.now() - jobs.STALE - timedelta(seconds=1)
    Analysis.objects.filter(pk=table_id).update(started_at=long_ago)
    assert jobs.run_next()
    assert Analysis.objects.get(pk=table_id).status == Analysis.Status.DONE


def test_a_broken_log_fails_its_analysis_and_not_the_queue(ana, site_rng, caplog):
    site_rng(3)
    first, second = finished_solo(ana), finished_solo(ana)
    Analysis.objects.filter(pk=first).update(requested_at=timezone.now() - timedelta(minutes=1))
    services.core.Action.objects.filter(table_id=first).update(action={"type": "score"})
    assert jobs.run_next() and jobs.run_next()
    assert Analysis.objects.get(pk=first).status == Analysis.Status.FAILED
    assert Analysis.objects.get(pk=second).status == Analysis.Status.DONE
    assert "analysis of table" in caplog.text


def test_a_failing_database_makes_the_worker_wait_longer_each_time(settings):
    settings.GAMES_SWEEPER_BACKOFF = (1.0, 8.0)
    waits = [jobs._pause(False, failures) for failures in range(1, 6)]
    assert waits == [1.0, 2.0, 4.0, 8.0, 8.0]
    assert jobs._pause(True, 0) == 0 and jobs._pause(False, 0) == jobs.IDLE_SECONDS
