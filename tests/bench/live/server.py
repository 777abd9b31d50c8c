"""daphne as the benchmark starts it (tests.bench.live_asgi of SERVER_REPO, as production
starts the site), its environment, and the checkout it serves."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.live.config import RENDER_FLOOR, SERVER_REPO


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def describe_checkout(path: Path) -> str:
    """The commit a checkout serves, and whether its working tree differs from it."""
    try:
        head = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(path), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(path)
    floor = " · só o protocolo, sem templates (BENCH_RENDER_FLOOR)" if RENDER_FLOOR else ""
    return f"{path} @ {head}" + (" + alterações não commitadas" if dirty else "") + floor


class Server:
    """daphne serving tests.bench.live_asgi of SERVER_REPO on a free port, its output in a log
    file."""

    def __init__(self, env: dict[str, str], workdir: Path, name: str) -> None:
        self.env, self.port = env, free_port()
        self.log_path = workdir / f"daphne-{name}.log"
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "tests.bench.live_asgi:application",
            ],
            cwd=SERVER_REPO,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited at start:\n{self.log_path.read_text()[-3000:]}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return self
            time.sleep(0.2)
        raise RuntimeError("daphne did not listen within 90 s")

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def problems(self) -> list[str]:
        """Lines of the server's log that tell of an error."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        signs = ("Traceback", "ERROR", "Exception inside application", "took too long", "failed")
        return [line for line in lines if any(sign in line for sign in signs)]


def server_env(workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    for name in ("DEBUG", "DATABASE_URL", "REDIS_URL", "SQLITE_PATH"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        GAMES_SWEEPER="0",
        SECURE_SSL_REDIRECT="0",
        PYTHONPATH=str(SERVER_REPO),
        PYTHONUNBUFFERED="1",
    )
    # The bench's crowd comes from one address and a few accounts, opening many tables at once:
    # the limits per person and per address would refuse most of it.
    for name in (
        "GAMES_SOCKETS_PER_ACCOUNT",
        "GAMES_SOCKETS_PER_ADDRESS",
        "GAMES_ACCOUNT_MESSAGES_PER_SECOND",
        "GAMES_ROBOT_TABLES",
        "GAMES_TABLES_PER_MINUTE",
    ):
        env[name] = "1000000"
    return env
