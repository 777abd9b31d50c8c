"""Connections to PostgreSQL of one daphne process serving pages one after another (`make bench`).

Issue 26's probe: a fresh PostgreSQL cluster of its own (tests/servers.py; max_connections at
PostgreSQL's default, as on a new server), one `python -m config.serve` process with DEBUG off,
sequential GETs of a finished table's replay page, and the process's connections counted in
`pg_stat_activity` after 25, 50, 75 and 100 requests and again after 20 s idle. Figures are
printed, never asserted (tests/test_database_pool.py asserts the pool's bound).
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

import pytest

from tests import servers
from tests.test_database_pool import connections, fetch, site, steps_of

CHECKPOINTS = (25, 50, 75, 100)
IDLE_SECONDS = 20


def test_connections_after_sequential_replay_pages():
    if not servers.available():
        pytest.skip("PostgreSQL is needed: " + ", ".join(servers.missing()))
    workdir = Path(tempfile.mkdtemp(prefix="bozo-bench-connections-"))
    tables = {"played": {"game": "bozo", "mode": "duelo", "seats": ["Ana", "robot"],
                         "finish": True}}  # fmt: skip
    with (
        servers.postgres(workdir) as url,
        site(url, workdir, tables, GAMES_SWEEPER="0") as (
            server,
            made,
        ),
    ):
        table = made["tables"]["played"]
        steps = steps_of(url, table)
        counts, statuses = [], []
        for n in range(1, CHECKPOINTS[-1] + 1):
            statuses.append(fetch(server.port, f"/mesa/{table}/replay/?passo={n % steps}", None))
            if n in CHECKPOINTS:
                counts.append(connections(url))
        threading.Event().wait(IDLE_SECONDS)  # the idle time is what is measured
        idle = connections(url)
    print(
        "\nconnections after "
        + ", ".join(f"{n}: {c}" for n, c in zip(CHECKPOINTS, counts, strict=True))
        + f"; {IDLE_SECONDS} s idle: {idle}; statuses {sorted(set(statuses))}"
    )
