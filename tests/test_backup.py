"""A PostgreSQL backup restores into a fresh database and the games play on from it.

As the README's "Cópias de segurança" says: deploy/backup.sh (pg_dump -Fc, the daily
bozo-backup.service) copies a database where people play one table of each game; the copy is
restored with pg_restore into a new database, `migrate` finds nothing to do, and every table goes
on from there: more legal moves through the services, the version going on from the copy's, and
each table's log replaying through the rules to the state stored. The old copies past
BACKUP_KEEP_DAYS are removed, the others kept.

Django runs in subprocesses against those databases (like tests/multiprocess/setup.py, which
creates the people and tables); `python -m tests.test_backup play|check` are their steps. Uses
DATABASE_URL's server when it is PostgreSQL (fresh databases on it), else a throwaway cluster
(tests/servers.py); skipped without PostgreSQL, except under CI=true.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests import servers

# Runs against DATABASE_URL/REDIS_URL when set: in CI's PostgreSQL + Redis pass too.
pytestmark = [pytest.mark.backend, pytest.mark.servers]

REPO = Path(__file__).resolve().parents[1]
BACKUP = REPO / "deploy" / "backup.sh"
TABLES = {
    "bozo": {"game": "bozo", "mode": "duelo", "seats": ["ana", "bia"]},
    "domino": {"game": "domino", "mode": "duplas", "seats": ["ana", "bia", "caio", "duda"]},
    "dozito": {"game": "dozito", "mode": "mesa", "seats": ["caio", "duda"]},
    "yams": {"game": "yams", "mode": "mesa", "seats": ["bia", "caio"]},
}
MOVES = 6
# Not moves that play on: leaving ends the game, a claim waits for the clock.
QUITTING = {"leave", "claim_inactivity"}


@contextlib.contextmanager
def postgres_server(tmp_path: Path):
    """The URL of a PostgreSQL server to make fresh databases on."""
    from tests.games.test_two_processes import _need

    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        yield url
        return
    lacks = [m for m in servers.missing() if not m.startswith("Redis")]
    if lacks:
        _need("PostgreSQL is needed: " + ", ".join(lacks))
    with servers.postgres(tmp_path / "servers") as url:
        yield url


def in_django(database_url: str, *argv: str, stdin: str = "") -> str:
    from tests.games.test_two_processes import environment, run

    env = environment(database_url, "")  # no REDIS_URL: one process, the in-memory layer
    return run(env, list(argv), stdin)


def json_line(output: str, mark: str) -> dict:
    line = next(line for line in output.splitlines() if line.startswith(mark))
    return json.loads(line.removeprefix(mark))


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
def test_a_dump_restores_into_a_fresh_database_and_every_game_plays_on(tmp_path):
    from tests.games.test_two_processes import fresh_database

    pgbin = servers.postgres_bin()
    with postgres_server(tmp_path) as server, fresh_database(server) as live:
        in_django(live, "manage.py", "migrate", "--no-input")
        request = {"people": ["ana", "bia", "caio", "duda"], "tables": TABLES}
        made = in_django(live, "-m", "tests.multiprocess.setup", stdin=json.dumps(request))
        tables = json_line(made, "SETUP-JSON:")["tables"]
        ids = [str(tables[name]) for name in sorted(TABLES)]
        in_django(live, "-m", "tests.test_backup", "play", str(MOVES), *ids)
        before = json_line(in_django(live, "-m", "tests.test_backup", "check", *ids), "CHECK-JSON:")

        # The daily backup, as bozo-backup.service runs it, beside an old copy and a recent one.
        backups = tmp_path / "backups"
        backups.mkdir()
        old, recent = backups / "bozo-20260101T033000Z.dump", backups / "bozo-recent.dump"
        for stale in (old, recent):
            stale.write_bytes(b"an older copy")
        a_month_ago = time.time() - 30 * 24 * 3600
        os.utime(old, (a_month_ago, a_month_ago))
        env = {
            **os.environ,
            "PATH": f"{pgbin}{os.pathsep}{os.environ['PATH']}",
            "DATABASE_URL": live,
            "BACKUP_DIR": str(backups),
            "BACKUP_KEEP_DAYS": "14",
        }
        done = subprocess.run(
            [str(BACKUP)], env=env, capture_output=True, text=True, timeout=300, check=False
        )
        assert done.returncode == 0, done.stderr
        dump = Path(done.stdout.strip())
        assert dump.parent == backups and dump.stat().st_size > 0
        assert sorted(p.name for p in backups.iterdir()) == sorted([dump.name, recent.name])

        with fresh_database(server) as restored:
            restore = [
                str(pgbin / "pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                f"--dbname={restored}",
                str(dump),
            ]
            done = subprocess.run(restore, capture_output=True, text=True, timeout=300, check=False)
            assert done.returncode == 0, done.stderr
            migrated = in_django(restored, "manage.py", "migrate", "--no-input")
            assert "No migrations to apply" in migrated

            copied = json_line(
                in_django(restored, "-m", "tests.test_backup", "check", *ids), "CHECK-JSON:"
            )
            assert copied == before
            in_django(restored, "-m", "tests.test_backup", "play", str(MOVES), *ids)
            after = json_line(
                in_django(restored, "-m", "tests.test_backup", "check", *ids), "CHECK-JSON:"
            )
            for table_id in ids:
                assert after[table_id]["moves"] == before[table_id]["moves"] + MOVES
                assert after[table_id]["version"] >= before[table_id]["version"] + MOVES
                assert after[table_id]["status"] == "playing"


# -- the steps run in the subprocesses (Django set up against the database of DATABASE_URL) ------


def seeded(apply):
    """The rules' `apply` with dice drawn from the move itself: a replay throws the same ones."""

    def seeded_apply(state, seat, action, rng):
        key = json.dumps([state, seat, action], sort_keys=True, default=repr)
        return apply(state, seat, action, random.Random(key))

    return seeded_apply


