"""Two daphne processes on PostgreSQL and Redis serving one set of tables, as in production.

The two players of a duel sit on different processes: every socket sees every move in order;
robot timers are fired by the sweepers of both processes, each move once; presence is right on
both sides. Uses DATABASE_URL and REDIS_URL when they are set (a fresh database is created on
that server for the test), else starts throwaway servers (tests/servers.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from websockets.asyncio.client import connect

from tests import servers
from tests.pages import Page

# Runs against DATABASE_URL/REDIS_URL when set: in CI's PostgreSQL + Redis pass too.
pytestmark = [pytest.mark.backend, pytest.mark.servers]

REPO = Path(__file__).resolve().parents[2]


def _need(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: this test must run)", pytrace=False)
    pytest.skip(reason)


@contextlib.contextmanager
def fresh_database(url: str):
    """A new database on the server of `url`, dropped at the end."""
    import psycopg

    parts = urlsplit(url)
    name = f"two_processes_{secrets.token_hex(4)}"
    admin = dict(
        dbname="postgres",
        host=parts.hostname,
        port=parts.port,
        user=parts.username,
        password=parts.password,
        autocommit=True,
    )
    with psycopg.connect(**admin) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(**admin) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def own_redis_database(redis_url: str) -> str:
    """A Redis database for this test's processes alone: the worker's own number (each worker
    has one, tests/settings.py) plus 8. The test process's groups never mix with these, nor do
    those of a test running at the same moment on another worker, whose tables have the same ids
    in a database of their own."""
    base, number = redis_url.rsplit("/", 1)
    return f"{base}/{int(number or 0) + 8}"


@contextlib.contextmanager
def backends(tmp_path: Path):
    database_url, redis_url = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if database_url and redis_url:
        with fresh_database(database_url) as url:
            yield url, own_redis_database(redis_url)
        return
    if not servers.available():
        _need("PostgreSQL and Redis are needed: " + ", ".join(servers.missing()))
    with servers.postgres_and_redis(tmp_path) as urls:
        yield urls


def environment(database_url: str, redis_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.pop("DEBUG", None)
    env.update(
        DJANGO_SETTINGS_MODULE="tests.multiprocess.settings",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        GAMES_SWEEPER="1",
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
    )
    return env


def run(env, argv, stdin: str = "") -> str:
    done = subprocess.run(
        [sys.executable, *argv], cwd=REPO, env=env, input=stdin, capture_output=True, text=True,
        timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout


class Daphne:
    def __init__(self, env, workdir: Path, name: str) -> None:
        self.port, self.log_path = servers.free_port(), workdir / f"daphne-{name}.log"
        self.env = env

    def __enter__(self) -> Daphne:
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(self.port),
             "config.asgi:application"],
            cwd=REPO, env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        servers.wait_listening(self.proc, self.port, self.log_path.read_text)
        return self

    def __exit__(self, *exc) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()

    def problems(self) -> list[str]:
        signs = ("Traceback", "ERROR", "Exception inside application")
        text = self.log_path.read_text(errors="replace").splitlines()
        return [line for line in text if any(sign in line for sign in signs)]


class Player:
    """One page's socket on one process."""

    def __init__(self, port: int, table_id: int, session: str | None) -> None:
        self.port, self.table_id, self.session = port, table_id, session
        self.page = Page()
        self.versions: list[int] = []

    async def open(self) -> Player:
        headers = {"Cookie": f"sessionid={self.session}"} if self.session else {}
        self.ws = await connect(
            f"ws://127.0.0.1:{self.port}/ws/mesa/{self.table_id}/",
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers=headers,
            proxy=None,
        )
        await self.read()
        return self

    async def read(self, timeout: float = 10) -> None:
        self.page.apply(await asyncio.wait_for(self.ws.recv(), timeout))
        if not self.versions or self.versions[-1] != self.page.version:
            self.versions.append(self.page.version)

    async def until(self, check, timeout: float = 15) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not check(self.page):
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, f"the page never got there: {self.page.text()[:400]}"
            with contextlib.suppress(TimeoutError):
                await self.read(timeout=left)

    async def act(self, action: dict) -> None:
        version, cid = str(self.page.version), uuid.uuid4().hex
        await self.ws.send(
            json.dumps({"action": json.dumps(action), "version": version, "cid": cid})
        )


