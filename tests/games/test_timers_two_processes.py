"""Robot tables played to their end by three sweepers at once, as in production: those of two
daphne processes and `manage.py run_sweeper`, all firing the same due timers. No timer fails,
and no move in the log is by a seat that was not on turn (games/timers.py, games/sweeper.py).
Uses DATABASE_URL and REDIS_URL when they are set, else throwaway servers (tests/servers.py).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from games import rules
from tests.games.test_two_processes import REPO, Daphne, Player, backends, environment, run

# Runs against DATABASE_URL/REDIS_URL when set: in CI's PostgreSQL + Redis pass too.
pytestmark = [pytest.mark.backend, pytest.mark.servers]

# Robots at a table's quick pace ("Robôs rápidos"): the most timers due in the least time.
TABLES = {
    "domino": {
        "game": "domino", "mode": "duplas", "seats": ["Ana", "robot", "robot", "robot"],
        "fast_robots": True,
    },
    "dozito": {
        "game": "dozito", "mode": "mesa", "options": {"rounds": 1}, "seats": ["Bia", "robot"],
        "fast_robots": True,
    },
    "dozito-3": {
        "game": "dozito", "mode": "mesa", "options": {"rounds": 1},
        "seats": ["Caio", "robot", "robot"], "fast_robots": True,
    },
}  # fmt: skip


class Watcher(Player):
    """A spectator's page that confirms what it received, as the browser's does."""

    async def read(self, timeout: float = 10) -> None:
        await super().read(timeout)
        await self.ws.send(json.dumps({"ack": sum(len(m) for m in self.page.raw)}))


def over(page) -> bool:
    status = page.find("mesa-status")
    return status is not None and "mesa-status--over" in status.attrs.get("class", "")


async def watch_to_the_end(first: Daphne, second: Daphne, tables: dict[str, int]) -> None:
    """A spectator of each table, on both processes (which starts their sweepers)."""
    daphnes = (first, second)
    watchers = [
        await Watcher(daphnes[i % 2].port, table, None).open()
        for i, table in enumerate(tables.values())
    ]
    await asyncio.gather(*(watcher.until(over, timeout=60) for watcher in watchers))
    for watcher in watchers:
        await watcher.ws.close()


def moves_out_of_turn(database_url: str, table_id: int) -> tuple[str, int, list[int]]:
    """The table's status, how many moves it logged, and the versions of those made by a seat
    that was not on turn before them."""
    import psycopg

    with psycopg.connect(database_url) as conn:
        game, status = conn.execute(
            "SELECT game, status FROM games_table WHERE id = %s", [table_id]
        ).fetchone()
        rows = conn.execute(
            "SELECT version, seat, state FROM games_action WHERE table_id = %s ORDER BY version",
            [table_id],
        ).fetchall()
    turns, out, before = rules.get(game), [], None
    for version, seat, state in rows:
        if before is not None and seat not in (None, *turns.to_act(before)):
            out.append(version)
        before = state
    return status, len(rows), out


def test_robot_tables_end_with_no_timer_failed_and_no_move_out_of_turn(tmp_path):
    with backends(tmp_path) as (database_url, redis_url):
        env = environment(database_url, redis_url)
        run(env, ["manage.py", "migrate", "--no-input", "-v", "0"])
        specs = {name: {**spec, "fast_robots": True, "away": True} for name, spec in TABLES.items()}
        request = {"people": ["Ana", "Bia", "Caio"], "tables": specs}
        out = run(env, ["-m", "tests.multiprocess.setup"], json.dumps(request))
        setup = json.loads(next(x for x in out.splitlines() if x.startswith("SETUP-JSON:"))[11:])
        sweeper_log = tmp_path / "run_sweeper.log"
        with sweeper_log.open("w") as log:
            alone = subprocess.Popen(
                [sys.executable, "manage.py", "run_sweeper", "--interval", "0.02"],
                cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
            )  # fmt: skip
            try:
                with Daphne(env, tmp_path, "1") as first, Daphne(env, tmp_path, "2") as second:
                    asyncio.run(watch_to_the_end(first, second, setup["tables"]))
                    problems = first.problems() + second.problems()
            finally:
                alone.terminate()
                alone.wait(20)
        signs = ("Traceback", "ERROR", "failed")
        lines = sweeper_log.read_text(errors="replace").splitlines()
        problems += [line for line in lines if any(sign in line for sign in signs)]
        assert problems == []
        for name, table in setup["tables"].items():
            status, moves, out_of_turn = moves_out_of_turn(database_url, table)
            assert (status, out_of_turn) == ("finished", []), name
            assert moves > 20, name  # played to its end, by the robots
