"""First request after a start (`make bench`, issue #28): the first and a later guide view, and
the first and a later Bozó robot turn, each in a fresh process, with the start-up build
(guides/warm.py, SERVE_WARM=1 as in production) and without it (SERVE_WARM=0). Printed, never
asserted: what is asserted is that the pages answered.

Guide views go over HTTP to a fresh `python -m config.serve` (daphne, as deployed); the robot's
decisions run in a fresh Python that starts as config/serve.py does, then plays two Bozó turns.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.servers import free_port

REPO = Path(__file__).resolve().parents[2]
GUIDES = ("bozo", "domino", "dozito", "yams")
START_TIMEOUT = 180.0
ASGI = "config.asgi:application"

ROBOT = """
import os, random, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
import django
started = time.perf_counter()
django.setup()  # as config/serve.py starts
from guides.warm import build_before_serving
build_before_serving(os.environ.get("SERVE_WARM", "1"))
built = time.perf_counter() - started
from games import rules
from games.bots import bozo
game = rules.get("bozo")
rng = random.Random(28)
state = game.setup(1, {}, rng)
times = [0.0, 0.0]
for turn in range(2):  # the robot's whole first turn, then its second
    while state["turns_taken"][0] == turn:
        view, legal = game.view(state, 0), game.legal_actions(state, 0)
        began = time.perf_counter()
        action = bozo.choose(view, legal, rng)
        times[turn] += time.perf_counter() - began
        state, _ = game.apply(state, 0, action, rng)
print(f"{built:.2f} {times[0]:.4f} {times[1]:.4f}")
"""


def environment(warm: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(DJANGO_SETTINGS_MODULE="tests.settings", SERVE_WARM="1" if warm else "0")
    return env


def listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        assert process.poll() is None, "o servidor parou"
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError("o servidor não abriu a porta")


def fetch(url: str) -> float:
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:  # noqa: S310 - our own server
        assert response.status == 200
        response.read(1)  # the first byte
    return time.perf_counter() - began


@pytest.mark.parametrize("warm", [False, True], ids=["sem-preparo", "com-preparo"])
def test_first_and_later_guide_view_after_a_start(warm, tmp_path):
    port = free_port()
    log = (tmp_path / "daphne.log").open("w")
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(port), ASGI],
        cwd=REPO,
        env=environment(warm),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        listening(port, process)
        ready = time.perf_counter() - started
        print(f"\nGuias, {'com' if warm else 'sem'} preparo: porta aberta em {ready:.1f} s")
        for slug in GUIDES:
            url = f"http://127.0.0.1:{port}/como-jogar/{slug}/"
            first, later = fetch(url), fetch(url)
            print(f"  {slug}: 1ª visita {first * 1000:.0f} ms, depois {later * 1000:.0f} ms")
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


@pytest.mark.parametrize("warm", [False, True], ids=["sem-preparo", "com-preparo"])
def test_first_and_later_bozo_robot_turn_after_a_start(warm):
    done = subprocess.run(
        [sys.executable, "-c", ROBOT],
        cwd=REPO,
        env=environment(warm),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    built, first, later = map(float, done.stdout.split()[-3:])
    print(
        f"\nRobô do Bozó, {'com' if warm else 'sem'} preparo ({built:.1f} s no início): "
        f"1º turno {first * 1000:.0f} ms, 2º turno {later * 1000:.0f} ms"
    )
