"""Live tables benchmark (`make bench`, issue #6): Bozó duels over the real socket.

A real daphne process serves tests/bench/live_asgi.py (the site's application plus a bare echo
route, `/ws/eco/`) on a fresh database, production-like (started as in production with
`python -m config.serve`, daphne on uvloop; DEBUG off; the sweeper off so no timer plays). This
pytest process is the load client: it logs every player in with their own session cookie and
speaks to `/ws/mesa/<id>/` exactly as the page does: JSON frames like htmx's ws
extension sends them (`action`, `version`, `cid`, `HEADERS`), HTML fragments back, the version in
`data-version` of #mesa-status, the player's seat in #mesa-eu (a render may be shared by every
socket; the seats on turn are in `data-turn`), the legal actions in the `action` inputs of the
forms of the seat on turn.

Scenarios, each on a fresh daphne with the echo floor driven by the same client code over as many
sockets, with as many messages in flight, in the same run:
- capacity: N duel tables (N = 50 and 200), both players random and as fast as the server
  answers (closed loop): moves per second, beside echo messages per second;
- human pace: 500 tables, each player moving about two seconds after its turn comes: the round
  trip of a move (command sent -> view with the new version received), p50/p95/p99, beside the
  echo's at the same pace;
- the server's memory per open socket (daphne's RSS), table sockets and echo sockets.
Finished games go on with "Jogar de novo" and "Começar", as the page does.

Timings are printed, never asserted. What is asserted is correctness: no error, no refused or lost
move, every acknowledged move in the Action log with its cid and version, each table's version
equal to 1 + its acknowledged moves, and each acknowledgement already committed when it arrives
(the Action row is read from the database at the moment the view arrives).

Environment (durations in seconds):
    BENCH_LIVE_TABLES=50,200   capacity table counts      BENCH_LIVE_SECONDS=10   measured window
    BENCH_LIVE_WARMUP=3        before each window         BENCH_LIVE_HUMAN_TABLES=500
    BENCH_LIVE_HUMAN_SECONDS=30  BENCH_LIVE_HUMAN_WARMUP=5  BENCH_LIVE_THINK=2 (human pace)
    BENCH_LIVE_ACK_TIMEOUT=60  a move unanswered this long is lost
    BENCH_LIVE_SEED=2026       the clients' choices (the dice are the server's)
    BENCH_LIVE_KEEP=1          keep the temporary directory (database, daphne's logs)
DATABASE_URL / REDIS_URL, when set, are used as they are (PostgreSQL, Redis channel layer);
otherwise a fresh SQLite file in a temporary directory and the in-memory channel layer.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

REPO = Path(__file__).resolve().parents[2]


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


CAPACITY_TABLES = [
    int(n) for n in os.environ.get("BENCH_LIVE_TABLES", "50,200").split(",") if n.strip()
]
SECONDS = _env_float("BENCH_LIVE_SECONDS", 10)
WARMUP = _env_float("BENCH_LIVE_WARMUP", 3)
HUMAN_TABLES = int(_env_float("BENCH_LIVE_HUMAN_TABLES", 500))
HUMAN_SECONDS = _env_float("BENCH_LIVE_HUMAN_SECONDS", 30)
HUMAN_WARMUP = _env_float("BENCH_LIVE_HUMAN_WARMUP", 5)
THINK = _env_float("BENCH_LIVE_THINK", 2.0)
ACK_TIMEOUT = _env_float("BENCH_LIVE_ACK_TIMEOUT", 60)
SEED = int(_env_float("BENCH_LIVE_SEED", 2026))
CONNECT_AT_ONCE = 32  # handshakes in flight (daphne drops a handshake not accepted in 5 s)

TARGET_MOVES_PER_SECOND = 500
TARGET_HUMAN_P95_MS = 25

# What the page shows (games/templates/games/_live.html and the game's partials).
STATUS_RE = re.compile(r"<div\b[^>]*\bid=\"mesa-status\"[^>]*>")
MARKER_RE = re.compile(r"<div id=\"mesa-eu\" hidden(?: data-you=\"(\d+)\")?>")
NOTICE_RE = re.compile(r"<div\b[^>]*\bid=\"mesa-aviso\"[^>]*>(.*?)</div>", re.S)
MESSAGE_RE = re.compile(r"\bmessage--(\w+)\"[^>]*>(.*?)</p>", re.S)
INPUT_RE = re.compile(r"<input\b[^>]*>")
ATTR_RE = re.compile(r"([\w:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
NEXT_TABLE_RE = re.compile(r"href=\"/mesa/(\d+)/\"")
TAG_RE = re.compile(r"<[^>]+>")

# Action types a random player never picks: they end the game or need two idle minutes.
NOT_PLAYED = frozenset({"leave", "claim_inactivity"})


# -- the page, as the client reads it -------------------------------------------------------------


@dataclass
class View:
    version: int
    your_turn: bool
    over: bool
    actions: list[dict[str, Any]]
    commands: set[str]
    notice: tuple[str, str] | None
    next_table: int | None


def _attrs(tag: str) -> dict[str, str]:
    return {
        m.group(1): html.unescape(m.group(2) if m.group(2) is not None else m.group(3))
        for m in ATTR_RE.finditer(tag)
    }


def parse_view(text: str) -> View | None:
    status = STATUS_RE.search(text)
    if status is None:
        return None
    attrs = _attrs(status.group(0))
    try:
        version = int(attrs["data-version"])
    except (KeyError, ValueError):
        return None
    classes = attrs.get("class", "").split()
    # A render may be shared by every seat; the page shows its own parts from #mesa-eu (see
    # tests/seen.py). While a game is on, the only action forms are those of the seat on turn.
    marker = MARKER_RE.search(text)
    you = marker.group(1) if marker else None
    your_turn = you is not None and you in attrs.get("data-turn", "").split()
    actions, commands = [], set()
    for tag in INPUT_RE.findall(text):
        field_ = _attrs(tag)
        if field_.get("name") == "action":
            action = json.loads(field_.get("value", ""))
            if your_turn and action.get("type") not in NOT_PLAYED:
                actions.append(action)
        elif field_.get("name") == "cmd":
            commands.add(field_.get("value", ""))
    notice = None
    box = NOTICE_RE.search(text)
    if box:
        message = MESSAGE_RE.search(box.group(1))
        if message:
            words = " ".join(html.unescape(TAG_RE.sub("", message.group(2))).split())
            notice = (message.group(1), words)
    result = text.split('id="mesa-resultado"', 1)
    following = NEXT_TABLE_RE.search(result[1]) if len(result) == 2 else None
    return View(
        version=version,
        your_turn=your_turn,
        over="mesa-status--over" in classes,
        actions=actions,
        commands=commands,
        notice=notice,
        next_table=int(following.group(1)) if following else None,
    )


def htmx_frame(fields: dict[str, str], port: int, table_id: int | None) -> str:
    """A `ws-send` form's fields with the HEADERS that htmx's ws extension adds."""
    url = f"http://127.0.0.1:{port}/mesa/{table_id}/" if table_id else f"http://127.0.0.1:{port}/"
    return json.dumps(
        {
            **fields,
            "HEADERS": {
                "HX-Request": "true",
                "HX-Trigger": None,
                "HX-Trigger-Name": None,
                "HX-Target": "mesa",
                "HX-Current-URL": url,
            },
        }
    )


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action: a kind first (roll, lift, hold, score), then one of that kind,
    so the five hold toggles and ten score boxes do not drown the rolls."""
    kinds = sorted({a["type"] for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a["type"] == kind])


