"""What the tables are measured beside, driven by the same client code: the echo floor
(`/ws/eco/`) and the bare loop (`/ws/nua/<id>/`, tests/bench/live_asgi.py)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from websockets.asyncio.client import ClientConnection

from tests.bench.live.client import Bench, close_all, gather_limited
from tests.bench.live.config import ACK_TIMEOUT
from tests.bench.live.database import run_setup
from tests.bench.live.measure import Phase, measure
from tests.bench.live.page import move_frame


class EchoPair:
    """The floor: two sockets of two players taking turns, like a table's, on `/ws/eco/`: one
    message in flight per pair, a frame the size of a move's, waiting for the echo. For a
    Dominó table, as many sockets as the table has (`users`), the first `senders` taking turns
    (the people), the others (the spectators) open and silent."""

    def __init__(
        self, bench: Bench, load: int, users: list[dict[str, Any]], senders: int = 0
    ) -> None:
        self.bench, self.load, self.users = bench, load, users
        self.senders = senders or len(users)
        self.sockets: list[ClientConnection] = []

    async def connect(self) -> bool:
        try:
            for user in self.users:
                self.sockets.append(await self.bench.open("/ws/eco/", user["session"]))
        except Exception as error:
            self.bench.error(f"eco: conexão falhou: {error!r}")
            return False
        return True

    async def run(self) -> None:
        loop, bench = asyncio.get_running_loop(), self.bench
        turn, act_at = 0, loop.time() + bench.think(first=True)
        port = bench.server.port
        try:
            while not bench.phase.stopping:
                now = loop.time()
                if now < act_at:
                    await asyncio.sleep(min(1.0, act_at - now))
                    continue
                ws = self.sockets[turn % self.senders]
                frame = move_frame(turn + 1, port, None)
                sent = loop.time()
                await ws.send(frame)
                async with asyncio.timeout(ACK_TIMEOUT):
                    reply = await ws.recv()
                received = loop.time()
                if reply != frame:
                    bench.error(f"eco: resposta diferente do enviado: {reply[:100]!r}")
                bench.phase.received(received, reply)
                bench.phase.record(self.load, received, received - sent)
                turn += 1
                act_at = received + bench.think()
        except Exception as error:
            bench.error(f"eco: {error!r}")

    async def close(self) -> None:
        await close_all(self.sockets)


VERSION_IN_FRAGMENT = re.compile(r'id="mesa-versao" data-version="(\d+)"')


class BareTable:
    """The bare loop's client (tests/bench/live_asgi.py, `/ws/nua/<id>/`): a table's people on
    their sockets (the first `people` users, in their seats' order) and its spectators (the
    rest), the one on turn sending a move as the page sends it, and the next waiting until every
    socket has read the new version. The same closed loop as a table's."""

    def __init__(
        self, bench: Bench, load: int, users: list[dict[str, Any]], table_id: int, people: int = 2
    ):
        self.bench, self.load, self.users, self.table_id = bench, load, users, table_id
        self.people = people
        self.sockets: list[ClientConnection] = []
        self.version = 0

    async def connect(self) -> bool:
        try:
            for user in self.users:  # seat 0, seat 1, ..., then the spectators
                ws = await self.bench.open(f"/ws/nua/{self.table_id}/", user["session"])
                self.sockets.append(ws)
                async with asyncio.timeout(ACK_TIMEOUT):
                    self.version = self.shown(await ws.recv())
        except Exception as error:
            self.bench.error(f"laço nu: conexão falhou: {error!r}")
            return False
        return True

    @staticmethod
    def shown(fragment: str) -> int:
        found = VERSION_IN_FRAGMENT.search(fragment)
        return int(found.group(1)) if found else -1

    async def run(self) -> None:
        loop, bench = asyncio.get_running_loop(), self.bench
        port = bench.server.port
        try:
            while not bench.phase.stopping:
                frame = move_frame(self.version, port, self.table_id)
                sent = loop.time()
                await self.sockets[self.version % self.people].send(frame)
                async with asyncio.timeout(ACK_TIMEOUT):
                    replies = await asyncio.gather(*(ws.recv() for ws in self.sockets))
                received = loop.time()
                for reply in replies:
                    bench.phase.received(received, reply)
                    if self.shown(reply) != self.version + 1:
                        bench.error(f"laço nu: esperava a versão {self.version + 1}: {reply!r}")
                        return
                bench.phase.record(self.load, received, received - sent)
                self.version += 1
        except Exception as error:
            bench.error(f"laço nu: {error!r}")

    async def close(self) -> None:
        await close_all(self.sockets)


async def close_floor(pairs: list[EchoPair]) -> None:
    """The echo floor's sockets close once its window is over. Left open, idle, they would
    still cost the tables' windows: Channels' in-memory layer goes over every channel of the
    process at each send and receive."""
    await gather_limited([p.close() for p in pairs], limit=256)


async def bare_phase(
    site, bench, users, tables, warmup, seconds, request=None, people=2
) -> Phase | None:
    """The bare loop over as many tables of its own, closed loop: Bozó duels, or the tables
    that `request` sets up with `people` people each and the rest of their share of `users`
    watching (the shape of the table scenario beside it). None when the server has no such
    route (a checkout from before it, under BENCH_LIVE_COMPARE)."""
    if request is None:
        pairs = [[users[2 * i]["id"], users[2 * i + 1]["id"]] for i in range(tables)]
        request = {"op": "tables", "pairs": pairs}
    table_ids = run_setup(site.env, request)
    share = len(users) // tables
    loops = [
        BareTable(bench, i, users[share * i : share * (i + 1)], t, people)
        for i, t in enumerate(table_ids)
    ]
    errors = len(bench.errors)
    if not all(await gather_limited([loop.connect() for loop in loops])):
        del bench.errors[errors:]
        await gather_limited([loop.close() for loop in loops], limit=256)
        return None
    bare = Phase("laço nu", loads=tables)
    await measure(bench, bare, [loop.run() for loop in loops], warmup, seconds)
    await gather_limited([loop.close() for loop in loops], limit=256)
    return bare
