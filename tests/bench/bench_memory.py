"""Memory of one daphne process (`make bench`, issue #12): after many sockets opened and closed,
and with many idle sockets open.

One real daphne (`python -m config.serve`, as production starts it, serving
tests/bench/live_asgi.py with its memory probe on) on the embedded default (SQLite + the
in-memory layer) and on PostgreSQL + Redis (the production shape; DATABASE_URL and REDIS_URL
when both are set, else throwaway servers from tests/servers.py). The tables are mixed across the
four games (Bozó duels, Dominó in pairs, Dozito and Yam's around a table), started by the
services; the clients are logged-in people, each with their own session. Server and client code
come from the live-tables benchmark (tests/bench/live/).

- churn: RSS idle (after the start and one table socket at each game's table), then WAVES
  waves of WAVE table sockets opened at once across the tables (every seat's person, the rest
  spectators), each reading its first frame, one move at each table (acknowledged, its row
  checked in the log), then all closed: RSS after the last close, once the server has handled
  every close (polled), after a pause more (the seats' grace to be marked away,
  GAMES_AWAY_SECONDS), and what the process then holds (the probe: glibc's heap, pymalloc's
  arenas, the objects by type, the channel layer's per-channel state, the process's
  registries), before and after glibc's malloc_trim(0) in the probe.
- idle: a fresh daphne started with the soft open-files limit at 1,024 (the default of a shell
  or of systemd without LimitNOFILE): config/serve.py raises it to the hard limit; then IDLE
  table sockets opened and left open, each reading its first frame: the handshake rate, the
  refused handshakes (none expected), and the memory per socket (RSS with them open minus
  idle, divided by their number).

Figures are printed, never asserted; what is asserted is correctness (every socket gets its
first frame, every move is acknowledged and in the log, no error in daphne's log).

Measured on this 2-core machine, shared with other runs, 8 waves of 1,000 sockets at 100 tables
(RSS idle -> after every close and 20 s), before the fixes (f1fb67a) and after:
- SQLite + in-memory layer: 86.6 -> 181.1 MiB (+109%) before; 94.0 -> 155.3 MiB (+65%) after,
  148.6 MiB (+58%) after one more malloc_trim(0).
- PostgreSQL + Redis: 99.6 -> 209.8 MiB (+111%) before; 101.7 -> 171.3 MiB (+68%) after, 166.7
  MiB (+64%) after one more malloc_trim(0).
What stayed, before: every closed socket's queue in the in-memory layer (1,000 at a time until a
sweep), channels-redis's buffers of closed channels (781), the last renders of every table (208
renders, 21,574 partials), a Redis connection of the cache per socket (8,612 for 8,593 sockets),
the presence entries of consumers daphne killed on a slow close. After the fixes the objects in
use come back to within some 6-9 MiB of idle (pymalloc's in use 41.4 -> 44.1 MiB, glibc's 18.0
-> 21.0 MiB on SQLite; 44.2 -> 50.7 and 19.1 -> 21.6 on PostgreSQL + Redis); the rest is free
memory the allocators keep: pymalloc's 1 MiB arenas are given back only when wholly empty (103 of
them mapped for 50.7 MiB in use), and glibc keeps 34 MiB free in its arenas of which
malloc_trim gives some back. Neither PYTHONMALLOC=malloc (+50% after a trim, glibc then keeps 88
MiB free) nor MALLOC_ARENA_MAX=2 (+66%) comes within 20%. 10,000 idle sockets on PostgreSQL +
Redis: all opened, none refused, 81 handshakes a second (32 at once), 50.4 KiB a socket (58.6
KiB, and 34 refused at a hard limit of 20,000 open files, while each socket held a Redis
connection); on SQLite + in-memory layer 46.5 KiB a socket, 126 handshakes a second. Both
backends, churn and idle: about 12 minutes.

Environment:
    BENCH_MEMORY_BACKENDS=embedded,postgres   which backends to measure
    BENCH_MEMORY_WAVES=8  BENCH_MEMORY_WAVE=1000   churn: waves of sockets opened and closed
    BENCH_MEMORY_TABLES=100   tables (a quarter of each game)
    BENCH_MEMORY_IDLE=10000   idle sockets open at once (0: no idle scenario)
    BENCH_MEMORY_PAUSE=20     seconds waited once every close was handled
    BENCH_MEMORY_TRACE=N      run daphne under tracemalloc (N frames) and print the Python
                              allocations that grew over the churn, by file:line (slow)
    BENCH_MEMORY_SERVER_ENV="MALLOC_ARENA_MAX=4,..."  extra variables for daphne (experiments)
    BENCH_LIVE_KEEP=1         keep the temporary directory (database, daphne's logs)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests import servers
from tests.bench.live.client import Bench, gather_limited
from tests.bench.live.config import (
    ACK_TIMEOUT,
    BACKEND_NAMES,
    CONNECT_AT_ONCE,
    DOMINO,
    DOZITO,
    IN_CI,
    SEED,
    SERVER_REPO,
    YAMS,
    TableKind,
)
from tests.bench.live.database import Database, run_setup
from tests.bench.live.measure import rss_kib
from tests.bench.live.page import Page
from tests.bench.live.player import Player
from tests.bench.live.server import Server, describe_checkout, server_env
from tests.bench.live.verify import verify

BACKENDS = [
    b.strip()
    for b in os.environ.get("BENCH_MEMORY_BACKENDS", "embedded,postgres").split(",")
    if b.strip()
]
WAVES = int(os.environ.get("BENCH_MEMORY_WAVES", "8"))
WAVE = int(os.environ.get("BENCH_MEMORY_WAVE", "1000"))
TABLES = max(4, int(os.environ.get("BENCH_MEMORY_TABLES", "100")) // 4 * 4)
IDLE = int(os.environ.get("BENCH_MEMORY_IDLE", "10000"))
PAUSE = float(os.environ.get("BENCH_MEMORY_PAUSE", "20"))
TRACE = int(os.environ.get("BENCH_MEMORY_TRACE", "0") or 0)
SERVER_ENV = dict(
    item.strip().split("=", 1)
    for item in os.environ.get("BENCH_MEMORY_SERVER_ENV", "").split(",")
    if "=" in item
)
DEFAULT_SOFT_LIMIT = 1024  # open files: a shell's or systemd's default soft limit
CLIENT_FILES = 65536  # what the client side wants for itself (up to its hard limit)
BOZO = TableKind("bozo", "Bozó", "bozo", "duelo", 2, {}, 0, op="tables")
KINDS = (BOZO, DOMINO, DOZITO, YAMS)
SPECTATORS = max(0, WAVE - sum(k.seats for k in KINDS) * TABLES // 4)  # per wave


@dataclass
class MemorySite:
    env: dict[str, str]
    workdir: Path
    backend: str
    label: str
    seated: list[tuple[int, list[dict[str, Any]]]]  # (table, the people in its seats)
    spectators: list[dict[str, Any]]  # people seated nowhere
    servers_dir: Path | None = None


FIGURES: list[tuple[str, str, str]] = []  # (backend, figure, value)


def figure(site: MemorySite, name: str, value: str) -> None:
    FIGURES.append((site.label, name, value))
    print(f"  {name}: {value}")


@pytest.fixture(scope="module")
def summary():
    yield
    if FIGURES:
        print("\n== Memória de um processo daphne ==")
        for label, name, value in FIGURES:
            print(f"  [{label}] {name}: {value}")


def raise_own_files_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CLIENT_FILES if hard == resource.RLIM_INFINITY else min(hard, CLIENT_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


@pytest.fixture(scope="module", params=BACKENDS)
def memory_site(request, summary):
    backend = request.param
    raise_own_files_limit()
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-memory-{backend}-"))
    env = server_env(workdir)
    env["BENCH_MEMORY_PROBE"] = "1"
    env.update(SERVER_ENV)
    servers_dir = None
    with contextlib.ExitStack() as stack:
        if not keep:
            stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        else:
            print(f"\nBENCH_LIVE_KEEP: banco e registros do daphne ficam em {workdir}")
        if backend == "embedded":
            env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
        elif os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"):
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
            env["REDIS_URL"] = os.environ["REDIS_URL"]
        else:
            lacks = servers.missing()
            if lacks:
                why = f"falta {', '.join(lacks)} (e DATABASE_URL/REDIS_URL não estão definidos)"
                if IN_CI:
                    pytest.fail(f"PostgreSQL + Redis: {why}")
                pytest.skip(f"PostgreSQL + Redis não medido: {why}")
            servers_dir = workdir / "servers"
            database_url, redis_url = stack.enter_context(servers.postgres_and_redis(servers_dir))
            env["DATABASE_URL"], env["REDIS_URL"] = database_url, redis_url
        label = BACKEND_NAMES[backend]
        started = time.perf_counter()
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=SERVER_REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert migrate.returncode == 0, migrate.stderr[-4000:]
        per_kind = TABLES // 4
        seated_count = per_kind * sum(k.seats for k in KINDS)
        people = run_setup(
            env,
            {
                "op": "users",
                "count": seated_count + max(SPECTATORS, 1),
                "prefix": "mm" + secrets.token_hex(3),
            },
        )
        seated: list[tuple[int, list[dict[str, Any]]]] = []
        at = 0
        for kind in KINDS:
            groups = [
                people[at + i * kind.seats : at + (i + 1) * kind.seats] for i in range(per_kind)
            ]
            at += per_kind * kind.seats
            if kind.op == "tables":
                request_ = {"op": "tables", "pairs": [[g[0]["id"], g[1]["id"]] for g in groups]}
            else:
                request_ = {
                    "op": kind.op,
                    "game": kind.game,
                    "mode": kind.mode,
                    "options": kind.options,
                    "tables": [{"seats": [p["id"] for p in g]} for g in groups],
                }
            table_ids = run_setup(env, request_)
            seated += list(zip(table_ids, groups, strict=True))
        print(
            f"\nMemória: servidor {describe_checkout(SERVER_REPO)}; banco {label}; "
            f"{len(seated)} mesas, {len(people)} pessoas em {time.perf_counter() - started:.1f} s"
        )
        yield MemorySite(
            env=env,
            workdir=workdir,
            backend=backend,
            label=label,
            seated=seated,
            spectators=people[seated_count:],
            servers_dir=servers_dir,
        )


# -- the server's side ----------------------------------------------------------------------------


@contextlib.contextmanager
def daphne(site: MemorySite, name: str, soft_files: int | None = None):
    """A fresh daphne; with `soft_files`, started with that soft open-files limit (the child
    inherits this process's limit at its start; ours is put back at once)."""
    env = dict(site.env)
    if TRACE:
        env["PYTHONTRACEMALLOC"] = str(TRACE)
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft_files is not None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft_files, before[1]))
    try:
        server = Server(env, site.workdir, name)
        server.__enter__()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)
    try:
        yield server
    finally:
        server.__exit__(None, None, None)