# -- figures ---------------------------------------------------------------------------------------


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
    """One measured load: the window, the completed round trips and the CPU spent."""

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

    def record(self, load: int, received: float, round_trip: float) -> None:
        self.samples.append((received, round_trip))
        self.warm.add(load)

    @property
    def in_window(self) -> list[float]:
        return [rt for at, rt in self.samples if self.start <= at < self.end]

    @property
    def rate(self) -> float:
        return len(self.in_window) / (self.end - self.start) if self.end > self.start else 0.0

    def quantiles(self) -> tuple[float, float, float]:
        values = self.in_window
        return percentile(values, 50), percentile(values, 95), percentile(values, 99)

    def cpu_per_op(self, which: str) -> float:
        count = len(self.in_window)
        spent = self.server_cpu if which == "server" else self.client_cpu
        return spent / count if count else float("nan")


# -- the server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Server:
    """daphne serving tests.bench.live_asgi on a free port, its output in a log file."""

    def __init__(self, env: dict[str, str], workdir: Path, name: str) -> None:
        self.env, self.port = env, free_port()
        self.log_path = workdir / f"daphne-{name}.log"
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "tests.bench.live_asgi:application",
            ],
            cwd=REPO,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited at start:\n{self.log_path.read_text()[-3000:]}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return self
            time.sleep(0.2)
        raise RuntimeError("daphne did not listen within 90 s")

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def problems(self) -> list[str]:
        """Lines of the server's log that tell of an error."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        signs = ("Traceback", "ERROR", "Exception inside application", "took too long", "failed")
        return [line for line in lines if any(sign in line for sign in signs)]


# -- the database, read directly (acknowledgements and the final check) ----------------------------


class Database:
    """A plain connection of this process to the server's database, for reading only."""

    def __init__(self, env: dict[str, str]) -> None:
        url = env.get("DATABASE_URL", "")
        if url:
            import dj_database_url

            info = dj_database_url.parse(url)
            engine = info["ENGINE"]
        else:
            info, engine = {"NAME": env["SQLITE_PATH"]}, "django.db.backends.sqlite3"
        if engine.endswith("sqlite3"):
            self.conn: Any = sqlite3.connect(
                f"file:{info['NAME']}?mode=ro", uri=True, timeout=20, isolation_level=None
            )
            self.mark = "?"
        elif "postgresql" in engine:
            import psycopg

            self.conn = psycopg.connect(
                dbname=info["NAME"],
                user=info.get("USER") or None,
                password=info.get("PASSWORD") or None,
                host=info.get("HOST") or None,
                port=info.get("PORT") or None,
                autocommit=True,
            )
            self.mark = "%s"
        else:
            raise RuntimeError(f"no direct reader for {engine}")

    def rows(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        cursor = self.conn.cursor()
        cursor.execute(sql.replace("?", self.mark), tuple(params))
        return list(cursor.fetchall())

    def action_version(self, table_id: int, cid: str) -> int | None:
        found = self.rows(
            "SELECT version FROM games_action WHERE table_id = ? AND cid = ?", (table_id, cid)
        )
        return found[0][0] if found else None

    def close(self) -> None:
        self.conn.close()


# -- set-up in a subprocess with the server's settings (same key, same database) -------------------


def _setup_main() -> None:
    """Run as `python -c ...` with the server's environment: JSON in on stdin, JSON out."""
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.db import transaction

    from accounts.models import User
    from games import services

    request = json.load(sys.stdin)
    if request["op"] == "users":
        store = import_module(settings.SESSION_ENGINE).SessionStore
        users = []
        with transaction.atomic():
            for i in range(request["count"]):
                user = User.objects.create_user(
                    username=f"{request['prefix']}{i:04d}", email="", password=None
                )
                session = store()
                session[SESSION_KEY] = user._meta.pk.value_to_string(user)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = user.get_session_auth_hash()
                session.create()
                users.append({"id": user.pk, "session": session.session_key})
        result: Any = users
    elif request["op"] == "tables":
        by_id = User.objects.in_bulk([u for pair in request["pairs"] for u in pair])
        result = []
        for chunk in range(0, len(request["pairs"]), 50):
            with transaction.atomic():
                for host_id, guest_id in request["pairs"][chunk : chunk + 50]:
                    host, guest = by_id[host_id], by_id[guest_id]
                    table = services.table_create(host=host, game="bozo", mode="duelo")
                    services.seat_take(table_id=table.pk, user=guest)
                    services.table_start(table_id=table.pk, by=host)
                    result.append(table.pk)
    else:
        raise SystemExit(f"unknown op {request['op']}")
    sys.stdout.write("BENCH-JSON:" + json.dumps(result) + "\n")


def run_setup(env: dict[str, str], request: dict[str, Any]) -> Any:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tests.bench.bench_live import _setup_main; _setup_main()",
        ],
        cwd=REPO,
        env=env,
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"set-up failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("BENCH-JSON:"))
    return json.loads(line.removeprefix("BENCH-JSON:"))


