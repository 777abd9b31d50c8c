"""A scenario: a fresh daphne, every socket opened, the echo floor's window, the bare
loop's, the tables', then the checks against the log and the report."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests import servers
from tests.bench.live.client import Bench, gather_limited
from tests.bench.live.config import SEED, SERVER_REPO, TableKind
from tests.bench.live.database import Database, Site, run_setup
from tests.bench.live.floors import EchoPair, bare_phase, close_floor
from tests.bench.live.fragments import PARSE_COUNTS, forget_parsed
from tests.bench.live.measure import Phase, measure, rss_kib
from tests.bench.live.player import Player, drain
from tests.bench.live.report import report
from tests.bench.live.server import Server, describe_checkout
from tests.bench.live.summary import RESULTS
from tests.bench.live.verify import verify_after


async def warmed_up(bench, server, users, table_ids) -> int:
    """Warm the server up (imports, templates) with one table socket and one echo socket;
    returns its memory then (KiB), from which each scenario's sockets are counted."""
    probe = Player(bench, 0, users[0], table_ids[0], host=True)
    assert await probe.connect(), bench.errors
    await probe.close()
    echo_probe = EchoPair(bench, 0, users[:1])
    assert await echo_probe.connect(), bench.errors
    await echo_probe.close()
    await asyncio.sleep(1)
    return rss_kib(server.pid)


def scenario_figures(bench, think, game, echo, connect_seconds, sockets, rss) -> dict:
    """What every scenario reports beside its own fields: the phases, memory per socket, the
    moves sent and acknowledged, and what went wrong."""
    rss0, rss1, rss2 = rss
    return {
        "think": think,
        "game": game,
        "echo": echo,
        "connect_seconds": connect_seconds,
        "rss0_mib": rss0 / 1024,
        "kib_per_echo_socket": (rss1 - rss0) / sockets,
        "kib_per_table_socket": (rss2 - rss1) / sockets,
        "moves_sent": bench.sent,
        "moves_acked": sum(len(v) for v in bench.acked.values()),
        "commit_checks": bench.commit_checks,
        "paced": bench.paced,
        "games_finished": bench.games_finished,
        "tables_played": len(bench.tables),
        "protocols": dict(bench.protocols),
        "acks_sent": bench.acks_sent,
        "parse_counts": dict(PARSE_COUNTS),
        "errors": bench.errors,
        "bench": bench,
    }


async def scenario(
    site: Site, server: Server, name: str, tables: int, think: float, warmup: float, seconds: float
) -> dict[str, Any]:
    users = site.users[: 2 * tables]
    table_ids = run_setup(
        site.env,
        {
            "op": "tables",
            "pairs": [[users[2 * i]["id"], users[2 * i + 1]["id"]] for i in range(tables)],
        },
    )
    db = Database(site.env)
    bench = Bench(server, db, think, SEED + tables)
    bench.tables.update(table_ids)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    forget_parsed()
    sockets = 2 * tables
    try:
        rss0 = await warmed_up(bench, server, users, table_ids)

        # Every socket open at once, echo first, then the tables: memory by difference.
        started = time.perf_counter()
        pairs = [EchoPair(bench, i, users[2 * i : 2 * i + 2]) for i in range(tables)]
        await gather_limited([p.connect() for p in pairs])
        rss1 = rss_kib(server.pid)
        players = [
            Player(bench, i, users[2 * i + seat], table_ids[i], host=seat == 0)
            for i in range(tables)
            for seat in (0, 1)
        ]
        connected = await gather_limited([p.connect() for p in players])
        rss2 = rss_kib(server.pid)
        connect_seconds = time.perf_counter() - started
        if not all(connected):
            raise AssertionError(bench.errors[:20])

        echo = Phase("eco", loads=tables)
        await measure(bench, echo, [p.run() for p in pairs], warmup, seconds)
        await close_floor(pairs)
        bare = None if think else await bare_phase(site, bench, users, tables, warmup, seconds)
        game = Phase("mesa", loads=tables)
        await measure(bench, game, [p.run() for p in players], warmup, seconds)
        bare_after = None
        if bare is not None:  # again after the table's window: the machine drifts
            bare_after = await bare_phase(site, bench, users, tables, warmup, seconds)
        # Before leaving, every socket gets the last view of its table (none is lost), so no
        # render is still on its way when the sockets close.
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
    finally:
        db.close()
    return {
        "backend": site.backend,
        "label": site.label,
        "name": name,
        "tables": tables,
        "sockets": sockets,
        "bare": bare,
        "bare_after": bare_after,
        **scenario_figures(bench, think, game, echo, connect_seconds, sockets, (rss0, rss1, rss2)),
    }


