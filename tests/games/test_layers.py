"""The embedded channel layer: Channels' in-memory layer with a cheaper path per message."""

from __future__ import annotations

import asyncio

import pytest

from games.layers import SweptInMemoryChannelLayer

pytestmark = pytest.mark.asyncio


async def test_a_group_message_reaches_every_member_once():
    layer = SweptInMemoryChannelLayer()
    a, b, outsider = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("mesa-1", a)
    await layer.group_add("mesa-1", b)
    await layer.group_send("mesa-1", {"type": "table.changed", "version": 3})
    assert await layer.receive(a) == {"type": "table.changed", "version": 3}
    assert await layer.receive(b) == {"type": "table.changed", "version": 3}
    for channel in (a, b, outsider):
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(layer.receive(channel), 0.05)


async def test_each_member_gets_its_own_copy_and_a_full_member_does_not_stop_the_others():
    layer = SweptInMemoryChannelLayer(capacity=1)
    full, free = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("mesa-1", full)
    await layer.group_add("mesa-1", free)
    await layer.send(full, {"type": "first"})
    message = {"type": "table.changed", "events": ["a"]}
    await layer.group_send("mesa-1", message)
    received = await layer.receive(free)
    received["events"].append("changed by one consumer")
    assert message == {"type": "table.changed", "events": ["a"]}
    assert await layer.receive(full) == {"type": "first"}


async def test_a_plain_message_is_copied_for_each_member_too():
    layer = SweptInMemoryChannelLayer()
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("mesa-1", first)
    await layer.group_add("mesa-1", second)
    message = {"type": "table.changed", "version": 3, "force": ""}
    await layer.group_send("mesa-1", message)
    one, other = await layer.receive(first), await layer.receive(second)
    one["version"] = 99
    assert message["version"] == 3 and other == message and other is not message


async def test_expired_messages_are_still_dropped_by_the_sweep():
    layer = SweptInMemoryChannelLayer(expiry=0)
    layer.sweep_interval = 0
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "stale"})
    await asyncio.sleep(0.01)
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 0.05)


async def test_the_sweep_runs_at_most_once_per_interval(monkeypatch):
    layer = SweptInMemoryChannelLayer()
    sweeps = []
    monkeypatch.setattr(
        SweptInMemoryChannelLayer.__mro__[1], "_clean_expired", lambda self: sweeps.append(1)
    )
    channel = await layer.new_channel()
    for _ in range(50):
        await layer.send(channel, {"type": "x"})
        await layer.receive(channel)
    assert len(sweeps) == 1


async def test_malformed_messages_are_refused():
    layer = SweptInMemoryChannelLayer()
    channel = await layer.new_channel()
    with pytest.raises(TypeError):
        await layer.send(channel, ["not", "a", "dict"])
    with pytest.raises(TypeError):
        await layer.group_send("mesa-1", "text")
