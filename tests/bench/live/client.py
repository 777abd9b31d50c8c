"""One scenario's client side (Bench: its sockets, errors and what was acknowledged) and the
helpers every client runs on."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import defaultdict
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection, connect

from tests.bench.live.config import CONNECT_AT_ONCE
from tests.bench.live.database import Database
from tests.bench.live.measure import Phase
from tests.bench.live.server import Server


class Bench:
    """One scenario's client side: sockets, errors and what was acknowledged."""

    def __init__(self, server: Server, db: Database, think: float, seed: int) -> None:
        self.server, self.db, self.think_time = server, db, think
        self.rng = random.Random(seed)
        self.errors: list[str] = []
        self.phase = Phase("idle")
        self.acked: dict[int, dict[str, int]] = defaultdict(dict)  # table -> cid -> version
        self.commands: dict[int, set[str]] = defaultdict(set)  # table -> cids of commands sent
        self.tables: set[int] = set()
        # Player sockets that reached each table (their first view came): the host of a next
        # table starts once as many people are there as played the last game (games/services/
        # seats each of them only when they ask, and their arrival is a change of the table).
        self.arrived: dict[int, int] = defaultdict(int)
        self.commit_checks = 0
        self.paced = 0  # steps put off to keep a socket within the server's budget
        self.games_finished = 0
        self.sent = 0
        self.acks_sent = 0
        self.protocols: dict[str, int] = defaultdict(int)  # first frames seen, by protocol
        self.connect_gate = asyncio.Semaphore(CONNECT_AT_ONCE)
        self.backend_pids: list[int] = []  # PostgreSQL and Redis, when started here

    def error(self, text: str) -> None:
        self.errors.append(text)

    def think(self, first: bool = False) -> float:
        if self.think_time <= 0:
            return 0.0
        if first:  # spread the start over one think time
            return self.rng.uniform(0, 1.25 * self.think_time)
        return self.rng.uniform(0.75 * self.think_time, 1.25 * self.think_time)

    async def open(self, path: str, session: str, *, port: int = 0) -> ClientConnection:
        """A socket of `session` at `path`, on this bench's server or on the one at `port`."""
        port = port or self.server.port
        async with self.connect_gate:
            return await connect(
                f"ws://127.0.0.1:{port}{path}",
                origin=f"http://127.0.0.1:{port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                proxy=None,
                open_timeout=120,
                close_timeout=10,
                ping_interval=None,
                max_size=2**22,
            )

    def acknowledged(
        self, load: int, table_id: int, pending: Pending, shown: int, now: float
    ) -> None:
        """A move sent for version v, acknowledged by a view of version `shown` > v: its row
        must be in the log now, from another connection (committed before acknowledged), with
        a version in (v, shown]."""
        self.phase.record(load, now, now - pending.sent)
        self.commit_checks += 1
        found = self.db.action_version(table_id, pending.cid)
        self.acked[table_id][pending.cid] = found if found is not None else pending.version + 1
        if found is None or not pending.version < found <= shown:
            self.error(
                f"mesa {table_id}: jogada {pending.cid} (enviada na versão {pending.version}) "
                f"confirmada pela versão {shown} mas o log tem {found!r} no momento da confirmação"
            )


@dataclass
class Pending:
    kind: str  # move | start | replay
    version: int
    sent: float
    cid: str = ""


async def close_all(sockets: list[ClientConnection]) -> None:
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()


async def gather_limited(coros: list, limit: int = CONNECT_AT_ONCE) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(coro):
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))
