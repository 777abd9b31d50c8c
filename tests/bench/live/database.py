"""The server's database as this process reaches it: read directly (acknowledgements and the
final check), and set up in a subprocess with the server's settings."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench.live.config import SERVER_REPO


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

    def log_moves(self) -> tuple[int, int]:
        """The moves in the whole log (the rows of a seat), and the robots' among them."""
        ((moves, robots),) = self.rows(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id IS NULL THEN 1 ELSE 0 END), 0) "
            "FROM games_action WHERE seat IS NOT NULL"
        )
        return int(moves), int(robots)

    def action_version(self, table_id: int, cid: str) -> int | None:
        found = self.rows(
            "SELECT version FROM games_action WHERE table_id = ? AND cid = ?", (table_id, cid)
        )
        return found[0][0] if found else None

    def close(self) -> None:
        self.conn.close()


# -- set-up in a subprocess with the server's settings (same key, same database) -------------------
#
# Run from SERVER_REPO: with BENCH_LIVE_REPO, that checkout's own _setup_main runs, so its JSON
# interface stays as it is: {"op": "users", "count", "prefix"} -> [{"id", "session"}] and
# {"op": "tables", "pairs": [[host, guest]]} -> [table ids], each a started Bozó duel;
# {"op": "domino", "options", "tables": [{"seats": [host, user or None (a robot) x3],
# "fast_robots"}]} -> [table ids], each a started Dominó table of the Duplas mode (a checkout
# without it answers "unknown op": its run has no Dominó scenario);
# {"op": "group", "game", "mode", "options", "tables": [{"seats": [host, user or None (a robot),
# ...], "fast_robots"}]} -> [table ids], each a started table of that game and mode with those
# seats (the mode drops its free seats; a solo mode starts at creation), e.g. Dozito's and Yam's.


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
    elif request["op"] in ("domino", "group"):
        from games.models import Table

        if request["op"] == "domino":
            request = dict(request, game="domino", mode="duplas")
        tables = request["tables"]
        by_id = User.objects.in_bulk([u for t in tables for u in t["seats"] if u is not None])
        result = []
        for chunk in range(0, len(tables), 50):
            with transaction.atomic():
                for spec in tables[chunk : chunk + 50]:
                    host = by_id[spec["seats"][0]]
                    table = services.table_create(
                        host=host,
                        game=request["game"],
                        mode=request["mode"],
                        options=request.get("options") or {},
                        fast_robots=bool(spec.get("fast_robots")),
                    )
                    for index, user_id in enumerate(spec["seats"][1:], start=1):
                        if user_id is None:
                            services.robot_add(table_id=table.pk, by=host, index=index)
                        else:
                            services.seat_take(table_id=table.pk, user=by_id[user_id], index=index)
                    if table.status == Table.Status.WAITING:  # solo training started at once
                        services.table_start(table_id=table.pk, by=host)
                    result.append(table.pk)
    else:
        raise SystemExit(f"unknown op {request['op']}")
    sys.stdout.write("BENCH-JSON:" + json.dumps(result) + "\n")


# SERVER_REPO's own _setup_main: here since the split, in bench_live.py in a checkout from before
# it (BENCH_LIVE_REPO measuring a baseline).
SETUP_CODE = """\
try:
    from tests.bench.live.database import _setup_main
except ModuleNotFoundError:
    from tests.bench.bench_live import _setup_main
_setup_main()
"""


def run_setup(env: dict[str, str], request: dict[str, Any]) -> Any:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            SETUP_CODE,
        ],
        cwd=SERVER_REPO,
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
    backend: str  # embedded | postgres
    label: str  # what the database and the layer are
    servers_dir: Path | None = None  # where tests/servers.py runs PostgreSQL and Redis
