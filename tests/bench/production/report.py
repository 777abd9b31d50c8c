"""The figures of each scenario as it ends, the summary of the run, and the figures saved
(BENCH_PROD_SAVE)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.bench.live.config import BUSY_MACHINE_PERCENT, SERVER_REPO
from tests.bench.live.measure import ms, percentile
from tests.bench.live.report import fmt
from tests.bench.live.server import describe_checkout
from tests.bench.production.client import ProdPhase
from tests.bench.production.config import PARTS, TARGET_P95_MS
from tests.bench.production.stage import ProdSite


def _q(values: list[float]) -> tuple[float, float, float]:
    return tuple(percentile(values, p) for p in (50, 95, 99))  # type: ignore[return-value]


def mixed_rows(result: dict) -> list[dict[str, Any]]:
    """One row per part and the overall one: the figures the summary prints and saves."""
    game: ProdPhase = result["game"]
    echo: ProdPhase = result["echo"]
    seconds = game.end - game.start
    rows = []
    for key, n in result["counts"].items():
        part = PARTS[key]
        trips = game.part_window(key)
        moves, robots = game.logged_by_part.get(key, (0, 0))
        size = game.bytes_by_role.get(f"player:{key}", 0)
        p50, p95, p99 = _q(trips)
        e50, e95, e99 = _q(echo.part_window(key))
        rows.append(
            {
                "key": key,
                "title": part.title,
                "tables": n,
                "sockets": n * part.people,
                "rate": len(trips) / seconds,
                "logged_rate": moves / seconds,
                "robot_rate": robots / seconds,
                "p50_ms": p50 * 1000,
                "p95_ms": p95 * 1000,
                "p99_ms": p99 * 1000,
                "echo_p95_ms": e95 * 1000,
                "bytes_socket": size / moves / part.people if moves else float("nan"),
            }
        )
    p50, p95, p99 = _q(game.in_window)
    e50, e95, e99 = _q(echo.in_window)
    total_size = sum(v for k, v in game.bytes_by_role.items() if k.startswith("player:"))
    socket_moves = sum(
        game.logged_by_part.get(k, (0, 0))[0] * PARTS[k].people for k in result["counts"]
    )
    rows.append(
        {
            "key": "total",
            "title": "todas",
            "tables": result["tables"],
            "sockets": result["sockets"],
            "rate": game.rate,
            "logged_rate": game.all_rate,
            "robot_rate": (game.robot_moves or 0) / seconds,
            "p50_ms": p50 * 1000,
            "p95_ms": p95 * 1000,
            "p99_ms": p99 * 1000,
            "echo_p50_ms": e50 * 1000,
            "echo_p95_ms": e95 * 1000,
            "echo_p99_ms": e99 * 1000,
            "echo_rate": echo.rate,
            "bytes_socket": total_size / socket_moves if socket_moves else float("nan"),
        }
    )
    return rows


def cpu_rows(game: ProdPhase, echo: ProdPhase) -> list[tuple[str, str, str]]:
    def per(phase: ProdPhase, spent: float | None) -> str:
        ops = phase.ops
        return fmt(spent / ops * 1000, 2) if spent is not None and ops else "—"

    return [
        ("CPU do(s) daphne por jogada (ms)", per(game, game.server_cpu),
         per(echo, echo.server_cpu)),
        (
            "  por processo (% de uma CPU)",
            " + ".join(f"{c / (game.end - game.start) * 100:.0f}" for c in game.server_cpus),
            " + ".join(f"{c / (echo.end - echo.start) * 100:.0f}" for c in echo.server_cpus),
        ),
        ("CPU PostgreSQL+Redis por jogada (ms)", per(game, game.backend_cpu),
         per(echo, echo.backend_cpu)),
        ("CPU do cliente por jogada (ms)", per(game, game.client_cpu), per(echo, echo.client_cpu)),
        ("resto da máquina (% de uma CPU)", f"{game.others_cpu_percent:.0f}",
         f"{echo.others_cpu_percent:.0f}"),
    ]  # fmt: skip


def report_mixed(result: dict) -> None:
    game, echo, bench = result["game"], result["echo"], result["bench"]
    print(
        f"\n{result['title']} · PostgreSQL + Redis: {result['tables']} mesas, "
        f"{result['sockets']} sockets de pessoas (+ {result['sockets']} de eco), cada pessoa joga "
        f"~{result['think']:g} s depois que chega a sua vez; janela {game.end - game.start:.0f} s "
        f"depois de {game.warmup:.1f} s (eco: {echo.warmup:.1f} s)"
    )
    print(
        f"  {'mesa':36}{'mesas':>6}{'sockets':>8}{'jog/s':>7}{'log/s':>7}{'p50':>9}{'p95':>9}"
        f"{'p99':>9}{'eco p95':>9}{'B/jog/sock':>11}"
    )
    for row in mixed_rows(result):
        print(
            f"  {row['title']:36}{row['tables']:>6}{row['sockets']:>8}{row['rate']:>7.1f}"
            f"{row['logged_rate']:>7.1f}{fmt(row['p50_ms']):>9}{fmt(row['p95_ms']):>9}"
            f"{fmt(row['p99_ms']):>9}{fmt(row['echo_p95_ms']):>9}"
            f"{fmt(row['bytes_socket'], 0):>11}"
        )
    e50, e95, e99 = _q(echo.in_window)
    print(
        f"  eco (piso), as mesmas {result['sockets']} conexões no mesmo ritmo: {echo.rate:.1f} "
        f"mensagens/s, p50 {ms(e50)} · p95 {ms(e95)} · p99 {ms(e99)} ms; meta da "
        f"mesa: p95 ≤ {TARGET_P95_MS} ms"
    )
    print(f"  {'':38}{'mesa':>14}{'eco (piso)':>14}")
    for label, left, right in cpu_rows(game, echo):
        print(f"  {label:38}{left:>14}{right:>14}")
    print(
        f"  memória por socket: mesa {result['kib_per_table_socket']:.1f} KiB, eco "
        f"{result['kib_per_echo_socket']:.1f} KiB (daphne {result['rss0_mib']:.0f} MiB antes); "
        f"sockets abertos em {result['connect_seconds']:.1f} s"
    )
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        print(
            f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela (outro "
            "processo?): estas figuras medem também essa disputa"
        )
    print(
        f"  jogadas enviadas {bench.sent}, confirmadas {sum(len(v) for v in bench.acked.values())}"
        f"; jogadas de robôs no log {result['robot_moves_logged']}; partidas terminadas "
        f"{bench.games_finished}; mesas jogadas {len(bench.tables)}; adiadas pelo limite do socket "
        f"{bench.paced}; log conferido: {len(result['log_problems'])} problema(s); daphne: "
        f"{len(result['daphne_problems'])} erro(s)"
    )


def report_watched(result: dict) -> None:
    game, echo, bench = result["game"], result["echo"], result["bench"]
    g = _q(game.in_window)
    e = _q(echo.in_window)
    o = _q(result["others_ms"])
    s = _q(result["spectators_ms"])
    print(
        f"\n{result['title']} · PostgreSQL + Redis, um processo: os espectadores conectam antes "
        f"dos jogadores; cada jogador joga ~{result['think']:g} s depois da sua vez; janela "
        f"{game.end - game.start:.0f} s, {len(game.in_window)} jogadas"
    )
    print(f"  {'(ms)':44}{'p50':>8}{'p95':>8}{'p99':>8}")
    print(f"  {'ida e volta de quem joga':44}" + "".join(f"{ms(v):>8}" for v in g))
    print(f"  {'entrega aos outros jogadores da mesa':44}" + "".join(f"{fmt(v):>8}" for v in o))
    print(f"  {'entrega ao último espectador':44}" + "".join(f"{fmt(v):>8}" for v in s))
    print(f"  {'eco (piso), mesmas conexões e ritmo':44}" + "".join(f"{ms(v):>8}" for v in e))
    ahead = result["spectators_ahead"]
    a50, a95 = (fmt(percentile(ahead, p), 0) for p in (50, 95))
    print(
        f"  espectadores que receberam a jogada antes dos outros jogadores: mediana {a50}, p95 "
        f"{a95} de {result['spectators']} ({len(ahead)} jogadas)"
    )
    print(f"  {'':38}{'mesa':>14}{'eco (piso)':>14}")
    for label, left, right in cpu_rows(game, echo)[:1] + cpu_rows(game, echo)[2:]:
        print(f"  {label:38}{left:>14}{right:>14}")
    print(
        f"  bytes por jogada: por socket de jogador {fmt(game.bytes_per_socket('player'), 0)}"
        f", por socket de espectador {fmt(game.bytes_per_socket('spectator'), 0)}; memória "
        f"por espectador {result['kib_per_spectator_socket']:.1f} KiB; jogadas em que algum "
        f"espectador não viu a versão: {result['spectator_missing']}; meta: ida e volta p95 ≤ "
        f"{TARGET_P95_MS} ms"
    )
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        print(f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela")
    print(
        f"  jogadas enviadas {bench.sent}, confirmadas {sum(len(v) for v in bench.acked.values())}"
        f"; log conferido: {len(result['log_problems'])} problema(s); daphne: "
        f"{len(result['daphne_problems'])} erro(s)"
    )


def figures(result: dict) -> dict[str, Any]:
    game, echo = result["game"], result["echo"]
    out: dict[str, Any] = {
        "title": result["title"],
        "processes": result["processes"],
        "tables": result["tables"],
        "sockets": result["sockets"],
        "think": result["think"],
        "game": game.figures(),
        "echo": echo.figures(),
        "server_cpu_percent": [c / (game.end - game.start) * 100 for c in game.server_cpus],
        "errors": len(result["errors"]) + len(result["log_problems"]),
    }
    if result["scenario"].startswith("mista"):
        out["rows"] = mixed_rows(result)
    else:
        out["others_p95_ms"] = percentile(result["others_ms"], 95)
        out["spectators_p50_ms"] = percentile(result["spectators_ms"], 50)
        out["spectators_p95_ms"] = percentile(result["spectators_ms"], 95)
        out["spectators_ahead_median"] = percentile(result["spectators_ahead"], 50)
    return out


def print_summary(site: ProdSite) -> None:
    if not site.results:
        return
    print(
        f"\nResumo — produção · {site.label} · servidor "
        f"{describe_checkout(SERVER_REPO)} · {os.cpu_count()} CPUs (cliente, daphne, "
        "PostgreSQL e Redis dividem as mesmas CPUs)"
    )
    head = f"{'cenário':44}{'jog/s':>7}{'log/s':>7}{'p50':>9}{'p95':>9}{'p99':>9}{'eco p95':>9}"
    print(f"  {head}{'CPU/jog':>8}{'B/jog/sock':>11}{'erros':>6}")
    for r in site.results:
        f = figures(r)
        g, e = f["game"], f["echo"]
        if "rows" in f:
            total = f["rows"][-1]
            print(
                f"  {r['title'] + ' · ' + str(r['tables']) + ' mesas':44}{g['rate']:>7.1f}"
                f"{fmt(g['all_rate']):>7}{fmt(g['p50_ms']):>9}"
                f"{fmt(g['p95_ms']):>9}{fmt(g['p99_ms']):>9}"
                f"{fmt(e['p95_ms']):>9}{fmt(g['server_cpu_ms'], 2):>8}"
                f"{fmt(total['bytes_socket'], 0):>11}{f['errors']:>6}"
            )
        else:
            print(
                f"  {r['title']:44}{g['rate']:>7.1f}{fmt(g['all_rate']):>7}"
                f"{fmt(g['p50_ms']):>9}{fmt(g['p95_ms']):>9}"
                f"{fmt(g['p99_ms']):>9}{fmt(e['p95_ms']):>9}"
                f"{fmt(g['server_cpu_ms'], 2):>8}"
                f"{fmt(g['bytes_spectator_socket'], 0):>11}{f['errors']:>6}"
            )
            print(
                f"  {'  entrega: outros jogadores p95 · último espectador p50/p95':44}"
                f"{fmt(f['others_p95_ms']):>7} · {fmt(f['spectators_p50_ms'])}"
                f" / {fmt(f['spectators_p95_ms'])} ms; espectadores servidos antes dos "
                f"jogadores (mediana) {fmt(f['spectators_ahead_median'], 0)}"
            )
    one = next((r for r in site.results if r["scenario"] == "mista-1p"), None)
    two = next((r for r in site.results if r["scenario"] == "mista-2p"), None)
    if one and two:
        a, b = one["game"].figures(), two["game"].figures()
        print(
            f"  o segundo processo, à mesma carga: p95 {fmt(a['p95_ms'])} -> "
            f"{fmt(b['p95_ms'])} ms, p99 {fmt(a['p99_ms'])} -> "
            f"{fmt(b['p99_ms'])} ms, CPU dos daphne por jogada "
            f"{fmt(a['server_cpu_ms'], 2)} -> {fmt(b['server_cpu_ms'], 2)} ms "
            f"(com {os.cpu_count()} CPUs para tudo, o segundo processo não traz CPU nova: só tira "
            "a fila de um único laço de eventos; numa máquina com mais núcleos ele soma os seus)"
        )


def save(site: ProdSite, path: Path) -> None:
    path.write_text(
        json.dumps(
            {
                "server": describe_checkout(SERVER_REPO),
                "cpus": os.cpu_count(),
                "label": site.label,
                "results": {r["scenario"]: figures(r) for r in site.results},
            },
            indent=2,
            allow_nan=True,
        )
        + "\n"
    )
