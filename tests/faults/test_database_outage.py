"""PostgreSQL unavailable for a few seconds (pg_ctl stop -m fast, then started again on the same
port and files), with people at the tables on two daphne processes.

The servers are this test's own (tests/servers.py), never the CI's shared ones. A Bozó duel with
its players on different processes and a Dominó table of a person and three robots (moved by the
sweepers). Checked:

- while the database is down, a move and a chat line sent on an open socket each get a notice
  with "tente de novo" (and the socket stays open); a page asked over HTTP answers a Portuguese
  503 "tente de novo em instantes" with Retry-After, not a 500 and not Django's technical page;
- nothing is half applied: the moves sent meanwhile are not in the log, and every table's log
  replays through the rules to its stored state (no version with a state and no log entry);
- when the database is back the site resumes without a restart: the very next move on the same
  sockets is applied (the table threads dropped their dead persistent connections,
  games/consumers.py), pages answer 200 again, new sockets open, the sweepers' robots move
  again (the sweeper logged the outage, backed off and went on), and every page settles on what
  a fresh socket shows;
- after a quiet outage too (no command while the database was down): the next moves reach
  every page (no render fails on a connection that died meanwhile).

Runs once in CI, in the pass without DATABASE_URL (its servers are its own: harness.py).
"""

from __future__ import annotations

import asyncio
import random
import re
import urllib.error
import urllib.request

import pytest

from tests import servers
from tests.faults import harness as h

pytestmark = pytest.mark.servers

TABLES = {
    "duel": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "Bia"]},
    "domino": {"game": "domino", "mode": "duplas", "seats": ["Caio", "robot", "robot", "robot"]},
}


def get(port: int, path: str, session: str) -> tuple[int, str, dict]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Cookie": f"sessionid={session}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as response:  # noqa: S310 - our server
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


async def on_turn(clients: list[h.Client]) -> h.Client:
    found: list[h.Client] = []
    await h.until(
        lambda: bool(found.extend(c for c in clients if h.choose(c.page, random.Random(0))))
        or bool(found),
        30, "a player on turn",
    )  # fmt: skip
    return found[0]


def logged(daphnes: list[h.Daphne], since: list[int], text: str) -> bool:
    """Whether every one of `daphnes` has logged `text` since its mark."""
    return all(text in d.log()[mark:] for d, mark in zip(daphnes, since, strict=True))


