"""A daphne process on PostgreSQL holds no more connections than its pool's size, however many
pages and moves it serves (config/settings.py, the pool; games/consumers.py, the tables' threads).

The server is a real `python -m config.serve` process on a fresh database of the DATABASE_URL
server, without Redis (the connections counted are PostgreSQL's). Pages are asked by a few
clients at once and moves played on several tables at once while another connection samples
`pg_stat_activity`; the first sample over the pool's size ends the test, so that a leak does not
take the shared server's connections with it. Runs in CI's PostgreSQL pass; skipped on SQLite.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import threading
import urllib.request
from collections.abc import Iterator

import pytest

from tests.faults.harness import Daphne, fault_environment, prepare
from tests.games.test_two_processes import Player, fresh_database, next_move

# Runs against DATABASE_URL/REDIS_URL when set: in CI's PostgreSQL + Redis pass too.
pytestmark = [pytest.mark.backend, pytest.mark.timeout(300)]  # 500 pages and 200 moves

POOL_SIZE = 6
PAGES, MOVES = 500, 200
TABLES = 12  # solo Bozó tables played at once; each ends after some twenty moves


def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL (DATABASE_URL): runs in CI's PostgreSQL pass")
    return url


# The server's connections to this database (autovacuum's workers and this one's left out).
CLIENTS = (
    "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
    "AND backend_type = 'client backend'"
)


def connections(database_url: str) -> int:
    import psycopg

    with psycopg.connect(database_url) as conn:
        return conn.execute(f"SELECT count(*) {CLIENTS}").fetchone()[0]


class Sampler:
    """Counts the database's connections over and over on its own connection, in a thread,
    until stopped; at the first count above `limit`, sets `over` and keeps what they were
    doing in `seen`."""

    def __init__(self, database_url: str, limit: int) -> None:
        self.database_url, self.limit = database_url, limit
        self.counts: list[int] = []
        self.seen: list[tuple] = []
        self.over = threading.Event()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as conn:
            while not self.stopped.wait(0.02):
                count = conn.execute(f"SELECT count(*) {CLIENTS}").fetchone()[0]
                self.counts.append(count)
                if count > self.limit:
                    sql = f"SELECT backend_start, state, left(query, 60) {CLIENTS}"
                    self.seen = conn.execute(sql).fetchall()
                    self.over.set()
                    return

    def __enter__(self) -> Sampler:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        self.thread.join(10)


@contextlib.contextmanager
def site(database_url: str, tmp_path, tables: dict, **env: str) -> Iterator[tuple[Daphne, dict]]:
    """One daphne process serving a fresh database with the people and tables of `tables`."""
    environment = fault_environment(database_url, "", **env)
    made = prepare(environment, {"people": ["Ana"], "tables": tables})
    server = Daphne(environment, tmp_path, "pool").start()
    try:
        yield server, made
    finally:
        server.stop()


def page_paths(replayed: int, steps: int, count: int, rng: random.Random) -> list[str]:
    """`count` pages of the site, half of them steps of a replay."""
    others = ["/", "/jogar/", "/jogar/bozo/", "/sobre/", f"/mesa/{replayed}/"]
    paths = []
    for n in range(count):
        if n % 2:
            paths.append(rng.choice(others))
        else:
            paths.append(f"/mesa/{replayed}/replay/?passo={rng.randrange(steps)}")
    return paths


def fetch(port: int, path: str, session: str | None) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if session:
        request.add_header("Cookie", f"sessionid={session}")
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


async def ask_pages(port: int, paths: list[str], session: str, over: threading.Event) -> list:
    """The pages, four clients at a time (every other one logged in); their statuses."""
    statuses: list[int] = []
    queue = list(enumerate(paths))

    async def client() -> None:
        while queue and not over.is_set():
            n, path = queue.pop()
            statuses.append(await asyncio.to_thread(fetch, port, path, session if n % 3 else None))

    await asyncio.gather(*(client() for _ in range(4)))
    return statuses


async def play_moves(port: int, table_ids: list[int], session: str, moves: int, over) -> int:
    """Play solo tables at once through their sockets until `moves` moves are acknowledged."""
    played = 0

    async def table(table_id: int) -> None:
        nonlocal played
        player = await Player(port, table_id, session).open()
        try:
            while played < moves and not over.is_set():
                action = next_move(player.page)
                if action is None:
                    return  # the game is over
                target = player.page.version + 1
                await player.act(action)
                await player.until(lambda page, target=target: page.version >= target)
                played += 1
        finally:
            await player.ws.close()

    await asyncio.gather(*(table(table_id) for table_id in table_ids))
    return played


def steps_of(database_url: str, table_id: int) -> int:
    import psycopg

    with psycopg.connect(database_url) as conn:
        sql = "SELECT count(*) FROM games_action WHERE table_id = %s"
        return conn.execute(sql, [table_id]).fetchone()[0]


def test_pages_and_moves_never_hold_more_connections_than_the_pool(tmp_path):
    tables = {"played": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "robot"],
                         "finish": True}}  # fmt: skip
    solo = {"game": "bozo", "mode": "solo", "seats": ["Ana"]}
    tables |= {f"solo{n}": solo for n in range(TABLES)}
    with (
        fresh_database(postgres_url()) as url,
        site(url, tmp_path, tables, DATABASE_POOL_MAX_SIZE=str(POOL_SIZE)) as (server, made),
    ):
        session = made["people"]["Ana"]["session"]
        replayed = made["tables"]["played"]
        paths = page_paths(replayed, steps_of(url, replayed), PAGES, random.Random(26))
        solos = [made["tables"][f"solo{n}"] for n in range(TABLES)]

        async def run() -> tuple[list[int], int]:
            return await asyncio.gather(
                ask_pages(server.port, paths, session, sampler.over),
                play_moves(server.port, solos, session, MOVES, sampler.over),
            )

        with Sampler(url, POOL_SIZE) as sampler:
            statuses, played = asyncio.run(run())
        at_end = connections(url)
        assert not sampler.over.is_set(), (sampler.counts, sampler.seen)
        assert at_end <= POOL_SIZE
        assert statuses == [200] * PAGES, sorted(set(statuses))
        assert played >= MOVES
        assert sampler.counts and max(sampler.counts) > 0
        assert server.problems() == []
