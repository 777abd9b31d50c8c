"""The embedded default's channel layer follows Channels' layer specification."""

import asyncio

import pytest
from channels.exceptions import ChannelFull

from games import layers
from games.layers import LocalChannelLayer

pytestmark = pytest.mark.asyncio


async def test_a_group_message_reaches_every_member_once_as_its_own_copy():
    layer = LocalChannelLayer()
    first, second, outsider = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("mesa-1", first)
    await layer.group_add("mesa-1", second)
    message = {"type": "table.changed", "version": 3, "seats": [1]}
    await layer.group_send("mesa-1", message)
    got = [await layer.receive(first), await layer.receive(second)]
    assert (
        got == [message, message]
        and got[0] is not got[1]
        and got[0]["seats"] is not got[1]["seats"]
    )
    await layer.send(outsider, {"type": "x"})
    assert await layer.receive(outsider) == {"type": "x"}
    await layer.group_discard("mesa-1", first)
    await layer.group_send("mesa-1", {"type": "again"})
    assert await layer.receive(second) == {"type": "again"}
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(first), 0.05)


async def test_a_full_channel_refuses_a_send_and_a_group_skips_it():
    layer = LocalChannelLayer(capacity=2)
    full, other = await layer.new_channel(), await layer.new_channel()
    for channel in (full, other):
        await layer.group_add("g", channel)
    await layer.send(full, {"type": "a"})
    await layer.send(full, {"type": "b"})
    with pytest.raises(ChannelFull):
        await layer.send(full, {"type": "c"})
    await layer.group_send("g", {"type": "d"})  # the full member misses it, the other gets it
    assert await layer.receive(other) == {"type": "d"}
    assert [await layer.receive(full), await layer.receive(full)] == [{"type": "a"}, {"type": "b"}]


async def test_expired_messages_and_memberships_are_dropped(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(layers.time, "monotonic", lambda: now[0])
    layer = LocalChannelLayer(expiry=10, group_expiry=100)
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "old"})
    now[0] += 11
    await layer.send(channel, {"type": "new"})
    assert await layer.receive(channel) == {"type": "new"}
    await layer.group_add("g", channel)
    now[0] += 101
    await layer.group_send("g", {"type": "late"})
    assert "g" not in layer.groups or channel not in layer.groups["g"]


async def test_the_sweep_forgets_unread_queues_but_never_one_a_receiver_waits_on(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(layers.time, "monotonic", lambda: now[0])
    layer = LocalChannelLayer(expiry=10)
    gone, waiting = await layer.new_channel(), await layer.new_channel()
    await layer.send(gone, {"type": "unread"})
    receiver = asyncio.ensure_future(layer.receive(waiting))
    await asyncio.sleep(0)
    now[0] += layers.SWEEP_SECONDS + 1
    await layer.send(await layer.new_channel(), {"type": "sweeps"})
    assert gone not in layer.queues and waiting in layer.queues
    await layer.send(waiting, {"type": "still"})
    assert await receiver == {"type": "still"}


async def test_a_cancelled_receive_takes_its_empty_queue_with_it():
    """A consumer that stops cancels its receive: a closed socket's queue is not kept (8,000
    sockets opened and closed left 8,000 queues until a sweep), but a queue with messages, or
    one another receiver still waits on, stays."""
    layer = LocalChannelLayer()
    closed, unread, shared = [await layer.new_channel() for _ in range(3)]
    await layer.send(unread, {"type": "unread"})
    await layer.send(unread, {"type": "also"})
    assert await layer.receive(unread) == {"type": "unread"}
    receivers = [asyncio.ensure_future(layer.receive(c)) for c in (closed, shared, shared)]
    await asyncio.sleep(0)
    assert closed in layer.queues
    receivers[0].cancel()
    receivers[1].cancel()
    await asyncio.gather(*receivers[:2], return_exceptions=True)
    assert closed not in layer.queues and shared in layer.queues
    await layer.send(shared, {"type": "still"})
    assert await receivers[2] == {"type": "still"}
    assert await layer.receive(unread) == {"type": "also"}
    await layer.send(unread, {"type": "kept"})
    assert unread in layer.queues  # a message waits in it: a later receive gets it
    assert await layer.receive(unread) == {"type": "kept"}
    await layer.send(closed, {"type": "after"})  # a send to a closed channel: a new queue
    assert await layer.receive(closed) == {"type": "after"}


async def test_names_are_checked_as_the_specification_says():
    layer = LocalChannelLayer()
    with pytest.raises(TypeError):
        await layer.send("bad name!", {"type": "x"})
    with pytest.raises(TypeError):
        await layer.group_add("bad group", await layer.new_channel())
    with pytest.raises(TypeError):
        await layer.send(await layer.new_channel(), ["not", "a", "dict"])