async def table_scenario(
    site: Site,
    server: Server,
    name: str,
    kind: TableKind,
    tables: int,
    robot_seats: tuple[int, ...],
    spectators: int,
    think: float,
    warmup: float,
    seconds: float,
) -> dict[str, Any]:
    """Tables of a game with several people's sockets (Dominó, Dozito, Yam's; one for a solo
    mode): the people of every seat but `robot_seats` (fast robots) and `spectators` sockets of
    people not seated, per table; the echo floor over as many sockets, the people's taking
    turns."""
    people_seats = [i for i in range(kind.seats) if i not in robot_seats]
    per_table = len(people_seats) + spectators
    users = site.users[: per_table * tables]
    specs = []
    for i in range(tables):
        mine = iter(users[per_table * i : per_table * i + len(people_seats)])
        seats = [None if index in robot_seats else next(mine)["id"] for index in range(kind.seats)]
        specs.append({"seats": seats, "fast_robots": bool(robot_seats)})
    request: dict[str, Any] = {"op": kind.op, "options": kind.options, "tables": specs}
    if kind.op == "group":
        request.update(game=kind.game, mode=kind.mode)
    try:
        table_ids = run_setup(site.env, request)
    except RuntimeError as error:
        if "unknown op" in str(error):
            pytest.skip(
                f"o servidor ({describe_checkout(SERVER_REPO)}) não abre mesas de {kind.title}"
            )
        raise
    db = Database(site.env)
    bench = Bench(server, db, think, SEED + kind.seed + tables)
    bench.tables.update(table_ids)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    forget_parsed()
    people = len(people_seats) * tables
    watchers = spectators * tables
    sockets = people + watchers
    try:
        rss0 = await warmed_up(bench, server, users, table_ids)

        started = time.perf_counter()
        groups = [
            EchoPair(
                bench,
                i,
                users[per_table * i : per_table * (i + 1)],
                senders=len(people_seats),
            )
            for i in range(tables)
        ]
        await gather_limited([g.connect() for g in groups])
        rss1 = rss_kib(server.pid)
        players = []
        for i in range(tables):
            mine = users[per_table * i : per_table * (i + 1)]
            players += [
                Player(bench, i, mine[k], table_ids[i], host=k == 0)
                for k in range(len(people_seats))
            ]
            players += [
                Player(bench, i, mine[k], table_ids[i], host=False, role="spectator")
                for k in range(len(people_seats), per_table)
            ]
        connected = await gather_limited([p.connect() for p in players])
        rss2 = rss_kib(server.pid)
        connect_seconds = time.perf_counter() - started
        if not all(connected):
            raise AssertionError(bench.errors[:20])

        echo = Phase("eco", loads=tables)
        await measure(bench, echo, [g.run() for g in groups], warmup, seconds)
        await close_floor(groups)
        bare = None
        if not think and not robot_seats and len(people_seats) > 1:
            shape = (request, len(people_seats))
            bare = await bare_phase(site, bench, users, tables, warmup, seconds, *shape)
        game = Phase("mesa", loads=tables)
        game.sockets_by_role = {"player": len(people_seats), "spectator": spectators}
        await measure(
            bench, game, [p.run() for p in players], warmup, seconds, count_log=bool(robot_seats)
        )
        bare_after = None
        if bare is not None:  # again after the table's window: the machine drifts
            bare_after = await bare_phase(site, bench, users, tables, warmup, seconds, *shape)
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
    finally:
        db.close()
    return {
        "backend": site.backend,
        "label": site.label,
        "game_name": kind.key,
        "game_title": kind.title,
        "name": name,
        "tables": tables,
        "sockets": sockets,
        "people_sockets": people,
        "spectator_sockets": watchers,
        "robot_seats": robot_seats,
        "bare": bare,
        "bare_after": bare_after,
        **scenario_figures(bench, think, game, echo, connect_seconds, sockets, (rss0, rss1, rss2)),
    }


def run_scenario(site: Site, name: str, tables: int, think: float, warmup: float, seconds: float):
    server_name = f"{tables}-{int(think * 1000)}"
    with Server(site.env, site.workdir, server_name) as server:
        result = asyncio.run(scenario(site, server, name, tables, think, warmup, seconds))
    check_scenario(site, server, result)


def run_table_scenario(
    site: Site,
    name: str,
    kind: TableKind,
    tables: int,
    robot_seats: tuple[int, ...],
    spectators: int,
    think: float,
    warmup: float,
    seconds: float,
) -> None:
    # Robots move through the sweeper's timers: on where a table has robots, off (as for Bozó)
    # where every seat is a person's.
    env = dict(site.env, GAMES_SWEEPER="1" if robot_seats else "0")
    server_name = f"{kind.key}-{tables}-{len(robot_seats)}-{int(think * 1000)}"
    with Server(env, site.workdir, server_name) as server:
        result = asyncio.run(
            table_scenario(
                site, server, name, kind, tables, robot_seats, spectators, think, warmup, seconds
            )
        )
    check_scenario(site, server, result)


def check_scenario(site: Site, server: Server, result: dict[str, Any]) -> None:
    problems = server.problems()
    lost = verify_after(site, result)
    report(result)
    RESULTS.append(result)
    robots = (
        f", {result['robot_moves_logged']} de robôs (usuário None)"
        if result.get("robot_moves_logged")
        else ""
    )
    print(
        f"  log conferido: {len(result['bench'].tables)} mesas, {result['moves_acked']} jogadas "
        f"confirmadas{robots}, {len(lost)} problema(s); registro do daphne: {len(problems)} "
        "erro(s)"
    )
    for title, found in (("erros", result["errors"]), ("no log", lost), ("daphne", problems)):
        for line in found[:10]:
            print(f"  {title}: {line}")
    assert not result["errors"], "\n".join(result["errors"][:30] + lost[:10])
    assert not problems, "daphne registrou erros:\n" + "\n".join(problems[:30])
    assert not lost, "\n".join(lost[:30])
    assert result["moves_acked"] == result["moves_sent"]
    assert result["moves_acked"] > 0
