"""Live tables benchmark (`make bench`, issue #6): Bozó duels, Dominó, Dozito and Yam's tables, on
the real socket.

A real daphne process serves tests/bench/live_asgi.py (the site's application plus a bare echo
route, `/ws/eco/`) on a fresh database, production-like (started as in production with
`python -m config.serve`, daphne on uvloop; DEBUG off; the sweeper off so no timer plays). This
pytest process is the load client: it logs every player in with their own session cookie and
speaks to `/ws/mesa/<id>/` exactly as the page does: JSON frames like htmx's ws extension sends
them (`action`, `version`, `cid`, `HEADERS`), HTML fragments back.

The client keeps a model of the page, like htmx does: every frame is a sequence of top-level
elements each with an id; one replaces the element of that id and its whole subtree wherever it
is (or is added at the top when unknown), `hx-swap-oob="beforeend"` appends its children instead,
`hx-swap-oob="afterend:#ID"` (a wrapper without id) puts them after that element, and
`hx-swap-oob="delete"` removes it. A frame may carry only a few partials; the model keeps the
rest. From the model the client reads the version (`data-version` of #mesa-versao, or of
#mesa-status in the first protocol), its own seat
(`data-you` of #mesa-status, or of `<div id="mesa-eu" hidden>` in the first protocol, whose
renders every socket shared), the seats on turn (`data-turn`), its legal actions (the `action`
inputs, when its seat is on turn), the table commands (`cmd` inputs, "start" only when its button
is enabled), the notice (#mesa-aviso) and the next table (a link in #mesa-resultado). It speaks
both protocols: the first (#mesa-eu in the first frame: every socket receives the whole render)
and the second (only what changed, only the viewer's own controls; the client acknowledges what it
has read with `{"ack": <characters received>}` every ACK_EVERY characters, and the server closes
a socket whose unacknowledged output passes a cap).

Scenarios, each on a fresh daphne with the echo floor driven by the same client code over as many
sockets, with as many messages in flight, in the same run; each on every backend:
- capacity: N duel tables (N = 50 and 200), both players random and as fast as the server
  answers (closed loop): moves per second, beside echo messages per second and beside the bare
  loop (live_asgi.py's `/ws/nua/`: a Channels consumer doing the same durable work per move on
  as many duels of its own), the table's figures also as ratios of the bare loop's;
- human pace: 500 tables, each player moving about two seconds after its turn comes: the round
  trip of a move (command sent -> view with the new version received), p50/p95/p99, beside the
  echo's at the same pace;
- in each: daphne's CPU and the client's per move, the bytes every table socket received per
  move (UTF-8), the server's memory per open socket (daphne's RSS), table sockets and echo
  sockets.
- Dominó (duplas, four seats, bucho dobrado), beside the Bozó figures of the same run:
  - capacity: N tables, four people's sockets each, closed loop, plus S spectator sockets per
    table (the sweeper off, as for Bozó): moves per second, daphne's CPU per move, the bytes
    received per move per socket, players' and spectators' apart;
  - with robots: tables whose seats 1 and 3 are fast robots (`fast_robots`, the sweeper on so
    their timers play), people in seats 0 and 2 at human pace (BENCH_LIVE_THINK) and one
    spectator each: the people's round trips, the moves per second with the robots' (counted in
    the Action log over the window), daphne's CPU per move (every move, the robots' too).
- Dozito (mode "mesa", 1 round) and Yam's (mode "mesa", 3 columns), beside the others: capacity,
  N tables of three people's sockets each, closed loop, plus S spectator sockets per table, the
  same figures as Dominó's capacity (moves per second, daphne's CPU per move, the bytes per move
  per socket, players' and spectators' apart, the round trips); and Yam's solo training (mode
  "solo", 3 columns, private: one socket a table, no spectator), closed loop.
  The client reads only the protocol (#mesa-versao, #mesa-status's data-you and data-turn, the
  `action` and `cmd` fields of the ws-send buttons and forms), never a game's own markup; spectators
  are sockets of people not seated, following the table to "Jogar de novo"'s new one.
Finished games go on with "Jogar de novo" and "Começar", as the page does. "As fast as the server
answers" stays within the server's message budget per socket (a burst, then a few a second, as a
person's page): a socket with a table to itself (solo training, a run of few tables) is paced,
and the steps so put off are counted.

Backends: the embedded default (a SQLite file, the in-memory channel layer) and PostgreSQL +
Redis: DATABASE_URL and REDIS_URL when both are set, else throwaway servers started here
(tests/servers.py). Without PostgreSQL or Redis on the machine that part is not measured (and the
run fails under CI=true).

Timings are printed, never asserted. What is asserted is correctness: no error, no refused or lost
move, every acknowledged move in the Action log with its cid and the version acknowledged, no move
in the log with a cid that was not acknowledged, each table's log versions strictly increasing and
not above the table's version, and each acknowledgement already committed when it arrives (the
Action row is read from the database at the moment the view arrives). At a Dominó, Dozito or
Yam's table, besides:
every move of a robot's seat in the log with user None and no cid, every move of a person's seat
with that person and a cid (no robot played for a person), robots' moves in the log when the
table has robots, and a spectator never shown a turn of its own.

Its parts are in tests/bench/live/: the knobs below (config), the page model (fragments, page),
the sockets (client, player, floors), daphne and its database (server, database), the
measurement (measure), the checks (verify), a scenario from start to end (scenarios), and the
figures printed and saved (report, summary).

Environment (durations in seconds):
    BENCH_LIVE_TABLES=50,200   capacity table counts      BENCH_LIVE_SECONDS=10   measured window
    BENCH_LIVE_WARMUP=3        before each window         BENCH_LIVE_HUMAN_TABLES=500
    BENCH_LIVE_HUMAN_SECONDS=30  BENCH_LIVE_HUMAN_WARMUP=5  BENCH_LIVE_THINK=2 (human pace)
    BENCH_LIVE_DOMINO_TABLES=50  Dominó capacity table counts (0: none)
    BENCH_LIVE_DOMINO_SPECTATORS=2  spectator sockets per Dominó capacity table
    BENCH_LIVE_DOMINO_ROBOT_TABLES=50  Dominó tables with two robots (0: none)
    BENCH_LIVE_DOMINO_ROBOT_SECONDS=20  BENCH_LIVE_DOMINO_ROBOT_WARMUP=5
    BENCH_LIVE_DOZITO_TABLES=50  Dozito capacity table counts (0: none)
    BENCH_LIVE_DOZITO_SPECTATORS=1  spectator sockets per Dozito table
    BENCH_LIVE_YAMS_TABLES=50  Yam's capacity table counts, three people each (0: none)
    BENCH_LIVE_YAMS_SPECTATORS=1  spectator sockets per Yam's table
    BENCH_LIVE_CROWD=1000      spectators at one Bozó duel played at human pace (0: none)
    BENCH_LIVE_YAMS_SOLO_TABLES=50  Yam's solo training tables, one socket each (0: none)
    BENCH_LIVE_ACK_TIMEOUT=60  a move unanswered this long is lost
    BENCH_LIVE_SEED=2026       the clients' choices (the dice are the server's)
    BENCH_LIVE_KEEP=1          keep the temporary directory (database, daphne's logs)
    BENCH_RENDER_FLOOR=1       daphne renders the protocol alone, no game template nor presenter
                               (tests/bench/live_asgi.py): what the live loop costs without the
                               games' rendering
    BENCH_LIVE_BACKENDS=embedded,postgres   which backends to measure
    BENCH_LIVE_REPO=/path      serve (migrate, set up) from that checkout: this client measures
                               another commit, e.g. a `git worktree` of the baseline
    BENCH_LIVE_SAVE=file.json  write the figures there
    BENCH_LIVE_COMPARE=file.json  a saved run (the baseline): its figures beside these, and the
                               bytes-per-move target computed from them
"""

