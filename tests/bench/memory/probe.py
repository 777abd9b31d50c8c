"""The server's side: daphne started (with a given soft open-files limit, this process's own
limit raised), its memory probe asked (tests/bench/live_asgi.py), every close waited for, and
its open-files limit read."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.bench.live.server import Server
from tests.bench.memory.config import CLIENT_FILES, TRACE, MemorySite


def raise_own_files_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = CLIENT_FILES if hard == resource.RLIM_INFINITY else min(hard, CLIENT_FILES)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


@contextlib.contextmanager
def daphne(site: MemorySite, name: str, soft_files: int | None = None):
    """A fresh daphne; with `soft_files`, started with that soft open-files limit (the child
    inherits this process's limit at its start; ours is put back at once)."""
    env = dict(site.env)
    if TRACE:
        env["PYTHONTRACEMALLOC"] = str(TRACE)
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft_files is not None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft_files, before[1]))
    try:
        server = Server(env, site.workdir, name)
        server.__enter__()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)
    try:
        yield server
    finally:
        server.__exit__(None, None, None)


def probe(server: Server, **query: str) -> dict[str, Any]:
    """What the process holds now (tests/bench/live_asgi.py's memory probe)."""
    url = f"http://127.0.0.1:{server.port}/_bench/memoria/"
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    with urllib.request.urlopen(url, timeout=120) as answer:  # noqa: S310 - our own server
        return json.load(answer)


async def settled(server: Server, timeout: float = 300, still: float = 10) -> float:
    """Wait until the server has handled every close (each logged-in socket's presence entry
    forgotten), or until that count has not moved for `still` seconds; returns the seconds."""
    started = time.perf_counter()
    last, since = None, started
    while time.perf_counter() - started < timeout:
        here = (await asyncio.to_thread(probe, server, quick="1"))["presence_here"]
        if here == 0:
            break
        if here != last:
            last, since = here, time.perf_counter()
        elif time.perf_counter() - since >= still:
            break
        await asyncio.sleep(1)
    return time.perf_counter() - started


def files_limit(pid: int) -> str:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return f"{soft} (máximo {hard})"
    return "?"
