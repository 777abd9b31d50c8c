"""The cache's Redis connections are one pool for the process (config/redis_pool.py): Django
makes a cache object per async context, and each table socket is one, so with Django's own pool
every socket kept a Redis connection of its own (8,612 of them for 8,593 sockets, measured)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from asgiref.sync import sync_to_async

from tests.waiting import until

pytestmark = pytest.mark.asyncio


async def clients_after_sockets(url: str, options: dict, settings) -> int:
    """Twenty contexts (as twenty sockets) each reading the cache in one of four threads (as the
    tables' database threads), still open; the clients Redis then counts (this one included)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "OPTIONS": options,
        }
    }
    from django.core.cache import caches

    held, release, threads = [], asyncio.Event(), ThreadPoolExecutor(max_workers=4)

    async def socket(n: int) -> None:
        cache = caches["default"]
        await sync_to_async(cache.get, thread_sensitive=False, executor=threads)(f"s-{n}")
        held.append(cache)
        await release.wait()

    tasks = [asyncio.create_task(socket(n)) for n in range(20)]
    await until(lambda: len(held) == 20, 30, "twenty sockets reading the cache")
    count = len(redis.Redis.from_url(url).client_list())
    release.set()
    await asyncio.gather(*tasks)
    for cache in held:
        cache.close()
    threads.shutdown()
    return count


async def test_djangos_own_pool_opens_a_connection_per_socket(redis_url, settings):
    assert await clients_after_sockets(redis_url, {}, settings) > 20


async def test_the_shared_pool_keeps_a_few_for_the_process(redis_url, settings):
    options = {"pool_class": "config.redis_pool.SharedConnectionPool"}
    assert await clients_after_sockets(redis_url, options, settings) <= 1 + 4  # one a thread
