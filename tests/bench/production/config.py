"""The production benchmark's knobs (BENCH_PROD_*, BENCH_THINK: the docstring of
tests/bench/bench_production.py) and the mix of tables its mixed load opens."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tests.bench.live.config import DOMINO, DOZITO, YAMS, TableKind, env_float

REPO = Path(__file__).resolve().parents[3]

TABLES = int(env_float("BENCH_PROD_TABLES", 500))
THINK = env_float("BENCH_THINK", env_float("BENCH_LIVE_THINK", 2.0))
SECONDS = env_float("BENCH_PROD_SECONDS", 30)
WARMUP = env_float("BENCH_PROD_WARMUP", 5)
PROCESSES = [int(n) for n in os.environ.get("BENCH_PROD_PROCESSES", "1,2").split(",") if n.strip()]
SPECTATORS = int(env_float("BENCH_PROD_SPECTATORS", 1000))
SPECTATOR_GAME = os.environ.get("BENCH_PROD_SPECTATOR_GAME", "bozo").strip() or "bozo"
SPECTATOR_THINK = env_float("BENCH_PROD_SPECTATOR_THINK", 1.0)
SPECTATOR_SECONDS = env_float("BENCH_PROD_SPECTATOR_SECONDS", 60)
SAVE_PATH = os.environ.get("BENCH_PROD_SAVE", "").strip()
DEFAULT_MIX = "bozo:30,domino:15,domino-robos:15,dozito:20,yams3:10,yams2:10"
TARGET_P95_MS = 25


@dataclass(frozen=True)
class Part:
    """One kind of table in the mix: the game's tables (bench_live's TableKind), the seats that
    are fast robots."""

    key: str
    title: str
    kind: TableKind
    robot_seats: tuple[int, ...] = ()

    @property
    def people(self) -> int:
        return self.kind.seats - len(self.robot_seats)


BOZO = TableKind("bozo", "Bozó duelo", "bozo", "duelo", 2, {}, 7901)
YAMS2 = TableKind("yams2", "Yam's 2", "yams", "mesa", 2, {"columns": 3}, 7939)
PARTS = {
    p.key: p
    for p in (
        Part("bozo", "Bozó duelo", BOZO),
        Part("domino", "Dominó duplas, 4 pessoas", DOMINO),
        Part("domino-robos", "Dominó duplas, 2 pessoas + 2 robôs", DOMINO, (1, 3)),
        Part("dozito", "Dozito mesa, 3 lugares", DOZITO),
        Part("yams3", "Yam's mesa, 3 lugares", YAMS),
        Part("yams2", "Yam's mesa, 2 lugares", YAMS2),
    )
}


def parse_mix(text: str) -> dict[str, int]:
    shares: dict[str, int] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        key, _, share = item.partition(":")
        if key.strip() not in PARTS:
            raise RuntimeError(f"BENCH_PROD_MIX: {key!r} desconhecido ({', '.join(PARTS)})")
        shares[key.strip()] = int(share or 1)
    return shares


MIX = parse_mix(os.environ.get("BENCH_PROD_MIX", DEFAULT_MIX))


def table_counts(tables: int, shares: dict[str, int]) -> dict[str, int]:
    """`tables` split by the shares (largest remainders), every part at least one table."""
    total = sum(shares.values())
    exact = {k: tables * s / total for k, s in shares.items()}
    counts = {k: max(1, int(v)) for k, v in exact.items()}
    for key in sorted(exact, key=lambda k: exact[k] - int(exact[k]), reverse=True):
        if sum(counts.values()) >= tables:
            break
        counts[key] += 1
    return counts
