"""One measured load (Phase: its window, round trips, bytes and CPU), the CPU and memory
read from /proc, and `measure`, which runs the clients through a warm-up and the window."""

from __future__ import annotations

import asyncio
import gc
import os
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tests.bench.live.config import ACK_TIMEOUT

if TYPE_CHECKING:
    from tests.bench.live.client import Bench


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def ms(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.1f}"


@dataclass
class Phase:
    """One measured load: the window, the completed round trips, the bytes received and the
    CPU spent."""

    name: str
    loads: int = 0  # tables (or echo pairs) driven
    start: float = 0.0
    end: float = 0.0
    warmup: float = 0.0  # how long the warm-up really took
    stopping: bool = False
    samples: list[tuple[float, float]] = field(default_factory=list)  # (received at, round trip)
    warm: set[int] = field(default_factory=set)  # loads that completed a round trip
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    backend_cpu: float | None = None  # PostgreSQL + Redis, when they run from here
    machine_cpu: float = 0.0  # the whole machine, busy
    bytes_in: int = 0  # UTF-8 bytes of the text frames received within the window
    frames_in: int = 0
    # Dominó: the moves the Action log gained in the window (people's and robots'), the robots'
    # among them, the bytes of each role (player, spectator) and its sockets at one table.
    moves_logged: int | None = None
    robot_moves: int | None = None
    bytes_by_role: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sockets_by_role: dict[str, int] = field(default_factory=dict)

    def record(self, load: int, received: float, round_trip: float) -> None:
        self.samples.append((received, round_trip))
        self.warm.add(load)

    def received(self, at: float, text: str, role: str = "") -> None:
        """A frame read at `at`: counted when the window is open (its end not yet known)."""
        if self.start and not self.end and at >= self.start:
            size = len(text) if text.isascii() else len(text.encode())
            self.bytes_in += size
            self.frames_in += 1
            if role:
                self.bytes_by_role[role] += size

    @property
    def in_window(self) -> list[float]:
        return [rt for at, rt in self.samples if self.start <= at < self.end]

    @property
    def rate(self) -> float:
        return len(self.in_window) / (self.end - self.start) if self.end > self.start else 0.0

    @property
    def ops(self) -> int:
        """The operations the CPU and the bytes are shared by: every move in the log over the
        window where it was counted (a table with robots), else the round trips completed."""
        return self.moves_logged if self.moves_logged is not None else len(self.in_window)

    @property
    def all_rate(self) -> float:
        """Every move in the log per second (NaN where the log was not counted)."""
        if self.moves_logged is None or self.end <= self.start:
            return float("nan")
        return self.moves_logged / (self.end - self.start)

    def bytes_per_socket(self, role: str) -> float:
        """UTF-8 bytes one socket of `role` received per move of its table, on average
        (`sockets_by_role` counts one table's sockets: a move goes to its table's only)."""
        sockets = self.sockets_by_role.get(role, 0)
        if not sockets or not self.ops:
            return float("nan")
        return self.bytes_by_role.get(role, 0) / self.ops / sockets

    def quantiles(self) -> tuple[float, float, float]:
        values = self.in_window
        return percentile(values, 50), percentile(values, 95), percentile(values, 99)

    def cpu_per_op(self, which: str) -> float:
        count = self.ops
        spent = {"server": self.server_cpu, "client": self.client_cpu}.get(which)
        if which == "backend":
            spent = self.backend_cpu
        return spent / count if count and spent is not None else float("nan")

    @property
    def others_cpu_percent(self) -> float:
        """What the rest of the machine used in the window, in % of one CPU: the kernel's own
        work for the sockets, and any other process (another job on the machine shows here)."""
        seconds = self.end - self.start
        if seconds <= 0:
            return float("nan")
        ours = self.server_cpu + self.client_cpu + (self.backend_cpu or 0.0)
        return max(self.machine_cpu - ours, 0.0) / seconds * 100

    @property
    def bytes_per_op(self) -> float:
        count = self.ops
        return self.bytes_in / count if count else float("nan")

    def figures(self) -> dict[str, float]:
        p50, p95, p99 = self.quantiles()
        return {
            "ops": len(self.in_window),
            "rate": self.rate,
            "p50_ms": p50 * 1000,
            "p95_ms": p95 * 1000,
            "p99_ms": p99 * 1000,
            "server_cpu_ms": self.cpu_per_op("server") * 1000,
            "client_cpu_ms": self.cpu_per_op("client") * 1000,
            "backend_cpu_ms": self.cpu_per_op("backend") * 1000,
            "others_cpu_percent": self.others_cpu_percent,
            "bytes": self.bytes_per_op,
            "frames": self.frames_in / self.ops if self.ops else float("nan"),
            "all_rate": self.all_rate,
            "robot_rate": (
                self.robot_moves / (self.end - self.start)
                if self.robot_moves is not None and self.end > self.start
                else float("nan")
            ),
            "bytes_player_socket": self.bytes_per_socket("player"),
            "bytes_spectator_socket": self.bytes_per_socket("spectator"),
        }


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU of a process and of its children, live (their own) or gone (reaped into the
    parent's): PostgreSQL's postmaster and its backends."""
    total, stack, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while stack:
        one = stack.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{one}/task/{one}/children").read_text().split()
        except OSError:
            continue
        total += sum(int(fields[i]) for i in (11, 12, 13, 14)) / tick
        stack += [int(child) for child in children]
    return total


def machine_cpu_seconds() -> float:
    """CPU time the whole machine spent busy (every CPU, /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (values + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


async def measure(
    bench: Bench,
    phase: Phase,
    tasks: list,
    warmup: float,
    seconds: float,
    count_log: bool = False,
) -> None:
    """Run the clients: warm-up, the measured window (with CPU use), then stop and wait for
    the commands in flight. The warm-up lasts at least `warmup` and until every table (every
    echo pair) has completed one round trip, so the window sees the steady state, not the
    first burst still queued (capped at BENCH_LIVE_ACK_TIMEOUT). With `count_log`, the moves
    the Action log gained over the window too (the robots' are no round trip of the client)."""
    loop = asyncio.get_running_loop()
    running, began = await warm_up(bench, phase, tasks, warmup)
    phase.start = loop.time()
    phase.warmup = phase.start - began
    backend = bench.backend_pids
    server0, client0 = cpu_seconds(bench.server.pid), time.process_time()
    backend0 = sum(tree_cpu_seconds(pid) for pid in backend)
    machine0 = machine_cpu_seconds()
    logged0 = bench.db.log_moves() if count_log else None
    await asyncio.sleep(seconds)
    phase.end = loop.time()
    if logged0 is not None:
        logged1 = bench.db.log_moves()
        phase.moves_logged = logged1[0] - logged0[0]
        phase.robot_moves = logged1[1] - logged0[1]
    phase.server_cpu = cpu_seconds(bench.server.pid) - server0
    phase.client_cpu = time.process_time() - client0
    if backend:
        phase.backend_cpu = sum(tree_cpu_seconds(pid) for pid in backend) - backend0
    phase.machine_cpu = machine_cpu_seconds() - machine0
    await wind_down(phase, running)


async def warm_up(bench, phase: Phase, tasks: list, warmup: float) -> tuple[list, float]:
    """Start the clients and wait at least `warmup`, and until every load has completed one round
    trip (at most ACK_TIMEOUT); then the client's collector is off. Returns the running clients
    and when they began."""
    loop = asyncio.get_running_loop()
    bench.phase = phase
    began = loop.time()
    running = [asyncio.create_task(task) for task in tasks]
    await asyncio.sleep(warmup)
    while len(phase.warm) < phase.loads and loop.time() - began < ACK_TIMEOUT:
        await asyncio.sleep(0.1)
    # The client's collector would walk every object of this process (Django, the sockets, the
    # parsed partials), pausing every socket for up to 200 ms, in the round trips of the table and
    # of the echo alike; the client makes no reference cycles (a collection after a window finds
    # none), so it is off in the window.
    gc.collect()
    gc.freeze()
    gc.disable()
    return running, began


async def wind_down(phase: Phase, running: list) -> None:
    """After the window: no new move; the moves in flight are waited for; the collector is back."""
    gc.enable()
    phase.stopping = True
    await asyncio.gather(*running)
    gc.unfreeze()
