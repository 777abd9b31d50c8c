"""A real nginx with the deployment's site (deploy/nginx/bozo.conf) in front of two daphnes,
where the machine has nginx and openssl: the client's real address and the socket's upgrade pass,
static files and pages come as they should, other names and hosts never reach daphne, and the
limits answer 414, 413 and 429."""

from __future__ import annotations

import base64
import gzip
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
from pathlib import Path

import pytest

from tests.deploy_files import INSTALLED, SITE, _certificate


def _nginx_config(tmp_path: Path, cert: Path, key: Path, ports: dict[str, int]) -> Path:
    """The site as shipped, with a test certificate, free ports and a temporary static root."""
    text = SITE.read_text()
    for directive, path in (("ssl_certificate", cert), ("ssl_certificate_key", key)):
        text = re.sub(rf"^(\s*{directive}) \S+;", rf"\1 {path};", text, flags=re.M)
    text = re.sub(r"^\s*listen \[::\]:\d+.*\n", "", text, flags=re.M)
    text = re.sub(r"^(\s*)listen 80\b", rf"\1listen 127.0.0.1:{ports['http']}", text, flags=re.M)
    text = text.replace("server_name bozo.example.com;", "server_name localhost;")
    text = re.sub(r"^(\s*)listen 443 ", rf"\1listen 127.0.0.1:{ports['https']} ", text, flags=re.M)
    upstream = "".join(f"    server 127.0.0.1:{port};\n" for port in ports["daphne"])
    text = re.sub(r"(upstream bozo \{\n)(?:\s*server [^\n]*\n)+", rf"\1{upstream}", text)
    text = text.replace(f"{INSTALLED}/staticfiles/", f"{tmp_path}/static/")
    (tmp_path / "bozo.conf").write_text(text)
    (tmp_path / "temp").mkdir(exist_ok=True)
    temp = "".join(
        f"    {kind}_temp_path {tmp_path}/temp;\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = tmp_path / "nginx.conf"
    config.write_text(
        f"events {{}}\nhttp {{\n    access_log off;\n{temp}    include {tmp_path}/bozo.conf;\n}}\n"
    )
    return config


def _tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # the test certificate
    return context


def _plain(port: int, path: str, host: str):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": host})
        response = conn.getresponse()
        return response, response.read()
    finally:
        conn.close()


def _https(port: int, path: str, headers: dict[str, str], *, method: str = "GET", body=None):
    """A request to nginx from 127.0.0.2: an address that is neither nginx's nor daphne's, with
    the site's name (localhost here) in the TLS handshake."""
    conn = http.client.HTTPSConnection(
        "localhost", port, context=_tls(), source_address=("127.0.0.2", 0), timeout=30
    )
    try:
        conn.request(method, path, body=body, headers={"Host": "localhost", **headers})
        response = conn.getresponse()
        return response, response.read()
    finally:
        conn.close()


@pytest.mark.servers
def test_nginx_in_front_of_two_daphnes_passes_the_real_client_and_the_socket(tmp_path):
    nginx, openssl = shutil.which("nginx"), shutil.which("openssl")
    if nginx is None or openssl is None:
        pytest.skip("nginx (or openssl, for a test certificate) is not installed")
    from tests import servers
    from tests.accounts.test_client_address import daphne_serving

    cert, key = _certificate(tmp_path, openssl)
    static = tmp_path / "static"
    static.mkdir()
    (static / "app.0123456789ab.css").write_text("body { color: green }")
    (static / "robots.txt").write_text("User-agent: *")
    with daphne_serving("--proxy-headers") as one, daphne_serving("--proxy-headers") as two:
        upstreams = [int(base.rsplit(":", 1)[1]) for base in (one, two)]
        ports = {"http": servers.free_port(), "https": servers.free_port(), "daphne": upstreams}
        config = _nginx_config(tmp_path, cert, key, ports)
        log = tmp_path / "error.log"
        globals_ = f"pid {tmp_path}/nginx.pid; error_log {log}; daemon off; master_process off;"
        proc = subprocess.Popen(
            [nginx, "-p", str(tmp_path), "-c", str(config), "-g", globals_],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        )  # fmt: skip
        try:
            servers.wait_listening(proc, ports["https"], log.read_text, timeout=30)

            # The client's own X-Forwarded-For is overwritten: Django sees where it came from.
            forged = {"X-Forwarded-For": "10.9.8.7", "X-Forwarded-Proto": "http"}
            seen = [json.loads(_https(ports["https"], "/_client/", forged)[1]) for _ in range(4)]
            for answer in seen:
                assert answer["remote_addr"] == answer["allauth_ip"] == "127.0.0.2", answer
                assert answer["secure"], answer
            assert len({answer["process"] for answer in seen}) == 2  # both daphnes serve

            # The upgrade reaches daphne as a WebSocket handshake (refused there for a path no
            # table has: 403), not as a page request (Django's 404).
            handshake = {
                "Upgrade": "websocket",
                "Connection": "Upgrade",
                "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
                "Sec-WebSocket-Version": "13",
                "Origin": "https://localhost",
            }
            assert _https(ports["https"], "/ws/nada/", handshake)[0].status == 403
            assert _https(ports["https"], "/ws/nada/", {})[0].status == 404

            # Static files from the disk, a year of cache only for hashed names.
            response, body = _https(ports["https"], "/static/app.0123456789ab.css", {})
            assert (response.status, body) == (200, b"body { color: green }")
            assert "immutable" in response.headers["Cache-Control"]
            response, _body = _https(ports["https"], "/static/robots.txt", {})
            assert response.headers["Cache-Control"] == "public, max-age=3600"
            assert _https(ports["https"], "/static/nada.css", {})[0].status == 404

            # A page comes gzipped once, as Django sent it, when asked; plain when not.
            response, body = _https(
                ports["https"], "/como-jogar/bozo/", {"Accept-Encoding": "gzip"}
            )
            assert response.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(body).rstrip().endswith(b"</html>")
            response, body = _https(ports["https"], "/como-jogar/bozo/", {})
            assert response.headers["Content-Encoding"] is None
            assert body.rstrip().endswith(b"</html>")

            # Any other name never reaches daphne: its TLS handshake is refused, and a Host that
            # is not the site's, over HTTPS or HTTP, is closed without an answer (444).
            raw = socket.create_connection(("127.0.0.1", ports["https"]), timeout=30)
            with raw, pytest.raises(ssl.SSLError):
                _tls().wrap_socket(raw, server_hostname="evil.example")
            with pytest.raises(http.client.RemoteDisconnected):
                _https(ports["https"], "/", {"Host": "evil.example"})
            with pytest.raises(http.client.RemoteDisconnected):
                _plain(ports["http"], "/", "evil.example")

            # A request line longer than nginx reads is answered 414 by nginx, not dropped. Over
            # TLS the request fits one record (16 KB), so that it is all sent before nginx answers
            # and closes; over HTTP nginx reads the rest before closing (lingering_close).
            assert _https(ports["https"], "/?" + "a" * 12_000, {})[0].status == 414
            assert _plain(ports["http"], "/?" + "a" * 100_000, "localhost")[0].status == 414

            big = b"x" * (2 * 1024 * 1024)
            assert _https(ports["https"], "/_client/", {}, method="POST", body=big)[0].status == 413

            # Passwords posted in a row: past the login's burst, nginx answers 429 itself.
            statuses = [
                _https(ports["https"], "/conta/login/", {}, method="POST", body=b"x")[0].status
                for _ in range(12)
            ]
            assert 429 in statuses and 429 not in statuses[:6], statuses

            plain = http.client.HTTPConnection("127.0.0.1", ports["http"], timeout=30)
            plain.request("GET", "/conta/login/?next=/", headers={"Host": "localhost"})
            response = plain.getresponse()

            response, _body = _plain(ports["http"], "/conta/login/?next=/", "localhost")
            assert response.status == 301
            assert response.headers["Location"] == "https://localhost/conta/login/?next=/"
        finally:
            proc.terminate()
            proc.wait(20)
