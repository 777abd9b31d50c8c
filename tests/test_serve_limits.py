"""`python -m config.serve` raises its own open-files limit: every socket is a file, and at the
default soft limit (1,024) daphne refuses handshakes past about a thousand sockets."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

PROBE = """
import json, resource, sys
import config.serve as serve
now = serve.raise_open_files(int(sys.argv[1]))
print(json.dumps([now, *resource.getrlimit(resource.RLIMIT_NOFILE)]))
"""


def run_with_soft_limit(soft: int, wanted: int) -> tuple[list[int], str]:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(wanted)],
        cwd=REPO,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard)),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1]), done.stderr


def test_soft_limit_raised_to_the_hard_one():
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"hard limit {hard}: nothing to raise")
    (now, soft, after_hard), stderr = run_with_soft_limit(256, wanted=64)
    assert (now, soft, after_hard) == (hard, hard, hard)
    assert "open files limit" not in stderr  # the hard limit covers what was asked for


def test_warns_when_the_hard_limit_is_below_what_was_asked():
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard == resource.RLIM_INFINITY:
        pytest.skip("no hard limit on this machine")
    (now, soft, _), stderr = run_with_soft_limit(min(hard, 256), wanted=hard + 1)
    assert now == soft == hard
    assert f"open files limit is {hard}, below the {hard + 1} asked for" in stderr
