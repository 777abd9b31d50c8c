"""The clients (a seated person's socket, a spectator's, a move at each table, a wave of
sockets) and the two scenarios' runs on a daphne: the churn and the idle sockets."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from tests.bench.live.client import Bench, gather_limited
from tests.bench.live.config import ACK_TIMEOUT
from tests.bench.live.measure import rss_kib
from tests.bench.live.page import Page
from tests.bench.live.player import Player
from tests.bench.live.server import Server
from tests.bench.memory.config import IDLE, PAUSE, SPECTATORS, TRACE, WAVES, MemorySite
from tests.bench.memory.probe import probe, settled

# -- the clients ----------------------------------------------------------------------------------


RETRIES: dict[str, int] = {"handshakes": 0}  # handshakes that failed once and were made again
ATTEMPTS = 3  # a page reconnects by itself; on a loaded machine a handshake may time out


async def watch(bench: Bench, table_id: int, person: dict[str, Any]):
    """A spectator's socket that reads its first frame (no page model: it only watches)."""
    for attempt in range(ATTEMPTS):
        ws = None
        try:
            ws = await bench.open(f"/ws/mesa/{table_id}/", person["session"])
            async with asyncio.timeout(ACK_TIMEOUT):
                first = await ws.recv()
            if not isinstance(first, str) or "mesa-status" not in first:
                bench.error(f"mesa {table_id}: primeira mensagem do espectador sem #mesa-status")
            return ws
        except Exception as error:
            if ws is not None:
                with contextlib.suppress(Exception):
                    await ws.close()
            if attempt == ATTEMPTS - 1:
                bench.error(f"mesa {table_id}: espectador não abriu: {error!r}")
                return None
            RETRIES["handshakes"] += 1
            await asyncio.sleep(1 + attempt)
    return None


async def sit(player: Player) -> bool:
    """A seated person's socket (the page model of bench_live's Player), made again on a failed
    handshake as a page would."""
    bench = player.bench
    for attempt in range(ATTEMPTS):
        player.page, player.view, player.protocol = Page(), None, ""
        player.chars_in = player.chars_acked = 0
        try:
            player.ws = await bench.open(f"/ws/mesa/{player.table_id}/", player.user["session"])
            _, player.view, _ = await player.receive(ACK_TIMEOUT)
            if player.view is None:
                bench.error(f"mesa {player.table_id}: primeira mensagem sem #mesa-status")
                return False
            return True
        except Exception as error:
            await player.close()
            if attempt == ATTEMPTS - 1:
                bench.error(f"mesa {player.table_id}: conexão falhou: {error!r}")
                return False
            RETRIES["handshakes"] += 1
            await asyncio.sleep(1 + attempt)
    return False


async def move_once(bench: Bench, players: list[Player]) -> None:
    """The person on turn at one table moves once; the move's view comes back to them."""
    loop = asyncio.get_running_loop()
    mover = next((p for p in players if p.view is not None and p.view.actions), None)
    if mover is None:
        return
    for _ in range(3):  # a frame already on its way (another socket's arrival) may come first
        pending = await mover.send("move", loop.time())
        deadline = loop.time() + ACK_TIMEOUT
        while True:
            received, view, _ = await mover.receive(max(deadline - loop.time(), 0.001))
            if view is None:
                continue
            mover.view = view
            # A seat's presence (a person arriving, or marked away after the last wave) moves
            # the version too: the move's own view is the first one its row is in the log for.
            if view.version > pending.version and bench.db.action_version(
                mover.table_id, pending.cid
            ):
                bench.acknowledged(0, mover.table_id, pending, view.version, received)
                return
            if view.notice and view.notice[0] in ("error", "warning"):
                break  # stale: the page moved on before the move; try on the new view
    bench.error(f"mesa {mover.table_id}: jogada recusada três vezes")


async def close_all(players: list[Player], watchers: list) -> None:
    async def shut(ws) -> None:
        with contextlib.suppress(Exception):
            await ws.close()

    await gather_limited([p.close() for p in players], limit=256)
    await gather_limited([shut(ws) for ws in watchers if ws is not None], limit=256)


