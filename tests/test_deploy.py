"""The deployment files (deploy/) hold together: with each other, with the code and the README.

The systemd units start modules, arguments and management commands that exist, with the limits
production needs; the timers start existing services; the nginx site passes the WebSocket upgrade
and the client's address and scheme, and serves STATIC_ROOT; every variable of
deploy/bozo.env.example is read by config/settings.py (or config/serve.py) and listed in the
README's table, and the other way round. `nginx -t` and `systemd-analyze verify` run where the
machine has them, and so does a real nginx with the site in front of two daphnes.
"""

from __future__ import annotations

import base64
import gzip
import http.client
import importlib.util
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands
from django.urls import reverse

REPO = Path(__file__).resolve().parents[1]
DEPLOY = REPO / "deploy"
UNITS = DEPLOY / "systemd"
SITE = DEPLOY / "nginx" / "bozo.conf"
ENV_EXAMPLE = DEPLOY / "bozo.env.example"
INSTALLED = "/srv/bozo"  # where the units and the nginx site expect the checkout
PYTHON = f"{INSTALLED}/.venv/bin/python"


# -- systemd ---------------------------------------------------------------------------------------


def unit(name: str) -> dict[str, list[tuple[str, str]]]:
    """A unit file as {section: [(key, value), ...]}, repeated keys kept in order."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for raw in (UNITS / name).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            assert line.endswith("]"), (name, line)
            current = sections.setdefault(line[1:-1], [])
            continue
        assert current is not None and "=" in line, (name, line)
        key, value = line.split("=", 1)
        current.append((key.strip(), value.strip()))
    return sections


def values(name: str, section: str, key: str) -> list[str]:
    return [v for k, v in unit(name).get(section, []) if k == key]


def one(name: str, section: str, key: str) -> str:
    found = values(name, section, key)
    assert len(found) == 1, f"{name}: [{section}] {key} = {found}"
    return found[0]


SERVICES = sorted(p.name for p in UNITS.glob("*.service"))
TIMERS = sorted(p.name for p in UNITS.glob("*.timer"))
LONG_RUNNING = ["bozo-daphne@.service", "bozo-sweeper.service"]


def test_the_expected_units_are_there():
    assert set(SERVICES) >= {
        "bozo-daphne@.service",
        "bozo-sweeper.service",
        "bozo-cleanup.service",
        "bozo-backup.service",
    }
    assert set(TIMERS) >= {"bozo-cleanup.timer", "bozo-backup.timer"}
    assert (UNITS / "bozo.target").is_file()


def test_daphne_runs_config_serve_behind_the_proxy_with_arguments_daphne_takes():
    from daphne.cli import CommandLineInterface

    argv = one("bozo-daphne@.service", "Service", "ExecStart").split()
    assert argv[:3] == [PYTHON, "-m", "config.serve"]
    assert importlib.util.find_spec("config.serve") is not None
    args = CommandLineInterface().parser.parse_args([arg.replace("%i", "8001") for arg in argv[3:]])
    assert args.proxy_headers
    assert (args.host, args.port) == ("127.0.0.1", 8001)  # only nginx reaches it
    module, attribute = args.application.split(":")
    assert hasattr(importlib.import_module(module), attribute)


@pytest.mark.parametrize("name", LONG_RUNNING)
def test_long_running_services_restart_always_and_may_open_many_sockets(name):
    assert one(name, "Service", "Restart") == "always"
    if name.startswith("bozo-daphne"):
        assert int(one(name, "Service", "LimitNOFILE")) >= 65536


@pytest.mark.parametrize("name", SERVICES)
def test_every_service_runs_unprivileged_from_the_checkout_with_the_environment_file(name):
    assert one(name, "Service", "User") not in {"", "root", "0"}
    assert one(name, "Service", "EnvironmentFile") == "/etc/bozo/bozo.env"
    assert one(name, "Service", "WorkingDirectory") == INSTALLED
    assert one(name, "Service", "NoNewPrivileges") == "yes"
    assert one(name, "Service", "ProtectSystem") == "strict"
    assert one(name, "Service", "PrivateTmp") == "yes"


@pytest.mark.parametrize("name", SERVICES)
def test_every_command_a_service_runs_exists(name):
    commands = get_commands()
    for command in values(name, "Service", "ExecStart"):
        argv = command.split()
        if argv[0] == PYTHON and argv[1] == "manage.py":
            assert argv[2] in commands, f"{name}: no management command {argv[2]!r}"
        elif argv[0] == PYTHON:
            assert argv[1] == "-m" and importlib.util.find_spec(argv[2]), command
        else:
            script = REPO / Path(argv[0]).relative_to(INSTALLED)
            assert script.is_file() and os.access(script, os.X_OK), f"{name}: {argv[0]}"


def test_the_daily_cleanup_removes_old_tables_then_expired_sessions():
    commands = [c.split()[2] for c in values("bozo-cleanup.service", "Service", "ExecStart")]
    assert commands == ["cleanup_tables", "clearsessions"]
    assert one("bozo-cleanup.service", "Service", "Type") == "oneshot"


@pytest.mark.parametrize("name", TIMERS)
def test_every_timer_starts_an_existing_one_shot_service_daily(name):
    service = one(name, "Timer", "Unit")
    assert service in SERVICES
    assert one(service, "Service", "Type") == "oneshot"
    assert re.fullmatch(r"\*-\*-\* \d\d:\d\d:\d\d|daily", one(name, "Timer", "OnCalendar"))
    assert one(name, "Timer", "Persistent") == "true"


@pytest.mark.parametrize("name", [*SERVICES, *TIMERS])
def test_every_unit_belongs_to_the_target(name):
    wanted = [target for line in values(name, "Install", "WantedBy") for target in line.split()]
    part_of = values(name, "Unit", "PartOf")
    if name in LONG_RUNNING or name in TIMERS:
        assert "bozo.target" in wanted and part_of == ["bozo.target"]
    for target in [*wanted, *part_of]:
        assert target in {"multi-user.target", "timers.target"} or (UNITS / target).is_file()


def test_systemd_accepts_the_units(tmp_path):
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    for path in UNITS.iterdir():  # as installed, with the checkout where this one is
        text = path.read_text().replace(INSTALLED, str(REPO))
        name = path.name.replace("@.service", "@8001.service")
        (tmp_path / name).write_text(text)
    units = sorted(str(p) for p in tmp_path.iterdir())
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *units],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    complaints = [line for line in done.stderr.splitlines() if str(tmp_path) in line]
    assert done.returncode == 0 and not complaints, done.stderr


# -- nginx -----------------------------------------------------------------------------------------


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


# -- the environment ------------------------------------------------------------------------------


def example_variables() -> set[str]:
    """Set (NAME=...) or documented but left at the default (# NAME=...)."""
    found = re.findall(r"^(?:# ?)?([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), flags=re.M)
    return set(found)


def settings_variables() -> set[str]:
    """The variables read by the settings, and by `python -m config.serve` before them."""
    text = "".join((REPO / "config" / name).read_text() for name in ("settings.py", "serve.py"))
    reads = r"(?:os\.environ\.get|os\.getenv|os\.environ\[|env_[a-z]+)\(?\s*\"([A-Z][A-Z0-9_]*)\""
    return set(re.findall(reads, text))


def readme_variables() -> set[str]:
    text = (REPO / "README.md").read_text()
    section = text.split("## Configuração", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", row.split("|")[1])}


def test_the_environment_example_settings_and_readme_name_the_same_variables():
    example, read, documented = example_variables(), settings_variables(), readme_variables()
    assert "TRUSTED_PROXY_COUNT" in read
    assert example - read == set(), "in deploy/bozo.env.example, never read by config/settings.py"
    assert read - example == set(), "read by config/settings.py, missing in bozo.env.example"
    assert read - documented == set(), "read by config/settings.py, missing in the README's table"
    assert documented - read == set(), "in the README's table, never read by config/settings.py"


def test_the_environment_example_is_set_for_production():
    active = dict(
        line.split("=", 1)
        for line in ENV_EXAMPLE.read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert active["TRUSTED_PROXY_COUNT"] == "1"
    assert active["DATABASE_URL"].startswith("postgres://")
    assert active["REDIS_URL"].startswith("redis://")
    assert "DEBUG" not in active
    assert active["CSRF_TRUSTED_ORIGINS"].startswith("https://")


# -- nginx in front of daphne, for real ------------------------------------------------------------


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


def _certificate(tmp_path: Path, openssl: str) -> tuple[Path, Path]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=bozo.example.com", "-keyout", str(key), "-out", str(cert)],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    return cert, key


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
