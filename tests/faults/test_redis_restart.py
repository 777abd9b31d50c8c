"""Redis forgets everything during play: flushed with every socket still connected, then killed
and started again (no persistence: every key and queued message is gone).

Two daphne processes on PostgreSQL and a Redis of this test's own (never the CI's shared one).
A Bozó duel with its players on different processes and a Yam's table of a person and a robot,
watched on both processes, with the players playing on throughout. The channel layer is
channels-redis's pub/sub one: a group is a subscription of each process, not a key, and redis-py
subscribes again by itself when Redis is back.

Checked:

- after a flush, no socket closes, and each one follows the table;
- through a restart, no socket needs to close either: what was published while Redis was away is
  lost, and each process, once its check of the layer passes again (games/layers.py), brings its
  sockets up to their tables' versions; pages that closed meanwhile (a handshake refused while
  Redis, where sessions are cached, was down) came back by themselves
  (tests/faults/harness.py reconnects as table.js does);
- either way no client stays stale: each settles on the table's version in the database and on
  what a fresh socket shows; no acknowledged move is lost; the logs replay to the stored states;
  no socket's exception is in the logs.

Runs once in CI, in the pass without DATABASE_URL (its servers are its own: harness.py).
"""

from __future__ import annotations

import asyncio
import random
import socket

import pytest

from tests.faults import harness as h

pytestmark = pytest.mark.servers

TABLES = {
    "duel": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "Bia"]},
    "yams": {"game": "yams", "mode": "mesa", "seats": ["Caio", "robot"]},
}


def flush(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(b"FLUSHALL\r\n")
        assert sock.recv(64).startswith(b"+OK")


async def everyone_caught_up(database_url: str, clients: list[h.Client], what: str) -> None:
    def caught_up() -> bool:
        now = h.versions(database_url, [c.table_id for c in clients])
        return all(c.live and c.page.version == now[c.table_id] for c in clients)

    try:
        await h.until(caught_up, 45, what)
    except AssertionError:
        now = h.versions(database_url, [c.table_id for c in clients])
        behind = [
            (c.name, c.table_id, c.page.version, now[c.table_id], c.live, c.sockets, c.closes)
            for c in clients
            if not (c.live and c.page.version == now[c.table_id])
        ]
        raise AssertionError(
            f"{what}: behind (name, table, page, table now, live, sockets, closes) {behind}"
        ) from None


async def moves_on(database_url: str, ids: list[int], by: int, what: str) -> None:
    start = h.versions(database_url, ids)
    await h.until(
        lambda: all(v >= start[t] + by for t, v in h.versions(database_url, ids).items()), 45, what
    )


async def scenario(env, setup, database_url, redis, first, second) -> None:
    daphnes = (first, second)
    people, tables = setup["people"], setup["tables"]
    duel, yams = tables["duel"], tables["yams"]
    clients = [
        h.Client("Ana", first.port, duel, people["Ana"]["session"]),
        h.Client("Bia", second.port, duel, people["Bia"]["session"]),
        h.Client("Caio", second.port, yams, people["Caio"]["session"]),
    ]
    clients += [
        h.Client(f"watcher-{t}", d.port, t, None) for t in (duel, yams) for d in (first, second)
    ]
    for client in clients:
        await client.start()
    players = [c for c in clients if c.session]
    ids = [duel, yams]
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(h.play(c, random.Random(i), stop, think=0.15))
        for i, c in enumerate(players)
    ]
    await moves_on(database_url, ids, 3, "play before the flush")

    # 1. The groups are forgotten while every connection stays up.
    flush(redis.port)
    await moves_on(database_url, ids, 4, "play after the flush")
    stop.set()
    await asyncio.gather(*tasks)
    await everyone_caught_up(database_url, clients, "every page following after the flush")
    assert all(c.sockets == 1 for c in clients), [c.closes for c in clients]

    # 2. Redis killed and started again, play going on.
    stop.clear()
    tasks = [
        asyncio.create_task(h.play(c, random.Random(10 + i), stop, think=0.15))
        for i, c in enumerate(players)
    ]
    await moves_on(database_url, ids, 2, "play before the restart")
    marks = [len(d.log()) for d in daphnes]
    redis.stop()
    # Started again once both processes met the outage (their check of the layer failed).
    met = "channel layer check failed"
    await h.until(
        lambda: all(met in d.log()[m:] for d, m in zip(daphnes, marks, strict=True)),
        30, "both processes meeting the outage",
    )  # fmt: skip
    redis.start()
    await moves_on(database_url, ids, 4, "play after the restart")
    stop.set()
    await asyncio.gather(*tasks)
    await everyone_caught_up(database_url, clients, "every page following after the restart")
    for client in clients:
        await h.same_as_fresh(client)
    closes = [code for c in clients for code in c.closes]
    assert set(closes) <= h.RECONNECT_CODES, closes
    acknowledged = sum(s.acknowledged for c in players for s in c.sent)
    missing = h.acknowledged_missing(database_url, players)
    print(f"acknowledged {acknowledged}, closes {[c.closes for c in clients]}, "
          f"sockets {[c.sockets for c in clients]}")  # fmt: skip
    assert missing == [], f"{len(missing)} of {acknowledged} acknowledged moves lost"
    for client in clients:
        await client.close()
    assert h.log_problems(env, ids) == []


def test_sockets_find_their_groups_again_when_redis_forgets_them():
    with h.backends() as (database_url, redis, tmp_path):
        env = h.fault_environment(database_url, redis.url)
        setup = h.prepare(env, {"people": ["Ana", "Bia", "Caio"], "tables": TABLES})
        first, second = h.Daphne(env, tmp_path, "1"), h.Daphne(env, tmp_path, "2")
        try:
            first.start()
            second.start()
            asyncio.run(scenario(env, setup, database_url, redis, first, second))
        finally:
            first.stop()
            second.stop()
        for log in [daphne.log() for daphne in (first, second)]:
            # No socket's exception: the only ones are handshakes refused while Redis was down
            # (Channels' AuthMiddleware reads the session from the cache before any consumer),
            # which a page sees as 1006 and retries.
            for chunk in log.split("Exception inside application")[1:]:
                traceback = chunk.split("\n127.0.0.1:")[0]
                assert "channels/auth.py" in traceback, traceback[-2000:]
                assert "games/" not in traceback, traceback[-2000:]
