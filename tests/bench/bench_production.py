"""Production-shape load (`make bench`, issue #12): PostgreSQL + Redis, daphne as in production,
the four games mixed at human pace, a table with a thousand spectators, and two processes.

Built on the live-tables benchmark (tests/bench/bench_live.py): the same daphne
(`python -m config.serve` serving tests/bench/live_asgi.py, uvloop, DEBUG off), the same client
(a model of the page as htmx swaps it, each person their own logged-in socket, JSON frames as the
ws extension sends them), the same echo floor (`/ws/eco/`: daphne, Channels and the connection,
no database and no render) and the same checks of the log. Only PostgreSQL + Redis is measured
here: DATABASE_URL and REDIS_URL when both are set, else throwaway servers (tests/servers.py).

Scenarios, each on fresh daphne processes, each with its echo floor over as many sockets at the
same pace in the same run:
- mixed, one process: BENCH_PROD_TABLES tables mixed across the four games (BENCH_PROD_MIX,
  printed), each person moving about BENCH_THINK seconds after their turn comes: the round trip
  of a move (command sent -> the frame with the new version) p50/p95/p99 per game and overall,
  moves per second (the people's round trips, and every move in the log with the robots'),
  daphne's CPU per move (every move in the log), PostgreSQL's and Redis's, the bytes a socket
  receives per move of its table;
- mixed, two processes: the same load, the people of each table split across both processes
  (seat 0 on the first, seat 1 on the second, ...), the echo's sockets likewise: what the second
  process adds at the same load (p95, CPU per move);
- spectators: one table (BENCH_PROD_SPECTATOR_GAME, Bozó's duel by default) with
  BENCH_PROD_SPECTATORS sockets of distinct logged-in people not seated, who connect before the
  players (as after a player's reload: the players' sockets are the group's last): the players'
  round trip p50/p95/p99, the other seated people's delivery (the move sent -> their frame) and
  the spectators' (the move sent -> the last spectator's frame of that version or a later one),
  p50/p95.

Timings are printed, never asserted; what is asserted is what bench_live asserts (no error, no
refused or lost move, every acknowledged move in the log with its cid and version, nobody played
for by a robot). The tables of a scenario are deleted after it (with the sweeper on, abandoned
tables would be taken over by robots and play through the next scenario's window).

Environment (durations in seconds; the issue's sizes are the defaults):
    BENCH_PROD_TABLES=500            mixed tables (0: no mixed scenario)
    BENCH_PROD_MIX=bozo:30,domino:15,domino-robos:15,dozito:20,yams3:10,yams2:10   shares
    BENCH_THINK=2                    a person's thinking time (else BENCH_LIVE_THINK)
    BENCH_PROD_SECONDS=30  BENCH_PROD_WARMUP=5   each measured window, the warm-up before it
    BENCH_PROD_PROCESSES=1,2         the mixed scenario on one process, then on two
    BENCH_PROD_SPECTATORS=1000       spectators of the watched table (0: no such scenario)
    BENCH_PROD_SPECTATOR_GAME=bozo   bozo (a duel) or domino (four people)
    BENCH_PROD_SPECTATOR_THINK=1     the watched table's pace (more moves in the window)
    BENCH_PROD_SPECTATOR_SECONDS=60
    BENCH_PROD_SAVE=file.json        write the figures there
    BENCH_LIVE_REPO, BENCH_LIVE_KEEP, BENCH_LIVE_SEED, BENCH_LIVE_ACK_TIMEOUT as in bench_live.

    .venv/bin/python -m pytest tests/bench/bench_production.py -o python_files="bench_*.py" -s -q
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import gc
import json
import os
import re
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from tests import servers
from tests.bench import bench_live as live

REPO = Path(__file__).resolve().parents[2]
env_float = live._env_float

TABLES = int(env_float("BENCH_PROD_TABLES", 500))
THINK = env_float("BENCH_THINK", env_float("BENCH_LIVE_THINK", 2.0))
SECONDS = env_float("BENCH_PROD_SECONDS", 30)
WARMUP = env_float("BENCH_PROD_WARMUP", 5)
PROCESSES = [int(n) for n in os.environ.get("BENCH_PROD_PROCESSES", "1,2").split(",") if n.strip()]
SPECTATORS = int(env_float("BENCH_PROD_SPECTATORS", 1000))
SPECTATOR_GAME = os.environ.get("BENCH_PROD_SPECTATOR_GAME", "bozo").strip() or "bozo"
SPECTATOR_THINK = env_float("BENCH_PROD_SPECTATOR_THINK", 1.0)
SPECTATOR_SECONDS = env_float("BENCH_PROD_SPECTATOR_SECONDS", 60)
SAVE_PATH = os.environ.get("BENCH_PROD_SAVE", "").strip()
DEFAULT_MIX = "bozo:30,domino:15,domino-robos:15,dozito:20,yams3:10,yams2:10"
TARGET_P95_MS = 25


@dataclass(frozen=True)
class Part:
    """One kind of table in the mix: the game's tables (bench_live's TableKind), the seats that
    are fast robots."""

    key: str
    title: str
    kind: live.TableKind
    robot_seats: tuple[int, ...] = ()

    @property
    def people(self) -> int:
        return self.kind.seats - len(self.robot_seats)


BOZO = live.TableKind("bozo", "Bozó duelo", "bozo", "duelo", 2, {}, 7901)
YAMS2 = live.TableKind("yams2", "Yam's 2", "yams", "mesa", 2, {"columns": 3}, 7939)
PARTS = {
    p.key: p
    for p in (
        Part("bozo", "Bozó duelo", BOZO),
        Part("domino", "Dominó duplas, 4 pessoas", live.DOMINO),
        Part("domino-robos", "Dominó duplas, 2 pessoas + 2 robôs", live.DOMINO, (1, 3)),
        Part("dozito", "Dozito mesa, 3 lugares", live.DOZITO),
        Part("yams3", "Yam's mesa, 3 lugares", live.YAMS),
        Part("yams2", "Yam's mesa, 2 lugares", YAMS2),
    )
}


def parse_mix(text: str) -> dict[str, int]:
    shares: dict[str, int] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, _, share = item.partition(":")
        if key.strip() not in PARTS:
            raise RuntimeError(f"BENCH_PROD_MIX: {key!r} desconhecido ({', '.join(PARTS)})")
        shares[key.strip()] = int(share or 1)
    return shares


MIX = parse_mix(os.environ.get("BENCH_PROD_MIX", DEFAULT_MIX))


def table_counts(tables: int, shares: dict[str, int]) -> dict[str, int]:
    """`tables` split by the shares (largest remainders), every part at least one table."""
    total = sum(shares.values())
    exact = {k: tables * s / total for k, s in shares.items()}
    counts = {k: max(1, int(v)) for k, v in exact.items()}
    for key in sorted(exact, key=lambda k: exact[k] - int(exact[k]), reverse=True):
        if sum(counts.values()) >= tables:
            break
        counts[key] += 1
    return counts


# -- the client, on any of the processes -----------------------------------------------------------


class ProdPhase(live.Phase):
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


class ProdBench(live.Bench):
    """bench_live's Bench over several daphne processes: each socket names its port. Keeps when
    each acknowledged move was sent (for the delivery to the other sockets of its table)."""

    def __init__(self, servers_: list[live.Server], db: live.Database, think: float, seed: int):
        super().__init__(servers_[0], db, think, seed)
        self.servers = servers_
        self.part_of_table: dict[int, str] = {}
        self.moves: list[tuple[int, int, float, int]] = []  # (table, version shown, sent, load)
        self.followed_table = 0  # where the host plays now (the spectators follow)

    async def open_on(self, port: int, path: str, session: str) -> ClientConnection:
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

    def acknowledged(self, load, table_id, pending, shown, now) -> None:
        super().acknowledged(load, table_id, pending, shown, now)
        self.moves.append((table_id, shown, pending.sent, load))


class ProdPlayer(live.Player):
    """A person's socket on one process (`port`); with `track`, the versions it saw and when."""

    def __init__(self, bench: ProdBench, load: int, user, table_id: int, host: bool, *, port: int,
                 part: str, role: str = "player", track: bool = False) -> None:  # fmt: skip
        super().__init__(bench, load, user, table_id, host, role=role)
        self.port, self.part, self.track = port, part, track
        self.seen: dict[int, list[tuple[int, float]]] = defaultdict(list)  # table -> (v, at)

    async def connect(self) -> bool:
        self.page, self.view, self.protocol = live.Page(), None, ""
        self.chars_in = self.chars_acked = 0
        self.bench.part_of_table.setdefault(self.table_id, self.part)
        if self.host:
            self.bench.followed_table = self.table_id
        try:
            self.ws = await self.bench.open_on(
                self.port, f"/ws/mesa/{self.table_id}/", self.user["session"]
            )
            _, self.view, _ = await self.receive(live.ACK_TIMEOUT)
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
            self.ws = await self.bench.open_on(
                self.port, f"/ws/mesa/{self.table_id}/", self.user["session"]
            )
            await self.read(live.ACK_TIMEOUT)
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
        if self.chars_in - self.chars_acked >= live.ACK_EVERY:
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


