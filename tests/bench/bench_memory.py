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

Its parts are in tests/bench/memory/: the knobs below and the site (config), daphne and its
memory probe (probe), the sockets and the two scenarios' runs (scenarios), the checks at their
end (checks), and the figures printed (report).

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
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from tests import servers
from tests.bench.live.client import Bench
from tests.bench.live.config import BACKEND_NAMES, IN_CI, SEED, SERVER_REPO
from tests.bench.live.database import Database, run_setup
from tests.bench.live.server import describe_checkout, server_env
from tests.bench.memory.checks import closed_sends, killed, problems
from tests.bench.memory.config import (
    BACKENDS,
    DEFAULT_SOFT_LIMIT,
    IDLE,
    KINDS,
    SERVER_ENV,
    SPECTATORS,
    TABLES,
    WAVE,
    WAVES,
    MemorySite,
)
from tests.bench.memory.probe import daphne, files_limit, raise_own_files_limit
from tests.bench.memory.report import print_summary, report_churn, report_idle
from tests.bench.memory.scenarios import churn, idle


@pytest.fixture(scope="module")
def summary():
    yield
    print_summary()


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


def test_churn(memory_site):
    """WAVES waves of WAVE sockets opened and closed: where the memory goes and whether it
    comes back."""
    site = memory_site
    print(f"\n[{site.label}] {WAVES} ondas de {WAVE} sockets em {len(site.seated)} mesas")
    with daphne(site, "churn") as server:
        db = Database(site.env)
        try:
            bench = Bench(server, db, 0, SEED)
            bench.tables.update(t for t, _ in site.seated)
            found = asyncio.run(churn(site, server, bench))
            wrong = problems(bench, server)
            closed, slow = closed_sends(server), killed(server)
        finally:
            db.close()
    report_churn(site, bench, found, closed, slow)
    assert not wrong, wrong[:20]


def test_idle_sockets(memory_site):
    """IDLE table sockets open at once on a daphne started with the default soft limit."""
    if IDLE <= 0:
        pytest.skip("BENCH_MEMORY_IDLE=0")
    site = memory_site
    print(f"\n[{site.label}] {IDLE} sockets ociosos em {len(site.seated)} mesas")
    with daphne(site, "idle", soft_files=DEFAULT_SOFT_LIMIT) as server:
        limit = files_limit(server.pid)
        db = Database(site.env)
        try:
            bench = Bench(server, db, 0, SEED)
            found = asyncio.run(idle(site, server, bench))
            wrong = problems(bench, server)
            closed, slow = closed_sends(server), killed(server)
        finally:
            db.close()
    report_idle(site, found, limit, closed, slow)
    assert not wrong, wrong[:20]
