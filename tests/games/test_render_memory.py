"""What a process keeps of a table's renders: they serve the sockets that watch it, and go with
the last one (8,000 sockets opened and closed left every table's last renders in memory)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import rendering, snapshots
from tests.games.sockets import (
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_the_last_socket_at_a_table_takes_the_tables_renders_with_it(duel, make_user):
    carla, davi = await database_sync_to_async(lambda: (make_user("carla"), make_user("davi")))()
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
    copy = await database_sync_to_async(snapshots.get)(duel.pk)
    render = rendering.table_render(copy, None, signed_in=True)
    one: rendering.Sent = {}
    other: rendering.Sent = {}
    assert rendering.everything(render, one) == rendering.everything(render, other)
    assert one.keys() == other.keys() and len(one) > 10
    assert all(one[key] is other[key] for key in one)  # one tuple for every socket
    assert rendering.changes(render, one) == ""  # and what is remembered still says "no change"
