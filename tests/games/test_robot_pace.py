"""The robots' pace: a longer pause before the first step of a turn than between its steps, next
to nothing at a table of "Robôs rápidos", and a sweeper that wakes for a timer set in its own
process instead of waiting for its next look. Due times are asserted, never durations."""

import asyncio
import threading
from datetime import timedelta

import pytest
from channels.db import aclose_old_connections, database_sync_to_async
from django.utils import timezone

import config.settings as site
from games import services, snapshots, sweeper, timers
from games.models import Action, Deadline, Table
from tests.games.conftest import act
from tests.waiting import until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site_pace(settings):
    """The site's own pauses (the test settings make every robot move at once)."""
    for name in ("GAMES_ROBOT_FIRST_DELAY", "GAMES_ROBOT_DELAY", "GAMES_FAST_ROBOT_DELAY"):
        setattr(settings, name, getattr(site, name))
    return settings


def seconds(low_high) -> tuple[timedelta, timedelta]:
    low, high = low_high
    return timedelta(seconds=low), timedelta(seconds=high)


def robot_due(table) -> timezone.datetime:
    return Deadline.objects.get(table=table, kind="robot", seat=1).due


def end_turn(table, person) -> tuple:
    """The person rolls and scores: the robot's turn begins. Returns the moment around it."""
    act(table, person, {"type": "roll", "cup": False})
    before = timezone.now()
    act(table, person, {"type": "score", "box": "as"})
    return before, timezone.now()


def robot_step(table) -> tuple:
    before = timezone.now()
    assert sweeper.run_due(now=robot_due(table)) == 1
    return before, timezone.now()


def test_the_first_step_of_a_robots_turn_waits_longer_than_the_next(robot_duel, ana, site_pace):
    first_low, first_high = seconds(site_pace.GAMES_ROBOT_FIRST_DELAY)
    step_low, step_high = seconds(site_pace.GAMES_ROBOT_DELAY)
    assert step_high < first_low  # the turn change is the pause a person notices

    before, after = end_turn(robot_duel, ana)
    assert before + first_low <= robot_due(robot_duel) <= after + first_high
    before, after = robot_step(robot_duel)  # the robot rolls; it is still its turn
    assert before + step_low <= robot_due(robot_duel) <= after + step_high


def test_a_robot_turn_fits_in_four_seconds_by_its_due_times(site_pace):
    """Bozó's longest robot turn: roll with the cup, lift, hold, twice more, then score."""
    first_high = site_pace.GAMES_ROBOT_FIRST_DELAY[1]
    assert first_high + 8 * site_pace.GAMES_ROBOT_DELAY[1] <= 4.0


def test_fast_robots_are_due_almost_at_once_and_normal_ones_are_not(ana, site_pace):
    _, fast_high = seconds(site_pace.GAMES_FAST_ROBOT_DELAY)
    first_low, _ = seconds(site_pace.GAMES_ROBOT_FIRST_DELAY)
    step_low, _ = seconds(site_pace.GAMES_ROBOT_DELAY)
    assert fast_high <= timedelta(seconds=0.1) < step_low

    fast = services.table_create(host=ana, game="bozo", mode="duelo", robots=True, fast_robots=True)
    _, after = end_turn(fast, ana)
    assert robot_due(fast) <= after + fast_high  # even the first step of its turn
    _, after = robot_step(fast)
    assert robot_due(fast) <= after + fast_high
    services.seat_leave(table_id=fast.pk, user=ana)  # done: its timers go

    normal = services.table_create(host=ana, game="bozo", mode="duelo", robots=True)
    before, _ = end_turn(normal, ana)
    assert robot_due(normal) >= before + first_low
    before, _ = robot_step(normal)
    assert robot_due(normal) >= before + step_low


def test_a_lost_race_never_plays_the_robots_next_step_early(robot_duel, ana, settings, monkeypatch):
    """Another process applied this step first: the table's new robot timer is the next step's,
    due later, so this sweeper leaves it alone."""
    settings.GAMES_ROBOT_DELAY = (600.0, 600.0)
    end_turn(robot_duel, ana)
    real_act = services.robot_act

    def lost(**kwargs):
        real_act(**kwargs)  # the other process's write lands...
        return False  # ...and this one's does not

    monkeypatch.setattr(services, "robot_act", lost)
    assert sweeper.run_due(now=robot_due(robot_duel)) == 0
    assert Action.objects.filter(table=robot_duel, seat=1).count() == 1


# -- the sweeper's alarm ---------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_ring_from_a_database_thread_wakes_the_sleeping_sweeper():
    with timers.alarm.listening():
        timers.alarm.look()
        sleeping = asyncio.ensure_future(timers.alarm.sleep(3600))
        await asyncio.sleep(0)  # it sleeps now, for an hour at most
        ringer = threading.Thread(target=timers.alarm.ring, args=([timezone.now()],))
        ringer.start()
        await asyncio.wait_for(sleeping, 30)  # not an hour: the ring woke it
        ringer.join()


@pytest.mark.asyncio
async def test_a_timer_rung_after_the_sweeper_looked_is_not_slept_over():
    """Committed after the sweeper read the due timers, but due before that read: the sweeper
    must look again at once, not sleep until its next look."""
    with timers.alarm.listening():
        looked = timers.alarm.look()
        timers.alarm.ring([looked - timedelta(seconds=1)])
        await asyncio.wait_for(timers.alarm.sleep(3600), 30)


@pytest.mark.asyncio
async def test_a_timer_wakes_the_sweeper_when_it_falls_due_not_when_it_is_rung():
    with timers.alarm.listening():
        timers.alarm.look()
        timers.alarm.ring([timezone.now() + timedelta(seconds=30)])
        sleeping = asyncio.ensure_future(timers.alarm.sleep(3600))
        for _ in range(5):  # the ring reaches the loop; the timer is not due yet
            await asyncio.sleep(0)
        assert not sleeping.done()
        timers.alarm.ring([timezone.now()])  # another, due now
        await asyncio.wait_for(sleeping, 30)


@pytest.mark.asyncio
async def test_the_sweeper_plays_a_robot_turn_set_in_its_process_without_polling(
    ana, settings, monkeypatch
):
    settings.GAMES_SWEEP_SECONDS = 3600  # only the alarm can wake it in time
    settings.GAMES_PRESENCE_REFRESH_SECONDS = 3600
    settings.GAMES_ROBOT_FIRST_DELAY = settings.GAMES_ROBOT_DELAY = (0.01, 0.02)
    table = await database_sync_to_async(services.table_create)(
        host=ana, game="bozo", mode="duelo", robots=True
    )
    asleep = asyncio.Event()
    real_sleep = timers.alarm.sleep

    async def sleep(seconds):
        asleep.set()
        await real_sleep(seconds)

    monkeypatch.setattr(timers.alarm, "sleep", sleep)
    task = asyncio.ensure_future(sweeper.sweep_forever())
    try:
        await asyncio.wait_for(asleep.wait(), 30)  # it looked once, found nothing, sleeps
        await database_sync_to_async(end_turn)(table, ana)  # the robot's first timer, set here

        async def robot_done() -> bool:  # every robot step sets the next timer, which wakes it
            return (await Table.objects.aget(pk=table.pk)).state["to_move"] == 0

        await until(robot_done, 30, "the robot's turn (did the sweeper sleep over its timers?)")
        assert await Action.objects.filter(table=table, seat=1, action__type="score").aexists()
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        snapshots.clear()
        await aclose_old_connections()  # the test's own queries' connection, back to the pool