async def scenario(env, setup, database_url, workdir, first, second) -> None:
    people, tables = setup["people"], setup["tables"]
    duel, domino = tables["duel"], tables["domino"]
    ana = h.Client("Ana", first.port, duel, people["Ana"]["session"])
    bia = h.Client("Bia", second.port, duel, people["Bia"]["session"])
    caio = h.Client("Caio", first.port, domino, people["Caio"]["session"])
    watchers = [
        h.Client(f"watcher-{t}", d.port, t, None) for t in (duel, domino) for d in (first, second)
    ]
    clients = [ana, bia, caio, *watchers]
    for client in clients:
        await client.start()
    rng = random.Random(5)
    for _ in range(4):  # a few moves of the duel before the outage
        mover = await on_turn([ana, bia])
        assert (await mover.act(h.choose(mover.page, rng))).acknowledged
    page = f"/mesa/{duel}/"
    assert get(first.port, page, people["Ana"]["session"])[0] == 200

    daphnes = [first, second]
    marks = [len(daphne.log()) for daphne in daphnes]
    servers.postgres_stop(workdir)
    mover = await on_turn([ana, bia])
    lost = []
    for _ in range(2):
        sent = await mover.act(h.choose(mover.page, rng))
        assert sent is not None and not sent.acknowledged
        assert "tente de novo" in mover.page.notice, mover.page.notice
        lost.append(sent.cid)
    before = len(bia.page.raw)
    await bia.send({"cmd": "chat", "text": "alguém aí?", "cid": "chat1"})
    await h.until(lambda: len(bia.page.raw) > before, 20, "the chat's answer")
    assert "tente de novo" in bia.page.notice, bia.page.notice
    for daphne in (first, second):
        status, body, headers = get(daphne.port, page, people["Ana"]["session"])
        assert status == 503, (status, body[:500])
        assert "tente de novo em instantes" in body and 'lang="pt-BR"' in body
        assert "Traceback" not in body and headers.get("Retry-After")
    # Both processes met the outage in their sweepers too, which backed off: no socket closed.
    await h.until(
        lambda: logged(daphnes, marks, "sweeper tick failed again"), 30, "both sweepers backing off"
    )
    assert all(c.live for c in clients)  # no socket closed for it

    servers.postgres_start(workdir, database_url)
    robots = h.action_count(database_url, domino, robots=True)
    # The very next move on the same socket is applied.
    mover = await on_turn([ana, bia])
    sent = await mover.act(h.choose(mover.page, rng))
    assert sent.acknowledged, mover.page.notice
    for daphne in (first, second):
        assert get(daphne.port, page, people["Ana"]["session"])[0] == 200
    # The sweepers' robots move again, and the person at the Dominó table can play on.
    stop = asyncio.Event()
    players = [ana, bia, caio]
    tasks = [
        asyncio.create_task(h.play(c, random.Random(i), stop, 0.1)) for i, c in enumerate(players)
    ]
    await h.until(
        lambda: h.action_count(database_url, domino, robots=True) > robots + 2, 45, "robots moving"
    )
    await h.until(lambda: any(s.acknowledged for s in caio.sent), 45, "Caio moving")
    stop.set()
    await asyncio.gather(*tasks)

    # 2. A quiet outage: nobody sends anything while the database is down, so no table's thread
    # saw it fail (only the sweepers and the pools); after it, a move reaches every page (no
    # socket's render of the new version fails on a connection that died meanwhile).
    marks = [len(daphne.log()) for daphne in daphnes]
    servers.postgres_stop(workdir)
    # Back once both processes' pools have given up reconnecting (config/settings.py: after
    # DATABASE_POOL_TIMEOUT), so that the next piece of work must connect anew.
    await h.until(
        lambda: logged(daphnes, marks, "reconnection attempt in pool"), 30, "the pools giving up"
    )
    servers.postgres_start(workdir, database_url)
    duel_pages = [c for c in clients if c.table_id == duel]
    for _ in range(2):
        mover = await on_turn([ana, bia])
        sent = await mover.act(h.choose(mover.page, rng))
        assert sent.acknowledged, mover.page.notice
        now = h.versions(database_url, [duel])[duel]
        await h.until(
            lambda now=now: all(c.page.version >= now for c in duel_pages), 20, "pages following"
        )
    for client in clients:  # a fresh socket opens, and every page agrees with it
        await h.same_as_fresh(client)
    found = h.rows(database_url, "SELECT cid FROM games_action WHERE cid = ANY(%s)", (lost,))
    assert found == []  # the moves refused during the outage were not applied
    assert h.acknowledged_missing(database_url, players) == []
    for client in clients:
        await client.close()
    assert h.log_problems(env, list(tables.values())) == []


def test_the_site_says_try_again_while_the_database_is_down_and_resumes_after():
    with h.backends() as (database_url, redis, tmp_path):
        # Each move or page waits for the pool this long before it says "tente de novo": a
        # second, not production's two, as the sweeper's back-off is shortened for these tests.
        env = h.fault_environment(database_url, redis.url, DATABASE_POOL_TIMEOUT="1")
        setup = h.prepare(env, {"people": ["Ana", "Bia", "Caio"], "tables": TABLES})
        first, second = h.Daphne(env, tmp_path, "1"), h.Daphne(env, tmp_path, "2")
        try:
            first.start()
            second.start()
            asyncio.run(scenario(env, setup, database_url, tmp_path, first, second))
        finally:
            first.stop()
            second.stop()
        logs = first.log() + second.log()
        assert "sweeper tick failed" in logs  # it met the outage, and (robots moving) went on
        assert "sweeper tick failed again" in logs  # quieter, backing off
        # No command's failure was taken for an unknown one (it would say "Algo deu errado").
        assert re.search(r"message on table \d+ failed", logs) is None
        assert "database unavailable for a message" in logs
