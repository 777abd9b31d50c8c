"""What every scenario plays on: the site (PostgreSQL + Redis, people with sessions), its
daphnes, its tables (opened, then deleted), and the checks at its end."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests import servers
from tests.bench.live.database import Database, run_setup
from tests.bench.live.fragments import forget_parsed
from tests.bench.live.server import Server
from tests.bench.live.verify import verify, verify_seats
from tests.bench.production.client import ProdBench
from tests.bench.production.config import (
    MIX,
    PARTS,
    REPO,
    SPECTATOR_GAME,
    SPECTATORS,
    TABLES,
    Part,
    table_counts,
)


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
    return run_setup(site.env, request)


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
        [sys.executable, "-c", "from tests.bench.production.stage import _cleanup_main as m; m()"],
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
        yield [stack.enter_context(Server(env, site.workdir, f"{name}-{i}")) for i in range(count)]


def start_bench(site: ProdSite, procs: list[Server], think: float, seed: int) -> ProdBench:
    bench = ProdBench(procs, Database(site.env), think, seed)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    forget_parsed()
    return bench


def finish(site: ProdSite, bench: ProdBench, procs: list[Server], result: dict) -> list[str]:
    """The checks of bench_live: the client's errors, daphne's logs, the log of every table."""
    problems = [line for s in procs for line in s.problems()]
    bench.db.close()
    bench.db = Database(site.env)
    try:
        lost = verify(bench)
        seat_problems, robot_moves = verify_seats(bench, result["robots_expected"])
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
