"""Throwaway PostgreSQL and Redis servers for a benchmark (or any test) that needs real ones.

    from tests.servers import available, postgres_and_redis

    if available():
        with postgres_and_redis(workdir) as (database_url, redis_url):
            ...

A fresh PostgreSQL cluster (initdb in `workdir`, trust authentication, listening on 127.0.0.1 on
a free port, fsync left on: commits are durable, as in production) with one empty database, and a
fresh redis-server (no snapshots, no append-only file, a free port), both stopped at exit and the
cluster's files removed (Redis's log stays in `workdir`). As root, PostgreSQL runs as the
`postgres` OS user (it refuses to run as root), like .ci/run does. Nothing here imports Django.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

DATABASE_NAME = "bench"
START_TIMEOUT = 60.0


def postgres_bin() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl."""
    found = []
    for candidate in Path("/usr/lib/postgresql").glob("*/bin"):
        if (candidate / "initdb").is_file() and (candidate / "pg_ctl").is_file():
            numbers = tuple(int(n) for n in re.findall(r"\d+", candidate.parent.name))
            found.append((numbers, candidate))
    return max(found)[1] if found else None


def redis_bin() -> Path | None:
    found = shutil.which("redis-server")
    return Path(found) if found else None


def missing() -> list[str]:
    """What this machine lacks to run the servers (empty: everything is there)."""
    lacks = []
    if postgres_bin() is None:
        lacks.append("PostgreSQL (no /usr/lib/postgresql/*/bin/initdb)")
    if redis_bin() is None:
        lacks.append("Redis (no redis-server on PATH)")
    if os.geteuid() == 0 and not _user_exists("postgres"):
        lacks.append("the `postgres` OS user (PostgreSQL does not run as root)")
    return lacks


def available() -> bool:
    """Whether `postgres_and_redis` can run here."""
    return not missing()


def free_port() -> int:
    """A free port below the kernel's ephemeral range: a server stopped and started again on it
    (the fault tests) cannot find it taken by the local end of some other test's connection.
    Drawn from the system's randomness, not `random`, which tests seed alike in each worker."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    draw = random.SystemRandom()
    while True:
        port = draw.randrange(10_000, low)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _as_postgres(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a PostgreSQL program, as the `postgres` OS user when this process is root."""
    if os.geteuid() == 0:
        argv = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(argv)]
    return subprocess.run(argv, capture_output=True, text=True, check=False, **kwargs)