@dataclass
class Site:
    env: dict[str, str]
    workdir: Path
    users: list[dict[str, Any]]
    backend: str


@pytest.fixture(scope="module")
def site():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 16384 if hard == resource.RLIM_INFINITY else min(hard, 16384)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # daphne inherits it
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix="bench-live-"))
    if keep:
        print(f"\nBENCH_LIVE_KEEP: banco e registros do daphne ficam em {workdir}")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.pop("DEBUG", None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        GAMES_SWEEPER="0",
        SECURE_SSL_REDIRECT="0",
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
    )
    if not env.get("DATABASE_URL"):
        env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
    backend = ("PostgreSQL" if env.get("DATABASE_URL") else "SQLite") + (
        " + Redis" if env.get("REDIS_URL") else " + in-memory channel layer"
    )
    try:
        started = time.perf_counter()
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert migrate.returncode == 0, migrate.stderr[-4000:]
        count = 2 * max([*CAPACITY_TABLES, HUMAN_TABLES])
        prefix = "lv" + secrets.token_hex(3)
        users = run_setup(env, {"op": "users", "count": count, "prefix": prefix})
        print(
            f"\nMesas ao vivo: banco {backend}; migrate e {count} jogadores com sessão em "
            f"{time.perf_counter() - started:.1f} s"
        )
        yield Site(env=env, workdir=workdir, users=users, backend=backend)
        print_summary(backend)
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


