"""games.consumers.dispatch_from: the socket's messages and the group's, one at a time."""

from __future__ import annotations

import asyncio

import pytest

from games.consumers import dispatch_from

pytestmark = pytest.mark.asyncio


class Done(Exception):
    pass


async def test_messages_are_dispatched_one_at_a_time_and_a_source_waits_for_its_last():
    socket, group = asyncio.Queue(), asyncio.Queue()
    for n in range(3):
        socket.put_nowait(f"s{n}")
    group.put_nowait("g0")
    seen, busy = [], False

    async def dispatch(message):
        nonlocal busy
        assert not busy, "two messages dispatched at once"
        busy = True
        seen.append((message, socket.qsize()))
        await asyncio.sleep(0.001)
        busy = False
        if message == "s2":
            raise Done

    with pytest.raises(Done):
        await asyncio.wait_for(dispatch_from([socket.get, group.get], dispatch), 5)
    assert sorted(m for m, _ in seen) == ["g0", "s0", "s1", "s2"]
    assert [m for m, _ in seen if m.startswith("s")] == ["s0", "s1", "s2"]
    # While s0 was dispatched, s1 was still in the socket's queue: not read ahead.
    assert dict(seen)["s0"] == 2


async def test_a_failing_source_stops_the_loop_with_its_error():
    async def broken():
        raise RuntimeError("layer down")

    never = asyncio.Queue()
    with pytest.raises(RuntimeError, match="layer down"):
        await asyncio.wait_for(dispatch_from([never.get, broken], lambda m: None), 5)