def _checked(done: subprocess.CompletedProcess, what: str) -> None:
    if done.returncode != 0:
        raise RuntimeError(f"{what} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


@contextlib.contextmanager
def postgres(workdir: Path) -> Iterator[str]:
    """A fresh PostgreSQL cluster; yields the URL of its empty database. As root, its files
    are in a folder of their own in the system's temporary folder, which `workdir`/pg links to:
    the postgres user must traverse every folder above them, and each pytest session that
    starts takes that right from /tmp/pytest-of-root (pytest keeps it private), from a cluster
    of a session running beside it too."""
    pgbin = postgres_bin()
    if pgbin is None:
        raise RuntimeError("PostgreSQL is not installed (/usr/lib/postgresql/*/bin)")
    workdir.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        data = Path(tempfile.mkdtemp(prefix="pg-"))
        (workdir / "pg").symlink_to(data)
    else:
        data = workdir / "pg"
        data.mkdir()
    started = False
    try:
        if os.geteuid() == 0:
            import pwd

            owner = pwd.getpwnam("postgres")
            os.chown(data, owner.pw_uid, owner.pw_gid)
        data.chmod(0o700)
        initdb = [str(pgbin / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
        _checked(_as_postgres([*initdb, "-E", "UTF8"]), "initdb")
        for _attempt in range(3):  # a free port may be taken between the look-up and the start
            port = free_port()
            done = _as_postgres(
                [
                    str(pgbin / "pg_ctl"),
                    "-D",
                    str(data),
                    "-w",
                    "-t",
                    str(int(START_TIMEOUT)),
                    "-l",
                    str(data / "server.log"),
                    "-o",
                    f"-p {port} -k {data} -c listen_addresses=127.0.0.1",
                    "start",
                ]
            )
            if done.returncode == 0:
                started = True
                break
        if not started:
            log = data / "server.log"
            said = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            raise RuntimeError(f"PostgreSQL did not start:\n{done.stdout}{done.stderr}{said}")
        createdb = [str(pgbin / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"]
        _checked(_as_postgres([*createdb, DATABASE_NAME]), "createdb")
        yield f"postgres://postgres@127.0.0.1:{port}/{DATABASE_NAME}"
    finally:
        if started:
            _as_postgres([str(pgbin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(data, ignore_errors=True)
        if (workdir / "pg").is_symlink():
            (workdir / "pg").unlink()


def _redis_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(64).startswith(b"+PONG")
    except OSError:
        return False


@contextlib.contextmanager
def redis(workdir: Path) -> Iterator[str]:
    """A fresh redis-server with nothing on disk; yields its URL (database 0)."""
    binary = redis_bin()
    if binary is None:
        raise RuntimeError("redis-server is not on PATH")
    workdir.mkdir(parents=True, exist_ok=True)
    log_path = workdir / "redis.log"
    for _attempt in range(3):
        port = free_port()
        with log_path.open("w") as log:
            proc = subprocess.Popen(
                [
                    str(binary),
                    "--port",
                    str(port),
                    "--bind",
                    "127.0.0.1",
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(workdir),
                    "--pidfile",
                    str(workdir / "redis.pid"),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while proc.poll() is None and time.monotonic() < deadline and not _redis_ping(port):
            time.sleep(0.05)
        if proc.poll() is None and _redis_ping(port):
            break
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    else:
        raise RuntimeError(f"redis-server did not start:\n{log_path.read_text()[-3000:]}")
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop(proc)


def wait_listening(
    proc: subprocess.Popen, port: int, output: Callable[[], str], timeout: float = START_TIMEOUT
) -> None:
    """Wait until the server `proc` accepts connections on `port` (a server's readiness has no
    event to wait on: it is asked every 0.1 s). Fails with the end of its `output()` if it exits
    first, or when `timeout` runs out."""
    deadline = time.monotonic() + timeout
    while True:
        assert proc.poll() is None, output()[-3000:]
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
            return
        assert time.monotonic() < deadline, f"{proc.args[0]} not listening on {port} in {timeout} s"
        time.sleep(0.1)


def stop(proc: subprocess.Popen) -> None:
    """End a server process: politely, then for good if it does not go within 20 s."""
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def pids(workdir: Path) -> list[int]:
    """The main processes of the servers running from `workdir` (PostgreSQL's postmaster,
    whose children are its backends, and redis-server), for whoever measures their CPU."""
    found = []
    for pidfile in (workdir / "pg" / "postmaster.pid", workdir / "redis.pid"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            found.append(int(pidfile.read_text().split()[0]))
    return found


@contextlib.contextmanager
def postgres_and_redis(workdir: Path) -> Iterator[tuple[str, str]]:
    """Both servers, fresh; yields (DATABASE_URL, REDIS_URL) and stops both at exit."""
    with postgres(workdir) as database_url, redis(workdir) as redis_url:
        yield database_url, redis_url


def postgres_stop(workdir: Path) -> None:
    """Stop the cluster `postgres(workdir)` started (fast: its sessions are cut), for a test of
    the database going away; `postgres_start` brings it back on the same port and files."""
    pgbin = postgres_bin()
    data = (workdir / "pg").resolve()
    stop = [str(pgbin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]
    _checked(_as_postgres(stop), "pg_ctl stop")


def postgres_start(workdir: Path, database_url: str) -> None:
    """Start again the cluster of `postgres(workdir)` on the port of its `database_url`."""
    pgbin = postgres_bin()
    data = (workdir / "pg").resolve()
    port = int(database_url.rsplit(":", 1)[1].split("/", 1)[0])
    start = [
        str(pgbin / "pg_ctl"), "-D", str(data), "-w", "-t", str(int(START_TIMEOUT)),
        "-l", str(data / "server.log"),
        "-o", f"-p {port} -k {data} -c listen_addresses=127.0.0.1", "start",
    ]  # fmt: skip
    _checked(_as_postgres(start), "pg_ctl start")
