"""Each command applied exactly once (issue #12), in all four games, with one person's two tabs
on two daphne processes behind the proxy: the same frame sent by both at once, then the move with
each tab's own cid, each lands once (real servers, PostgreSQL and Redis:
tests/games/test_two_processes.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.games.test_exactly_once import GAMES, HINT, PASSIVE
from tests.games.test_two_processes import Daphne, Player, backends, environment, run

pytestmark = pytest.mark.django_db(transaction=True)


def table_rows(database_url: str, table_id: int, cids: list[str]) -> tuple[int, int, int]:
    """(the table's version, its log's length, entries carrying any of `cids`), read directly."""
    import psycopg

    with psycopg.connect(database_url) as conn:
        version = conn.execute("SELECT version FROM games_table WHERE id = %s", [table_id])
        entries = conn.execute(
            "SELECT count(*), count(*) FILTER (WHERE cid = ANY(%s)) FROM games_action "
            "WHERE table_id = %s",
            [cids, table_id],
        ).fetchone()
        return version.fetchone()[0], entries[0], entries[1]


async def answered_player(player) -> None:
    mark = len(player.page.raw)
    await player.ws.send(json.dumps({"cmd": "hint"}))
    await player.until(lambda page: any(HINT in m for m in page.raw[mark:]))


def offered(page) -> list[dict]:
    return [a for a in page.actions() if a["type"] not in PASSIVE]


async def tabs_on_two_processes(first, second, setup: dict, database_url: str) -> None:
    people = setup["people"]
    for game, table in setup["tables"].items():
        pages = [await Player(first.port, table, p["session"]).open() for p in people.values()]
        for frames in ("same", "own"):
            version, length, _ = table_rows(database_url, table, [])
            for page in pages:
                await page.until(lambda p, v=version: p.version >= v)
            [tab] = [page for page in pages if offered(page.page)]  # the person on turn
            other = await Player(second.port, table, tab.session).open()  # their second tab
            await answered_player(tab)
            assert (tab.page.version, other.page.version) == (version, version), game
            move = offered(tab.page)[0]
            cids = [f"{game}-{frames}"] * 2 if frames == "same" else [f"{game}-a", f"{game}-b"]
            marks = [len(tab.page.raw), len(other.page.raw)]
            frames_sent = [
                json.dumps({"action": json.dumps(move), "version": str(version), "cid": cid})
                for cid in cids
            ]
            await asyncio.gather(tab.ws.send(frames_sent[0]), other.ws.send(frames_sent[1]))
            for player in (tab, other):
                await answered_player(player)
                await player.until(lambda page, v=version: page.version >= v + 1)
            assert table_rows(database_url, table, cids) == (version + 1, length + 1, 1), game
            told = [
                any("A mesa mudou" in m for m in player.page.raw[mark:])
                for player, mark in zip((tab, other), marks, strict=True)
            ]
            # The same frame twice is no news to either tab; with two cids one tab lost.
            assert sorted(told) == ([False, False] if frames == "same" else [False, True]), game
            await other.ws.close()
        for page in pages:
            await page.ws.close()


@pytest.mark.servers
def test_one_move_from_two_tabs_on_two_processes_lands_once_in_every_game(tmp_path):
    """Behind the proxy one person's two tabs may reach two daphne processes: the same frame
    sent by both at once, then the move with each tab's own cid, each lands once."""
    with backends(tmp_path) as (database_url, redis_url):
        env = environment(database_url, redis_url)
        env["GAMES_SWEEPER"] = "0"  # nothing but the two tabs writes the tables
        run(env, ["manage.py", "migrate", "--no-input", "-v", "0"])
        names = ["Ana", "Bia", "Caio", "Duda"]
        request = {
            "people": names,
            "tables": {
                game: {"game": game, "mode": mode, "seats": names[:seats]}
                for game, (mode, seats) in GAMES.items()
            },
        }
        out = run(env, ["-m", "tests.multiprocess.setup"], json.dumps(request))
        setup = json.loads(next(x for x in out.splitlines() if x.startswith("SETUP-JSON:"))[11:])
        with Daphne(env, tmp_path, "1") as first, Daphne(env, tmp_path, "2") as second:
            asyncio.run(tabs_on_two_processes(first, second, setup, database_url))
            problems = first.problems() + second.problems()
        assert problems == []