def probe(server: Server, **query: str) -> dict[str, Any]:
    """What the process holds now (tests/bench/live_asgi.py's memory probe)."""
    url = f"http://127.0.0.1:{server.port}/_bench/memoria/"
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    with urllib.request.urlopen(url, timeout=120) as answer:  # noqa: S310 - our own server
        return json.load(answer)


async def settled(server: Server, timeout: float = 300, still: float = 10) -> float:
    """Wait until the server has handled every close (each logged-in socket's presence entry
    forgotten), or until that count has not moved for `still` seconds; returns the seconds."""
    started = time.perf_counter()
    last, since = None, started
    while time.perf_counter() - started < timeout:
        here = (await asyncio.to_thread(probe, server, quick="1"))["presence_here"]
        if here == 0:
            break
        if here != last:
            last, since = here, time.perf_counter()
        elif time.perf_counter() - since >= still:
            break
        await asyncio.sleep(1)
    return time.perf_counter() - started


def files_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return f"{soft} (máximo {hard})"
    return "?"


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def heap_text(found: dict[str, Any]) -> str:
    heap, py = found["heap"], found["pymalloc"]
    return (
        f"RSS {mib(found['rss_kib'])}; heap da glibc: {heap['arena'] / 2**20:.1f} MiB em arenas "
        f"({heap['uordblks'] / 2**20:.1f} em uso, {heap['fordblks'] / 2**20:.1f} livres), "
        f"{heap['hblkhd'] / 2**20:.1f} MiB em mmap; pymalloc: {py['arena_bytes'] / 2**20:.1f} MiB "
        f"em {py['arenas']} arenas ({py['used_bytes'] / 2**20:.1f} em uso); "
        f"{found['gc_objects']} objetos do gc"
        + (f"; tracemalloc {found['traced_kib'] / 1024:.1f} MiB" if "traced_kib" in found else "")
    )