# -- the clients -----------------------------------------------------------------------------------


class Bench:
    """One scenario's client side: sockets, errors and what was acknowledged."""

    def __init__(self, server: Server, db: Database, think: float, seed: int) -> None:
        self.server, self.db, self.think_time = server, db, think
        self.rng = random.Random(seed)
        self.errors: list[str] = []
        self.phase = Phase("idle")
        self.acked: dict[int, dict[str, int]] = defaultdict(dict)  # table -> cid -> version
        self.tables: set[int] = set()
        self.commit_checks = 0
        self.games_finished = 0
        self.sent = 0
        self.connect_gate = asyncio.Semaphore(CONNECT_AT_ONCE)

    def error(self, text: str) -> None:
        self.errors.append(text)

    def think(self, first: bool = False) -> float:
        if self.think_time <= 0:
            return 0.0
        if first:  # spread the start over one think time
            return self.rng.uniform(0, 1.25 * self.think_time)
        return self.rng.uniform(0.75 * self.think_time, 1.25 * self.think_time)

    async def open(self, path: str, session: str) -> ClientConnection:
        async with self.connect_gate:
            return await connect(
                f"ws://127.0.0.1:{self.server.port}{path}",
                origin=f"http://127.0.0.1:{self.server.port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                proxy=None,
                open_timeout=120,
                close_timeout=10,
                ping_interval=None,
                max_size=2**22,
            )

    def acknowledged(
        self, load: int, table_id: int, cid: str, version: int, sent: float, now: float
    ) -> None:
        self.phase.record(load, now, now - sent)
        self.acked[table_id][cid] = version
        # Committed before acknowledged: the row must be readable now, from another connection.
        self.commit_checks += 1
        found = self.db.action_version(table_id, cid)
        if found != version:
            self.error(
                f"mesa {table_id}: jogada {cid} confirmada (versão {version}) mas o log tem "
                f"{found!r} no momento da confirmação"
            )


@dataclass
class Pending:
    kind: str  # move | start | replay
    version: int
    sent: float
    cid: str = ""