from __future__ import annotations

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
from tests.bench.live.config import (
    BACKEND_NAMES,
    BACKENDS,
    BOZO,
    CAPACITY_TABLES,
    CROWD,
    DOMINO,
    DOMINO_ROBOT_SEATS,
    DOMINO_ROBOT_SECONDS,
    DOMINO_ROBOT_SPECTATORS,
    DOMINO_ROBOT_TABLES,
    DOMINO_ROBOT_WARMUP,
    DOMINO_SPECTATORS,
    DOMINO_TABLES,
    DOZITO,
    DOZITO_SPECTATORS,
    DOZITO_TABLES,
    HUMAN_SECONDS,
    HUMAN_TABLES,
    HUMAN_WARMUP,
    IN_CI,
    SAVE_PATH,
    SECONDS,
    SERVER_REPO,
    THINK,
    WARMUP,
    YAMS,
    YAMS_SOLO,
    YAMS_SOLO_TABLES,
    YAMS_SPECTATORS,
    YAMS_TABLES,
)
from tests.bench.live.database import Site, run_setup
from tests.bench.live.scenarios import run_scenario, run_table_scenario
from tests.bench.live.server import describe_checkout, server_env
from tests.bench.live.summary import NOT_MEASURED, print_summary, save_results


@pytest.fixture(scope="module")
def summary():
    """Set up before every backend, torn down after the last: the summary of the whole run."""
    yield
    print_summary()
    if SAVE_PATH:
        save_results(Path(SAVE_PATH))
        print(f"\nFiguras gravadas em {SAVE_PATH}")


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, summary):
    backend = request.param
    for needed in ("config/serve.py", "tests/bench/live_asgi.py", "manage.py"):
        assert (SERVER_REPO / needed).is_file(), f"BENCH_LIVE_REPO: {SERVER_REPO} não tem {needed}"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 16384 if hard == resource.RLIM_INFINITY else min(hard, 16384)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # daphne inherits it
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-live-{backend}-"))
    env = server_env(workdir)
    servers_dir = None
    with contextlib.ExitStack() as stack:
        if not keep:
            stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        else:
            print(f"\nBENCH_LIVE_KEEP: banco e registros do daphne ficam em {workdir}")
        if backend == "embedded":
            env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
            label = BACKEND_NAMES[backend]
        elif os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"):
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
            env["REDIS_URL"] = os.environ["REDIS_URL"]
            label = f"{BACKEND_NAMES[backend]} (DATABASE_URL e REDIS_URL do ambiente)"
        else:
            lacks = servers.missing()
            if lacks:
                why = f"falta {', '.join(lacks)} (e DATABASE_URL/REDIS_URL não estão definidos)"
                NOT_MEASURED[backend] = why
                print(f"\nMesas ao vivo: {BACKEND_NAMES[backend]} NÃO medido: {why}")
                if IN_CI:
                    pytest.fail(f"{BACKEND_NAMES[backend]}: {why}")
                pytest.skip(f"{BACKEND_NAMES[backend]} não medido: {why}")
            started = time.perf_counter()
            servers_dir = workdir / "servers"
            database_url, redis_url = stack.enter_context(servers.postgres_and_redis(servers_dir))
            env["DATABASE_URL"], env["REDIS_URL"] = database_url, redis_url
            label = (
                f"{BACKEND_NAMES[backend]} (servidores descartáveis: PostgreSQL com fsync, "
                f"iniciados em {time.perf_counter() - started:.1f} s)"
            )
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
        count = max(
            2 * max([*CAPACITY_TABLES, HUMAN_TABLES]),
            (4 + DOMINO_SPECTATORS) * max(DOMINO_TABLES, default=0),
            (4 - len(DOMINO_ROBOT_SEATS) + DOMINO_ROBOT_SPECTATORS) * DOMINO_ROBOT_TABLES,
            (DOZITO.seats + DOZITO_SPECTATORS) * max(DOZITO_TABLES, default=0),
            (YAMS.seats + YAMS_SPECTATORS) * max(YAMS_TABLES, default=0),
            YAMS_SOLO.seats * max(YAMS_SOLO_TABLES, default=0),
            BOZO.seats + CROWD,
        )
        prefix = "lv" + secrets.token_hex(3)
        users = run_setup(env, {"op": "users", "count": count, "prefix": prefix})
        print(
            f"\nMesas ao vivo: servidor {describe_checkout(SERVER_REPO)}; banco {label}; "
            f"migrate e {count} jogadores com sessão em {time.perf_counter() - started:.1f} s"
        )
        yield Site(
            env=env,
            workdir=workdir,
            users=users,
            backend=backend,
            label=label,
            servers_dir=servers_dir,
        )


