"""Players are served before spectators: when a table changes, the seated people's sockets get
their frames before any spectator's, even when the spectators joined the table's group first
(a player's reload puts their socket last); the spectators still all get theirs."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games.consumers import TableConsumer
from tests.games.sockets import (
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SPECTATORS = 24  # three times the line's batch


@pytest.fixture
def sent_frames(monkeypatch):
    """(user id or None, the socket's version) of every frame, in the order sockets sent them."""
    frames: list[tuple[int | None, int]] = []
    original = TableConsumer.send_html

    async def send_html(self, html):
        frames.append((self.user_id, self.version))
        await original(self, html)

    monkeypatch.setattr(TableConsumer, "send_html", send_html)
    return frames


async def test_seated_sockets_get_a_change_before_any_spectator(
    duel, users, make_user, sent_frames
):
    ana, bia = users
    crowd = [await connect(duel.pk) for _ in range(SPECTATORS // 2)]  # anonymous spectators
    for i in range(SPECTATORS - len(crowd)):  # and people who hold no seat
        crowd.append(await connect(duel.pk, await sync_to_async(make_user)(f"olho{i}")))
    theirs, mine = await connect(duel.pk, bia), await connect(duel.pk, ana)  # the group's last
    for socket in (*crowd, theirs, mine):
        await socket.settle()
    start = await version_now(duel.pk)
    sent_frames.clear()

    await send(mine, {"type": "roll", "cup": False}, version=start, cid="primeiro")
    for socket in (mine, theirs, *crowd):
        await socket.until_version(start + 1)

    new = [(who, at) for who, at in sent_frames if at >= start + 1]
    order = [who for who, _ in new]
    assert order.count(ana.pk) == 1 and order.count(bia.pk) == 1, order
    seated_last = max(order.index(ana.pk), order.index(bia.pk))
    spectators = [i for i, who in enumerate(order) if who not in (ana.pk, bia.pk)]
    assert len(spectators) == SPECTATORS, order
    assert seated_last < min(spectators), order
