"""`make run` as the README promises it: one log line per request, no notice about Twisted's
HTTP/2 extras, and the site's own 404 page with DEBUG on (served by daphne's runserver)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests import servers

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 120.0
MISSING = "/pagina-que-nao-existe/"


def run_env(tmp_path: Path) -> dict[str, str]:
    """The environment of someone typing `make run`: none of the test run's settings, its
    database or servers, nor the make that may be running this suite."""
    dropped = {
        "DJANGO_SETTINGS_MODULE", "DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL",
        "SQLITE_PATH", "LOG_LEVEL", "MAKEFLAGS", "MAKELEVEL", "MFLAGS",
    }  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(SQLITE_PATH=str(tmp_path / "db.sqlite3"), PYTHONUNBUFFERED="1")
    return env


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 - our server
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def make_run(tmp_path):
    """`make run` on a free port and its own SQLite file; yields (base URL, log reader)."""
    if shutil.which("make") is None or not (ROOT / ".venv" / "bin" / "python").exists():
        reason = "needs make and the .venv that `make test` builds"
        if os.environ.get("CI") == "true":  # CI builds both: there this test must run
            pytest.fail(f"{reason} (CI=true)", pytrace=False)
        pytest.skip(reason)
    port = servers.free_port()
    log_path = tmp_path / "make-run.log"
    with log_path.open("w") as log:
        # -o: never reinstall the venv from a test, even if pyproject.toml is newer than its stamp.
        server = subprocess.Popen(
            ["make", "--no-print-directory", "-o", ".venv/.installed", "run", f"PORT={port}"],
            cwd=ROOT,
            env=run_env(tmp_path),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # make and the servers it starts, stopped together below
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            assert server.poll() is None, log_path.read_text()
            try:
                get(f"{base}/sobre/")
                break
            except (urllib.error.URLError, ConnectionError):  # not listening yet
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.3)
        yield base, log_path.read_text
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=30)


def wait_for(read_log, text: str) -> str:
    deadline = time.monotonic() + 15
    while text not in (log := read_log()):
        assert time.monotonic() < deadline, log
        time.sleep(0.1)
    return log


def test_make_run_logs_each_request_once_and_no_http2_notice(make_run):
    base, read_log = make_run
    assert get(f"{base}/")[0] == 200
    status, html = get(f"{base}{MISSING}")
    assert status == 404

    log = wait_for(read_log, f"GET {MISSING} 404")
    assert log.count("HTTP GET / 200") == 1, log
    assert log.count(f"HTTP GET {MISSING} 404") == 1, log
    assert log.count(f"Not Found: {MISSING}") == 1, log
    assert "HTTP/2" not in log, log
    assert "Starting ASGI/Daphne" in log and f"{base}/" in log

    assert "Esta página não está na mesa" in html, html[:500]
    assert '<html lang="pt-BR">' in html