class Player:
    """One logged-in player with one socket, moving whenever the page shows them legal actions;
    the table's host also presses "Jogar de novo" and "Começar" when a game ends."""

    def __init__(
        self, bench: Bench, load: int, user: dict[str, Any], table_id: int, host: bool
    ) -> None:
        self.bench, self.load, self.user = bench, load, user
        self.table_id, self.host = table_id, host
        self.ws: ClientConnection | None = None
        self.view: View | None = None
        self.rng = random.Random(bench.rng.random())
        self.first = True

    async def connect(self) -> bool:
        try:
            self.ws = await self.bench.open(f"/ws/mesa/{self.table_id}/", self.user["session"])
            async with asyncio.timeout(ACK_TIMEOUT):
                text = await self.ws.recv()
        except Exception as error:
            self.bench.error(f"mesa {self.table_id}: conexão falhou: {error!r}")
            return False
        self.view = parse_view(text)
        if self.view is None:
            self.bench.error(f"mesa {self.table_id}: primeira mensagem sem #mesa-status")
            return False
        return True

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    async def run(self) -> None:
        """Play until the phase stops; the socket stays open for `catch_up`."""
        try:
            while True:
                following = await self.play_table()
                if following is None or self.bench.phase.stopping:
                    return
                await self.close()
                self.table_id = following
                self.bench.tables.add(following)
                if not await self.connect():
                    return
        except Exception as error:  # anything unexpected is an error of the run, not a crash
            self.bench.error(f"mesa {self.table_id}: {error!r}")

    async def catch_up(self, version: int) -> None:
        """Wait for the view of `version`: every socket at a table sees the last move."""
        try:
            async with asyncio.timeout(ACK_TIMEOUT):
                while self.view is not None and self.view.version < version:
                    assert self.ws is not None
                    view = parse_view(await self.ws.recv())
                    if view is not None and view.version > self.view.version:
                        self.view = view
        except Exception as error:
            self.bench.error(
                f"mesa {self.table_id}: a vista da versão {version} não chegou a este jogador "
                f"({error!r})"
            )

    def next_step(self, now: float) -> tuple[float, str] | None:
        """What this player does next on the page it sees, and when."""
        view = self.view
        assert view is not None
        first, self.first = self.first, False  # the very first page: spread the start
        if view.actions:
            kind = "move"
        elif self.host and view.version == 0 and "start" in view.commands:
            kind = "start"
        elif self.host and view.over and view.next_table is None and "replay" in view.commands:
            kind = "replay"
        else:
            return None
        return now + self.bench.think(first=first), kind

    async def send(self, kind: str, now: float) -> Pending:
        assert self.ws is not None and self.view is not None
        bench, version = self.bench, self.view.version
        cid = uuid.uuid4().hex
        if kind == "move":
            action = pick(self.view.actions, self.rng)
            fields = {
                "action": json.dumps(action, separators=(",", ":"), ensure_ascii=False),
                "version": str(version),
                "cid": cid,
            }
            bench.sent += 1
        else:
            fields = {"cmd": kind, "cid": cid}
        await self.ws.send(htmx_frame(fields, bench.server.port, self.table_id))
        return Pending(kind, version, now, cid)

    async def play_table(self) -> int | None:
        """Play one table until it is over (then the next table's id) or the phase stops."""
        loop, bench = asyncio.get_running_loop(), self.bench
        assert self.ws is not None and self.view is not None
        pending: Pending | None = None
        step = self.next_step(loop.time())
        while True:
            now = loop.time()
            if pending is None:
                if bench.phase.stopping:
                    return None
                if self.view.over and self.view.next_table is not None:
                    return self.view.next_table
                if step is not None and now >= step[0]:
                    pending = await self.send(step[1], now)
                    step = None
                    continue
            if pending is not None:
                wait = pending.sent + ACK_TIMEOUT - now
                if wait <= 0:
                    bench.error(
                        f"mesa {self.table_id}: {pending.kind} {pending.cid} sem resposta em "
                        f"{ACK_TIMEOUT:.0f} s (jogada perdida)"
                    )
                    return None
            else:
                wait = min(1.0, step[0] - now) if step is not None else 1.0
            try:
                async with asyncio.timeout(max(wait, 0.0005)):
                    text = await self.ws.recv()
            except TimeoutError:
                continue
            except ConnectionClosed as closed:
                bench.error(f"mesa {self.table_id}: o servidor fechou o socket ({closed!r})")
                return None
            received = loop.time()
            view = parse_view(text)
            if view is None:
                bench.error(f"mesa {self.table_id}: mensagem sem #mesa-status: {text[:200]!r}")
                continue
            if view.notice and view.notice[0] in ("error", "warning"):
                bench.error(f"mesa {self.table_id} v{view.version}: aviso {view.notice!r}")
                if pending is not None and pending.kind != "replay":
                    pending = None  # refused: the version did not move
            if view.version < self.view.version:
                bench.error(
                    f"mesa {self.table_id}: versão voltou de {self.view.version} a {view.version}"
                )
                continue
            self.view = view
            if pending is not None:
                if pending.kind == "move" and view.version > pending.version:
                    bench.acknowledged(
                        self.load,
                        self.table_id,
                        pending.cid,
                        pending.version + 1,
                        pending.sent,
                        received,
                    )
                    if view.over:
                        bench.games_finished += 1
                    pending = None
                elif (pending.kind == "start" and view.version >= 1) or (
                    pending.kind == "replay" and view.next_table is not None
                ):
                    pending = None
            if pending is None:
                step = self.next_step(received)
            if view.your_turn and not view.actions and not view.over:
                bench.error(f"mesa {self.table_id} v{view.version}: vez sem jogadas legais")