def registries(found: dict[str, Any]) -> str:
    keys = ("layer", "queues", "receivers", "receive_buffer", "channels", "groups")
    keys += ("group_members", "snapshots", "renders", "presence_here")
    return ", ".join(f"{k}={found[k]}" for k in keys if k in found)


def grown_types(before: dict[str, Any], after: dict[str, Any], limit: int = 8) -> str:
    old = dict(before["top_types"])
    grown = [(name, count - old.get(name, 0)) for name, count in after["top_types"]]
    grown = sorted((g for g in grown if g[1] > 0), key=lambda g: -g[1])[:limit]
    return ", ".join(f"{name} +{count}" for name, count in grown) or "nenhum"


# -- the clients ----------------------------------------------------------------------------------


RETRIES: dict[str, int] = {"handshakes": 0}  # handshakes that failed once and were made again
ATTEMPTS = 3  # a page reconnects by itself; on a loaded machine a handshake may time out


async def watch(bench: Bench, table_id: int, person: dict[str, Any]):
    """A spectator's socket that reads its first frame (no page model: it only watches)."""
    for attempt in range(ATTEMPTS):
        ws = None
        try:
            ws = await bench.open(f"/ws/mesa/{table_id}/", person["session"])
            async with asyncio.timeout(ACK_TIMEOUT):
                first = await ws.recv()
            if not isinstance(first, str) or "mesa-status" not in first:
                bench.error(f"mesa {table_id}: primeira mensagem do espectador sem #mesa-status")
            return ws
        except Exception as error:
            if ws is not None:
                with contextlib.suppress(Exception):
                    await ws.close()
            if attempt == ATTEMPTS - 1:
                bench.error(f"mesa {table_id}: espectador não abriu: {error!r}")
                return None
            RETRIES["handshakes"] += 1
            await asyncio.sleep(1 + attempt)
    return None