def _seed_the_rules() -> None:
    from games import rules

    for slug in TABLES:
        game = rules.get(slug)
        game.apply = seeded(game.apply)


def play(moves: int, table_ids: list[int]) -> None:
    """`moves` legal moves at each table, by the person on turn, through the one service."""
    from accounts.models import User
    from games import rules, services, snapshots

    choose = random.Random(0)
    for table_id in table_ids:
        for _ in range(moves):
            copy = snapshots.get(table_id, fresh=True)
            game = rules.get(copy.game)
            on_turn = game.to_act(copy.state)
            assert on_turn, (copy.game, copy.status, copy.state)
            index = on_turn[0]
            seat = next(seat for seat in copy.seats if seat.index == index)
            actions = [
                action
                for action in game.legal_actions(copy.state, index)
                if action.get("type") not in QUITTING
            ]
            result = services.table_act(
                table_id=table_id,
                user=User.objects.get(pk=seat.user_id),
                action=choose.choice(actions),
                version=copy.version,
                cid=uuid.uuid4().hex,
            )
            assert result.applied, (table_id, result)


def check(table_ids: list[int]) -> dict:
    """Each table's log replays through the rules, from the start, to the state stored."""
    from games import rules
    from games.models import Action, Table

    found = {}
    for table_id in table_ids:
        table = Table.objects.get(pk=table_id)
        game = rules.get(table.game)
        state, last, moves = None, 0, 0
        for entry in Action.objects.filter(table_id=table_id).order_by("version"):
            kinds = {event.get("type") for event in entry.events}
            if entry.action.get("type") == "start" or "new_game" in kinds:
                state = entry.state
            elif entry.state is not None:
                expected, _events = game.apply(state, entry.seat, entry.action, None)
                assert expected == entry.state, f"table {table_id} v{entry.version}"
                state, moves = entry.state, moves + 1
            last = entry.version
        assert state == table.state, table_id
        assert table.state_version == last <= table.version, table_id
        found[str(table_id)] = {"version": table.version, "moves": moves, "status": table.status}
    return found


def main(argv: list[str]) -> None:
    import django

    django.setup()
    _seed_the_rules()
    if argv[0] == "play":
        play(int(argv[1]), [int(i) for i in argv[2:]])
    elif argv[0] == "check":
        sys.stdout.write("CHECK-JSON:" + json.dumps(check([int(i) for i in argv[1:]])) + "\n")
    else:
        raise SystemExit(f"unknown step {argv[0]!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