class EchoPair:
    """The floor: two sockets of two players taking turns, like a table's, on `/ws/eco/`: one
    message in flight per pair, a frame the size of a move's, waiting for the echo."""

    def __init__(self, bench: Bench, load: int, users: list[dict[str, Any]]) -> None:
        self.bench, self.load, self.users = bench, load, users
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
                ws = self.sockets[turn % 2]
                action = {"type": "hold", "dice": [0, 2, 3]}
                frame = htmx_frame(
                    {
                        "action": json.dumps(action, separators=(",", ":")),
                        "version": str(turn + 1),
                        "cid": uuid.uuid4().hex,
                    },
                    port,
                    None,
                )
                sent = loop.time()
                await ws.send(frame)
                async with asyncio.timeout(ACK_TIMEOUT):
                    reply = await ws.recv()
                received = loop.time()
                if reply != frame:
                    bench.error(f"eco: resposta diferente do enviado: {reply[:100]!r}")
                bench.phase.record(self.load, received, received - sent)
                turn += 1
                act_at = received + bench.think()
        except Exception as error:
            bench.error(f"eco: {error!r}")

    async def close(self) -> None:
        for ws in self.sockets:
            with contextlib.suppress(Exception):
                await ws.close()


async def measure(bench: Bench, phase: Phase, tasks: list, warmup: float, seconds: float) -> None:
    """Run the clients: warm-up, the measured window (with CPU use), then stop and wait for
    the commands in flight. The warm-up lasts at least `warmup` and until every table (every
    echo pair) has completed one round trip, so the window sees the steady state, not the
    first burst still queued (capped at BENCH_LIVE_ACK_TIMEOUT)."""
    loop = asyncio.get_running_loop()
    bench.phase = phase
    began = loop.time()
    running = [asyncio.create_task(task) for task in tasks]
    await asyncio.sleep(warmup)
    while len(phase.warm) < phase.loads and loop.time() - began < ACK_TIMEOUT:
        await asyncio.sleep(0.1)
    phase.start = loop.time()
    phase.warmup = phase.start - began
    server0, client0 = cpu_seconds(bench.server.pid), time.process_time()
    await asyncio.sleep(seconds)
    phase.end = loop.time()
    phase.server_cpu = cpu_seconds(bench.server.pid) - server0
    phase.client_cpu = time.process_time() - client0
    phase.stopping = True  # no new move; the moves in flight are waited for
    await asyncio.gather(*running)


async def drain(players: list[Player]) -> None:
    at_table: dict[int, list[Player]] = defaultdict(list)
    for player in players:
        if player.ws is not None and player.view is not None:
            at_table[player.table_id].append(player)
    waits = []
    for group in at_table.values():
        last = max(p.view.version for p in group if p.view is not None)
        waits += [p.catch_up(last) for p in group]
    await asyncio.gather(*waits)


async def gather_limited(coros: list, limit: int = CONNECT_AT_ONCE) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(coro):
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))


# -- the final check against the log ---------------------------------------------------------------


def verify(bench: Bench) -> list[str]:
    """Every acknowledged move in the log with its cid and version, no move in the log that was
    not acknowledged, and each table's version = 1 (the start) + its acknowledged moves."""
    problems: list[str] = []
    ids = sorted(bench.tables)
    versions: dict[int, tuple[int, str]] = {}
    log: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ",".join("?" * len(part))
        for pk, version, status in bench.db.rows(
            f"SELECT id, version, status FROM games_table WHERE id IN ({marks})",  # noqa: S608
            part,
        ):
            versions[pk] = (version, status)
        for table_id, version, cid in bench.db.rows(
            f"SELECT table_id, version, cid FROM games_action WHERE table_id IN ({marks}) "  # noqa: S608
            "ORDER BY table_id, version",
            part,
        ):
            log[table_id].append((version, cid))
    for table_id in ids:
        acked = bench.acked.get(table_id, {})
        version, status = versions.get(table_id, (None, "?"))
        entries = log.get(table_id, [])
        if version is None:
            problems.append(f"mesa {table_id}: não existe")
            continue
        if version == 0 and status == "waiting" and not acked:
            continue  # a "jogar de novo" table the run stopped before starting
        if [v for v, _ in entries] != list(range(1, version + 1)):
            problems.append(f"mesa {table_id}: log com versões {[v for v, _ in entries]}")
        by_cid = {cid: v for v, cid in entries if cid}
        for cid, expected in acked.items():
            if by_cid.get(cid) != expected:
                problems.append(
                    f"mesa {table_id}: jogada confirmada {cid} (v{expected}) está no log como "
                    f"{by_cid.get(cid)!r}"
                )
        extra = set(by_cid) - set(acked)
        if extra:
            problems.append(f"mesa {table_id}: {len(extra)} jogada(s) no log sem confirmação")
        if version != 1 + len(acked):
            problems.append(
                f"mesa {table_id}: versão {version}, esperava 1 + {len(acked)} jogadas confirmadas"
            )
    return problems


