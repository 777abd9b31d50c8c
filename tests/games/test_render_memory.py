"""What a process keeps of a table's renders: they serve the sockets that watch it, and go with
the last one (8,000 sockets opened and closed left every table's last renders in memory); and
what closed sockets leave to the garbage collector is collected after a wave of closes."""

from __future__ import annotations

import asyncio
import gc

import pytest
from asgiref.sync import sync_to_async

from games import consumers, rendering, snapshots
from tests.games.sockets import (
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)
from tests.waiting import until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_last_socket_at_a_table_takes_the_tables_renders_with_it(duel, make_user):
    carla, davi = await sync_to_async(lambda: (make_user("carla"), make_user("davi")))()
    first = await connect(duel.pk, carla)  # spectators: their coming and going moves no version
    second = await connect(duel.pk, davi)
    copy = snapshots.cached(duel.pk)
    assert copy is not None and copy.renders
    await first.disconnect()
    assert snapshots.cached(duel.pk) is copy and copy.renders  # one socket still watches it
    await second.disconnect()
    assert snapshots.cached(duel.pk) is copy and not copy.renders
    again = await connect(duel.pk, carla)  # a later socket renders the same copy again
    assert again.page.find("mesa-status") is not None and snapshots.cached(duel.pk).renders
    await again.disconnect()


async def test_sockets_that_received_one_render_share_what_they_remember_of_it(duel):
    copy = await sync_to_async(snapshots.get)(duel.pk)
    render = rendering.table_render(copy, None, signed_in=True)
    one: rendering.Sent = {}
    other: rendering.Sent = {}
    assert rendering.everything(render, one) == rendering.everything(render, other)
    assert one.keys() == other.keys() and len(one) > 10
    assert all(one[key] is other[key] for key in one)  # one tuple for every socket
    assert rendering.changes(render, one) == ""  # and what is remembered still says "no change"


async def test_a_wave_of_closed_sockets_is_collected_once_a_moment_after(duel, monkeypatch):
    """With daphne's collector thresholds the oldest generation, where a closed socket's cycles
    are, is seldom collected: after COLLECT_AFTER_CLOSES closes, one full collection."""
    monkeypatch.setattr(consumers, "COLLECT_AFTER_CLOSES", 3)
    monkeypatch.setattr(consumers, "COLLECT_DELAY", 0.05)
    monkeypatch.setattr(consumers, "_closes", 0)
    full: list[int] = []

    def seen(phase, info):
        if phase == "stop" and info["generation"] == 2:
            full.append(info["collected"])

    sockets = [await connect(duel.pk) for _ in range(3)]
    gc.disable()  # only the site's own collections now
    gc.callbacks.append(seen)
    try:
        for socket in sockets[:2]:
            await socket.disconnect()
        # Nothing to wait on for a collection that must not come: give it the delay, and more.
        await asyncio.sleep(4 * consumers.COLLECT_DELAY)
        assert full == []
        await sockets[2].disconnect()
        await until(lambda: full, 10, "a full collection after the third close")
        assert len(full) == 1 and full[0] > 0  # the closed sockets' cycles, among others
    finally:
        gc.callbacks.remove(seen)
        gc.enable()
