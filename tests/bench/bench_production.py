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

Its parts are in tests/bench/production/: the knobs and the mix (config), the client over
several processes (client), the site, daphnes, tables and checks (stage), the scenarios
(scenarios), and the figures printed and saved (report).

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
import contextlib
import os
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests import servers
from tests.bench.live.config import IN_CI, SERVER_REPO
from tests.bench.live.database import run_setup
from tests.bench.live.server import describe_checkout, server_env
from tests.bench.production.config import (
    PROCESSES,
    SAVE_PATH,
    SPECTATOR_GAME,
    SPECTATOR_THINK,
    SPECTATORS,
    TABLES,
)
from tests.bench.production.report import print_summary, report_watched, save
from tests.bench.production.scenarios import run_mixed, watched
from tests.bench.production.stage import (
    ProdSite,
    assert_clean,
    daphnes,
    delete_tables,
    finish,
    users_needed,
)


@pytest.fixture(scope="module")
def prod_site():
    for needed in ("config/serve.py", "tests/bench/live_asgi.py", "manage.py"):
        assert (SERVER_REPO / needed).is_file(), f"BENCH_LIVE_REPO sem {needed}"
    if SPECTATOR_GAME not in ("bozo", "domino"):
        raise RuntimeError("BENCH_PROD_SPECTATOR_GAME: bozo ou domino")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # daphne inherits it
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix="bench-prod-"))
    env = server_env(workdir)
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
                if IN_CI:
                    pytest.fail(why)
                pytest.skip(why)
            servers_dir = workdir / "servers"
            database_url, redis_url = stack.enter_context(servers.postgres_and_redis(servers_dir))
            env["DATABASE_URL"], env["REDIS_URL"] = database_url, redis_url
            label = "PostgreSQL + Redis (servidores descartáveis, PostgreSQL com fsync)"
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
        count = users_needed()
        prefix = "pr" + secrets.token_hex(3)
        users = run_setup(env, {"op": "users", "count": count, "prefix": prefix})
        print(
            f"\nProdução: servidor {describe_checkout(SERVER_REPO)}; {label}; migrate "
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


@pytest.mark.parametrize("processes", PROCESSES)
def test_mixed_load(prod_site, processes):
    """The four games mixed at human pace, on one daphne process or on two."""
    if TABLES <= 0:
        pytest.skip("BENCH_PROD_TABLES=0")
    result = run_mixed(prod_site, processes)
    assert_clean(result)


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
