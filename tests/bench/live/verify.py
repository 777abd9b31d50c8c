"""The final check against the Action log: every acknowledged move there as acknowledged,
and every move from its seat's own person or robot."""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

from tests.bench.live.client import Bench
from tests.bench.live.database import Database, Site


def verify(bench: Bench) -> list[str]:
    """Every acknowledged move in the log with its cid and the version acknowledged, no move in
    the log with a cid that was not acknowledged (the cids of table commands aside), the log's
    versions strictly increasing and the table's version not below the last. (A table's version
    may move without a log row: presence and seat changes bump it too.)"""
    problems: list[str] = []
    ids = sorted(bench.tables)
    versions: dict[int, int] = {}
    log: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ",".join("?" * len(part))
        for pk, version in bench.db.rows(
            f"SELECT id, version FROM games_table WHERE id IN ({marks})",  # noqa: S608
            part,
        ):
            versions[pk] = version
        for table_id, version, cid in bench.db.rows(
            f"SELECT table_id, version, cid FROM games_action WHERE table_id IN ({marks}) "  # noqa: S608
            "ORDER BY table_id, id",
            part,
        ):
            log[table_id].append((version, cid))
    for table_id in ids:
        acked = bench.acked.get(table_id, {})
        version = versions.get(table_id)
        entries = log.get(table_id, [])
        if version is None:
            problems.append(f"mesa {table_id}: não existe")
            continue
        logged = [v for v, _ in entries]
        if any(b <= a for a, b in itertools.pairwise(logged)):
            problems.append(f"mesa {table_id}: log com versões fora de ordem {logged}")
        if logged and version < logged[-1]:
            problems.append(f"mesa {table_id}: versão {version} abaixo da última do log")
        by_cid = {cid: v for v, cid in entries if cid}
        for cid, expected in acked.items():
            if by_cid.get(cid) != expected:
                problems.append(
                    f"mesa {table_id}: jogada confirmada {cid} (v{expected}) está no log como "
                    f"{by_cid.get(cid)!r}"
                )
        extra = set(by_cid) - set(acked) - bench.commands.get(table_id, set())
        if extra:
            problems.append(f"mesa {table_id}: {len(extra)} jogada(s) no log sem confirmação")
    return problems


def verify_seats(bench: Bench, robots_expected: bool) -> tuple[list[str], int]:
    """Dominó, Dozito, Yam's: who each move in the log is from. A robot's seat moves with user
    None and no cid; a person's seat with that person and a cid (else a robot or a timer played
    for them). The problems, and the robots' moves found."""
    problems: list[str] = []
    ids = sorted(bench.tables)
    seats: dict[tuple[int, int], tuple[int | None, bool]] = {}
    robot_moves = 0
    rows: list[tuple] = []
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ",".join("?" * len(part))
        for table_id, index, user_id, robot in bench.db.rows(
            f'SELECT table_id, "index", user_id, robot FROM games_seat WHERE table_id IN ({marks})',  # noqa: S608
            part,
        ):
            seats[(table_id, index)] = (user_id, bool(robot))
        rows += bench.db.rows(
            f"SELECT table_id, version, seat, user_id, cid FROM games_action "  # noqa: S608
            f"WHERE table_id IN ({marks}) AND seat IS NOT NULL",
            part,
        )
    for table_id, version, seat, user_id, cid in rows:
        who = seats.get((table_id, seat))
        if who is None:
            problems.append(f"mesa {table_id} v{version}: jogada do lugar {seat}, que não existe")
            continue
        person, robot = who
        if robot:
            robot_moves += 1
            if user_id is not None or cid:
                problems.append(
                    f"mesa {table_id} v{version}: jogada do robô (lugar {seat}) com usuário "
                    f"{user_id!r} e cid {cid!r}"
                )
        elif user_id != person or not cid:
            problems.append(
                f"mesa {table_id} v{version}: jogada do lugar {seat} (de {person}) no log com "
                f"usuário {user_id!r} e cid {cid!r} (um robô jogou por essa pessoa?)"
            )
    if robots_expected and not robot_moves:
        problems.append("nenhuma jogada de robô no log")
    if not robots_expected and robot_moves:
        problems.append(f"{robot_moves} jogada(s) de robô numa mesa sem robôs")
    return problems, robot_moves


def verify_after(site: Site, result: dict[str, Any]) -> list[str]:
    bench: Bench = result["bench"]
    bench.db = Database(site.env)
    try:
        problems = verify(bench)
        if "robot_seats" in result:  # Dominó, Dozito, Yam's
            seat_problems, result["robot_moves_logged"] = verify_seats(
                bench, robots_expected=bool(result["robot_seats"])
            )
            problems += seat_problems
        return problems
    finally:
        bench.db.close()