@pytest.mark.parametrize("tables", CAPACITY_TABLES)
def test_capacity(site, tables):
    run_scenario(site, "Capacidade", tables, 0.0, WARMUP, SECONDS)


def test_human_pace(site):
    if HUMAN_TABLES <= 0:
        pytest.skip("BENCH_LIVE_HUMAN_TABLES=0")
    run_scenario(site, "Ritmo humano", HUMAN_TABLES, THINK, HUMAN_WARMUP, HUMAN_SECONDS)


@pytest.mark.parametrize("tables", DOMINO_TABLES)
def test_domino_capacity(site, tables):
    """Four people per table, as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Dominó · capacidade", DOMINO, tables, (), DOMINO_SPECTATORS, 0.0, WARMUP, SECONDS
    )


def test_domino_robots(site):
    """Two people at human pace, two fast robots and a spectator per table."""
    if DOMINO_ROBOT_TABLES <= 0:
        pytest.skip("BENCH_LIVE_DOMINO_ROBOT_TABLES=0")
    run_table_scenario(
        site,
        "Dominó · com robôs",
        DOMINO,
        DOMINO_ROBOT_TABLES,
        DOMINO_ROBOT_SEATS,
        DOMINO_ROBOT_SPECTATORS,
        THINK,
        DOMINO_ROBOT_WARMUP,
        DOMINO_ROBOT_SECONDS,
    )


@pytest.mark.parametrize("tables", DOZITO_TABLES)
def test_dozito_capacity(site, tables):
    """Three people per table (one round), as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Dozito · capacidade", DOZITO, tables, (), DOZITO_SPECTATORS, 0.0, WARMUP, SECONDS
    )


@pytest.mark.parametrize("tables", YAMS_TABLES)
def test_yams_capacity(site, tables):
    """Three people per table (three columns), as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Yam's · capacidade", YAMS, tables, (), YAMS_SPECTATORS, 0.0, WARMUP, SECONDS
    )


@pytest.mark.parametrize("tables", YAMS_SOLO_TABLES)
def test_yams_solo(site, tables):
    """Solo training (private, one socket a table), as fast as the server answers."""
    run_table_scenario(
        site, "Yam's solo · capacidade", YAMS_SOLO, tables, (), 0, 0.0, WARMUP, SECONDS
    )


def test_crowd(site):
    """One Bozó duel at human pace watched by a crowd: the players' round trips."""
    if CROWD <= 0:
        pytest.skip("BENCH_LIVE_CROWD=0")
    run_table_scenario(
        site, "Bozó · plateia", BOZO, 1, (), CROWD, THINK, HUMAN_WARMUP, HUMAN_SECONDS
    )