class ProdEcho(live.EchoPair):
    """The echo floor for one table: its sockets on the same processes as the table's."""

    def __init__(self, bench: ProdBench, load: int, users, senders: int, ports: list[int]):
        super().__init__(bench, load, users, senders=senders)
        self.ports = ports

    async def connect(self) -> bool:
        try:
            for user, port in zip(self.users, self.ports, strict=True):
                self.sockets.append(await self.bench.open_on(port, "/ws/eco/", user["session"]))
        except Exception as error:
            self.bench.error(f"eco: conexão falhou: {error!r}")
            return False
        return True


def log_by_table(db: live.Database) -> dict[int, tuple[int, int]]:
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
    bench.phase = phase
    began = loop.time()
    running = [asyncio.create_task(task) for task in tasks]
    await asyncio.sleep(warmup)
    while len(phase.warm) < phase.loads and loop.time() - began < live.ACK_TIMEOUT:
        await asyncio.sleep(0.1)
    gc.collect()
    gc.freeze()
    gc.disable()
    logged0 = log_by_table(bench.db) if count_log else {}
    phase.start = loop.time()
    phase.warmup = phase.start - began
    pids = [s.pid for s in bench.servers]
    server0 = [live.cpu_seconds(pid) for pid in pids]
    client0 = time.process_time()
    backend0 = sum(live.tree_cpu_seconds(pid) for pid in bench.backend_pids)
    machine0 = live.machine_cpu_seconds()
    await asyncio.sleep(seconds)
    phase.end = loop.time()
    phase.server_cpus = [live.cpu_seconds(pid) - c for pid, c in zip(pids, server0, strict=True)]
    phase.server_cpu = sum(phase.server_cpus)
    phase.client_cpu = time.process_time() - client0
    if bench.backend_pids:
        phase.backend_cpu = sum(live.tree_cpu_seconds(p) for p in bench.backend_pids) - backend0
    phase.machine_cpu = live.machine_cpu_seconds() - machine0
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
    gc.enable()
    phase.stopping = True
    await asyncio.gather(*running)
    gc.unfreeze()


