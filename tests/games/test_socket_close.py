"""A test's socket closes the way a page's does: the consumer's close runs to its end (its
presence row deleted) however long a loaded machine makes it, and is never cancelled midway
with its database work still running while the test's database is flushed (tests/games/
sockets.py: Channels' communicator gives up after one second)."""

from __future__ import annotations

import time

import pytest

from games import presence
from games.models import TableSocket
from tests.games.sockets import connect, sockets_end_with_their_test  # noqa: F401 - autouse

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_slow_close_runs_to_its_end(duel, users, monkeypatch):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    assert await TableSocket.objects.filter(table=duel).acount() == 1
    closed = presence.closed

    def slow_closed(**where):
        time.sleep(1.5)  # a loaded machine, in the database thread
        return closed(**where)

    monkeypatch.setattr(presence, "closed", slow_closed)
    await socket.disconnect()
    assert socket.future.done() and not socket.future.cancelled()
    assert await TableSocket.objects.filter(table=duel).acount() == 0
