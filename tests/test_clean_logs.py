"""Bad input is answered with a 4xx and one warning line in the log, never a traceback.

The requests go through Django's test client and the site's real logging configuration: the
console handler that settings.LOGGING installs on the root logger writes into a buffer here
(config/logs.py filters it, config/forwarded.py answers an unreadable X-Forwarded-For).
tests/test_clean_logs_daphne.py sends the same kind of requests, and bad WebSocket frames, to a
real daphne and reads its output.
"""

from __future__ import annotations

import io
import logging

import pytest
from django.test import Client, override_settings
from django.urls import path

LOGIN = "/conta/login/"
FORMAT = "%(levelname)s %(name)s: %(message)s"

behind_nginx = override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=1)


@pytest.fixture
def console_log():
    """What the site's console handler writes, each line with its level and logger."""
    (console,) = [h for h in logging.getLogger().handlers if h.get_name() == "console"]
    buffer, formatter = io.StringIO(), console.formatter
    stream = console.setStream(buffer)
    console.setFormatter(logging.Formatter(FORMAT))
    try:
        yield buffer
    finally:
        console.setStream(stream)
        console.setFormatter(formatter)


def lines(buffer: io.StringIO) -> list[str]:
    return buffer.getvalue().splitlines()


def post_login(client: Client):
    return client.post(LOGIN, {"login": "ana", "password": "errada-123456"})


@pytest.mark.django_db
@behind_nginx
@pytest.mark.parametrize(
    "header",
    ["garbage", "999.1.1.1", "203.0.113.7, garbage", "203.0.113.7:x", "-", "1.2.3.4.5"],
)
def test_an_unreadable_forwarded_for_is_a_400_and_one_warning(console_log, header):
    response = post_login(Client(HTTP_X_FORWARDED_FOR=header))
    assert response.status_code == 400
    assert "Pedido inválido" in response.content.decode()
    (line,) = lines(console_log)
    assert line.startswith("WARNING django.security.UnreadableForwardedFor: ")
    assert repr(header) in line


@pytest.mark.django_db
@override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=2)
def test_fewer_forwarded_entries_than_trusted_proxies_is_a_400_not_a_500(console_log):
    response = Client(HTTP_X_FORWARDED_FOR="203.0.113.7", raise_request_exception=False).get(LOGIN)
    assert response.status_code == 400
    (line,) = lines(console_log)
    assert line.startswith("WARNING django.security.UnreadableForwardedFor: ")


@pytest.mark.django_db
@behind_nginx
@pytest.mark.parametrize(
    "header",
    # The last two: allauth takes REMOTE_ADDR for an empty last entry, and so does the check.
    ["203.0.113.7", "2001:db8::7", "10.9.8.7, 203.0.113.7", "203.0.113.7,", ""],
)
def test_a_forwarded_for_that_allauth_reads_passes(console_log, header):
    assert post_login(Client(HTTP_X_FORWARDED_FOR=header)).status_code == 200
    assert lines(console_log) == []


@pytest.mark.django_db
def test_without_a_trusted_proxy_the_header_is_not_read_so_not_checked(console_log):
    assert post_login(Client(HTTP_X_FORWARDED_FOR="garbage")).status_code == 200
    assert lines(console_log) == []


def too_many_fields(client: Client):
    body = "&".join(f"campo{i}=1" for i in range(2000))
    return client.post(LOGIN, body, content_type="application/x-www-form-urlencoded")


BAD_REQUESTS = {
    "forwarded-for-garbage": lambda c: post_login(Client(HTTP_X_FORWARDED_FOR="garbage")),
    "forwarded-for-out-of-range": lambda c: post_login(Client(HTTP_X_FORWARDED_FOR="999.1.1.1")),
    "forwarded-for-empty": lambda c: post_login(Client(HTTP_X_FORWARDED_FOR="")),
    "host-not-allowed": lambda c: c.get("/", HTTP_HOST="evil.example"),
    "host-not-allowed-post": lambda c: post_login(Client(HTTP_HOST="evil.example")),
    "host-malformed": lambda c: c.get("/", HTTP_HOST="bad host:x:y"),
    "huge-query-string": lambda c: c.get("/?" + "a" * 100_000),
    "query-not-utf8": lambda c: c.get(f"{LOGIN}?next=%ff%fe%00"),
    "query-malformed": lambda c: c.get("/jogar/?&&==&%zz=%"),
    "cookies-malformed": lambda c: Client(
        HTTP_COOKIE="sessionid=\x00\x01; csrftoken=;;;=; messages=garbage"
    ).get(LOGIN),
    "csrf-missing": lambda c: post_login(Client(enforce_csrf_checks=True)),
    "csrf-wrong": lambda c: Client(enforce_csrf_checks=True, HTTP_COOKIE="csrftoken=x").post(
        LOGIN, {"csrfmiddlewaretoken": "y" * 64, "login": "ana"}
    ),
    "unknown-url": lambda c: c.get("/nada/por/aqui/"),
    "unknown-table": lambda c: c.get("/mesa/999999/"),
    "unknown-game": lambda c: c.post("/jogar/xadrez/nova/", {"modo": "nada"}),
    "unknown-replay": lambda c: c.get("/mesa/999999/replay/"),
    "multipart-without-boundary": lambda c: c.post(
        LOGIN, b"garbage", content_type="multipart/form-data"
    ),
    "multipart-broken": lambda c: c.post(
        LOGIN, b"--x\r\ngarbage", content_type="multipart/form-data; boundary=x"
    ),
    "too-many-fields": too_many_fields,
    "json-to-a-form": lambda c: c.post(LOGIN, b"{[", content_type="application/json"),
    "form-not-utf8": lambda c: c.post(
        LOGIN, b"login=%ff%fe&password=\xff", content_type="application/x-www-form-urlencoded"
    ),
}


@pytest.mark.django_db
@behind_nginx
@pytest.mark.parametrize("request_", BAD_REQUESTS.values(), ids=BAD_REQUESTS.keys())
def test_bad_requests_leave_no_traceback_in_the_log(console_log, request_):
    response = request_(Client(raise_request_exception=False))
    assert response.status_code < 500
    logged = lines(console_log)
    assert not any("Traceback" in line for line in logged), console_log.getvalue()
    assert len(logged) <= 1 and all(line.startswith("WARNING ") for line in logged), logged


@pytest.mark.django_db
def test_a_server_error_keeps_its_traceback(console_log, settings):
    """Only answers to bad input lose their traceback: a fault of the site keeps it."""
    settings.ROOT_URLCONF = "tests.test_clean_logs"
    response = Client(raise_request_exception=False).get("/falha/")
    assert response.status_code == 500
    assert lines(console_log)[0] == "ERROR django.request: Internal Server Error: /falha/"
    assert "Traceback" in console_log.getvalue()


def fails(request):
    raise RuntimeError("falha de propósito")


urlpatterns = [path("falha/", fails)]