async def sit(player: Player) -> bool:
    """A seated person's socket (the page model of bench_live's Player), made again on a failed
    handshake as a page would."""
    bench = player.bench
    for attempt in range(ATTEMPTS):
        player.page, player.view, player.protocol = Page(), None, ""
        player.chars_in = player.chars_acked = 0
        try:
            player.ws = await bench.open(f"/ws/mesa/{player.table_id}/", player.user["session"])
            _, player.view, _ = await player.receive(ACK_TIMEOUT)
            if player.view is None:
                bench.error(f"mesa {player.table_id}: primeira mensagem sem #mesa-status")
                return False
            return True
        except Exception as error:
            await player.close()
            if attempt == ATTEMPTS - 1:
                bench.error(f"mesa {player.table_id}: conexão falhou: {error!r}")
                return False
            RETRIES["handshakes"] += 1
            await asyncio.sleep(1 + attempt)
    return False


async def move_once(bench: Bench, players: list[Player]) -> None:
    """The person on turn at one table moves once; the move's view comes back to them."""
    loop = asyncio.get_running_loop()
    mover = next((p for p in players if p.view is not None and p.view.actions), None)
    if mover is None:
        return
    for _ in range(3):  # a frame already on its way (another socket's arrival) may come first
        pending = await mover.send("move", loop.time())
        deadline = loop.time() + ACK_TIMEOUT
        while True:
            received, view, _ = await mover.receive(max(deadline - loop.time(), 0.001))
            if view is None:
                continue
            mover.view = view
            # A seat's presence (a person arriving, or marked away after the last wave) moves
            # the version too: the move's own view is the first one its row is in the log for.
            if view.version > pending.version and bench.db.action_version(
                mover.table_id, pending.cid
            ):
                bench.acknowledged(0, mover.table_id, pending, view.version, received)
                return
            if view.notice and view.notice[0] in ("error", "warning"):
                break  # stale: the page moved on before the move; try on the new view
    bench.error(f"mesa {mover.table_id}: jogada recusada três vezes")