def next_move(page: Page) -> dict | None:
    """Roll once, then mark the first open box: a whole turn in two moves."""
    actions = [a for a in page.actions() if a["type"] in ("roll", "score")]
    rolls = [a for a in actions if a["type"] == "roll" and a.get("cup") is False]
    scores = [a for a in actions if a["type"] == "score"]
    return (scores or rolls or [None])[0]


def present(page: Page, seat: int) -> bool:
    node = page.find(f"mesa-lugar-{seat}")
    return node is not None and "presence--on" in node.html()


async def duel_across_processes(first: Daphne, second: Daphne, setup: dict) -> None:
    people, table = setup["people"], setup["tables"]["duel"]
    ana = await Player(first.port, table, people["Ana"]["session"]).open()
    bia = await Player(second.port, table, people["Bia"]["session"]).open()
    watcher = await Player(second.port, table, None).open()
    # Each side sees the other at the table, though their sockets are in another process.
    await ana.until(lambda p: present(p, 1))
    await bia.until(lambda p: present(p, 0))
    moved: list[int] = []
    for _ in range(24):
        mover = next(p for p in (ana, bia) if next_move(p.page))
        action = next_move(mover.page)
        target = mover.page.version + 1
        await mover.act(action)
        for player in (ana, bia, watcher):
            await player.until(lambda p, target=target: p.version >= target)
        moved.append(target)
    for player in (ana, bia, watcher):
        assert player.versions == sorted(set(player.versions)), player.versions  # in order
        assert set(moved) <= set(player.versions)  # every move seen
    # Bia closes her page on the second process; the first process shows her away.
    await bia.ws.close()
    await ana.until(lambda p: "desconectado" in p.text("mesa-lugar-1"))
    await watcher.until(lambda p: "desconectado" in p.text("mesa-lugar-1"))
    await ana.ws.close()
    await watcher.ws.close()


async def robot_across_processes(first: Daphne, second: Daphne, setup: dict) -> int:
    """Carla plays three turns against the robot; returns the version her page showed last."""
    people, table = setup["people"], setup["tables"]["robot"]
    carla = await Player(first.port, table, people["Carla"]["session"]).open()
    watcher = await Player(second.port, table, None).open()  # starts the second sweeper too
    for _turn in range(3):
        await carla.until(lambda p: next_move(p) is not None and p.banner == "Sua vez", timeout=30)
        for _ in range(2):  # roll, mark a box
            target = carla.page.version + 1
            await carla.act(next_move(carla.page))
            await carla.until(lambda p, target=target: p.version >= target)
    await carla.until(lambda p: p.banner == "Sua vez", timeout=30)
    await watcher.until(lambda p: p.version >= carla.page.version)
    assert watcher.versions == sorted(set(watcher.versions))
    await carla.ws.close()
    await watcher.ws.close()
    return carla.page.version


def robot_moves(database_url: str, table_id: int) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT version, action->>'type' FROM games_action WHERE table_id = %s AND seat = 1 "
            "ORDER BY version",
            [table_id],
        ).fetchall()
    return [(version, kind) for version, kind in rows]


def test_two_daphne_processes_serve_one_duel_and_fire_each_robot_timer_once(tmp_path):
    with backends(tmp_path) as (database_url, redis_url):
        env = environment(database_url, redis_url)
        run(env, ["manage.py", "migrate", "--no-input", "-v", "0"])
        request = {
            "people": ["Ana", "Bia", "Carla"],
            "tables": {
                "duel": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "Bia"]},
                "robot": {"game": "bozo", "mode": "duelo", "seats": ["Carla", "robot"]},
            },
        }
        out = run(env, ["-m", "tests.multiprocess.setup"], json.dumps(request))
        setup = json.loads(next(x for x in out.splitlines() if x.startswith("SETUP-JSON:"))[11:])
        with Daphne(env, tmp_path, "1") as first, Daphne(env, tmp_path, "2") as second:
            asyncio.run(duel_across_processes(first, second, setup))
            seen = asyncio.run(robot_across_processes(first, second, setup))
            problems = first.problems() + second.problems()
        assert problems == []
        moves = robot_moves(database_url, setup["tables"]["robot"])
        # Three robot turns while Carla played, each ending in one score (once she has left, the
        # robot may take her seat as the processes stop); no robot move was applied twice.
        assert [kind for version, kind in moves if version <= seen].count("score") == 3
        assert len({version for version, _ in moves}) == len(moves)
