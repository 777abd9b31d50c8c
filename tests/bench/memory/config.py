"""The memory benchmark's knobs (BENCH_MEMORY_*: the docstring of
tests/bench/bench_memory.py), the kinds of tables it opens, and the site a backend's
scenarios share."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.bench.live.config import DOMINO, DOZITO, YAMS, TableKind

BACKENDS = [
    b.strip()
    for b in os.environ.get("BENCH_MEMORY_BACKENDS", "embedded,postgres").split(",")
    if b.strip()
]
WAVES = int(os.environ.get("BENCH_MEMORY_WAVES", "8"))
WAVE = int(os.environ.get("BENCH_MEMORY_WAVE", "1000"))
TABLES = max(4, int(os.environ.get("BENCH_MEMORY_TABLES", "100")) // 4 * 4)
IDLE = int(os.environ.get("BENCH_MEMORY_IDLE", "10000"))
PAUSE = float(os.environ.get("BENCH_MEMORY_PAUSE", "20"))
TRACE = int(os.environ.get("BENCH_MEMORY_TRACE", "0") or 0)
SERVER_ENV = dict(
    item.strip().split("=", 1)
    for item in os.environ.get("BENCH_MEMORY_SERVER_ENV", "").split(",")
    if "=" in item
)
DEFAULT_SOFT_LIMIT = 1024  # open files: a shell's or systemd's default soft limit
CLIENT_FILES = 65536  # what the client side wants for itself (up to its hard limit)
BOZO = TableKind("bozo", "Bozó", "bozo", "duelo", 2, {}, 0, op="tables")
KINDS = (BOZO, DOMINO, DOZITO, YAMS)
SPECTATORS = max(0, WAVE - sum(k.seats for k in KINDS) * TABLES // 4)  # per wave


@dataclass
class MemorySite:
    env: dict[str, str]
    workdir: Path
    backend: str
    label: str
    seated: list[tuple[int, list[dict[str, Any]]]]  # (table, the people in its seats)
    spectators: list[dict[str, Any]]  # people seated nowhere
    servers_dir: Path | None = None
