"""A real daphne, started as the systemd unit starts it (config.serve, --proxy-headers,
TRUSTED_PROXY_COUNT=1), leaves no traceback in its output for bad requests and bad WebSocket
frames (tests/test_clean_logs.py sends many more through Django's test client).

Through daphne an unreadable X-Forwarded-For also becomes the request's REMOTE_ADDR (daphne takes
the header's first entry as it is), so an empty header leaves allauth no address at all.

Bad frames close their socket with the code RFC 6455 gives them (config/serve.py): 1009 for a
message over daphne's size limit, 1007 for text that is not UTF-8, 1002 for a broken frame; and
nothing is logged but the access lines.
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import os
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

from games import services
from tests import servers

REPO = Path(__file__).resolve().parents[1]


def database_environment() -> dict[str, str]:
    """The variables that point a server process at this test's database."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return {"SQLITE_PATH": str(name)}
    return {"DATABASE_URL": os.environ["DATABASE_URL"].rsplit("/", 1)[0] + f"/{name}"}


@contextlib.contextmanager
def daphne(log: Path):
    """The site's daphne behind an imagined nginx; its output goes to `log`. Yields its port."""
    port = servers.free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.pop("DEBUG", None)
    env.update(
        DJANGO_SETTINGS_MODULE="tests.settings",
        TRUSTED_PROXY_COUNT="1",
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
        **database_environment(),
    )
    argv = ["-m", "config.serve", "--proxy-headers", "-b", "127.0.0.1", "-p", str(port)]
    with log.open("w") as output:
        proc = subprocess.Popen(
            [sys.executable, *argv, "config.asgi:application"],
            cwd=REPO, env=env, stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        servers.wait_listening(proc, port, log.read_text)
        yield port
    finally:
        servers.stop(proc)


def request(port: int, method: str, path: str, headers: dict[str, str]) -> int | None:
    """The status daphne answers with, or None when it closes without an answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, headers={"Host": "localhost", **headers})
        return conn.getresponse().status
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return None
    finally:
        conn.close()


def frame(opcode: int, payload: bytes) -> bytes:
    """One final frame from a client (masked, as RFC 6455 requires)."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = bytes([0x80 | opcode, 0x80 | size])
    elif size < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", size)
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack("!Q", size)
    return head + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))


def send_on_a_table_socket(port: int, table_id: int, data: bytes) -> bytes:
    """Opens a spectator's socket, sends `data` and reads until daphne closes; returns what
    daphne sent after the handshake."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            f"GET /ws/mesa/{table_id}/ HTTP/1.1\r\nHost: localhost\r\n"
            "Origin: http://localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            assert chunk, received
            received += chunk
        status, received = received.split(b"\r\n\r\n", 1)
        assert status.startswith(b"HTTP/1.1 101 "), status
        with contextlib.suppress(OSError):  # daphne may close before all is sent
            sock.sendall(data)
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                received += chunk
        return received


def close_code(received: bytes) -> int | None:
    """The code of the close frame among the frames daphne sent (unmasked), if there is one."""
    while len(received) >= 2:
        opcode, size = received[0] & 0x0F, received[1] & 0x7F
        start = 2
        if size == 126:
            size, start = struct.unpack("!H", received[2:4])[0], 4
        elif size == 127:
            size, start = struct.unpack("!Q", received[2:10])[0], 10
        if opcode == 0x8:
            return struct.unpack("!H", received[start : start + 2])[0] if size >= 2 else None
        received = received[start + size :]
    return None


BAD_FORWARDED_FOR = ["garbage", "", "999.1.1.1", "203.0.113.7, garbage"]


@pytest.mark.django_db(transaction=True)
def test_bad_requests_and_frames_leave_no_traceback_in_daphnes_output(tmp_path, make_user):
    table = services.table_create(host=make_user("ana"), game="bozo", mode="duelo", robots=True)
    log = tmp_path / "daphne.log"
    with daphne(log) as port:
        assert request(port, "GET", "/", {"X-Forwarded-For": "203.0.113.7"}) == 200
        for header in BAD_FORWARDED_FOR:
            status = request(port, "POST", "/conta/login/", {"X-Forwarded-For": header})
            assert status == 400, header
        assert request(port, "GET", "/", {"Host": "evil.example"}) == 400
        # Twisted refuses a request line this long by closing the connection (nginx answers 414
        # before it gets here: tests/test_deploy_nginx_daphne.py).
        assert request(port, "GET", "/?" + "a" * 100_000, {}) is None

        too_big = frame(0x1, b"a" * (1024 * 1024 + 1))  # daphne's default limit is 1 MiB
        not_utf8 = frame(0x1, b"\xff\xfe")
        for data, code in ((too_big, 1009), (not_utf8, 1007), (b"\x8f\x80garbage", 1002)):
            assert close_code(send_on_a_table_socket(port, table.pk, data)) == code
    output = log.read_text()
    assert "Traceback" not in output, output
    assert output.count("Unreadable X-Forwarded-For header") == len(BAD_FORWARDED_FOR), output
    assert "Invalid HTTP_HOST header: 'evil.example'" in output
