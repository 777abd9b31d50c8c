"""One scenario's figures, printed as it ends: the tables beside the echo floor, and beside
the bare loop as ratios."""

from __future__ import annotations

from typing import Any

from tests.bench.live.config import BUSY_MACHINE_PERCENT
from tests.bench.live.measure import Phase, ms


def protocol_text(protocols: dict[str, int]) -> str:
    names = {
        "first": "primeiro (#mesa-eu, render inteiro)",
        "second": "segundo (só o que mudou, com ack)",
    }
    return " e ".join(f"{names.get(k, k)} em {n} conexões" for k, n in sorted(protocols.items()))


def report(result: dict[str, Any]) -> None:
    game, echo = result["game"], result["echo"]
    g50, g95, g99 = game.quantiles()
    e50, e95, e99 = echo.quantiles()
    pace = "ritmo humano" if result["think"] else "o mais rápido possível"
    domino = "robot_seats" in result  # Dominó, Dozito, Yam's: players and spectators apart
    if domino:
        robots = result["robot_seats"]
        sockets = (
            f"{result['people_sockets']} sockets de jogadores + {result['spectator_sockets']} de "
            f"espectadores + {result['sockets']} de eco; "
            + (
                f"robôs rápidos nos lugares {', '.join(map(str, robots))}"
                if robots
                else "sem robôs"
            )
        )
    else:
        sockets = f"{result['sockets']} sockets de mesa + {result['sockets']} de eco"
    print(
        f"\n{result['name']} · {result['label']}: {result['tables']} mesas ({sockets}), {pace}; "
        f"janela {game.end - game.start:.0f} s depois de {game.warmup:.1f} s de aquecimento "
        f"(eco: {echo.warmup:.1f} s)"
    )
    print(f"  {'':40}{'mesa':>14}{'eco (piso)':>14}")
    rows = [
        ("jogadas·mensagens/s", f"{game.rate:.0f}", f"{echo.rate:.0f}"),
        ("ida e volta p50 (ms)", ms(g50), ms(e50)),
        ("ida e volta p95 (ms)", ms(g95), ms(e95)),
        ("ida e volta p99 (ms)", ms(g99), ms(e99)),
        (
            "CPU do daphne por operação (ms)",
            f"{game.cpu_per_op('server') * 1000:.2f}",
            f"{echo.cpu_per_op('server') * 1000:.2f}",
        ),
        (
            "CPU dos clientes por operação (ms)",
            f"{game.cpu_per_op('client') * 1000:.2f}",
            f"{echo.cpu_per_op('client') * 1000:.2f}",
        ),
        *(
            [
                (
                    "CPU PostgreSQL+Redis por operação (ms)",
                    f"{game.cpu_per_op('backend') * 1000:.2f}",
                    f"{echo.cpu_per_op('backend') * 1000:.2f}",
                )
            ]
            if game.backend_cpu is not None
            else []
        ),
        (
            "resto da máquina (% de uma CPU)",
            f"{game.others_cpu_percent:.0f}",
            f"{echo.others_cpu_percent:.0f}",
        ),
        ("bytes recebidos por operação", f"{game.bytes_per_op:.0f}", f"{echo.bytes_per_op:.0f}"),
        *(
            [
                (
                    "bytes/jogada por socket de jogador",
                    fmt(game.bytes_per_socket("player"), 0),
                    "",
                ),
                (
                    "bytes/jogada por socket de espectador",
                    fmt(game.bytes_per_socket("spectator"), 0),
                    "",
                ),
            ]
            if domino
            else []
        ),
        *(
            [
                ("jogadas/s com as dos robôs (log)", f"{game.all_rate:.0f}", ""),
                ("  das quais dos robôs", fmt(game.figures()["robot_rate"], 0), ""),
            ]
            if game.moves_logged is not None
            else []
        ),
        (
            "quadros recebidos por operação",
            f"{game.figures()['frames']:.2f}",
            f"{echo.figures()['frames']:.2f}",
        ),
        (
            "memória por socket aberto (KiB)",
            f"{result['kib_per_table_socket']:.1f}",
            f"{result['kib_per_echo_socket']:.1f}",
        ),
    ]
    for label, left, right in rows:
        print(f"  {label:40}{left:>14}{right:>14}")
    if result.get("bare") is not None:
        print_bare(game, result)
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        print(
            f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela (outro "
            "processo?): estas figuras medem também essa disputa"
        )
    print(
        f"  jogadas enviadas {result['moves_sent']}, confirmadas {result['moves_acked']} "
        f"(todas lidas no log no instante da confirmação: {result['commit_checks']}); "
        f"partidas terminadas {result['games_finished']}, mesas jogadas {result['tables_played']}; "
        f"jogadas adiadas pelo limite de mensagens do socket {result['paced']}; "
        f"daphne {result['rss0_mib']:.0f} MiB antes dos sockets; sockets abertos em "
        f"{result['connect_seconds']:.1f} s"
    )
    counts = result["parse_counts"]
    print(
        f"  protocolo: {protocol_text(result['protocols'])}; acks enviados {result['acks_sent']}; "
        f"cliente: {counts['frames']} quadros, {counts['elements']} elementos de topo, "
        f"{counts['parsed']} analisados (os demais já vistos por outro socket ou antes), "
        f"{counts['whole']} quadros analisados inteiros"
    )


def bare_phases(r: dict[str, Any]) -> list[Phase]:
    return [p for p in (r.get("bare"), r.get("bare_after")) if p is not None]


def bare_cpu_ms(r: dict[str, Any]) -> float:
    """The bare loop's daphne CPU per move, over its windows before and after the table's."""
    phases = bare_phases(r)
    return sum(p.server_cpu for p in phases) / max(1, sum(p.ops for p in phases)) * 1000


def print_bare(game: Phase, r: dict[str, Any]) -> None:
    """The bare loop of the same run (before and after the table's window), and the table's
    figures as ratios of it."""
    for bare, when in zip(bare_phases(r), ("antes", "depois"), strict=False):
        b50, b95, b99 = bare.quantiles()
        print(
            f"  laço nu {when} (o mesmo trabalho durável num consumidor do Channels): "
            f"{bare.rate:.0f} jogadas/s; ida e volta p50 {ms(b50)}, p95 {ms(b95)}, p99 {ms(b99)} "
            f"ms; CPU do daphne {bare.cpu_per_op('server') * 1000:.2f} ms/jogada; "
            f"{bare.bytes_per_op:.0f} bytes/jogada"
        )
    bare = r["bare"]
    b50, b95, _b99 = bare.quantiles()
    g50, g95, _g99 = game.quantiles()
    site_ms = game.cpu_per_op("server") * 1000
    bare_ms = bare_cpu_ms(r)
    print(
        f"  mesa ÷ laço nu: jogadas/s {game.rate / bare.rate:.2f}×; CPU do daphne por jogada "
        f"{site_ms / bare_ms:.2f}× (custo próprio do site {site_ms - bare_ms:.2f} ms; laço nu "
        f"{bare_ms:.2f} ms nas duas janelas); ida e volta p50 {g50 / b50:.2f}×, p95 "
        f"{g95 / b95:.2f}×; bytes por jogada {game.bytes_per_op / bare.bytes_per_op:.1f}×"
    )


def fmt(value: Any, digits: int = 1) -> str:
    if value is None or value != value:
        return "—"
    return f"{value:.{digits}f}"
