"""The real page (Chromium, table.js and htmx's ws extension) opens a new socket by itself after
each fault, and follows the table again.

One daphne process on PostgreSQL and Redis of this test's own. Ana's page is open in Chromium
at a Bozó duel; the moves are made by the players' other sockets (tests/faults/harness.py).

- Redis killed and started again: the page's socket stays open (the channel layer subscribes
  again by itself), and the move made while Redis was away reaches it once the process's check
  of the layer passes again (games/layers.py).
- daphne killed with SIGKILL and started again on its port: the page sees 1006, and htmx's ws
  extension reconnects.
- PostgreSQL stopped for a few seconds: the socket stays open, and the page follows the next
  move after.

After each, the page's connection indicator is "open" again and the page shows the version of
the table in the database after the next move.

Runs once in CI, in the pass without DATABASE_URL (its servers are its own: harness.py).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time

import pytest

from tests import servers
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.faults import harness as h
from tests.waiting import wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.servers]

TABLES = {"duel": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "Bia"]}}


class Players:
    """Ana's and Bia's sockets, on an event loop of their own in a thread (Playwright's sync API
    keeps this thread's)."""

    def __init__(self, port: int, table_id: int, people: dict) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.rng = random.Random(3)
        self.clients = [
            h.Client(name, port, table_id, people[name]["session"]) for name in ("Ana", "Bia")
        ]
        for client in self.clients:
            self.run(client.start())

    def run(self, coroutine, timeout: float = 90):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def move(self) -> None:
        async def one() -> None:
            await h.until(lambda: any(c.live and h.choose(c.page, self.rng) for c in self.clients),
                          45, "a player on turn")  # fmt: skip
            mover = next(c for c in self.clients if c.live and h.choose(c.page, self.rng))
            sent = await mover.act(h.choose(mover.page, self.rng))
            assert sent is not None and sent.acknowledged, mover.page.notice

        self.run(one())

    def close(self) -> None:
        for client in self.clients:
            self.run(client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


# The close codes the page met, in order (htmx's ws extension's event).
CLOSES = """window.closes = [];
document.addEventListener("htmx:wsClose", (e) => window.closes.push(e.detail.event.code));"""


def page_follows(page, database_url: str, table_id: int) -> None:
    page.wait_for_selector('[data-connection="open"]', timeout=45_000)
    want = h.versions(database_url, [table_id])[table_id]
    deadline = time.monotonic() + 30
    while True:
        shown = int(page.get_attribute("#mesa-versao", "data-version") or -1)
        if shown >= want:
            return
        assert time.monotonic() < deadline, f"the page shows v{shown}, the table is at v{want}"
        page.wait_for_timeout(100)


def test_the_real_page_reconnects_by_itself_after_each_fault():
    from pathlib import Path

    if not Path(CHROMIUM).exists():
        h._need(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with h.backends() as (database_url, redis, workdir):
        env = h.fault_environment(database_url, redis.url)
        setup = h.prepare(env, {"people": ["Ana", "Bia"], "tables": TABLES})
        table_id, people = setup["tables"]["duel"], setup["people"]
        daphne = h.Daphne(env, workdir, "1")
        daphne.start()
        players = None
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                context = browser.new_context(viewport={"width": 360, "height": 740})
                context.add_cookies([{"name": "sessionid", "value": people["Ana"]["session"],
                                      "domain": "127.0.0.1", "path": "/"}])  # fmt: skip
                page = context.new_page()
                page.goto(f"http://127.0.0.1:{daphne.port}/mesa/{table_id}/")
                page.wait_for_selector('[data-connection="open"]', timeout=45_000)
                page.evaluate(CLOSES)
                players = Players(daphne.port, table_id, people)
                players.move()
                page_follows(page, database_url, table_id)

                mark = len(daphne.log())
                redis.stop()
                wait_until(
                    lambda: "channel layer check failed" in daphne.log()[mark:], 30,
                    "the process meeting the outage",
                )  # fmt: skip
                players.move()  # its group message is lost ...
                redis.start()
                page_follows(page, database_url, table_id)  # ... and the page catches up
                assert page.evaluate("window.closes") == []

                daphne.kill()
                page.wait_for_function("() => window.closes.includes(1006)", timeout=30_000)
                daphne.start()
                players.move()  # their sockets came back by themselves too
                page_follows(page, database_url, table_id)

                mark = len(daphne.log())
                servers.postgres_stop(workdir)
                # The process met the outage (its sweeper's work failed); the page's socket
                # stayed open through it.
                wait_until(
                    lambda: "sweeper tick failed" in daphne.log()[mark:], 30,
                    "the sweeper meeting the outage",
                )  # fmt: skip
                assert page.get_attribute("[data-connection]", "data-connection") == "open"
                servers.postgres_start(workdir, database_url)
                players.move()
                page_follows(page, database_url, table_id)
                browser.close()
        finally:
            if players is not None:
                players.close()
            daphne.stop()
