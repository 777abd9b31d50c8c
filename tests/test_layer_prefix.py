"""Two sites on one Redis, told apart by the database number of their REDIS_URL, never hear each
other's tables: Redis's pub/sub ignores database numbers, so the channel layer's prefix carries
the number (config/settings.py). Without it, the test workers of the PostgreSQL pass, each on its
own Redis database, heard each other's table and user groups."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest
from channels_redis.pubsub import RedisPubSubChannelLayer

pytestmark = pytest.mark.asyncio

SITE_LAYER = "import json, config.settings as s; print(json.dumps(s.CHANNEL_LAYERS['default']))"


def site_layer(redis_url: str) -> RedisPubSubChannelLayer:
    """The channel layer the site's settings configure for `redis_url`."""
    env = {**os.environ, "REDIS_URL": redis_url, "SECRET_KEY": "x" * 50}
    out = subprocess.run(
        [sys.executable, "-c", SITE_LAYER], env=env, capture_output=True, text=True, check=True
    )
    layer = json.loads(out.stdout)
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    return RedisPubSubChannelLayer(**layer["CONFIG"])


async def test_sites_on_two_databases_of_one_redis_hear_only_their_own_groups(redis_url):
    base = redis_url.rsplit("/", 1)[0]
    one, two = site_layer(f"{base}/1"), site_layer(f"{base}/2")
    here, there = await one.new_channel(), await two.new_channel()
    await one.group_add("mesa-1", here)
    await two.group_add("mesa-1", there)

    await two.group_send("mesa-1", {"type": "table.changed", "version": 7})
    assert (await asyncio.wait_for(two.receive(there), 5))["version"] == 7
    # The other site's message, had it come, would arrive before this site's own, sent after.
    await one.group_send("mesa-1", {"type": "table.changed", "version": 1})
    assert (await asyncio.wait_for(one.receive(here), 5))["version"] == 1
    await one.flush()
    await two.flush()