async def warm_up(bench: Bench, site: MemorySite) -> None:
    """One table socket at each game's table (its first frame renders the table's partials; a
    page over HTTP would need collectstatic's manifest, which the benchmark does not build)."""
    for table_id, people in site.seated[:: max(len(site.seated) // 4, 1)]:
        player = Player(bench, 0, people[0], table_id, host=True)
        assert await player.connect(), bench.errors
        await player.close()
    await asyncio.sleep(1)


async def wave(bench: Bench, site: MemorySite, number: int) -> float:
    """Every seat's person and SPECTATORS spectators across the tables open, read, move once at
    each table, close; returns the seconds the handshakes and first frames took."""
    players = [
        Player(bench, 0, person, table_id, host=seat == 0)
        for table_id, people in site.seated
        for seat, person in enumerate(people)
    ]
    watchers_of = [
        (site.seated[(number + i) % len(site.seated)][0], site.spectators[i])
        for i in range(SPECTATORS)
    ]
    started = time.perf_counter()
    connected, watchers = await asyncio.gather(
        gather_limited([sit(p) for p in players]),
        gather_limited([watch(bench, t, s) for t, s in watchers_of]),
    )
    seconds = time.perf_counter() - started
    if all(connected):
        by_table: dict[int, list[Player]] = {}
        for player in players:
            by_table.setdefault(player.table_id, []).append(player)
        await asyncio.gather(*(move_once(bench, group) for group in by_table.values()))
    await close_all(players, watchers)
    return seconds


# -- the scenarios --------------------------------------------------------------------------------


async def churn(site: MemorySite, server: Server, bench: Bench) -> dict[str, Any]:
    """WAVES waves of WAVE sockets opened and closed: RSS and the probe at rest, the peak, RSS
    after the last close, once every close is handled and after PAUSE, the probe then and after
    malloc_trim(0) (with BENCH_MEMORY_TRACE, tracemalloc's snapshots at rest and after)."""
    trace = {"snapshot": str(site.workdir / "idle.trace")} if TRACE else {}
    trace_after = {"snapshot": str(site.workdir / "after.trace")} if TRACE else {}
    RETRIES["handshakes"] = 0
    await warm_up(bench, site)
    found: dict[str, Any] = {"rss_idle": rss_kib(server.pid)}
    found["idle"] = await asyncio.to_thread(probe, server, **trace)
    started = time.perf_counter()
    found["seconds"], found["peak"] = [], found["rss_idle"]
    for number in range(WAVES):
        found["seconds"].append(await wave(bench, site, number))
        found["peak"] = max(found["peak"], rss_kib(server.pid))
    found["churn_seconds"] = time.perf_counter() - started
    found["rss_closed"] = rss_kib(server.pid)
    found["settle"] = await settled(server)
    await asyncio.sleep(PAUSE)
    found["rss_paused"] = rss_kib(server.pid)
    found["after"] = await asyncio.to_thread(probe, server, **trace_after)
    found["trimmed"] = await asyncio.to_thread(probe, server, trim="1")
    return found


async def idle(site: MemorySite, server: Server, bench: Bench) -> dict[str, Any]:
    """IDLE table sockets opened and left open: how many opened and how fast, RSS and the
    probe with them open; then closed."""
    RETRIES["handshakes"] = 0
    await warm_up(bench, site)
    found: dict[str, Any] = {"rss_idle": rss_kib(server.pid)}
    everyone = [(t, p) for t, people in site.seated for p in people]
    everyone += [
        (site.seated[i % len(site.seated)][0], site.spectators[i % len(site.spectators)])
        for i in range(max(IDLE - len(everyone), 0))
    ]
    started = time.perf_counter()
    watchers = await gather_limited([watch(bench, t, p) for t, p in everyone[:IDLE]])
    found["seconds"] = time.perf_counter() - started
    found["opened"] = sum(ws is not None for ws in watchers)
    await asyncio.sleep(2)
    found["rss_open"] = rss_kib(server.pid)
    found["open"] = await asyncio.to_thread(probe, server)
    await close_all([], watchers)
    return found
