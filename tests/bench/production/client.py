"""The live benchmark's client (tests/bench/live/) over several daphne processes: each socket
on its own process, each part's round trips apart, the spectators read lightly, and the
window measured on every process."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import re
import time
from collections import defaultdict
from typing import Any

from websockets.asyncio.client import ClientConnection

from tests.bench.live.client import Bench
from tests.bench.live.config import ACK_EVERY, ACK_TIMEOUT
from tests.bench.live.database import Database
from tests.bench.live.floors import EchoPair
from tests.bench.live.measure import (
    Phase,
    cpu_seconds,
    machine_cpu_seconds,
    tree_cpu_seconds,
    warm_up,
    wind_down,
)
from tests.bench.live.page import Page
from tests.bench.live.player import Player
from tests.bench.live.server import Server


class ProdPhase(Phase):
    """A Phase that also keeps each part's round trips (`part_of`: load -> part key)."""

    def __init__(self, name: str, loads: int, part_of: dict[int, str]) -> None:
        super().__init__(name, loads=loads)
        self.part_of = part_of
        self.by_part: dict[str, list[tuple[float, float]]] = defaultdict(list)
        self.logged_by_part: dict[str, tuple[int, int]] = {}  # moves, robots' in the window
        self.server_cpus: list[float] = []

    def record(self, load: int, received: float, round_trip: float) -> None:
        super().record(load, received, round_trip)
        self.by_part[self.part_of.get(load, "")].append((received, round_trip))

    def part_window(self, key: str) -> list[float]:
        return [rt for at, rt in self.by_part.get(key, []) if self.start <= at < self.end]


class ProdBench(Bench):
    """bench_live's Bench over several daphne processes: each socket names its port. Keeps when
    each acknowledged move was sent (for the delivery to the other sockets of its table)."""

    def __init__(self, servers_: list[Server], db: Database, think: float, seed: int):
        super().__init__(servers_[0], db, think, seed)
        self.servers = servers_
        self.part_of_table: dict[int, str] = {}
        self.moves: list[tuple[int, int, float, int]] = []  # (table, version shown, sent, load)
        self.followed_table = 0  # where the host plays now (the spectators follow)

    def acknowledged(self, load, table_id, pending, shown, now) -> None:
        super().acknowledged(load, table_id, pending, shown, now)
        self.moves.append((table_id, shown, pending.sent, load))


class ProdPlayer(Player):
    """A person's socket on one process (`port`); with `track`, the versions it saw and when."""

    def __init__(self, bench: ProdBench, load: int, user, table_id: int, host: bool, *, port: int,
                 part: str, role: str = "player", track: bool = False) -> None:  # fmt: skip
        super().__init__(bench, load, user, table_id, host, role=role)
        self.port, self.part, self.track = port, part, track
        self.seen: dict[int, list[tuple[int, float]]] = defaultdict(list)  # table -> (v, at)

    async def connect(self) -> bool:
        self.page, self.view, self.protocol = Page(), None, ""
        self.chars_in = self.chars_acked = 0
        self.bench.part_of_table.setdefault(self.table_id, self.part)
        if self.host:
            self.bench.followed_table = self.table_id
        try:
            self.ws = await self.bench.open(
                f"/ws/mesa/{self.table_id}/", self.user["session"], port=self.port
            )
            _, self.view, _ = await self.receive(ACK_TIMEOUT)
        except Exception as error:
            self.bench.error(f"mesa {self.table_id}: conexão falhou: {error!r}")
            return False
        if self.view is None:
            self.bench.error(f"mesa {self.table_id}: primeira mensagem sem #mesa-status")
            return False
        return True

    async def receive(self, timeout: float):
        now, view, touched = await super().receive(timeout)
        if self.track and view is not None:
            seen = self.seen[self.table_id]
            if not seen or view.version > seen[-1][0]:
                seen.append((view.version, now))
        return now, view, touched

    def seen_at(self, table_id: int, version: int) -> float | None:
        return first_seen(self.seen.get(table_id, []), version)


def first_seen(seen: list[tuple[int, float]], version: int) -> float | None:
    """When a socket first showed `version` or a later one (`seen`: versions increasing)."""
    index = bisect.bisect_left(seen, (version, float("-inf")))
    return seen[index][1] if index < len(seen) else None


VERSION_RE = re.compile(r'<span id="mesa-versao"[^>]*? data-version="(\d+)"')


