"""A person at a table, playing as the page does: moves, "Começar" and "Jogar de novo", read
from the page model and sent as the page sends them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from tests.bench.live.client import Bench, Pending
from tests.bench.live.config import ACK_EVERY, ACK_TIMEOUT, SOCKET_BURST, SOCKET_PER_SECOND
from tests.bench.live.page import Page, View, htmx_frame


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action: a kind first (roll, lift, hold, score), then one of that kind,
    so the five hold toggles and ten score boxes do not drown the rolls."""
    kinds = sorted({a["type"] for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a["type"] == kind])


@dataclass
class Step:
    at: float
    kind: str  # move | start | replay
    version: int  # the version it was planned on


class Player:
    """One logged-in player with one socket, moving whenever the page shows them legal actions;
    the table's host also presses "Jogar de novo" and "Começar" when a game ends."""

    def __init__(
        self,
        bench: Bench,
        load: int,
        user: dict[str, Any],
        table_id: int,
        host: bool,
        role: str = "player",
    ) -> None:
        self.bench, self.load, self.user = bench, load, user
        self.table_id, self.host = table_id, host
        self.role = role  # player | spectator (not seated: watches, follows the next table)
        self.asked = False
        self.expected = 0  # the people the host waits for before starting (0: none)
        self.ws: ClientConnection | None = None
        self.page = Page()
        self.view: View | None = None
        self.protocol = ""  # "first" (#mesa-eu) | "second"
        self.chars_in = 0  # characters of text frames read on this socket
        self.chars_acked = 0
        self.rng = random.Random(bench.rng.random())
        self.first = True
        self.tokens, self.refilled = float(SOCKET_BURST), 0.0

    def budget_wait(self, now: float) -> float:
        """How long this socket waits before its next message to stay within the server's
        budget (0: it may send now; sending spends one)."""
        if self.refilled:
            self.tokens = min(SOCKET_BURST, self.tokens + (now - self.refilled) * SOCKET_PER_SECOND)
        self.refilled = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / SOCKET_PER_SECOND

    async def receive(self, timeout: float) -> tuple[float, View | None, set[str]]:
        """Read one frame into the page model: (when, the view now, the ids the frame touched).
        Acknowledges what was read when the server speaks the second protocol."""
        assert self.ws is not None
        async with asyncio.timeout(timeout):
            text = await self.ws.recv()
        now = asyncio.get_running_loop().time()
        if not isinstance(text, str):
            self.bench.error(f"mesa {self.table_id}: quadro binário ({len(text)} bytes)")
            return now, self.view, set()
        self.bench.phase.received(now, text, self.role)
        self.chars_in += len(text)
        touched = self.page.apply(text)
        if self.page.problems:
            for problem in self.page.problems:
                self.bench.error(f"mesa {self.table_id}: {problem}")
            self.page.problems.clear()
        if not self.protocol:
            self.protocol = "first" if "mesa-eu" in self.page else "second"
            self.bench.protocols[self.protocol] += 1
        if self.protocol == "second" and self.chars_in - self.chars_acked >= ACK_EVERY:
            self.chars_acked = self.chars_in
            await self.ws.send(json.dumps({"ack": self.chars_in}))
            self.bench.acks_sent += 1
        return now, self.page.read(touched), touched

    async def connect(self) -> bool:
        self.page, self.view, self.protocol = Page(), None, ""
        self.chars_in = self.chars_acked = 0
        try:
            self.ws = await self.bench.open(f"/ws/mesa/{self.table_id}/", self.user["session"])
            _, self.view, _ = await self.receive(ACK_TIMEOUT)
        except Exception as error:
            self.bench.error(f"mesa {self.table_id}: conexão falhou: {error!r}")
            return False
        if self.view is None:
            self.bench.error(f"mesa {self.table_id}: primeira mensagem sem #mesa-status")
            return False
        if self.role == "player":
            self.bench.arrived[self.table_id] += 1
        return True

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    async def run(self) -> None:
        """Play until the phase stops; the socket stays open for `catch_up`."""
        try:
            while True:
                following = await self.play_table()
                if following is None or self.bench.phase.stopping:
                    return
                await self.close()
                self.expected = self.bench.arrived[self.table_id]
                self.table_id = following
                self.bench.tables.add(following)
                if not await self.connect():
                    return
        except Exception as error:  # anything unexpected is an error of the run, not a crash
            self.bench.error(f"mesa {self.table_id}: {error!r}")

    async def catch_up(self, version: int) -> None:
        """Wait for the view of `version`: every socket at a table sees the last move."""
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + ACK_TIMEOUT
            while self.view is not None and self.view.version < version:
                _, view, _ = await self.receive(max(deadline - loop.time(), 0.001))
                if view is not None and view.version >= self.view.version:
                    self.view = view
        except Exception as error:
            self.bench.error(
                f"mesa {self.table_id}: a vista da versão {version} não chegou a este jogador "
                f"({error!r})"
            )

    def next_step(self, now: float, planned: Step | None) -> Step | None:
        """What this player does next on the page it sees, and when; a step already planned
        on the same version stays as it is (a frame that changed nothing else, e.g. presence,
        does not restart the thinking)."""
        view = self.view
        assert view is not None
        if view.actions:
            kind = "move"
        elif self.host and view.start_enabled and (self.protocol == "second" or view.version == 0):
            if self.bench.arrived[self.table_id] < self.expected:
                return None  # the others are on their way (looked at again each second)
            kind = "start"  # the waiting room (first protocol: a fresh table is at version 0)
        elif view.over and "replay" in view.commands and not self.asked:
            # The host opens the next table; each other player sits there by asking too.
            if not self.host and view.next_table is None:
                return None
            kind = "replay"
        else:
            return None
        if planned is not None and planned.kind == kind and planned.version == view.version:
            return planned
        first, self.first = self.first, False  # the very first page: spread the start
        return Step(now + self.bench.think(first=first), kind, view.version)

    async def send(self, kind: str, now: float) -> Pending:
        assert self.ws is not None and self.view is not None
        bench, version = self.bench, self.view.version
        cid = uuid.uuid4().hex
        if kind == "move":
            action = pick(self.view.actions, self.rng)
            fields = {
                "action": json.dumps(action, separators=(",", ":"), ensure_ascii=False),
                "version": str(version),
                "cid": cid,
            }
            bench.sent += 1
        else:
            fields = {"cmd": kind, "cid": cid}
            bench.commands[self.table_id].add(cid)
        self.tokens -= 1
        await self.ws.send(htmx_frame(fields, bench.server.port, self.table_id))
        return Pending(kind, version, now, cid)

    async def play_table(self) -> int | None:
        """Play one table until it is over (then the next table's id) or the phase stops."""
        loop, bench = asyncio.get_running_loop(), self.bench
        assert self.ws is not None and self.view is not None
        pending: Pending | None = None
        self.asked = False  # "Jogar de novo" sent and answered at this table
        step = self.next_step(loop.time(), None)
        # Before acting, the player reads what has already arrived (as the page has shown it
        # by the time of a click): a frame the socket holds (the other player's arrival, say)
        # may change the page.
        looked = False
        while True:
            now = loop.time()
            if pending is None:
                if bench.phase.stopping:
                    return None
                over, following = self.view.over, self.view.next_table
                if over and following is not None and (self.asked or self.role == "spectator"):
                    return following
                if step is not None and now >= step.at and (paced := self.budget_wait(now)):
                    step.at = now + paced
                    bench.paced += 1
                    continue
                if step is not None and now >= step.at:
                    if looked:
                        pending = await self.send(step.kind, now)
                        step, looked = None, False
                        continue
                    looked = True
                    await asyncio.sleep(0)  # what the loop has read from the socket by now
                    wait = 0.0
                else:
                    wait = max(min(1.0, step.at - now) if step is not None else 1.0, 0.0005)
            else:
                wait = pending.sent + ACK_TIMEOUT - now
                if wait <= 0:
                    logged = bench.db.action_version(self.table_id, pending.cid)
                    found = bench.db.rows(
                        "SELECT version FROM games_table WHERE id = ?", (self.table_id,)
                    )
                    bench.error(
                        f"mesa {self.table_id}: {pending.kind} {pending.cid} (enviada na versão "
                        f"{pending.version}) sem resposta em {ACK_TIMEOUT:.0f} s (jogada perdida); "
                        f"no banco agora: log {logged!r}, mesa na versão "
                        f"{found[0][0] if found else None!r}; a página deste socket está na "
                        f"versão {self.view.version}"
                    )
                    return None
            try:
                received, view, _ = await self.receive(wait)
            except TimeoutError:
                if pending is None and step is None:
                    step = self.next_step(loop.time(), None)
                continue
            except ConnectionClosed as closed:
                bench.error(f"mesa {self.table_id}: o servidor fechou o socket ({closed!r})")
                return None
            looked = False
            if view is None:
                bench.error(f"mesa {self.table_id}: a página ficou sem #mesa-status")
                continue
            if view.notice and view.notice[0] in ("error", "warning"):
                bench.error(f"mesa {self.table_id} v{view.version}: aviso {view.notice!r}")
                if pending is not None and pending.kind != "replay":
                    pending = None  # refused: the version did not move
            if view.version < self.view.version:
                bench.error(
                    f"mesa {self.table_id}: versão voltou de {self.view.version} a {view.version}"
                )
                continue
            self.view = view
            if pending is not None:
                if pending.kind == "move" and view.version > pending.version:
                    bench.acknowledged(self.load, self.table_id, pending, view.version, received)
                    if view.over:
                        bench.games_finished += 1
                    pending = None
                elif (
                    pending.kind == "start"
                    and view.version > pending.version
                    and "start" not in view.commands
                ) or (
                    pending.kind == "replay"
                    and view.next_table is not None
                    and (self.host or view.notice is not None)  # the others: "Abrindo…"
                ):
                    self.asked = self.asked or pending.kind == "replay"
                    pending = None
            if pending is None:
                step = self.next_step(received, step)
            if self.role == "spectator" and (view.your_turn or view.actions):
                bench.error(f"mesa {self.table_id} v{view.version}: espectador com vez ou jogadas")
            elif view.your_turn and not view.actions and not view.over:
                bench.error(f"mesa {self.table_id} v{view.version}: vez sem jogadas legais")


async def drain(players: list[Player]) -> None:
    at_table: dict[int, list[Player]] = defaultdict(list)
    for player in players:
        if player.ws is not None and player.view is not None:
            at_table[player.table_id].append(player)
    waits = []
    for group in at_table.values():
        last = max(p.view.version for p in group if p.view is not None)
        waits += [p.catch_up(last) for p in group]
    await asyncio.gather(*waits)
