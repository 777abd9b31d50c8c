"""The figures: each printed as it is found and kept for the summary at the end of the run,
the probe's answers as text, and what the churn and the idle sockets print."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import Any

from tests.bench.live.client import Bench
from tests.bench.live.config import CONNECT_AT_ONCE
from tests.bench.memory.config import IDLE, PAUSE, SPECTATORS, TRACE, WAVES, MemorySite
from tests.bench.memory.scenarios import RETRIES

FIGURES: list[tuple[str, str, str]] = []  # (backend, figure, value)


def figure(site: MemorySite, name: str, value: str) -> None:
    FIGURES.append((site.label, name, value))
    print(f"  {name}: {value}")


def print_summary() -> None:
    """Every figure of the run, each with its backend."""
    if FIGURES:
        print("\n== Memória de um processo daphne ==")
        for label, name, value in FIGURES:
            print(f"  [{label}] {name}: {value}")


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f} MiB"


def heap_text(found: dict[str, Any]) -> str:
    heap, py = found["heap"], found["pymalloc"]
    return (
        f"RSS {mib(found['rss_kib'])}; heap da glibc: {heap['arena'] / 2**20:.1f} MiB em arenas "
        f"({heap['uordblks'] / 2**20:.1f} em uso, {heap['fordblks'] / 2**20:.1f} livres), "
        f"{heap['hblkhd'] / 2**20:.1f} MiB em mmap; pymalloc: {py['arena_bytes'] / 2**20:.1f} MiB "
        f"em {py['arenas']} arenas ({py['used_bytes'] / 2**20:.1f} em uso); "
        f"{found['gc_objects']} objetos do gc"
        + (f"; tracemalloc {found['traced_kib'] / 1024:.1f} MiB" if "traced_kib" in found else "")
    )


def registries(found: dict[str, Any]) -> str:
    keys = ("layer", "queues", "receivers", "receive_buffer", "channels", "groups")
    keys += ("group_members", "snapshots", "renders", "presence_here")
    return ", ".join(f"{k}={found[k]}" for k in keys if k in found)


def grown_types(before: dict[str, Any], after: dict[str, Any], limit: int = 8) -> str:
    old = dict(before["top_types"])
    grown = [(name, count - old.get(name, 0)) for name, count in after["top_types"]]
    grown = sorted((g for g in grown if g[1] > 0), key=lambda g: -g[1])[:limit]
    return ", ".join(f"{name} +{count}" for name, count in grown) or "nenhum"


def print_traced(site: MemorySite, before: Path, after: Path) -> None:
    old, new = tracemalloc.Snapshot.load(str(before)), tracemalloc.Snapshot.load(str(after))
    print("  alocações do Python que cresceram (tracemalloc, por linha):")
    for stat in new.compare_to(old, "lineno")[:15]:
        print(f"    {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d}  {stat.traceback[0]}")


def report_churn(
    site: MemorySite, bench: Bench, found: dict[str, Any], closed: int, slow: int
) -> None:
    """The churn's figures: RSS, the waves, the counts from daphne's log, what the probe
    found at rest, after the pause and after malloc_trim(0)."""
    rss_idle, trimmed = found["rss_idle"], found["trimmed"]
    sockets = WAVES * (SPECTATORS + sum(len(p) for _, p in site.seated))
    figure(site, "em repouso", heap_text(found["idle"]))
    figure(
        site,
        "RSS",
        f"em repouso {mib(rss_idle)}; pico {mib(found['peak'])}; depois de {sockets} sockets "
        f"abertos e fechados {mib(found['rss_closed'])}; todos os fechamentos tratados em "
        f"{found['settle']:.1f} s, e após mais {PAUSE:.0f} s "
        f"{mib(found['rss_paused'])} ({(found['rss_paused'] / rss_idle - 1) * 100:+.0f}% do "
        f"repouso); após malloc_trim(0) {mib(trimmed['rss_kib'])} "
        f"({(trimmed['rss_kib'] / rss_idle - 1) * 100:+.0f}%)",
    )
    figure(
        site,
        "ondas",
        f"{found['churn_seconds']:.1f} s ao todo, abertura de uma onda "
        f"{min(found['seconds']):.1f}-{max(found['seconds']):.1f} s; "
        f"{sum(len(v) for v in bench.acked.values())} jogadas confirmadas",
    )
    figure(site, "envios a um socket já fechado pelo cliente (registrados)", str(closed))
    figure(site, "consumidores mortos pelo daphne por demorar a fechar (> 10 s)", str(slow))
    figure(site, "depois da pausa", heap_text(found["after"]))
    figure(site, "depois de malloc_trim(0)", heap_text(trimmed))
    figure(site, "registros em repouso", registries(found["idle"]))
    figure(site, "registros depois", registries(found["after"]))
    figure(site, "tipos que cresceram", grown_types(found["idle"], found["after"]))
    if TRACE:
        print_traced(site, site.workdir / "idle.trace", site.workdir / "after.trace")


def report_idle(
    site: MemorySite, found: dict[str, Any], limit: str, closed: int, slow: int
) -> None:
    """The idle sockets' figures: daphne's open-files limit, the counts from its log, the
    sockets opened and refused, the memory per socket, what the probe found."""
    opened, seconds = found["opened"], found["seconds"]
    rss_idle, rss_open = found["rss_idle"], found["rss_open"]
    refused = IDLE - opened
    figure(site, "limite de arquivos do daphne (iniciado com 1024)", limit)
    figure(site, "envios a um socket já fechado pelo cliente (registrados)", str(closed))
    figure(site, "consumidores mortos pelo daphne por demorar a fechar (> 10 s)", str(slow))
    figure(
        site,
        f"{IDLE} sockets ociosos",
        f"{opened} abertos, {refused} recusados ({RETRIES['handshakes']} refeitos após uma "
        f"falha), em {seconds:.1f} s ({opened / seconds:.0f} "
        f"apertos de mão por segundo, {CONNECT_AT_ONCE} de cada vez); RSS "
        f"{mib(rss_idle)} em repouso, {mib(rss_open)} com eles abertos: "
        f"{(rss_open - rss_idle) / max(opened, 1):.1f} KiB por socket",
    )
    figure(site, "com eles abertos", heap_text(found["open"]))
    figure(site, "tipos com eles abertos", grown_types({"top_types": []}, found["open"], 12))