class Watcher:
    """A spectator's socket read lightly, so that a thousand of them cost this client little and
    the order in which frames arrive is the server's: only the version each frame brings
    (#mesa-versao) and when, acknowledging what it read as the page does; it follows the
    players to "Jogar de novo"'s next table. (bench_live's spectators read the whole page.)"""

    def __init__(self, bench: ProdBench, user: dict[str, Any], port: int, table_id: int) -> None:
        self.bench, self.user, self.port, self.table_id = bench, user, port, table_id
        self.ws: ClientConnection | None = None
        self.seen: dict[int, list[tuple[int, float]]] = defaultdict(list)
        self.chars_in = self.chars_acked = 0

    async def connect(self) -> bool:
        self.chars_in = self.chars_acked = 0
        try:
            self.ws = await self.bench.open(
                f"/ws/mesa/{self.table_id}/", self.user["session"], port=self.port
            )
            await self.read(ACK_TIMEOUT)
        except Exception as error:
            self.bench.error(f"mesa {self.table_id}: espectador não conectou: {error!r}")
            return False
        return bool(self.seen[self.table_id])

    async def read(self, timeout: float) -> None:
        assert self.ws is not None
        async with asyncio.timeout(timeout):
            text = await self.ws.recv()
        now = asyncio.get_running_loop().time()
        if not isinstance(text, str):
            self.bench.error(f"mesa {self.table_id}: quadro binário para um espectador")
            return
        self.bench.phase.received(now, text, "spectator")
        self.chars_in += len(text)
        found = VERSION_RE.search(text)
        seen = self.seen[self.table_id]
        if found and (not seen or int(found.group(1)) > seen[-1][0]):
            seen.append((int(found.group(1)), now))
        if self.chars_in - self.chars_acked >= ACK_EVERY:
            self.chars_acked = self.chars_in
            await self.ws.send(json.dumps({"ack": self.chars_in}))

    async def run(self, until: list[int]) -> None:
        """Read until the phase stops and this socket has seen `until[0]` (set at the stop)."""
        bench = self.bench
        try:
            while True:
                if bench.followed_table and bench.followed_table != self.table_id:
                    await self.close()
                    self.table_id = bench.followed_table
                    if not await self.connect():
                        return
                seen = self.seen[self.table_id]
                if bench.phase.stopping and until and seen and seen[-1][0] >= until[0]:
                    return
                with contextlib.suppress(TimeoutError):  # now and then: has the host moved on?
                    await self.read(2.0)
        except Exception as error:
            bench.error(f"mesa {self.table_id}: espectador: {error!r}")

    def seen_at(self, table_id: int, version: int) -> float | None:
        return first_seen(self.seen.get(table_id, []), version)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None


class ProdEcho(EchoPair):
    """The echo floor for one table: its sockets on the same processes as the table's."""

    def __init__(self, bench: ProdBench, load: int, users, senders: int, ports: list[int]):
        super().__init__(bench, load, users, senders=senders)
        self.ports = ports

    async def connect(self) -> bool:
        try:
            for user, port in zip(self.users, self.ports, strict=True):
                self.sockets.append(await self.bench.open("/ws/eco/", user["session"], port=port))
        except Exception as error:
            self.bench.error(f"eco: conexão falhou: {error!r}")
            return False
        return True


def log_by_table(db: Database) -> dict[int, tuple[int, int]]:
    """Each table's moves in the log (the rows of a seat), and the robots' among them."""
    rows = db.rows(
        "SELECT table_id, COUNT(*), COALESCE(SUM(CASE WHEN user_id IS NULL THEN 1 ELSE 0 END), 0) "
        "FROM games_action WHERE seat IS NOT NULL GROUP BY table_id"
    )
    return {int(t): (int(n), int(r)) for t, n, r in rows}


async def measure(bench: ProdBench, phase: ProdPhase, tasks: list, warmup: float,
                  seconds: float, count_log: bool) -> None:  # fmt: skip
    """bench_live's measure over every process: warm-up until every load has completed a round
    trip, the window (the CPU of every daphne, of PostgreSQL and Redis, of this client, of the
    machine; with `count_log`, each part's moves in the log), then the moves in flight."""
    loop = asyncio.get_running_loop()
    running, began = await warm_up(bench, phase, tasks, warmup)
    logged0 = log_by_table(bench.db) if count_log else {}
    phase.start = loop.time()
    phase.warmup = phase.start - began
    pids = [s.pid for s in bench.servers]
    server0 = [cpu_seconds(pid) for pid in pids]
    client0 = time.process_time()
    backend0 = sum(tree_cpu_seconds(pid) for pid in bench.backend_pids)
    machine0 = machine_cpu_seconds()
    await asyncio.sleep(seconds)
    phase.end = loop.time()
    phase.server_cpus = [cpu_seconds(pid) - c for pid, c in zip(pids, server0, strict=True)]
    phase.server_cpu = sum(phase.server_cpus)
    phase.client_cpu = time.process_time() - client0
    if bench.backend_pids:
        phase.backend_cpu = sum(tree_cpu_seconds(p) for p in bench.backend_pids) - backend0
    phase.machine_cpu = machine_cpu_seconds() - machine0
    if count_log:
        logged1 = log_by_table(bench.db)
        by_part: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for table_id, (moves, robots) in logged1.items():
            part = bench.part_of_table.get(table_id)
            if part is None:
                continue
            before = logged0.get(table_id, (0, 0))
            by_part[part][0] += moves - before[0]
            by_part[part][1] += robots - before[1]
        phase.logged_by_part = {k: (v[0], v[1]) for k, v in by_part.items()}
        phase.moves_logged = sum(v[0] for v in by_part.values())
        phase.robot_moves = sum(v[1] for v in by_part.values())
    await wind_down(phase, running)