# -- the site: PostgreSQL + Redis, people with sessions --------------------------------------------


@dataclass
class ProdSite:
    env: dict[str, str]
    workdir: Path
    users: list[dict[str, Any]]
    label: str
    servers_dir: Path | None
    results: list[dict[str, Any]] = field(default_factory=list)


def users_needed() -> int:
    counts = table_counts(TABLES, MIX) if TABLES > 0 else {}
    mixed = sum(PARTS[k].people * n for k, n in counts.items())
    watched = PARTS[SPECTATOR_GAME].people + SPECTATORS if SPECTATORS > 0 else 0
    return max(mixed, watched, 4)


@pytest.fixture(scope="module")
def prod_site():
    for needed in ("config/serve.py", "tests/bench/live_asgi.py", "manage.py"):
        assert (live.SERVER_REPO / needed).is_file(), f"BENCH_LIVE_REPO sem {needed}"
    if SPECTATOR_GAME not in ("bozo", "domino"):
        raise RuntimeError("BENCH_PROD_SPECTATOR_GAME: bozo ou domino")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # daphne inherits it
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix="bench-prod-"))
    env = live._server_env(workdir)
    servers_dir = None
    site = None
    with contextlib.ExitStack() as stack:
        if not keep:
            stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        else:
            print(f"\nBENCH_LIVE_KEEP: registros do daphne ficam em {workdir}")
        if os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"):
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
            env["REDIS_URL"] = os.environ["REDIS_URL"]
            label = "PostgreSQL + Redis (DATABASE_URL e REDIS_URL do ambiente)"
        else:
            lacks = servers.missing()
            if lacks:
                why = f"falta {', '.join(lacks)} (e DATABASE_URL/REDIS_URL não estão definidos)"
                print(f"\nProdução: NÃO medido: {why}")
                if live.IN_CI:
                    pytest.fail(why)
                pytest.skip(why)
            servers_dir = workdir / "servers"
            database_url, redis_url = stack.enter_context(servers.postgres_and_redis(servers_dir))
            env["DATABASE_URL"], env["REDIS_URL"] = database_url, redis_url
            label = "PostgreSQL + Redis (servidores descartáveis, PostgreSQL com fsync)"
        started = time.perf_counter()
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=live.SERVER_REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert migrate.returncode == 0, migrate.stderr[-4000:]
        count = users_needed()
        prefix = "pr" + secrets.token_hex(3)
        users = live.run_setup(env, {"op": "users", "count": count, "prefix": prefix})
        print(
            f"\nProdução: servidor {live.describe_checkout(live.SERVER_REPO)}; {label}; migrate "
            f"e {count} pessoas com sessão em {time.perf_counter() - started:.1f} s; "
            f"{os.cpu_count()} CPUs na máquina"
        )
        site = ProdSite(env, workdir, users, label, servers_dir)
        yield site
    if site is not None:
        print_summary(site)
        if SAVE_PATH:
            save(site, Path(SAVE_PATH))
            print(f"\nFiguras gravadas em {SAVE_PATH}")


def open_tables(site: ProdSite, part: Part, people: list[list[dict[str, Any]]]) -> list[int]:
    """Started tables of `part`, one per list of people (seat order, robots' seats skipped)."""
    specs = []
    for mine in people:
        them = iter(mine)
        seats = [
            None if index in part.robot_seats else next(them)["id"]
            for index in range(part.kind.seats)
        ]
        specs.append({"seats": seats, "fast_robots": bool(part.robot_seats)})
    request = {
        "op": "group",
        "game": part.kind.game,
        "mode": part.kind.mode,
        "options": part.kind.options,
        "tables": specs,
    }
    return live.run_setup(site.env, request)


