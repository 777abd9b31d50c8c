"""Login limits count per real client behind the proxy, never per proxy.

In production nginx (deploy/nginx/bozo.conf) overwrites X-Forwarded-For with the address it saw,
daphne's --proxy-headers makes that header the request's REMOTE_ADDR, and allauth reads it past
TRUSTED_PROXY_COUNT=1 proxy. Here Django's test client plays nginx: every request comes from the
proxy's own address (127.0.0.1) carrying the client's address in X-Forwarded-For. The last test
starts a real daphne with --proxy-headers and checks that the header reaches Django.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.test import Client, override_settings

from tests import servers

LOGIN = "/conta/login/"
WRONG = "errada-123456"
PROXY = "127.0.0.1"
ATTACKER, NEIGHBOUR = "203.0.113.7", "198.51.100.9"
REPO = Path(__file__).resolve().parents[2]

behind_nginx = override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=1)


def client_at(address: str, *, remote_addr: str = PROXY) -> Client:
    """A browser at `address`, as the site sees it through nginx."""
    return Client(REMOTE_ADDR=remote_addr, HTTP_X_FORWARDED_FOR=address)


def log_in(client: Client, login: str, password: str):
    return client.post(LOGIN, {"login": login, "password": password})


def logged_in(client: Client) -> bool:
    return client.get("/").context["user"].is_authenticated


@pytest.mark.django_db
@behind_nginx
@pytest.mark.parametrize(
    "remote_addr",
    [PROXY, ATTACKER],
    ids=["allauth-reads-the-header", "daphne-set-remote-addr"],
)
def test_ten_failed_logins_lock_out_only_the_client_that_failed(people, password, remote_addr):
    attacker = client_at(ATTACKER, remote_addr=remote_addr)
    # Ten wrong passwords, spread over several accounts so that no account's own limit is hit.
    for attempt in range(10):
        response = log_in(attacker, ["ana", "bia", "caio", "nobody"][attempt % 4], WRONG)
        assert response.status_code == 200
    response = log_in(attacker, "bia", password)
    assert response.status_code == 200
    assert "Muitas tentativas de login falharam" in response.content.decode()
    assert not logged_in(attacker)

    neighbour = client_at(NEIGHBOUR, remote_addr=NEIGHBOUR if remote_addr != PROXY else PROXY)
    assert log_in(neighbour, "bia", password).status_code == 302
    assert logged_in(neighbour)


@pytest.mark.django_db
@behind_nginx
def test_a_flood_on_one_account_does_not_block_another_account_from_another_client(
    people, password
):
    attacker = client_at(ATTACKER)
    for _ in range(12):
        log_in(attacker, "ana", WRONG)
    # The flooded account is protected from everybody, the attacker is locked out everywhere...
    response = log_in(client_at(NEIGHBOUR), "ana", password)
    assert "Muitas tentativas de login falharam" in response.content.decode()
    assert (
        "Muitas tentativas de login falharam" in log_in(attacker, "caio", password).content.decode()
    )
    # ...and another person, from another address, logs in as usual.
    neighbour = client_at(NEIGHBOUR)
    assert log_in(neighbour, "bia", password).status_code == 302
    assert logged_in(neighbour)


@pytest.mark.django_db
@behind_nginx
def test_a_forged_forwarded_for_entry_does_not_let_a_client_escape_its_limit(people, password):
    # Had nginx appended to the client's own header instead of overwriting it, the request
    # would carry the forged entries first and nginx's last; the site counts nginx's.
    for attempt in range(10):
        forged = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"10.9.8.{attempt}, {ATTACKER}")
        log_in(forged, ["ana", "bia", "caio", "nobody"][attempt % 4], WRONG)
    forged = Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"{NEIGHBOUR}, {ATTACKER}")
    response = log_in(forged, "bia", password)
    assert "Muitas tentativas de login falharam" in response.content.decode()
    assert not logged_in(forged)


@pytest.mark.django_db
@behind_nginx
def test_the_site_wide_login_limit_is_per_client(people, password):
    attacker = client_at(ATTACKER)
    for _ in range(30):  # allauth's 30 logins a minute per address, the successful ones too
        assert log_in(attacker, "caio", password).status_code == 302
        attacker.post("/conta/logout/")
    response = log_in(attacker, "caio", password)
    assert response.status_code == 429
    assert "Muitas tentativas seguidas" in response.content.decode()

    neighbour = client_at(NEIGHBOUR)
    assert log_in(neighbour, "bia", password).status_code == 302


@pytest.mark.django_db
def test_without_the_trusted_proxy_count_every_client_shares_the_proxy_address(people, password):
    """Why the setting matters: with none, the neighbour is locked out by the attacker."""
    attacker = client_at(ATTACKER)
    for attempt in range(10):
        log_in(attacker, ["ana", "bia", "caio", "nobody"][attempt % 4], WRONG)
    response = log_in(client_at(NEIGHBOUR), "bia", password)
    assert "Muitas tentativas de login falharam" in response.content.decode()


# A real daphne with --proxy-headers, as the systemd unit starts it.


@contextlib.contextmanager
def daphne_serving(*flags: str):
    """A daphne of the site's stack (with /_client/) on a free port; yields its base URL."""
    port = servers.free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    env.pop("DEBUG", None)
    env.update(
        DJANGO_SETTINGS_MODULE="tests.accounts.client_address_site",
        PYTHONPATH=str(REPO),
        PYTHONUNBUFFERED="1",
    )
    argv = [sys.executable, "-m", "config.serve", *flags, "-b", "127.0.0.1", "-p", str(port)]
    proc = subprocess.Popen(
        [*argv, "config.asgi:application"],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        servers.wait_listening(proc, port, proc.stdout.read)
        yield f"http://127.0.0.1:{port}"
    finally:
        servers.stop(proc)
        proc.stdout.close()


def _seen(base: str, **headers: str) -> dict:
    url, headers = f"{base}/_client/", {"Host": "localhost", **headers}
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 - our local server
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never via a proxy
    with direct.open(request, timeout=30) as response:
        seen = json.load(response)
    del seen["process"]
    return seen


def test_daphne_with_proxy_headers_hands_django_the_forwarded_client():
    with daphne_serving("--proxy-headers") as base:
        seen = _seen(base, **{"X-Forwarded-For": ATTACKER, "X-Forwarded-Proto": "https"})
        assert seen == {"remote_addr": ATTACKER, "allauth_ip": ATTACKER, "secure": True}
        # Without the header (a health check on the machine itself) it is the peer's address.
        assert _seen(base)["remote_addr"] == "127.0.0.1"
    with daphne_serving() as base:  # without the flag, the proxy's address: what the flag is for
        seen = _seen(base, **{"X-Forwarded-For": ATTACKER, "X-Forwarded-Proto": "https"})
        assert seen == {"remote_addr": "127.0.0.1", "allauth_ip": "127.0.0.1", "secure": False}
