"""channels-redis keeps, for good, a message that arrives for a socket that has closed
(django/channels_redis#384); the site's layer (games/redis_layer.py) does not. On a throwaway
redis-server (tests/servers.py)."""

from __future__ import annotations

import asyncio

import pytest

from games.redis_layer import ChannelsRedisLayer, RedisChannelLayer
from tests import servers
from tests.waiting import until

pytestmark = pytest.mark.asyncio


async def a_message_for_a_closed_socket(layer) -> tuple[str, dict]:
    """A socket's receive cancelled (its consumer stopped), then a message for it, read by the
    process's shared receive while another socket waits for its own; returns the closed
    channel and the other's message."""
    closed, other = await layer.new_channel(), await layer.new_channel()
    gone = asyncio.ensure_future(layer.receive(closed))
    await until(lambda: closed in layer.receive_buffer, 10, "the receive waiting")
    gone.cancel()
    await asyncio.gather(gone, return_exceptions=True)
    await layer.send(closed, {"type": "table.changed", "version": 7})
    await layer.send(other, {"type": "table.changed", "version": 8})
    got = await asyncio.wait_for(layer.receive(other), 10)
    return closed, got


async def test_channels_redis_keeps_what_comes_for_a_closed_socket(redis_url):
    layer = ChannelsRedisLayer(hosts=[redis_url])
    try:
        closed, got = await a_message_for_a_closed_socket(layer)
        assert got["version"] == 8
        assert closed in layer.receive_buffer  # nobody will read it, nobody deletes it
    finally:
        await layer.flush()
        await layer.close_pools()


async def test_the_sites_layer_drops_it_and_still_delivers(redis_url):
    layer = RedisChannelLayer(hosts=[redis_url])
    try:
        closed, got = await a_message_for_a_closed_socket(layer)
        assert got["version"] == 8
        layer.purged_at = 0  # the next socket's arrival purges at once
        fresh = await layer.new_channel()
        assert closed not in layer.receive_buffer and not layer.receive_buffer
        # A channel read again after a timeout (the groups' canary) is not stopped.
        waiting = asyncio.ensure_future(layer.receive(fresh))
        await until(lambda: fresh in layer.receive_buffer, 10, "the receive waiting")
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert fresh in layer.stopped
        again = asyncio.ensure_future(layer.receive(fresh))
        await until(lambda: fresh not in layer.stopped, 10, "the channel read again")
        layer.purged_at = 0
        await layer.new_channel()
        await layer.send(fresh, {"type": "canary", "n": 2})
        assert (await asyncio.wait_for(again, 10))["n"] == 2
    finally:
        await layer.flush()
        await layer.close_pools()


async def test_a_receive_whose_redis_is_gone_says_so_as_a_message():
    """channels-redis raises out of every socket's receive when Redis is not there; the site's
    layer hands each consumer a `layer.down` message instead (its socket closes with 4011)."""
    layer = RedisChannelLayer(hosts=[f"redis://127.0.0.1:{servers.free_port()}/0"])
    try:
        message = await asyncio.wait_for(layer.receive(await layer.new_channel()), 30)
        assert message["type"] == "layer.down" and message["error"]
    finally:
        await layer.close_pools()