async def close_all(players: list[Player], watchers: list) -> None:
    async def shut(ws) -> None:
        with contextlib.suppress(Exception):
            await ws.close()

    await gather_limited([p.close() for p in players], limit=256)
    await gather_limited([shut(ws) for ws in watchers if ws is not None], limit=256)


async def warm_up(bench: Bench, site: MemorySite) -> None:
    """One table socket at each game's table (its first frame renders the table's partials; a
    page over HTTP would need collectstatic's manifest, which the benchmark does not build)."""
    for table_id, people in site.seated[:: max(len(site.seated) // 4, 1)]:
        player = Player(bench, 0, people[0], table_id, host=True)
        assert await player.connect(), bench.errors
        await player.close()
    await asyncio.sleep(1)


async def wave(bench: Bench, site: MemorySite, number: int) -> float:
    """Every seat's person and SPECTATORS spectators across the tables open, read, move once at
    each table, close; returns the seconds the handshakes and first frames took."""
    players = [
        Player(bench, 0, person, table_id, host=seat == 0)
        for table_id, people in site.seated
        for seat, person in enumerate(people)
    ]
    watchers_of = [
        (site.seated[(number + i) % len(site.seated)][0], site.spectators[i])
        for i in range(SPECTATORS)
    ]
    started = time.perf_counter()
    connected, watchers = await asyncio.gather(
        gather_limited([sit(p) for p in players]),
        gather_limited([watch(bench, t, s) for t, s in watchers_of]),
    )
    seconds = time.perf_counter() - started
    if all(connected):
        by_table: dict[int, list[Player]] = {}
        for player in players:
            by_table.setdefault(player.table_id, []).append(player)
        await asyncio.gather(*(move_once(bench, group) for group in by_table.values()))
    await close_all(players, watchers)
    return seconds


def problems(bench: Bench, server: Server) -> list[str]:
    """The run's errors, the log's disagreements with the moves acknowledged, and the lines of
    daphne's log that tell of an error."""
    return (
        bench.errors
        + verify(bench)
        + [
            block.splitlines()[-1] if block.strip() else "Traceback"
            for block in log_tracebacks(server)
            if CLOSED_SEND not in block
        ]
        + [
            line
            for line in server.problems()
            if "Traceback" not in line and MISSED not in line and KILLED not in line
        ]
    )


# daphne's warning for a consumer whose disconnect outlasted application_close_timeout (10 s):
# thousands of sockets closing at once queue their presence rows' deletes in the database
# threads. Counted and printed, not an error of the run (the rows of a killed consumer are swept
# as stale).
KILLED = "took too long to shut down and was killed"


def killed(server: Server) -> int:
    return sum(KILLED in line for line in server.problems())


CLOSED_SEND = "Disconnected: Attempt to send on a closed protocol"
MISSED = "missed version"  # games/consumers.py's log line before such a traceback


def log_tracebacks(server: Server) -> list[str]:
    """Each traceback of daphne's log, as text."""
    blocks, current = [], None
    for line in server.log_path.read_text(errors="replace").splitlines():
        if line.startswith("Traceback"):
            current = [line]
            blocks.append(current)
        elif current is not None and (line.startswith((" ", "\t")) or current[-1].startswith(" ")):
            current.append(line)
            if not line.startswith((" ", "\t")):
                current = None
    return ["\n".join(b) for b in blocks]


def closed_sends(server: Server) -> int:
    """Sends to a socket its client had just closed (a frame on its way as the page left),
    which games/consumers.py logs as a missed version: counted, not an error of the run."""
    return sum(CLOSED_SEND in block for block in log_tracebacks(server))


def print_traced(site: MemorySite, before: Path, after: Path) -> None:
    old, new = tracemalloc.Snapshot.load(str(before)), tracemalloc.Snapshot.load(str(after))
    print("  alocações do Python que cresceram (tracemalloc, por linha):")
    for stat in new.compare_to(old, "lineno")[:15]:
        print(f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d}  {stat.traceback[0]}")


# -- the scenarios --------------------------------------------------------------------------------


def test_churn(memory_site):
    """WAVES waves of WAVE sockets opened and closed: where the memory goes and whether it
    comes back."""
    site = memory_site
    print(f"\n[{site.label}] {WAVES} ondas de {WAVE} sockets em {len(site.seated)} mesas")
    trace = {"snapshot": str(site.workdir / "idle.trace")} if TRACE else {}
    trace_after = {"snapshot": str(site.workdir / "after.trace")} if TRACE else {}

    async def churn(server: Server, bench: Bench) -> dict[str, Any]:
        RETRIES["handshakes"] = 0
        await warm_up(bench, site)
        found: dict[str, Any] = {"rss_idle": rss_kib(server.pid)}
        found["idle"] = await asyncio.to_thread(probe, server, **trace)
        started = time.perf_counter()
        found["seconds"], found["peak"] = [], found["rss_idle"]
        for number in range(WAVES):
            found["seconds"].append(await wave(bench, site, number))
            found["peak"] = max(found["peak"], rss_kib(server.pid))
        found["churn_seconds"] = time.perf_counter() - started
        found["rss_closed"] = rss_kib(server.pid)
        found["settle"] = await settled(server)
        await asyncio.sleep(PAUSE)
        found["rss_paused"] = rss_kib(server.pid)
        found["after"] = await asyncio.to_thread(probe, server, **trace_after)
        found["trimmed"] = await asyncio.to_thread(probe, server, trim="1")
        return found

    with daphne(site, "churn") as server:
        db = Database(site.env)
        try:
            bench = Bench(server, db, 0, SEED)
            bench.tables.update(t for t, _ in site.seated)
            found = asyncio.run(churn(server, bench))
            wrong = problems(bench, server)
            closed, slow = closed_sends(server), killed(server)
        finally:
            db.close()
    rss_idle, trimmed = found["rss_idle"], found["trimmed"]
    sockets = WAVES * (SPECTATORS + sum(len(p) for _, p in site.seated))
    figure(site, "em repouso", heap_text(found["idle"]))
    figure(
        site,
        "RSS",
        f"em repouso {mib(rss_idle)}; pico {mib(found['peak'])}; depois de {sockets} sockets "
        f"abertos e fechados {mib(found['rss_closed'])}; todos os fechamentos tratados em "
        f"{found['settle']:.1f} s, e após mais {PAUSE:.0f} s "
        f"{mib(found['rss_paused'])} ({(found['rss_paused'] / rss_idle - 1) * 100:+.0f}% do "
        f"repouso); após malloc_trim(0) {mib(trimmed['rss_kib'])} "
        f"({(trimmed['rss_kib'] / rss_idle - 1) * 100:+.0f}%)",
    )
    figure(
        site,
        "ondas",
        f"{found['churn_seconds']:.1f} s ao todo, abertura de uma onda "
        f"{min(found['seconds']):.1f}-{max(found['seconds']):.1f} s; "
        f"{sum(len(v) for v in bench.acked.values())} jogadas confirmadas",
    )
    figure(site, "envios a um socket já fechado pelo cliente (registrados)", str(closed))
    figure(site, "consumidores mortos pelo daphne por demorar a fechar (> 10 s)", str(slow))
    figure(site, "depois da pausa", heap_text(found["after"]))
    figure(site, "depois de malloc_trim(0)", heap_text(trimmed))
    figure(site, "registros em repouso", registries(found["idle"]))
    figure(site, "registros depois", registries(found["after"]))
    figure(site, "tipos que cresceram", grown_types(found["idle"], found["after"]))
    if TRACE:
        print_traced(site, site.workdir / "idle.trace", site.workdir / "after.trace")
    assert not wrong, wrong[:20]


def test_idle_sockets(memory_site):
    """IDLE table sockets open at once on a daphne started with the default soft limit."""
    if IDLE <= 0:
        pytest.skip("BENCH_MEMORY_IDLE=0")
    site = memory_site
    print(f"\n[{site.label}] {IDLE} sockets ociosos em {len(site.seated)} mesas")

    async def idle(server: Server, bench: Bench) -> dict[str, Any]:
        RETRIES["handshakes"] = 0
        await warm_up(bench, site)
        found: dict[str, Any] = {"rss_idle": rss_kib(server.pid)}
        everyone = [(t, p) for t, people in site.seated for p in people]
        everyone += [
            (site.seated[i % len(site.seated)][0], site.spectators[i % len(site.spectators)])
            for i in range(max(IDLE - len(everyone), 0))
        ]
        started = time.perf_counter()
        watchers = await gather_limited([watch(bench, t, p) for t, p in everyone[:IDLE]])
        found["seconds"] = time.perf_counter() - started
        found["opened"] = sum(ws is not None for ws in watchers)
        await asyncio.sleep(2)
        found["rss_open"] = rss_kib(server.pid)
        found["open"] = await asyncio.to_thread(probe, server)
        await close_all([], watchers)
        return found

    with daphne(site, "idle", soft_files=DEFAULT_SOFT_LIMIT) as server:
        limit = files_limit(server.pid)
        db = Database(site.env)
        try:
            bench = Bench(server, db, 0, SEED)
            found = asyncio.run(idle(server, bench))
            wrong = problems(bench, server)
            closed, slow = closed_sends(server), killed(server)
        finally:
            db.close()
    opened, seconds = found["opened"], found["seconds"]
    rss_idle, rss_open = found["rss_idle"], found["rss_open"]
    refused = IDLE - opened
    figure(site, "limite de arquivos do daphne (iniciado com 1024)", limit)
    figure(site, "envios a um socket já fechado pelo cliente (registrados)", str(closed))
    figure(site, "consumidores mortos pelo daphne por demorar a fechar (> 10 s)", str(slow))
    figure(
        site,
        f"{IDLE} sockets ociosos",
        f"{opened} abertos, {refused} recusados ({RETRIES['handshakes']} refeitos após uma "
        f"falha), em {seconds:.1f} s ({opened / seconds:.0f} "
        f"apertos de mão por segundo, {CONNECT_AT_ONCE} de cada vez); RSS "
        f"{mib(rss_idle)} em repouso, {mib(rss_open)} com eles abertos: "
        f"{(rss_open - rss_idle) / max(opened, 1):.1f} KiB por socket",
    )
    figure(site, "com eles abertos", heap_text(found["open"]))
    figure(site, "tipos com eles abertos", grown_types({"top_types": []}, found["open"], 12))
    assert not wrong, wrong[:20]
