"""One pool of Redis connections per process for the cache (settings: CACHES' `pool_class`).

Django makes a cache object for each thread and each async context, and a Redis cache object
makes its own connection pool: every table socket (an async context that reads its session from
the cache when it opens) would hold a Redis connection of its own while open, two open files a
socket, until Redis refuses clients past its `maxclients`. redis-py's pools are safe to share
between threads, so the cache's pools come from here: one per address and options, for the whole
process.
"""

from __future__ import annotations

import threading

import redis

_pools: dict[tuple, redis.ConnectionPool] = {}
_lock = threading.Lock()


class SharedConnectionPool(redis.ConnectionPool):
    @classmethod
    def from_url(cls, url: str, **kwargs) -> redis.ConnectionPool:
        key = (url, tuple(sorted((name, repr(value)) for name, value in kwargs.items())))
        with _lock:
            pool = _pools.get(key)
            if pool is None:
                pool = _pools[key] = super().from_url(url, **kwargs)
            return pool
