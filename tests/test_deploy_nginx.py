"""The deployment's nginx site (deploy/nginx/bozo.conf) holds together with the code.

Plain HTTP is redirected to HTTPS with modern TLS; the site passes the WebSocket upgrade and the
client's address and scheme to the daphnes of its upstream, and serves STATIC_ROOT (the pages as
Django compressed them, static files as their .gz); bodies, requests, sockets and request lines
are limited; a catch-all server stops every other host. `nginx -t` runs where the machine has it;
a real nginx in front of two daphnes: test_deploy_nginx_daphne.py.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.deploy_files import INSTALLED, REPO, SITE, _certificate, one


@dataclass
class Directive:
    name: str
    args: list[str]
    block: list[Directive] = field(default_factory=list)

    def all(self, name: str) -> list[Directive]:
        return [d for d in self.block if d.name == name]

    def headers(self) -> dict[str, str]:
        return {d.args[0].lower(): " ".join(d.args[1:]) for d in self.all("proxy_set_header")}


TOKEN = re.compile(
    r"""\s+|#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)"""
)


def parse_nginx(text: str) -> Directive:
    """nginx's configuration syntax: directives with arguments, ending in `;` or a block."""
    root = Directive("", [])
    stack, words = [root], []
    for match in TOKEN.finditer(text):
        double, single, punct, word = match.groups()
        if punct == ";":
            stack[-1].block.append(Directive(words[0], words[1:]))
            words = []
        elif punct == "{":
            directive = Directive(words[0], words[1:])
            stack[-1].block.append(directive)
            stack.append(directive)
            words = []
        elif punct == "}":
            assert not words, words
            stack.pop()
        elif word is not None or double is not None or single is not None:
            words.append(word if word is not None else (double if double is not None else single))
    assert len(stack) == 1 and not words, "unbalanced nginx configuration"
    return root


@pytest.fixture(scope="module")
def site() -> Directive:
    return parse_nginx(SITE.read_text())


def named_servers(site: Directive) -> list[Directive]:
    """The site's own servers: every one but the catch-all."""
    return [s for s in site.all("server") if s is not catch_all_server(site)]


def catch_all_server(site: Directive) -> Directive:
    (server,) = [
        s for s in site.all("server") if any("default_server" in d.args for d in s.all("listen"))
    ]
    return server


def https_server(site: Directive) -> Directive:
    (server,) = [s for s in named_servers(site) if any("ssl" in d.args for d in s.all("listen"))]
    return server


def location(server: Directive, path: str) -> Directive:
    (found,) = [d for d in server.all("location") if d.args == [path]]
    return found


def test_plain_http_is_redirected_to_https(site):
    (plain,) = [s for s in named_servers(site) if s is not https_server(site)]
    assert {d.args[0] for d in plain.all("listen")} == {"80", "[::]:80"}
    assert location(plain, "/").all("return")[0].args == ["301", "https://$host$request_uri"]


def test_tls_is_modern(site):
    server = https_server(site)
    assert server.all("ssl_protocols")[0].args == ["TLSv1.2", "TLSv1.3"]
    assert server.all("ssl_certificate") and server.all("ssl_certificate_key")


def test_websocket_upgrade_passes_through(site):
    (upgrade,) = [m for m in site.all("map") if m.args == ["$http_upgrade", "$connection_upgrade"]]
    assert {d.name: d.args for d in upgrade.block}["default"] == ["upgrade"]
    server = https_server(site)
    headers = server.headers()
    assert headers["upgrade"] == "$http_upgrade"
    assert headers["connection"] == "$connection_upgrade"
    assert server.all("proxy_http_version")[0].args == ["1.1"]
    sockets = location(server, "/ws/")
    assert not sockets.all("proxy_set_header")  # else the server's headers would not apply
    assert sockets.all("proxy_pass")[0].args == ["http://bozo"]
    timeout = sockets.all("proxy_read_timeout")[0].args[0]
    assert timeout.endswith("h") or int(timeout.rstrip("s")) >= 3600


def test_the_client_address_is_overwritten_never_appended_and_the_scheme_passed(site):
    headers = https_server(site).headers()
    # daphne --proxy-headers takes the first address of the list: it must be nginx's own.
    assert headers["x-forwarded-for"] == "$remote_addr"
    assert headers["x-real-ip"] == "$remote_addr"
    assert headers["x-forwarded-proto"] == "$scheme"
    assert headers["host"] == "$host"
    assert settings.SECURE_PROXY_SSL_HEADER in {None, ("HTTP_X_FORWARDED_PROTO", "https")}


def test_static_files_come_from_static_root(site):
    server = https_server(site)
    static = location(server, f"/{settings.STATIC_URL.strip('/')}/")
    (alias,) = static.all("alias")
    installed_root = Path(INSTALLED) / Path(settings.STATIC_ROOT).relative_to(REPO)
    assert alias.args == [f"{installed_root}/"]
    assert not static.all("proxy_pass")


def test_the_upstream_lists_daphne_ports_on_the_loopback(site):
    (upstream,) = [u for u in site.all("upstream") if u.args == ["bozo"]]
    servers = [d.args[0] for d in upstream.all("server")]
    assert servers and all(re.fullmatch(r"127\.0\.0\.1:\d+", s) for s in servers)
    assert one("bozo-daphne@.service", "Service", "ExecStart").count("-b 127.0.0.1") == 1


