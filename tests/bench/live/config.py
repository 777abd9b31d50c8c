"""The live benchmark's knobs, read once at import (BENCH_LIVE_*, BENCH_RENDER_FLOOR: the
docstring of tests/bench/bench_live.py), the kinds of table its scenarios open, and the
targets printed beside the figures."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[3]


def env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


CAPACITY_TABLES = [
    int(n) for n in os.environ.get("BENCH_LIVE_TABLES", "50,200").split(",") if n.strip()
]
SECONDS = env_float("BENCH_LIVE_SECONDS", 10)
WARMUP = env_float("BENCH_LIVE_WARMUP", 3)
HUMAN_TABLES = int(env_float("BENCH_LIVE_HUMAN_TABLES", 500))
HUMAN_SECONDS = env_float("BENCH_LIVE_HUMAN_SECONDS", 30)
HUMAN_WARMUP = env_float("BENCH_LIVE_HUMAN_WARMUP", 5)
THINK = env_float("BENCH_LIVE_THINK", 2.0)
ACK_TIMEOUT = env_float("BENCH_LIVE_ACK_TIMEOUT", 60)
DOMINO_TABLES = [
    int(n)
    for n in os.environ.get("BENCH_LIVE_DOMINO_TABLES", "50").split(",")
    if n.strip() and int(n)
]
DOMINO_SPECTATORS = int(env_float("BENCH_LIVE_DOMINO_SPECTATORS", 2))
DOMINO_ROBOT_TABLES = int(env_float("BENCH_LIVE_DOMINO_ROBOT_TABLES", 50))
DOMINO_ROBOT_SECONDS = env_float("BENCH_LIVE_DOMINO_ROBOT_SECONDS", 20)
DOMINO_ROBOT_WARMUP = env_float("BENCH_LIVE_DOMINO_ROBOT_WARMUP", 5)
DOMINO_OPTIONS = {"bucho_lado": "dobrado"}
DOMINO_ROBOT_SPECTATORS = 1  # per table with robots
DOMINO_ROBOT_SEATS = (1, 3)  # the people sit at 0 and 2 (Jade), the robots are Âmbar


def env_tables(name: str, default: str) -> list[int]:
    return [int(n) for n in os.environ.get(name, default).split(",") if n.strip() and int(n)]


DOZITO_TABLES = env_tables("BENCH_LIVE_DOZITO_TABLES", "50")
DOZITO_SPECTATORS = int(env_float("BENCH_LIVE_DOZITO_SPECTATORS", 1))
YAMS_TABLES = env_tables("BENCH_LIVE_YAMS_TABLES", "50")
YAMS_SPECTATORS = int(env_float("BENCH_LIVE_YAMS_SPECTATORS", 1))
CROWD = int(env_float("BENCH_LIVE_CROWD", 1000))
YAMS_SOLO_TABLES = env_tables("BENCH_LIVE_YAMS_SOLO_TABLES", "50")


@dataclass(frozen=True)
class TableKind:
    """A game's tables as a scenario opens them: the game and mode, the people seated (the mode
    drops its free seats at the start), the options. `key` names its scenarios in the saved
    figures; `op` is the set-up's (see database._setup_main)."""

    key: str
    title: str  # printed
    game: str
    mode: str
    seats: int
    options: dict[str, Any]
    seed: int  # added to BENCH_LIVE_SEED and the table count: the clients' choices
    op: str = "group"


DOMINO = TableKind("domino", "Dominó", "domino", "duplas", 4, DOMINO_OPTIONS, 7919, op="domino")
DOZITO = TableKind("dozito", "Dozito", "dozito", "mesa", 3, {"rounds": 1}, 7927)
YAMS = TableKind("yams", "Yam's", "yams", "mesa", 3, {"columns": 3}, 7933)
YAMS_SOLO = TableKind("yams-solo", "Yam's solo", "yams", "solo", 1, {"columns": 3}, 7937)
BOZO = TableKind("bozo-crowd", "Bozó", "bozo", "duelo", 2, {}, 7941)
SEED = int(env_float("BENCH_LIVE_SEED", 2026))
BACKENDS = [
    b.strip()
    for b in os.environ.get("BENCH_LIVE_BACKENDS", "embedded,postgres").split(",")
    if b.strip()
]
SERVER_REPO = Path(os.environ.get("BENCH_LIVE_REPO", "").strip() or REPO).resolve()
SAVE_PATH = os.environ.get("BENCH_LIVE_SAVE", "").strip()
COMPARE_PATH = os.environ.get("BENCH_LIVE_COMPARE", "").strip()
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
RENDER_FLOOR = os.environ.get("BENCH_RENDER_FLOOR") == "1"  # tests/bench/live_asgi.py
CONNECT_AT_ONCE = 32  # handshakes in flight (daphne drops a handshake not accepted in 5 s)
# The server lets each socket send a burst of messages, then a few a second, and refuses (then
# drops) what passes that (games/consumers.py: 60, then 15 a second). A player of a closed loop
# with a table to itself (solo training, a run of few tables) would pass it and measure the
# limit, not the table; so each socket keeps under it, with a margin, as a person's page does.
SOCKET_BURST, SOCKET_PER_SECOND = 30, 12.0
ACK_EVERY = 32768  # characters read between two acknowledgements (second protocol)

BACKEND_NAMES = {
    "embedded": "SQLite + in-memory channel layer",
    "postgres": "PostgreSQL + Redis",
}
for _name in BACKENDS:
    if _name not in BACKEND_NAMES:
        raise RuntimeError(f"BENCH_LIVE_BACKENDS: unknown backend {_name!r} (embedded, postgres)")

# Targets, printed beside the figures (never asserted).
TARGET_MOVES_PER_SECOND = 500  # capacity, every backend
TARGET_HUMAN_P95_MS = 25  # human pace; PostgreSQL + Redis above all
TARGET_HUMAN_P99_MS = 60  # human pace, PostgreSQL + Redis
TARGET_CPU_MS_PER_MOVE = 1.5  # daphne, 50 tables, PostgreSQL + Redis
TARGET_BYTES_FRACTION = 0.25  # bytes per move: at most a quarter of the baseline commit's
BUSY_MACHINE_PERCENT = 25  # the rest of the machine above this in a window: a warning
