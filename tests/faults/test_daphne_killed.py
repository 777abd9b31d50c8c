"""A daphne process killed with SIGKILL in the middle of games, and started again on its port.

Two processes on PostgreSQL and Redis of this test's own (tests/servers.py: the test kills and
restarts what it started, never the CI's shared servers). Four tables, one of each game: a Bozó
duel with its two players on different processes, a Dominó pair game of one person and three
robots, a Dozito table of three people and a Yam's table of two people and a robot; each person's
page (a reconnecting client, as table.js and htmx's ws extension behave) plays whenever its page
offers a move, spectators watch on both processes, and robots are moved by both sweepers. The
first process is killed with SIGKILL in the middle of play and started again on the same port.
Checked:

- every acknowledged move (its sender received a frame with a newer version, no error) is in
  the Action log, by its cid;
- every table's log replays through the rules to its stored state (tests/faults/replay.py);
- the tables resume: each moves on after the restart (people move, robots move again);
- every client reconnected by itself (a second socket after the kill) and settles on what a
  fresh socket of the same person shows: the same version, the same partials.

Runs once in CI, in the pass without DATABASE_URL (its servers are its own: harness.py).
"""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.faults import harness as h

pytestmark = pytest.mark.servers

TABLES = {
    "duel": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "Bia"]},
    "domino": {"game": "domino", "mode": "duplas", "seats": ["Caio", "robot", "robot", "robot"]},
    "dozito": {"game": "dozito", "mode": "mesa", "seats": ["Duda", "Eva", "Fabio"]},
    "yams": {"game": "yams", "mode": "mesa", "seats": ["Gil", "Hana", "robot"]},
}
PEOPLE = ["Ana", "Bia", "Caio", "Duda", "Eva", "Fabio", "Gil", "Hana"]


async def scenario(env, setup, database_url, first: h.Daphne, second: h.Daphne) -> None:
    people, tables = setup["people"], setup["tables"]
    clients: list[h.Client] = []
    for index, (key, spec) in enumerate(TABLES.items()):
        seated = [name for name in spec["seats"] if name != "robot"]
        for n, name in enumerate(seated):
            daphne = (first, second)[(index + n) % 2]
            clients.append(h.Client(name, daphne.port, tables[key], people[name]["session"]))
        for daphne in (first, second):
            clients.append(h.Client(f"watcher-{key}", daphne.port, tables[key], None))
    for client in clients:
        await client.start()
    players = [c for c in clients if c.session]
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(h.play(c, random.Random(i), stop, think=0.1))
        for i, c in enumerate(players)
    ]
    ids = list(tables.values())
    start = h.versions(database_url, ids)
    # Play on for a while, then kill the first process in the middle of it.
    await h.until(
        lambda: all(v > start[t] + 3 for t, v in h.versions(database_url, ids).items()),
        60, "every table moving before the kill",
    )  # fmt: skip
    on_first = [c for c in clients if c.port == first.port]
    closes = [len(c.closes) for c in on_first]
    first.kill()
    killed_at = h.versions(database_url, ids)
    # Started again once every page of the killed process has seen its socket close.
    await h.until(
        lambda: all(len(c.closes) > n for c, n in zip(on_first, closes, strict=True)),
        30, "the killed process's pages losing their sockets",
    )  # fmt: skip
    first.start()
    # Every page of the killed process opens a new socket by itself.
    await h.until(lambda: all(c.sockets >= 2 and c.live for c in on_first), 60, "reconnections")
    # The tables resume: each moves on after the restart, its robots too.
    try:
        await h.until(
            lambda: all(v >= killed_at[t] + 4 for t, v in h.versions(database_url, ids).items()),
            60, "every table moving after the restart",
        )  # fmt: skip
    except AssertionError as failed:  # where each table and page stands, to find out why
        raise AssertionError(f"{failed}\n{where(clients, database_url, ids, killed_at)}") from None
    robot_moves = h.action_count(database_url, tables["domino"], robots=True)
    await h.until(
        lambda: h.action_count(database_url, tables["domino"], robots=True) > robot_moves,
        30, "robots moving after the restart",
    )  # fmt: skip
    stop.set()
    await asyncio.gather(*tasks)
    for client in clients:
        await h.same_as_fresh(client)
    missing = h.acknowledged_missing(database_url, players)
    acknowledged = sum(s.acknowledged for c in players for s in c.sent)
    print(f"acknowledged moves {acknowledged}, versions at the kill {killed_at}, now "
          f"{h.versions(database_url, ids)}, closes {[c.closes for c in on_first]}")  # fmt: skip
    assert acknowledged > 20, acknowledged
    assert missing == [], f"{len(missing)} of {acknowledged} acknowledged moves lost"
    assert all(c.closes[0] in h.RECONNECT_CODES for c in on_first), [c.closes for c in on_first]
    for client in clients:
        await client.close()
    assert h.log_problems(env, ids) == []


def where(clients: list[h.Client], database_url: str, ids: list[int], killed_at) -> str:
    """Each table's version at the kill and now, and each page's version, socket and moves."""
    lines = [f"versions at the kill {killed_at}, now {h.versions(database_url, ids)}"]
    lines += [
        f"{c.name} at table {c.table_id}: version {c.page.version}, live {c.live}, "
        f"sockets {c.sockets}, closes {c.closes}, offered a move {h.playable(c.page)}, "
        f"sent {len(c.sent)}, notices {c.notices[-2:]}"
        for c in clients
    ]
    return "\n".join(lines)


def test_a_killed_daphne_loses_no_acknowledged_move_and_its_pages_come_back():
    with h.backends() as (database_url, redis, tmp_path):
        env = h.fault_environment(database_url, redis.url)
        setup = h.prepare(env, {"people": PEOPLE, "tables": TABLES})
        first, second = h.Daphne(env, tmp_path, "1"), h.Daphne(env, tmp_path, "2")
        try:
            first.start()
            second.start()
            asyncio.run(scenario(env, setup, database_url, first, second))
        finally:
            first.stop()
            second.stop()
        assert second.problems() == []
        # The restarted process's own log is clean (the killed one's ends where it was cut).
        restarted = first.log()
        assert first.problems(since=restarted.rindex("===== start 2")) == []