def test_pages_pass_as_django_compressed_them_and_static_files_as_their_gz(site):
    server = https_server(site)
    assert [d.args for d in server.all("gzip")] == [["off"]]
    assert not any(location.all("gzip") for location in server.all("location"))
    assert not server.all("gunzip") and "accept-encoding" not in server.headers()
    static = location(server, f"/{settings.STATIC_URL.strip('/')}/")
    assert [d.args for d in static.all("gzip_static")] == [["on"]]
    assert "django.middleware.gzip.GZipMiddleware" in settings.MIDDLEWARE


def test_request_bodies_are_limited(site):
    size = https_server(site).all("client_max_body_size")[0].args[0]
    assert re.fullmatch(r"\d+[km]", size)


def test_requests_and_sockets_are_limited_per_address_with_429(site):
    zones = {d.args[1]: d for d in site.all("limit_req_zone") + site.all("limit_conn_zone")}
    keyed = {name: zone.args[0] for name, zone in zones.items()}
    assert keyed["zone=bozo_sockets:10m"] == keyed["zone=bozo_pedidos:10m"] == "$binary_remote_addr"
    (login_key,) = [m for m in site.all("map") if m.args == ["$request_method", "$bozo_login_post"]]
    assert {d.name: d.args for d in login_key.block} == {
        "POST": ["$binary_remote_addr"],
        "default": [""],  # an empty key is not counted: only the form's POST is
    }
    server = https_server(site)
    assert (
        server.all("limit_req_status")[0].args == server.all("limit_conn_status")[0].args == ["429"]
    )
    general = ["zone=bozo_pedidos", "burst=40", "nodelay"]
    assert [d.args for d in server.all("limit_req")] == [general]
    # One person's tabs, as many as a process lets an account keep, pass nginx.
    (sockets,) = location(server, "/ws/").all("limit_conn")
    assert sockets.args[0] == "bozo_sockets"
    assert int(sockets.args[1]) >= settings.GAMES_SOCKETS_PER_ACCOUNT
    # The login's POST is held to its own rate besides the general one (a limit_req in a block
    # replaces the server's, so both are there), and still reaches daphne.
    (login,) = [d for d in server.all("location") if d.args == ["=", reverse("account_login")]]
    assert [d.args[0] for d in login.all("limit_req")] == ["zone=bozo_pedidos", "zone=bozo_login"]
    assert login.all("proxy_pass")[0].args == ["http://bozo"]


def test_a_catch_all_server_stops_every_other_host_before_django(site):
    """A Host (or TLS name) that is not the site's never reaches daphne: Django would answer it
    400 (DisallowedHost), and every scanner of the internet sends such requests."""
    server = catch_all_server(site)
    listens = sorted(" ".join(d.args) for d in server.all("listen"))
    assert listens == [
        "443 ssl default_server",
        "80 default_server",
        "[::]:443 ssl default_server",
        "[::]:80 default_server",
    ]
    assert server.all("ssl_reject_handshake")[0].args == ["on"]  # no certificate shown
    assert server.all("return")[0].args == ["444"]  # closed without an answer
    assert not server.all("location") and not server.all("proxy_pass")
    for named in named_servers(site):
        assert all("default_server" not in d.args for d in named.all("listen"))
        assert named.all("server_name")[0].args != ["_"]


def test_a_request_line_too_long_is_answered_414_by_nginx(site):
    """The default server reads a plain HTTP request line, the TLS name's server an HTTPS one:
    both set the limit, well below what daphne's Twisted closes the connection on (16 KB)."""
    for server in (catch_all_server(site), https_server(site)):
        (buffers,) = server.all("large_client_header_buffers")
        number, size = buffers.args
        assert int(number) >= 2 and re.fullmatch(r"(\d+)k", size)
        assert int(size[:-1]) <= 8


def test_nginx_accepts_the_site(tmp_path):
    nginx, openssl = shutil.which("nginx"), shutil.which("openssl")
    if nginx is None or openssl is None:
        pytest.skip("nginx (or openssl, for a test certificate) is not installed")
    cert, key = _certificate(tmp_path, openssl)
    text = SITE.read_text()
    for directive, path in (("ssl_certificate", cert), ("ssl_certificate_key", key)):
        text = re.sub(rf"^(\s*{directive}) \S+;", rf"\1 {path};", text, flags=re.M)
    (tmp_path / "static").mkdir()
    (tmp_path / "temp").mkdir()
    (tmp_path / "bozo.conf").write_text(
        text.replace(f"{INSTALLED}/staticfiles/", f"{tmp_path}/static/")
    )
    temp = "".join(
        f"    {kind}_temp_path {tmp_path}/temp;\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (tmp_path / "nginx.conf").write_text(
        # "gzip on": as the nginx.conf of Debian and Ubuntu ship it, which the site turns off.
        f"events {{}}\nhttp {{\n    access_log off;\n    gzip on;\n{temp}"
        f"    include {tmp_path}/bozo.conf;\n}}\n"
    )
    done = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
         "-g", f"pid {tmp_path}/nginx.pid; error_log stderr;"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    # nginx 1.25.1 and newer prefer "http2 on;", which the nginx of Debian 12 and Ubuntu 24.04
    # does not know; the site keeps the form both accept.
    warnings = [
        line
        for line in done.stderr.splitlines()
        if "[warn]" in line and '"listen ... http2" directive is deprecated' not in line
    ]
    assert not warnings and "[emerg]" not in done.stderr, done.stderr