def _cleanup_main() -> None:
    """Run with the server's environment: delete the tables whose ids come on stdin."""
    import django

    django.setup()
    from games.models import Table

    ids = json.load(sys.stdin)
    deleted = 0
    for start in range(0, len(ids), 500):
        deleted += Table.objects.filter(pk__in=ids[start : start + 500]).delete()[0]
    sys.stdout.write(f"BENCH-JSON:{deleted}\n")


def delete_tables(site: ProdSite, ids: set[int]) -> None:
    env = dict(site.env, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", "from tests.bench.bench_production import _cleanup_main as m; m()"],
        cwd=REPO,
        env=env,
        input=json.dumps(sorted(ids)),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        print(f"  (as mesas não foram apagadas: {done.stderr[-800:]})")


@contextlib.contextmanager
def daphnes(site: ProdSite, count: int, name: str, sweeper: bool):
    env = dict(site.env, GAMES_SWEEPER="1" if sweeper else "0")
    with contextlib.ExitStack() as stack:
        yield [
            stack.enter_context(live.Server(env, site.workdir, f"{name}-{i}")) for i in range(count)
        ]


def start_bench(site: ProdSite, procs: list[live.Server], think: float, seed: int) -> ProdBench:
    bench = ProdBench(procs, live.Database(site.env), think, seed)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    live._parsed.clear()
    live.PARSE_COUNTS.update(dict.fromkeys(live.PARSE_COUNTS, 0))
    return bench


def finish(site: ProdSite, bench: ProdBench, procs: list[live.Server], result: dict) -> list[str]:
    """The checks of bench_live: the client's errors, daphne's logs, the log of every table."""
    problems = [line for s in procs for line in s.problems()]
    bench.db.close()
    bench.db = live.Database(site.env)
    try:
        lost = live.verify(bench)
        seat_problems, robot_moves = live.verify_seats(bench, result["robots_expected"])
    finally:
        bench.db.close()
    lost += seat_problems
    result.update(errors=bench.errors, log_problems=lost, daphne_problems=problems)
    result["robot_moves_logged"] = robot_moves
    return lost


def assert_clean(result: dict) -> None:
    bench = result["bench"]
    for title in ("errors", "log_problems", "daphne_problems"):
        for line in result[title][:10]:
            print(f"  {title}: {line}")
    assert not result["errors"], "\n".join(result["errors"][:30])
    assert not result["daphne_problems"], "\n".join(result["daphne_problems"][:30])
    assert not result["log_problems"], "\n".join(result["log_problems"][:30])
    acked = sum(len(v) for v in bench.acked.values())
    assert acked == bench.sent and acked > 0, (acked, bench.sent)


# -- the mixed load --------------------------------------------------------------------------------


async def mixed(site: ProdSite, procs: list[live.Server], tables: int, think: float) -> dict:
    counts = table_counts(tables, MIX)
    ports = [s.port for s in procs]
    users = iter(site.users)
    plan: list[tuple[Part, list[dict[str, Any]], int]] = []  # (part, people, table id)
    for key, n in counts.items():
        part = PARTS[key]
        people = [[next(users) for _ in range(part.people)] for _ in range(n)]
        ids = open_tables(site, part, people)
        plan += [(part, mine, table_id) for mine, table_id in zip(people, ids, strict=True)]
    bench = start_bench(site, procs, think, live.SEED + tables + 12)
    part_of: dict[int, str] = {}
    players: list[ProdPlayer] = []
    echoes: list[ProdEcho] = []
    for load, (part, people, table_id) in enumerate(plan):
        part_of[load] = part.key
        bench.tables.add(table_id)
        bench.part_of_table[table_id] = part.key
        mine = [ports[k % len(ports)] for k in range(len(people))]
        players += [
            ProdPlayer(
                bench,
                load,
                u,
                table_id,
                k == 0,
                port=mine[k],
                part=part.key,
                role=f"player:{part.key}",
            )
            for k, u in enumerate(people)
        ]
        echoes.append(ProdEcho(bench, load, people, len(people), mine))
    sockets = len(players)
    try:
        rss0 = [live.rss_kib(s.pid) for s in procs]
        started = time.perf_counter()
        assert all(await live.gather_limited([e.connect() for e in echoes])), bench.errors[:20]
        rss1 = [live.rss_kib(s.pid) for s in procs]
        assert all(await live.gather_limited([p.connect() for p in players])), bench.errors[:20]
        rss2 = [live.rss_kib(s.pid) for s in procs]
        connect_seconds = time.perf_counter() - started
        echo = ProdPhase("eco", len(plan), part_of)
        await measure(bench, echo, [e.run() for e in echoes], WARMUP, SECONDS, count_log=False)
        await live.close_floor(echoes)
        game = ProdPhase("mesa", len(plan), part_of)
        await measure(bench, game, [p.run() for p in players], WARMUP, SECONDS, count_log=True)
        await live.drain(players)
        await live.gather_limited([p.close() for p in players], limit=256)
    finally:
        bench.db.close()
    return {
        "scenario": f"mista-{len(procs)}p",
        "title": f"Carga mista · {len(procs)} processo(s) daphne",
        "processes": len(procs),
        "tables": len(plan),
        "counts": counts,
        "sockets": sockets,
        "think": think,
        "game": game,
        "echo": echo,
        "bench": bench,
        "connect_seconds": connect_seconds,
        "rss0_mib": sum(rss0) / 1024,
        "kib_per_table_socket": (sum(rss2) - sum(rss1)) / sockets,
        "kib_per_echo_socket": (sum(rss1) - sum(rss0)) / sockets,
        "robots_expected": any(PARTS[k].robot_seats for k in counts),
    }


def run_mixed(site: ProdSite, processes: int) -> dict:
    sweeper = any(PARTS[k].robot_seats for k in MIX)
    with daphnes(site, processes, f"mista-{processes}p", sweeper) as procs:
        result = asyncio.run(mixed(site, procs, TABLES, THINK))
        finish(site, result["bench"], procs, result)
    delete_tables(site, result["bench"].tables)
    report_mixed(result)
    site.results.append(result)
    return result


def _q(values: list[float]) -> tuple[float, float, float]:
    return tuple(live.percentile(values, p) for p in (50, 95, 99))  # type: ignore[return-value]


def mixed_rows(result: dict) -> list[dict[str, Any]]:
    """One row per part and the overall one: the figures the summary prints and saves."""
    game: ProdPhase = result["game"]
    echo: ProdPhase = result["echo"]
    seconds = game.end - game.start
    rows = []
    for key, n in result["counts"].items():
        part = PARTS[key]
        trips = game.part_window(key)
        moves, robots = game.logged_by_part.get(key, (0, 0))
        size = game.bytes_by_role.get(f"player:{key}", 0)
        p50, p95, p99 = _q(trips)
        e50, e95, e99 = _q(echo.part_window(key))
        rows.append(
            {
                "key": key,
                "title": part.title,
                "tables": n,
                "sockets": n * part.people,
                "rate": len(trips) / seconds,
                "logged_rate": moves / seconds,
                "robot_rate": robots / seconds,
                "p50_ms": p50 * 1000,
                "p95_ms": p95 * 1000,
                "p99_ms": p99 * 1000,
                "echo_p95_ms": e95 * 1000,
                "bytes_socket": size / moves / part.people if moves else float("nan"),
            }
        )
    p50, p95, p99 = _q(game.in_window)
    e50, e95, e99 = _q(echo.in_window)
    total_size = sum(v for k, v in game.bytes_by_role.items() if k.startswith("player:"))
    socket_moves = sum(
        game.logged_by_part.get(k, (0, 0))[0] * PARTS[k].people for k in result["counts"]
    )
    rows.append(
        {
            "key": "total",
            "title": "todas",
            "tables": result["tables"],
            "sockets": result["sockets"],
            "rate": game.rate,
            "logged_rate": game.all_rate,
            "robot_rate": (game.robot_moves or 0) / seconds,
            "p50_ms": p50 * 1000,
            "p95_ms": p95 * 1000,
            "p99_ms": p99 * 1000,
            "echo_p50_ms": e50 * 1000,
            "echo_p95_ms": e95 * 1000,
            "echo_p99_ms": e99 * 1000,
            "echo_rate": echo.rate,
            "bytes_socket": total_size / socket_moves if socket_moves else float("nan"),
        }
    )
    return rows


def cpu_rows(game: ProdPhase, echo: ProdPhase) -> list[tuple[str, str, str]]:
    def per(phase: ProdPhase, spent: float | None) -> str:
        ops = phase.ops
        return live._fmt(spent / ops * 1000, 2) if spent is not None and ops else "—"

    return [
        ("CPU do(s) daphne por jogada (ms)", per(game, game.server_cpu),
         per(echo, echo.server_cpu)),
        (
            "  por processo (% de uma CPU)",
            " + ".join(f"{c / (game.end - game.start) * 100:.0f}" for c in game.server_cpus),
            " + ".join(f"{c / (echo.end - echo.start) * 100:.0f}" for c in echo.server_cpus),
        ),
        ("CPU PostgreSQL+Redis por jogada (ms)", per(game, game.backend_cpu),
         per(echo, echo.backend_cpu)),
        ("CPU do cliente por jogada (ms)", per(game, game.client_cpu), per(echo, echo.client_cpu)),
        ("resto da máquina (% de uma CPU)", f"{game.others_cpu_percent:.0f}",
         f"{echo.others_cpu_percent:.0f}"),
    ]  # fmt: skip


def report_mixed(result: dict) -> None:
    game, echo, bench = result["game"], result["echo"], result["bench"]
    print(
        f"\n{result['title']} · PostgreSQL + Redis: {result['tables']} mesas, "
        f"{result['sockets']} sockets de pessoas (+ {result['sockets']} de eco), cada pessoa joga "
        f"~{result['think']:g} s depois que chega a sua vez; janela {game.end - game.start:.0f} s "
        f"depois de {game.warmup:.1f} s (eco: {echo.warmup:.1f} s)"
    )
    print(
        f"  {'mesa':36}{'mesas':>6}{'sockets':>8}{'jog/s':>7}{'log/s':>7}{'p50':>9}{'p95':>9}"
        f"{'p99':>9}{'eco p95':>9}{'B/jog/sock':>11}"
    )
    for row in mixed_rows(result):
        print(
            f"  {row['title']:36}{row['tables']:>6}{row['sockets']:>8}{row['rate']:>7.1f}"
            f"{row['logged_rate']:>7.1f}{live._fmt(row['p50_ms']):>9}{live._fmt(row['p95_ms']):>9}"
            f"{live._fmt(row['p99_ms']):>9}{live._fmt(row['echo_p95_ms']):>9}"
            f"{live._fmt(row['bytes_socket'], 0):>11}"
        )
    e50, e95, e99 = _q(echo.in_window)
    print(
        f"  eco (piso), as mesmas {result['sockets']} conexões no mesmo ritmo: {echo.rate:.1f} "
        f"mensagens/s, p50 {live.ms(e50)} · p95 {live.ms(e95)} · p99 {live.ms(e99)} ms; meta da "
        f"mesa: p95 ≤ {TARGET_P95_MS} ms"
    )
    print(f"  {'':38}{'mesa':>14}{'eco (piso)':>14}")
    for label, left, right in cpu_rows(game, echo):
        print(f"  {label:38}{left:>14}{right:>14}")
    print(
        f"  memória por socket: mesa {result['kib_per_table_socket']:.1f} KiB, eco "
        f"{result['kib_per_echo_socket']:.1f} KiB (daphne {result['rss0_mib']:.0f} MiB antes); "
        f"sockets abertos em {result['connect_seconds']:.1f} s"
    )
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > live.BUSY_MACHINE_PERCENT:
        print(
            f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela (outro "
            "processo?): estas figuras medem também essa disputa"
        )
    print(
        f"  jogadas enviadas {bench.sent}, confirmadas {sum(len(v) for v in bench.acked.values())}"
        f"; jogadas de robôs no log {result['robot_moves_logged']}; partidas terminadas "
        f"{bench.games_finished}; mesas jogadas {len(bench.tables)}; adiadas pelo limite do socket "
        f"{bench.paced}; log conferido: {len(result['log_problems'])} problema(s); daphne: "
        f"{len(result['daphne_problems'])} erro(s)"
    )


@pytest.mark.parametrize("processes", PROCESSES)
def test_mixed_load(prod_site, processes):
    """The four games mixed at human pace, on one daphne process or on two."""
    if TABLES <= 0:
        pytest.skip("BENCH_PROD_TABLES=0")
    result = run_mixed(prod_site, processes)
    assert_clean(result)


# -- a table with a thousand spectators ------------------------------------------------------------


async def watched(site: ProdSite, procs: list[live.Server], spectators: int, think: float) -> dict:
    part = PARTS[SPECTATOR_GAME]
    people, watchers = site.users[: part.people], site.users[part.people : part.people + spectators]
    (table_id,) = open_tables(site, part, [people])
    bench = start_bench(site, procs, think, live.SEED + spectators + 13)
    bench.tables.add(table_id)
    port = procs[0].port
    players = [
        ProdPlayer(bench, k, u, table_id, k == 0, port=port, part=part.key, track=True)
        for k, u in enumerate(people)
    ]
    crowd = [Watcher(bench, u, port, table_id) for u in watchers]
    try:
        rss0 = live.rss_kib(procs[0].pid)
        started = time.perf_counter()
        # The spectators first: the players' sockets are the last of the table's group.
        assert all(await live.gather_limited([c.connect() for c in crowd])), bench.errors[:20]
        rss1 = live.rss_kib(procs[0].pid)
        assert all(await live.gather_limited([p.connect() for p in players])), bench.errors[:20]
        connect_seconds = time.perf_counter() - started
        echo = ProdPhase("eco", 1, {0: part.key})
        pair = ProdEcho(
            bench, 0, [*people, *watchers], len(people), [port] * (len(people) + spectators)
        )
        assert await pair.connect(), bench.errors[:20]
        await measure(bench, echo, [pair.run()], WARMUP, SPECTATOR_SECONDS, count_log=False)
        await pair.close()
        game = ProdPhase("mesa", len(players), dict.fromkeys(range(len(players)), part.key))
        game.sockets_by_role = {"player": len(people), "spectator": spectators}
        until: list[int] = []
        crowd_done = asyncio.gather(*(c.run(until) for c in crowd))
        await measure(bench, game, [p.run() for p in players], WARMUP, SPECTATOR_SECONDS, True)
        await live.drain(players)
        until.append(max(p.view.version for p in players if p.view is not None))
        await asyncio.wait_for(crowd_done, live.ACK_TIMEOUT)
        await live.gather_limited([p.close() for p in players], limit=256)
        await live.gather_limited([c.close() for c in crowd], limit=256)
    finally:
        bench.db.close()
    # Each acknowledged move of the window: when the others seated, and the last spectator, saw it
    # (a player's load is its index: the mover is known).
    # Also the order, which a busy machine does not blur as it does the times: how many spectators
    # had the move before the last of the other seated people.
    others, last_spectator, missing, ahead = [], [], 0, []
    for moved_table, shown, sent, mover in bench.moves:
        if not game.start <= sent < game.end:
            continue
        seen = [p.seen_at(moved_table, shown) for p in players if p.load != mover]
        others += [at - sent for at in seen if at is not None]
        watched_at = [c.seen_at(moved_table, shown) for c in crowd]
        if any(at is None for at in watched_at):
            missing += 1
        elif watched_at:
            last_spectator.append(max(watched_at) - sent)
            if seen and None not in seen:
                ahead.append(sum(at < max(seen) for at in watched_at))
    everyone = len(players) + len(crowd)
    return {
        "scenario": "espectadores",
        "title": f"{part.title} com {spectators} espectadores",
        "processes": 1,
        "tables": 1,
        "sockets": everyone,
        "spectators": spectators,
        "think": think,
        "game": game,
        "echo": echo,
        "bench": bench,
        "others_ms": [v * 1000 for v in others],
        "spectators_ms": [v * 1000 for v in last_spectator],
        "spectator_missing": missing,
        "spectators_ahead": ahead,
        "connect_seconds": connect_seconds,
        "kib_per_spectator_socket": (rss1 - rss0) / spectators,
        "robots_expected": False,
    }


def report_watched(result: dict) -> None:
    game, echo, bench = result["game"], result["echo"], result["bench"]
    g = _q(game.in_window)
    e = _q(echo.in_window)
    o = _q(result["others_ms"])
    s = _q(result["spectators_ms"])
    print(
        f"\n{result['title']} · PostgreSQL + Redis, um processo: os espectadores conectam antes "
        f"dos jogadores; cada jogador joga ~{result['think']:g} s depois da sua vez; janela "
        f"{game.end - game.start:.0f} s, {len(game.in_window)} jogadas"
    )
    print(f"  {'(ms)':44}{'p50':>8}{'p95':>8}{'p99':>8}")
    print(f"  {'ida e volta de quem joga':44}" + "".join(f"{live.ms(v):>8}" for v in g))
    print(
        f"  {'entrega aos outros jogadores da mesa':44}" + "".join(f"{live._fmt(v):>8}" for v in o)
    )
    print(f"  {'entrega ao último espectador':44}" + "".join(f"{live._fmt(v):>8}" for v in s))
    print(f"  {'eco (piso), mesmas conexões e ritmo':44}" + "".join(f"{live.ms(v):>8}" for v in e))
    ahead = result["spectators_ahead"]
    a50, a95 = (live._fmt(live.percentile(ahead, p), 0) for p in (50, 95))
    print(
        f"  espectadores que receberam a jogada antes dos outros jogadores: mediana {a50}, p95 "
        f"{a95} de {result['spectators']} ({len(ahead)} jogadas)"
    )
    print(f"  {'':38}{'mesa':>14}{'eco (piso)':>14}")
    for label, left, right in cpu_rows(game, echo)[:1] + cpu_rows(game, echo)[2:]:
        print(f"  {label:38}{left:>14}{right:>14}")
    print(
        f"  bytes por jogada: por socket de jogador {live._fmt(game.bytes_per_socket('player'), 0)}"
        f", por socket de espectador {live._fmt(game.bytes_per_socket('spectator'), 0)}; memória "
        f"por espectador {result['kib_per_spectator_socket']:.1f} KiB; jogadas em que algum "
        f"espectador não viu a versão: {result['spectator_missing']}; meta: ida e volta p95 ≤ "
        f"{TARGET_P95_MS} ms"
    )
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > live.BUSY_MACHINE_PERCENT:
        print(f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela")
    print(
        f"  jogadas enviadas {bench.sent}, confirmadas {sum(len(v) for v in bench.acked.values())}"
        f"; log conferido: {len(result['log_problems'])} problema(s); daphne: "
        f"{len(result['daphne_problems'])} erro(s)"
    )


def test_spectators(prod_site):
    """One table and its thousand spectators: the players' round trip, the spectators' delivery."""
    if SPECTATORS <= 0:
        pytest.skip("BENCH_PROD_SPECTATORS=0")
    with daphnes(prod_site, 1, "espectadores", sweeper=False) as procs:
        result = asyncio.run(watched(prod_site, procs, SPECTATORS, SPECTATOR_THINK))
        finish(prod_site, result["bench"], procs, result)
    delete_tables(prod_site, result["bench"].tables)
    report_watched(result)
    prod_site.results.append(result)
    assert_clean(result)
    assert not result["spectator_missing"]


# -- the summary -----------------------------------------------------------------------------------


def figures(result: dict) -> dict[str, Any]:
    game, echo = result["game"], result["echo"]
    out: dict[str, Any] = {
        "title": result["title"],
        "processes": result["processes"],
        "tables": result["tables"],
        "sockets": result["sockets"],
        "think": result["think"],
        "game": game.figures(),
        "echo": echo.figures(),
        "server_cpu_percent": [c / (game.end - game.start) * 100 for c in game.server_cpus],
        "errors": len(result["errors"]) + len(result["log_problems"]),
    }
    if result["scenario"].startswith("mista"):
        out["rows"] = mixed_rows(result)
    else:
        out["others_p95_ms"] = live.percentile(result["others_ms"], 95)
        out["spectators_p50_ms"] = live.percentile(result["spectators_ms"], 50)
        out["spectators_p95_ms"] = live.percentile(result["spectators_ms"], 95)
        out["spectators_ahead_median"] = live.percentile(result["spectators_ahead"], 50)
    return out


def print_summary(site: ProdSite) -> None:
    if not site.results:
        return
    print(
        f"\nResumo — produção · {site.label} · servidor "
        f"{live.describe_checkout(live.SERVER_REPO)} · {os.cpu_count()} CPUs (cliente, daphne, "
        "PostgreSQL e Redis dividem as mesmas CPUs)"
    )
    head = f"{'cenário':44}{'jog/s':>7}{'log/s':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'eco p95':>9}"
    print(f"  {head}{'CPU/jog':>8}{'B/jog/sock':>11}{'erros':>6}")
    for r in site.results:
        f = figures(r)
        g, e = f["game"], f["echo"]
        if "rows" in f:
            total = f["rows"][-1]
            print(
                f"  {r['title'] + ' · ' + str(r['tables']) + ' mesas':44}{g['rate']:>7.1f}"
                f"{live._fmt(g['all_rate']):>7}{live._fmt(g['p50_ms']):>9}"
                f"{live._fmt(g['p95_ms']):>9}{live._fmt(g['p99_ms']):>9}"
                f"{live._fmt(e['p95_ms']):>9}{live._fmt(g['server_cpu_ms'], 2):>8}"
                f"{live._fmt(total['bytes_socket'], 0):>11}{f['errors']:>6}"
            )
        else:
            print(
                f"  {r['title']:44}{g['rate']:>7.1f}{live._fmt(g['all_rate']):>7}"
                f"{live._fmt(g['p50_ms']):>9}{live._fmt(g['p95_ms']):>9}"
                f"{live._fmt(g['p99_ms']):>9}{live._fmt(e['p95_ms']):>9}"
                f"{live._fmt(g['server_cpu_ms'], 2):>8}"
                f"{live._fmt(g['bytes_spectator_socket'], 0):>11}{f['errors']:>6}"
            )
            print(
                f"  {'  entrega: outros jogadores p95 · último espectador p50/p95':44}"
                f"{live._fmt(f['others_p95_ms']):>7} · {live._fmt(f['spectators_p50_ms'])}"
                f" / {live._fmt(f['spectators_p95_ms'])} ms; espectadores servidos antes dos "
                f"jogadores (mediana) {live._fmt(f['spectators_ahead_median'], 0)}"
            )
    one = next((r for r in site.results if r["scenario"] == "mista-1p"), None)
    two = next((r for r in site.results if r["scenario"] == "mista-2p"), None)
    if one and two:
        a, b = one["game"].figures(), two["game"].figures()
        print(
            f"  o segundo processo, à mesma carga: p95 {live._fmt(a['p95_ms'])} -> "
            f"{live._fmt(b['p95_ms'])} ms, p99 {live._fmt(a['p99_ms'])} -> "
            f"{live._fmt(b['p99_ms'])} ms, CPU dos daphne por jogada "
            f"{live._fmt(a['server_cpu_ms'], 2)} -> {live._fmt(b['server_cpu_ms'], 2)} ms "
            f"(com {os.cpu_count()} CPUs para tudo, o segundo processo não traz CPU nova: só tira "
            "a fila de um único laço de eventos; numa máquina com mais núcleos ele soma os seus)"
        )


def save(site: ProdSite, path: Path) -> None:
    path.write_text(
        json.dumps(
            {
                "server": live.describe_checkout(live.SERVER_REPO),
                "cpus": os.cpu_count(),
                "label": site.label,
                "results": {r["scenario"]: figures(r) for r in site.results},
            },
            indent=2,
            allow_nan=True,
        )
        + "\n"
    )
