"""The scenarios: the four games mixed at human pace on one process or more, and one table
watched by a crowd of spectators."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.bench.live.client import gather_limited
from tests.bench.live.config import ACK_TIMEOUT, SEED
from tests.bench.live.floors import close_floor
from tests.bench.live.measure import rss_kib
from tests.bench.live.player import drain
from tests.bench.live.server import Server
from tests.bench.production.client import ProdEcho, ProdPhase, ProdPlayer, Watcher, measure
from tests.bench.production.config import (
    MIX,
    PARTS,
    SECONDS,
    SPECTATOR_GAME,
    SPECTATOR_SECONDS,
    TABLES,
    THINK,
    WARMUP,
    Part,
    table_counts,
)
from tests.bench.production.report import report_mixed
from tests.bench.production.stage import (
    ProdSite,
    daphnes,
    delete_tables,
    finish,
    open_tables,
    start_bench,
)


async def mixed(site: ProdSite, procs: list[Server], tables: int, think: float) -> dict:
    counts = table_counts(tables, MIX)
    ports = [s.port for s in procs]
    users = iter(site.users)
    plan: list[tuple[Part, list[dict[str, Any]], int]] = []  # (part, people, table id)
    for key, n in counts.items():
        part = PARTS[key]
        people = [[next(users) for _ in range(part.people)] for _ in range(n)]
        ids = open_tables(site, part, people)
        plan += [(part, mine, table_id) for mine, table_id in zip(people, ids, strict=True)]
    bench = start_bench(site, procs, think, SEED + tables + 12)
    part_of: dict[int, str] = {}
    players: list[ProdPlayer] = []
    echoes: list[ProdEcho] = []
    for load, (part, people, table_id) in enumerate(plan):
        part_of[load] = part.key
        bench.tables.add(table_id)
        bench.part_of_table[table_id] = part.key
        mine = [ports[k % len(ports)] for k in range(len(people))]
        players += [
            ProdPlayer(
                bench,
                load,
                u,
                table_id,
                k == 0,
                port=mine[k],
                part=part.key,
                role=f"player:{part.key}",
            )
            for k, u in enumerate(people)
        ]
        echoes.append(ProdEcho(bench, load, people, len(people), mine))
    sockets = len(players)
    try:
        rss0 = [rss_kib(s.pid) for s in procs]
        started = time.perf_counter()
        assert all(await gather_limited([e.connect() for e in echoes])), bench.errors[:20]
        rss1 = [rss_kib(s.pid) for s in procs]
        assert all(await gather_limited([p.connect() for p in players])), bench.errors[:20]
        rss2 = [rss_kib(s.pid) for s in procs]
        connect_seconds = time.perf_counter() - started
        echo = ProdPhase("eco", len(plan), part_of)
        await measure(bench, echo, [e.run() for e in echoes], WARMUP, SECONDS, count_log=False)
        await close_floor(echoes)
        game = ProdPhase("mesa", len(plan), part_of)
        await measure(bench, game, [p.run() for p in players], WARMUP, SECONDS, count_log=True)
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
    finally:
        bench.db.close()
    return {
        "scenario": f"mista-{len(procs)}p",
        "title": f"Carga mista · {len(procs)} processo(s) daphne",
        "processes": len(procs),
        "tables": len(plan),
        "counts": counts,
        "sockets": sockets,
        "think": think,
        "game": game,
        "echo": echo,
        "bench": bench,
        "connect_seconds": connect_seconds,
        "rss0_mib": sum(rss0) / 1024,
        "kib_per_table_socket": (sum(rss2) - sum(rss1)) / sockets,
        "kib_per_echo_socket": (sum(rss1) - sum(rss0)) / sockets,
        "robots_expected": any(PARTS[k].robot_seats for k in counts),
    }


def run_mixed(site: ProdSite, processes: int) -> dict:
    sweeper = any(PARTS[k].robot_seats for k in MIX)
    with daphnes(site, processes, f"mista-{processes}p", sweeper) as procs:
        result = asyncio.run(mixed(site, procs, TABLES, THINK))
        finish(site, result["bench"], procs, result)
    delete_tables(site, result["bench"].tables)
    report_mixed(result)
    site.results.append(result)
    return result


async def watched(site: ProdSite, procs: list[Server], spectators: int, think: float) -> dict:
    part = PARTS[SPECTATOR_GAME]
    people, watchers = site.users[: part.people], site.users[part.people : part.people + spectators]
    (table_id,) = open_tables(site, part, [people])
    bench = start_bench(site, procs, think, SEED + spectators + 13)
    bench.tables.add(table_id)
    port = procs[0].port
    players = [
        ProdPlayer(bench, k, u, table_id, k == 0, port=port, part=part.key, track=True)
        for k, u in enumerate(people)
    ]
    crowd = [Watcher(bench, u, port, table_id) for u in watchers]
    try:
        rss0 = rss_kib(procs[0].pid)
        started = time.perf_counter()
        # The spectators first: the players' sockets are the last of the table's group.
        assert all(await gather_limited([c.connect() for c in crowd])), bench.errors[:20]
        rss1 = rss_kib(procs[0].pid)
        assert all(await gather_limited([p.connect() for p in players])), bench.errors[:20]
        connect_seconds = time.perf_counter() - started
        echo = ProdPhase("eco", 1, {0: part.key})
        pair = ProdEcho(
            bench, 0, [*people, *watchers], len(people), [port] * (len(people) + spectators)
        )
        assert await pair.connect(), bench.errors[:20]
        await measure(bench, echo, [pair.run()], WARMUP, SPECTATOR_SECONDS, count_log=False)
        await pair.close()
        game = ProdPhase("mesa", len(players), dict.fromkeys(range(len(players)), part.key))
        game.sockets_by_role = {"player": len(people), "spectator": spectators}
        until: list[int] = []
        crowd_done = asyncio.gather(*(c.run(until) for c in crowd))
        await measure(bench, game, [p.run() for p in players], WARMUP, SPECTATOR_SECONDS, True)
        await drain(players)
        until.append(max(p.view.version for p in players if p.view is not None))
        await asyncio.wait_for(crowd_done, ACK_TIMEOUT)
        await gather_limited([p.close() for p in players], limit=256)
        await gather_limited([c.close() for c in crowd], limit=256)
    finally:
        bench.db.close()
    # Each acknowledged move of the window: when the others seated, and the last spectator, saw it
    # (a player's load is its index: the mover is known).
    # Also the order, which a busy machine does not blur as it does the times: how many spectators
    # had the move before the last of the other seated people.
    others, last_spectator, missing, ahead = [], [], 0, []
    for moved_table, shown, sent, mover in bench.moves:
        if not game.start <= sent < game.end:
            continue
        seen = [p.seen_at(moved_table, shown) for p in players if p.load != mover]
        others += [at - sent for at in seen if at is not None]
        watched_at = [c.seen_at(moved_table, shown) for c in crowd]
        if any(at is None for at in watched_at):
            missing += 1
        elif watched_at:
            last_spectator.append(max(watched_at) - sent)
            if seen and None not in seen:
                ahead.append(sum(at < max(seen) for at in watched_at))
    everyone = len(players) + len(crowd)
    return {
        "scenario": "espectadores",
        "title": f"{part.title} com {spectators} espectadores",
        "processes": 1,
        "tables": 1,
        "sockets": everyone,
        "spectators": spectators,
        "think": think,
        "game": game,
        "echo": echo,
        "bench": bench,
        "others_ms": [v * 1000 for v in others],
        "spectators_ms": [v * 1000 for v in last_spectator],
        "spectator_missing": missing,
        "spectators_ahead": ahead,
        "connect_seconds": connect_seconds,
        "kib_per_spectator_socket": (rss1 - rss0) / spectators,
        "robots_expected": False,
    }
