"""The run's summary, per backend: every scenario's figures beside a saved baseline
(BENCH_LIVE_COMPARE) and the targets; the figures saved (BENCH_LIVE_SAVE)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.bench.live.config import (
    BACKEND_NAMES,
    BACKENDS,
    BOZO,
    BUSY_MACHINE_PERCENT,
    COMPARE_PATH,
    SERVER_REPO,
    TARGET_BYTES_FRACTION,
    TARGET_CPU_MS_PER_MOVE,
    TARGET_HUMAN_P95_MS,
    TARGET_HUMAN_P99_MS,
    TARGET_MOVES_PER_SECOND,
)
from tests.bench.live.report import bare_cpu_ms, fmt
from tests.bench.live.server import describe_checkout

RESULTS: list[dict[str, Any]] = []
NOT_MEASURED: dict[str, str] = {}  # backend -> why


def result_key(backend: str, think: float, tables: int, game: str = "bozo") -> str:
    """A scenario's name in the saved figures (Bozó's as before, so older files compare)."""
    kind = "humano" if think else "capacidade"
    return f"{backend}/{kind}/{tables}" if game == "bozo" else f"{backend}/{game}-{kind}/{tables}"


def scenario_key(r: dict[str, Any]) -> str:
    return result_key(r["backend"], r["think"], r["tables"], r.get("game_name", "bozo"))


def save_results(path: Path) -> None:
    path.write_text(
        json.dumps(
            {
                "server": describe_checkout(SERVER_REPO),
                "cpus": os.cpu_count(),
                "not_measured": NOT_MEASURED,
                "results": {
                    scenario_key(r): {
                        "label": r["label"],
                        "game": r["game"].figures(),
                        "echo": r["echo"].figures(),
                        "bare": r["bare"].figures() if r.get("bare") else None,
                        "bare_cpu_ms": bare_cpu_ms(r) if r.get("bare") else None,
                        "kib_per_table_socket": r["kib_per_table_socket"],
                        "kib_per_echo_socket": r["kib_per_echo_socket"],
                        "moves_acked": r["moves_acked"],
                        "errors": len(r["errors"]),
                    }
                    for r in RESULTS
                },
            },
            indent=2,
            allow_nan=True,
        )
        + "\n"
    )


def load_baseline() -> dict[str, Any] | None:
    if not COMPARE_PATH:
        return None
    try:
        return json.loads(Path(COMPARE_PATH).read_text())
    except (OSError, ValueError) as error:
        print(f"\nBENCH_LIVE_COMPARE: não li {COMPARE_PATH}: {error}")
        return None


def _base_bytes(base_results: dict[str, Any], backend: str, key: str) -> tuple[float, str]:
    """The baseline's bytes per move for a scenario: its own, else (a run of other sizes) the
    median of the baseline's scenarios on that backend, marked "~"."""
    own = base_results.get(key, {}).get("game", {}).get("bytes")
    if own and own == own:
        return own, ""
    same = [
        v["game"].get("bytes")
        for k, v in base_results.items()
        if k.startswith(f"{backend}/") and "-" not in k.split("/")[1] and v["game"].get("bytes")
    ]
    same = sorted(b for b in same if b == b)
    return (same[len(same) // 2], "~") if same else (float("nan"), "")


def _targets(backend: str, r: dict[str, Any], base_bytes: tuple[float, str]) -> dict[str, str]:
    """The targets beside a scenario's figures (printed, never asserted)."""
    pg, human = backend == "postgres", bool(r["think"])
    targets = {"errors": "0"}
    if r.get("game_name", "bozo") != "bozo":  # issue 30: Dominó, Dozito and Yam's, ≤ 3× bare
        return {**targets, "bare_ratio": "≤ 3×"} if r.get("bare") is not None else targets
    if r.get("bare") is not None:
        targets["own_cpu_ms"] = "≤ 1,5 ms"
        if not pg:
            targets["bare_ratio"] = "≤ 1,7×"
    busy = max(r["game"].others_cpu_percent, r["echo"].others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        targets["others_cpu_percent"] = "ATENÇÃO: disputa"
    value, mark = base_bytes
    targets["bytes"] = (
        f"≤ {value * TARGET_BYTES_FRACTION:.0f} (¼ base{mark})" if value == value else "≤ ¼ da base"
    )
    if human:
        targets["p95_ms"] = f"≤ {TARGET_HUMAN_P95_MS} ms"
        if pg:
            targets["p99_ms"] = f"≤ {TARGET_HUMAN_P99_MS} ms"
    else:
        targets["rate"] = f"≥ {TARGET_MOVES_PER_SECOND}/s"
        if pg and r["tables"] == 50:
            targets["server_cpu_ms"] = f"≤ {TARGET_CPU_MS_PER_MOVE} ms"
    return targets


def _bare_lines(r: dict[str, Any], base: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """The bare loop of the run and the table's CPU as a ratio of it (issue 30's measure)."""
    if r.get("bare") is None:
        return []
    bare_ms = bare_cpu_ms(r)
    site_ms = r["game"].cpu_per_op("server") * 1000
    old_bare = base.get("bare_cpu_ms") or (base.get("bare") or {}).get("server_cpu_ms")
    old_site = base.get("game", {}).get("server_cpu_ms")
    old_ratio = fmt(old_site / old_bare, 2) if old_bare and old_site else "—"
    return [
        ("CPU laço nu/jogada (ms)", fmt(bare_ms, 2), "", fmt(old_bare, 2), "bare_cpu_ms"),
        ("custo próprio/jogada (ms)", fmt(site_ms - bare_ms, 2), "", "", "own_cpu_ms"),
        ("CPU daphne ÷ laço nu", fmt(site_ms / bare_ms, 2), "", old_ratio, "bare_ratio"),
    ]


SUMMARY_ROWS = [  # (figure, key in Phase.figures(), digits)
    ("jogadas·mensagens/s", "rate", 0),
    ("ida e volta p50 (ms)", "p50_ms", 1),
    ("ida e volta p95 (ms)", "p95_ms", 1),
    ("ida e volta p99 (ms)", "p99_ms", 1),
    ("CPU daphne/operação (ms)", "server_cpu_ms", 2),
    ("CPU PG+Redis/operação (ms)", "backend_cpu_ms", 2),
    ("CPU cliente/operação (ms)", "client_cpu_ms", 2),
    ("bytes recebidos/operação", "bytes", 0),
    ("resto da máquina (% CPU)", "others_cpu_percent", 0),
]
DOMINO_SUMMARY_ROWS = [
    ("bytes/jogada/socket jogador", "bytes_player_socket", 0),
    ("bytes/jogada/socket espect.", "bytes_spectator_socket", 0),
]
ROBOT_SUMMARY_ROWS = [
    ("jogadas/s com robôs (log)", "all_rate", 0),
    ("  das quais dos robôs", "robot_rate", 0),
]


def print_summary() -> None:
    baseline = load_baseline()
    base_results = baseline["results"] if baseline else {}
    for backend in BACKENDS:
        results = [r for r in RESULTS if r["backend"] == backend]
        if backend in NOT_MEASURED:
            print(f"\nResumo — {BACKEND_NAMES[backend]}: NÃO medido: {NOT_MEASURED[backend]}")
            continue
        if not results:
            continue
        print(
            f"\nResumo — mesas ao vivo · {results[0]['label']} · servidor "
            f"{describe_checkout(SERVER_REPO)} · um processo daphne, {os.cpu_count()} CPUs"
        )
        if baseline:
            print(f"  base (BENCH_LIVE_COMPARE): {baseline.get('server', COMPARE_PATH)}")
        base_head = f"{'base':>11}" if baseline else ""
        print(f"  {'cenário':30}{'figura':28}{'mesa':>11}{'eco (piso)':>11}{base_head}{'meta':>17}")
        for r in results:
            key = scenario_key(r)
            base = base_results.get(key) or {}
            g, e, bg = r["game"].figures(), r["echo"].figures(), base.get("game", {})
            targets = _targets(backend, r, _base_bytes(base_results, backend, key))
            domino = "robot_seats" in r  # Dominó, Dozito, Yam's
            if domino:
                label = f"{r.get('game_title', 'Dominó')} {r['tables']} · " + (
                    "2 robôs, humano"
                    if r["robot_seats"]
                    else f"{r['spectator_sockets']} espectadores, humano"
                    if r.get("game_name") == BOZO.key
                    else "capacidade"
                )
            else:
                label = f"{r['tables']} mesas" + (
                    " · ritmo humano" if r["think"] else " · capacidade"
                )
            rows = SUMMARY_ROWS + (DOMINO_SUMMARY_ROWS if domino else [])
            rows += ROBOT_SUMMARY_ROWS if r["game"].moves_logged is not None else []
            lines = [
                (fig, fmt(g[key], digits), fmt(e[key], digits), fmt(bg.get(key), digits), key)
                for fig, key, digits in rows
                if key != "backend_cpu_ms" or r["game"].backend_cpu is not None
            ]
            lines += _bare_lines(r, base)
            lines.append(
                (
                    "memória/socket (KiB)",
                    fmt(r["kib_per_table_socket"]),
                    fmt(r["kib_per_echo_socket"]),
                    fmt(base.get("kib_per_table_socket")),
                    "memory",
                )
            )
            lines.append(
                (
                    "erros · jogadas perdidas",
                    str(len(r["errors"])),
                    "",
                    str(base["errors"]) if base else "—",
                    "errors",
                )
            )
            for i, (fig, left, right, old, key) in enumerate(lines):
                old_col = f"{old:>11}" if baseline else ""
                print(
                    f"  {label if i == 0 else '':30}{fig:28}{left:>11}{right:>11}{old_col}"
                    f"{targets.get(key, ''):>17}"
                )
