"""What the fault tests share: their own throwaway servers, daphne processes that can be killed
and started again on the same port, and clients that behave like a table page.

Every fault test starts its OWN PostgreSQL and Redis (tests/servers.py), because it stops or
kills them; the CI's shared DATABASE_URL/REDIS_URL servers are never touched. So a fault test
runs once in CI, in the pass without DATABASE_URL (the second would run the same again); under
CI=true missing servers fail it, never skip it. The daphne
processes, the people and the tables come from tests/games/test_two_processes.py and
tests/multiprocess/setup.py.

A `Client` is a websockets client that does what table.js and htmx's ws extension do: on a close
or an error it opens a new socket by itself after a short backoff (the page reconnects on 1006,
1011, 1012, 1013 and on 4011, a server's passing trouble; never on 4001, 4008 or 4404), reads the
first full frame into a fresh page model and then follows the version (`#mesa-versao`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tests import servers
from tests.bench.live.config import ACK_EVERY  # table.js's, as the bench's clients use it
from tests.games.test_two_processes import REPO, _need, environment, run
from tests.pages import Page
from tests.waiting import until

# The close codes after which the real page opens a new socket by itself (htmx's ws extension:
# 1006, 1011, 1012, 1013; table.js: 4011). A refused handshake is seen by a browser as 1006.
RECONNECT_CODES = frozenset({1006, 1011, 1012, 1013, 4011})
NOT_PLAYED = frozenset({"leave", "claim_inactivity"})


def need_servers() -> None:
    if not servers.available():
        _need("PostgreSQL and Redis are needed: " + ", ".join(servers.missing()))


class Redis:
    """A redis-server with nothing on disk on a fixed port, which can be stopped and started
    again (a restart without persistence: every group is gone)."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = servers.free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        log = (self.workdir / "redis.log").open("a")
        self.proc = subprocess.Popen(
            [str(servers.redis_bin()), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        log.close()
        deadline = time.monotonic() + 30
        while not servers._redis_ping(self.port):
            assert self.proc.poll() is None, "redis-server exited"
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()  # no shutdown save either: what a crash or a restart leaves
            self.proc.wait(20)
        self.proc = None


@contextlib.contextmanager
def backends():
    """Fresh PostgreSQL and Redis of this test's own; yields (database_url, Redis, workdir).

    The work directory is a temporary one of its own, not pytest's tmp_path: another pytest
    session on the machine prunes the older directories of /tmp/pytest-of-<user>, the running
    cluster's among them. It is removed at the end, unless the test failed (its logs stay)."""
    if os.environ.get("DATABASE_URL"):
        # CI's second pass (DATABASE_URL/REDIS_URL set to its shared servers) would run the
        # same test on the same servers of its own again: it runs once, in the first pass.
        pytest.skip("a fault test starts its own servers: it runs in the pass without DATABASE_URL")
    need_servers()
    workdir = Path(tempfile.mkdtemp(prefix="bozo-faults-"))
    failed = False
    try:
        with servers.postgres(workdir) as database_url:
            redis = Redis(workdir)
            redis.start()
            try:
                yield database_url, redis, workdir
            finally:
                redis.stop()
    except BaseException:
        failed = True
        print(f"the fault test's servers and logs: {workdir}")
        raise
    finally:
        if not failed:
            shutil.rmtree(workdir, ignore_errors=True)


class Daphne:
    """`python -m config.serve` on a fixed port: started, killed with SIGKILL, started again."""

    def __init__(self, env: dict[str, str], workdir: Path, name: str) -> None:
        self.env, self.port, self.name = env, servers.free_port(), name
        self.log_path = workdir / f"daphne-{name}.log"
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> Daphne:
        self.starts += 1
        log = self.log_path.open("a")
        log.write(f"\n===== start {self.starts}\n")
        log.flush()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(self.port),
             "config.asgi:application"],
            cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        log.close()
        servers.wait_listening(self.proc, self.port, self.log)
        return self

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(20)

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def problems(self, since: int = 0) -> list[str]:
        """Tracebacks and errors in the log, from character `since` on."""
        signs = ("Traceback", "ERROR", "Exception inside application")
        lines = self.log()[since:].splitlines()
        return [line for line in lines if any(sign in line for sign in signs)]


def prepare(env: dict[str, str], request: dict) -> dict:
    """Migrate, then make the people and tables of `request` (tests/multiprocess/setup.py)."""
    run(env, ["manage.py", "migrate", "--no-input", "-v", "0"])
    out = run(env, ["-m", "tests.multiprocess.setup"], json.dumps(request))
    return json.loads(next(x for x in out.splitlines() if x.startswith("SETUP-JSON:"))[11:])


def fault_environment(database_url: str, redis_url: str, **more: str) -> dict[str, str]:
    env = environment(database_url, redis_url)
    env["DJANGO_SETTINGS_MODULE"] = "tests.faults.settings"
    env.update(more)
    return env


@dataclass
class Sent:
    cid: str
    version: int
    action: dict
    acknowledged: bool = False


@dataclass
class Client:
    """One page at one table, as table.js and htmx's ws extension drive it."""

    name: str
    port: int
    table_id: int
    session: str | None
    page: Page = field(default_factory=Page)
    sockets: int = 0  # how many sockets it opened (1 + its reconnections)
    closes: list[int] = field(default_factory=list)  # the close codes it met
    sent: list[Sent] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    frames: int = 0  # frames read since the current socket opened
    ws: object = None
    _task: asyncio.Task | None = None
    _changed: asyncio.Condition = field(default_factory=asyncio.Condition)  # a frame, a close
    stopped: bool = False

    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/mesa/{self.table_id}/"

    async def start(self) -> Client:
        self._task = asyncio.get_running_loop().create_task(self._run())
        await until(lambda: self.frames > 0, 60, f"{self.name}'s first frame")
        return self

    async def _run(self) -> None:
        retry = 0
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        while not self.stopped:
            code = 1006
            try:
                async with connect(
                    self.url(), origin=f"http://127.0.0.1:{self.port}",
                    additional_headers=headers, proxy=None, open_timeout=10,
                ) as ws:  # fmt: skip
                    self.ws, self.sockets = ws, self.sockets + 1
                    fresh, self.frames = Page(), 0
                    received = acknowledged = 0
                    try:
                        async for message in ws:
                            # Acknowledged as table.js does, or the server closes the socket
                            # as one that does not read (4008, never reconnected).
                            received += len(message.encode("utf-16-le")) // 2
                            if received - acknowledged >= ACK_EVERY:
                                acknowledged = received
                                await ws.send(json.dumps({"ack": received}))
                            if self.frames == 0:
                                self.page = fresh  # the first frame holds every partial
                            self.page.apply(message)
                            self.frames += 1
                            retry = 0
                            notice = self.page.notice
                            if notice and (not self.notices or self.notices[-1] != notice):
                                self.notices.append(notice)
                            await self._notify()
                    except ConnectionClosed:
                        pass
                    code = ws.close_code if ws.close_code is not None else 1006
            # Any failed handshake is the browser's 1006, a socket cut mid-handshake too (one that
            # reaches a daphne being killed: InvalidMessage), which had ended this loop for good.
            except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
                code = 1006
            self.ws, self.frames = None, 0
            self.closes.append(code)
            await self._notify()
            if self.stopped or code not in RECONNECT_CODES:
                return
            retry += 1
            await asyncio.sleep(min(2.0, 0.1 * 2**retry) * random.random() + 0.05)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def changed_until(self, check, timeout: float) -> bool:
        """Wait until `check()` holds, asked again at each frame the page takes and at each
        close; False when `timeout` runs out first."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(check), timeout)
            except TimeoutError:
                return False
        return True

    @property
    def live(self) -> bool:
        return self.ws is not None and self.frames > 0

    async def send(self, data: dict) -> bool:
        ws = self.ws
        if ws is None:
            return False
        try:
            await ws.send(json.dumps(data))
        except ConnectionClosed:
            return False
        return True

    async def act(self, action: dict) -> Sent | None:
        """Send `action` at the version shown; acknowledged when a frame with a newer version
        comes back on the same socket with no error notice."""
        version, cid, socket_ = self.page.version, uuid.uuid4().hex, self.sockets
        before = len(self.page.raw)
        sent = Sent(cid, version, action)
        data = {"action": json.dumps(action), "version": str(version), "cid": cid}
        if not await self.send(data):
            return None
        self.sent.append(sent)

        def same_socket() -> bool:
            return self.sockets == socket_ and self.live

        def answered() -> bool:
            refused = "message--error" in "".join(self.page.raw[before:])
            return not same_socket() or self.page.version > version or refused

        await self.changed_until(answered, 10)
        sent.acknowledged = same_socket() and self.page.version > version
        return sent

    async def close(self) -> None:
        self.stopped = True
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._task, 10)


def playable(page: Page) -> list[dict]:
    """The moves the page offers (not leaving, not claiming the other's inactivity)."""
    return [a for a in page.actions() if a.get("type") not in NOT_PLAYED]


def choose(page: Page, rng: random.Random) -> dict | None:
    """A legal action the page offers: a kind first, then one of that kind."""
    actions = playable(page)
    if not actions:
        return None
    kind = rng.choice(sorted({a["type"] for a in actions}))
    return rng.choice([a for a in actions if a["type"] == kind])


async def play(client: Client, rng: random.Random, stop: asyncio.Event, think=0.05) -> None:
    """Play whenever the page offers a move, at a brisk human pace, until `stop`."""
    while not stop.is_set():
        action = choose(client.page, rng) if client.live else None
        if action is None:  # until a frame offers a move (looking at `stop` now and then)
            await client.changed_until(lambda: client.live and playable(client.page), 0.25)
            continue
        await client.act(action)
        await asyncio.sleep(think)


async def fresh_page(port: int, table_id: int, session: str | None) -> Page:
    """What a new socket shows now: its first frame."""
    headers = {"Cookie": f"sessionid={session}"} if session else {}
    async with connect(
        f"ws://127.0.0.1:{port}/ws/mesa/{table_id}/", origin=f"http://127.0.0.1:{port}",
        additional_headers=headers, proxy=None, open_timeout=20,
    ) as ws:  # fmt: skip
        page = Page()
        page.apply(await asyncio.wait_for(ws.recv(), 20))
        return page


def comparable(page: Page) -> dict[str, str]:
    """The page's partials by id, without the notice (a message for this socket alone)."""
    found = {}
    for node in page.root.children:
        if hasattr(node, "attrs") and node.attrs.get("id") not in (None, "mesa-aviso"):
            found[node.attrs["id"]] = node.html()
    return found


async def same_as_fresh(client: Client, timeout: float = 30) -> None:
    """The client's page settles on what a fresh socket of the same person shows."""
    deadline = time.monotonic() + timeout
    while True:
        fresh = await fresh_page(client.port, client.table_id, client.session)
        mine, theirs = comparable(client.page), comparable(fresh)
        if client.live and fresh.version == client.page.version and mine == theirs:
            return
        if time.monotonic() > deadline:
            differ = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
            raise AssertionError(
                f"{client.name}: v{client.page.version} vs fresh v{fresh.version}, "
                f"live={client.live}, differing partials {differ}"
            )
        await asyncio.sleep(0.3)


# -- the database, read by the test process ------------------------------------------------------


def rows(database_url: str, sql: str, params=()) -> list[tuple]:
    import psycopg

    with psycopg.connect(database_url) as conn:
        return conn.execute(sql, params).fetchall()


def acknowledged_missing(database_url: str, clients: list[Client]) -> list[str]:
    """The cids of acknowledged moves with no Action row."""
    cids = [s.cid for c in clients for s in c.sent if s.acknowledged]
    found = {cid for (cid,) in rows(
        database_url, "SELECT cid FROM games_action WHERE cid = ANY(%s)", (cids,)
    )}  # fmt: skip
    return [cid for cid in cids if cid not in found]


def log_problems(env: dict[str, str], table_ids: list[int]) -> list[str]:
    """Each table's log replayed through the rules (tests/faults/replay.py, with the servers'
    settings): what does not agree."""
    out = run(env, ["-m", "tests.faults.replay"], json.dumps(table_ids))
    return json.loads(next(x for x in out.splitlines() if x.startswith("REPLAY-JSON:"))[12:])


def versions(database_url: str, table_ids: list[int]) -> dict[int, int]:
    found = rows(database_url, "SELECT id, version FROM games_table WHERE id = ANY(%s)",
                 (table_ids,))  # fmt: skip
    return dict(found)


def action_count(database_url: str, table_id: int, robots: bool | None = None) -> int:
    sql = "SELECT count(*) FROM games_action WHERE table_id = %s"
    if robots is not None:
        sql += " AND user_id IS " + ("NULL" if robots else "NOT NULL")
    return rows(database_url, sql, (table_id,))[0][0]


def env_flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")