# -- a scenario ------------------------------------------------------------------------------------

RESULTS: list[dict[str, Any]] = []


async def scenario(
    site: Site, server: Server, name: str, tables: int, think: float, warmup: float, seconds: float
) -> dict[str, Any]:
    users = site.users[: 2 * tables]
    table_ids = run_setup(
        site.env,
        {
            "op": "tables",
            "pairs": [[users[2 * i]["id"], users[2 * i + 1]["id"]] for i in range(tables)],
        },
    )
    db = Database(site.env)
    bench = Bench(server, db, think, SEED + tables)
    bench.tables.update(table_ids)
    sockets = 2 * tables
    try:
        # Warm the server up (imports, templates) with one table socket and one echo socket.
        probe = Player(bench, 0, users[0], table_ids[0], host=True)
        assert await probe.connect(), bench.errors
        await probe.close()
        echo_probe = EchoPair(bench, 0, users[:1])
        assert await echo_probe.connect(), bench.errors
        await echo_probe.close()
        await asyncio.sleep(1)
        rss0 = rss_kib(server.pid)

        # Every socket open at once, echo first, then the tables: memory by difference.
        started = time.perf_counter()
        pairs = [EchoPair(bench, i, users[2 * i : 2 * i + 2]) for i in range(tables)]
        await gather_limited([p.connect() for p in pairs])
        rss1 = rss_kib(server.pid)
        players = [
            Player(bench, i, users[2 * i + seat], table_ids[i], host=seat == 0)
            for i in range(tables)
            for seat in (0, 1)
        ]
        connected = await gather_limited([p.connect() for p in players])
        rss2 = rss_kib(server.pid)
        connect_seconds = time.perf_counter() - started
        if not all(connected):
            raise AssertionError(bench.errors[:20])

        echo = Phase("eco", loads=tables)
        await measure(bench, echo, [p.run() for p in pairs], warmup, seconds)
        game = Phase("mesa", loads=tables)
        await measure(bench, game, [p.run() for p in players], warmup, seconds)
        # Before leaving, every socket gets the last view of its table (none is lost), so no
        # render is still on its way when the sockets close.
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
        await gather_limited([p.close() for p in pairs], limit=256)
    finally:
        db.close()
    result = {
        "name": name,
        "tables": tables,
        "sockets": sockets,
        "think": think,
        "game": game,
        "echo": echo,
        "connect_seconds": connect_seconds,
        "rss0_mib": rss0 / 1024,
        "kib_per_echo_socket": (rss1 - rss0) / sockets,
        "kib_per_table_socket": (rss2 - rss1) / sockets,
        "moves_sent": bench.sent,
        "moves_acked": sum(len(v) for v in bench.acked.values()),
        "commit_checks": bench.commit_checks,
        "games_finished": bench.games_finished,
        "tables_played": len(bench.tables),
        "errors": bench.errors,
        "bench": bench,
    }
    return result


def report(result: dict[str, Any]) -> None:
    game, echo = result["game"], result["echo"]
    g50, g95, g99 = game.quantiles()
    e50, e95, e99 = echo.quantiles()
    pace = "ritmo humano" if result["think"] else "o mais rápido possível"
    print(
        f"\n{result['name']}: {result['tables']} mesas ({result['sockets']} sockets de mesa + "
        f"{result['sockets']} de eco), {pace}; janela {game.end - game.start:.0f} s depois de "
        f"{game.warmup:.1f} s de aquecimento (eco: {echo.warmup:.1f} s)"
    )
    print(f"  {'':34}{'mesa':>14}{'eco (piso)':>14}")
    rows = [
        ("jogadas·mensagens/s", f"{game.rate:.0f}", f"{echo.rate:.0f}"),
        ("ida e volta p50 (ms)", ms(g50), ms(e50)),
        ("ida e volta p95 (ms)", ms(g95), ms(e95)),
        ("ida e volta p99 (ms)", ms(g99), ms(e99)),
        (
            "CPU do daphne por operação (ms)",
            f"{game.cpu_per_op('server') * 1000:.2f}",
            f"{echo.cpu_per_op('server') * 1000:.2f}",
        ),
        (
            "CPU dos clientes por operação (ms)",
            f"{game.cpu_per_op('client') * 1000:.2f}",
            f"{echo.cpu_per_op('client') * 1000:.2f}",
        ),
        (
            "memória por socket aberto (KiB)",
            f"{result['kib_per_table_socket']:.1f}",
            f"{result['kib_per_echo_socket']:.1f}",
        ),
    ]
    for label, left, right in rows:
        print(f"  {label:34}{left:>14}{right:>14}")
    print(
        f"  jogadas enviadas {result['moves_sent']}, confirmadas {result['moves_acked']} "
        f"(todas lidas no log no instante da confirmação: {result['commit_checks']}); "
        f"partidas terminadas {result['games_finished']}, mesas jogadas {result['tables_played']}; "
        f"daphne {result['rss0_mib']:.0f} MiB antes dos sockets; sockets abertos em "
        f"{result['connect_seconds']:.1f} s"
    )


def print_summary(backend: str) -> None:
    if not RESULTS:
        return
    print(f"\nResumo — mesas ao vivo ({backend}, um processo daphne, {os.cpu_count()} CPUs)")
    print(f"  {'cenário':30}{'figura':26}{'mesa':>12}{'eco (piso)':>12}{'meta':>16}")
    for r in RESULTS:
        game, echo = r["game"], r["echo"]
        label = f"{r['tables']} mesas" + (" · ritmo humano" if r["think"] else " · capacidade")
        if r["think"]:
            g, e = game.quantiles(), echo.quantiles()
            lines = [
                ("ida e volta p50 (ms)", ms(g[0]), ms(e[0]), ""),
                ("ida e volta p95 (ms)", ms(g[1]), ms(e[1]), f"≤ {TARGET_HUMAN_P95_MS} ms"),
                ("ida e volta p99 (ms)", ms(g[2]), ms(e[2]), ""),
                ("jogadas·mensagens/s", f"{game.rate:.0f}", f"{echo.rate:.0f}", ""),
            ]
        else:
            lines = [
                (
                    "jogadas·mensagens/s",
                    f"{game.rate:.0f}",
                    f"{echo.rate:.0f}",
                    f"≥ {TARGET_MOVES_PER_SECOND}/s",
                ),
                ("ida e volta p95 (ms)", ms(game.quantiles()[1]), ms(echo.quantiles()[1]), ""),
            ]
        lines.append(
            (
                "memória/socket (KiB)",
                f"{r['kib_per_table_socket']:.1f}",
                f"{r['kib_per_echo_socket']:.1f}",
                "",
            )
        )
        lines.append(("erros · jogadas perdidas", str(len(r["errors"])), "", "0"))
        for i, (fig, left, right, target) in enumerate(lines):
            print(f"  {label if i == 0 else '':30}{fig:26}{left:>12}{right:>12}{target:>16}")


def run_scenario(site: Site, name: str, tables: int, think: float, warmup: float, seconds: float):
    with Server(site.env, site.workdir, f"{tables}-{int(think * 1000)}") as server:
        result = asyncio.run(scenario(site, server, name, tables, think, warmup, seconds))
    problems = server.problems()
    lost = verify_after(site, result)
    report(result)
    RESULTS.append(result)
    print(
        f"  log conferido: {len(result['bench'].tables)} mesas, {result['moves_acked']} jogadas "
        f"confirmadas, {len(lost)} problema(s); registro do daphne: {len(problems)} erro(s)"
    )
    assert not result["errors"], "\n".join(result["errors"][:30])
    assert not problems, "daphne registrou erros:\n" + "\n".join(problems[:30])
    assert not lost, "\n".join(lost[:30])
    assert result["moves_acked"] == result["moves_sent"]
    assert result["moves_acked"] > 0


def verify_after(site: Site, result: dict[str, Any]) -> list[str]:
    bench: Bench = result["bench"]
    bench.db = Database(site.env)
    try:
        return verify(bench)
    finally:
        bench.db.close()


@pytest.mark.parametrize("tables", CAPACITY_TABLES)
def test_capacity(site, tables):
    run_scenario(site, "Capacidade", tables, 0.0, WARMUP, SECONDS)


def test_human_pace(site):
    run_scenario(site, "Ritmo humano", HUMAN_TABLES, THINK, HUMAN_WARMUP, HUMAN_SECONDS)
