"""Content-Security-Policy and Permissions-Policy on every kind of page (config/security.py), and
no template that the policy would refuse: no inline script, handler, style or javascript: URL
(tests/e2e/test_csp.py opens the pages in a real browser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import path

from games import services

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates"), ROOT / "games" / "jinja2"]
SCRIPTS = [*ROOT.glob("*/static/**/*.js")]
EXPECTED = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
DENIED = ["camera", "microphone", "geolocation", "payment", "usb", "browsing-topics", "fullscreen"]


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        name, *values = part.split()
        assert name not in parsed, f"{name} twice in {header!r}"
        parsed[name] = values
    return parsed


def permissions(header: str) -> dict[str, str]:
    return dict(part.strip().split("=", 1) for part in header.split(","))


@pytest.fixture
def pages(client, make_user):
    """One page of each kind, by name: path and the status it answers with."""
    ana = make_user("ana", nickname="Ana")
    table = services.table_create(host=ana, game="bozo", mode="duelo", robots=True)
    client.force_login(ana)
    return {
        "home": ("/", 200),
        "guide": ("/como-jogar/bozo/", 200),
        "table": (f"/mesa/{table.pk}/", 200),
        "lobby": ("/jogar/", 200),
        "profile": ("/conta/perfil/", 200),
        "allauth": ("/conta/email/", 200),
        "password": ("/conta/password/change/", 200),
        "logout": ("/conta/logout/", 200),
        "new table": ("/jogar/bozo/nova/", 200),
        "score-keeper": ("/yams/marcador/", 200),
        "not found": ("/nao-existe/", 404),
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "kind",
    [
        "home",
        "guide",
        "table",
        "lobby",
        "profile",
        "allauth",
        "password",
        "logout",
        "new table",
        "score-keeper",
        "not found",
    ],
)
def test_every_kind_of_page_carries_both_policies(client, pages, kind):
    path, status = pages[kind]
    response = client.get(path)
    assert response.status_code == status
    policy = directives(response["Content-Security-Policy"])
    for name, values in EXPECTED.items():
        assert policy[name] == values, name
    # The live table's socket: the page's own host, as 'self' and by its ws: origin.
    assert policy["connect-src"] == ["'self'", "ws://testserver"]
    assert "unsafe" not in response["Content-Security-Policy"]
    allowed = permissions(response["Permissions-Policy"])
    assert all(allowed[feature] == "()" for feature in DENIED), allowed
    assert allowed["clipboard-write"] == "(self)"  # copying a replay's or an invitation's link
    assert refused(response.content.decode()) == []  # as rendered, partials and all


@pytest.mark.django_db
def test_the_login_page_for_a_visitor_and_a_https_socket_origin(client):
    response = client.get("/conta/login/", secure=True)
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["connect-src"] == ["'self'", "wss://testserver"]
    assert "Permissions-Policy" in response


@pytest.mark.django_db
def test_a_host_that_is_not_allowed_gets_its_400_with_the_policy(client):
    response = client.get("/", headers={"host": "elsewhere.example"})
    assert response.status_code == 400
    assert directives(response["Content-Security-Policy"])["connect-src"] == ["'self'"]
    page = response.content.decode()
    assert '<html lang="pt-BR">' in page and "Pedido inválido" in page  # not Django's English


@pytest.mark.django_db
def test_the_pages_load_htmx_without_eval_or_its_inline_style(client):
    html = client.get("/").content.decode()
    config = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html)
    assert config, "htmx would inject its indicator style and allow eval"
    assert '"includeIndicatorStyles": false' in config.group(1)
    assert '"allowEval": false' in config.group(1)
    assert '"allowScriptTags": false' in config.group(1)
    assert "htmx-2.min.js" in html


# -- what the policy would refuse, found in the templates ---------------------------------------

REFUSED = [
    # JSON in a script element (the guides' JSON-LD, allauth's settings) is data: never run.
    ("inline script", re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*application/(?:ld\+)?json)")),
    ("inline style element", re.compile(r"<style\b")),
    ("style attribute", re.compile(r"<[^>]*\sstyle\s*=", re.S)),
    ("handler attribute", re.compile(r"<[^>]*\son[a-z]+\s*=", re.S)),
    ("javascript: URL", re.compile(r"javascript:", re.I)),
    ("htmx evaluated attribute", re.compile(r"\b(?:data-)?hx-(?:on\b|on:|vars\b)|=\s*[\"']js:")),
]


def refused(text: str) -> list[str]:
    # Template comments say what is not there; they never reach a page.
    text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "", text, flags=re.S)
    return [name for name, pattern in REFUSED if pattern.search(text)]


@pytest.mark.parametrize(
    ("snippet", "found"),
    [
        ("<script>alert(1)</script>", "inline script"),
        ('<script type="module">go()</script>', "inline script"),
        ("<style>p { color: red }</style>", "inline style element"),
        ('<div class="a" style="--x:1">', "style attribute"),
        ('<button\n  type="button" onclick="go()">', "handler attribute"),
        ('<a href="javascript:void(0)">', "javascript: URL"),
        ('<form hx-on:submit="go()">', "htmx evaluated attribute"),
        ("<div hx-vals='js:{a: 1}'>", "htmx evaluated attribute"),
    ],
)
def test_the_scan_finds_what_the_policy_refuses(snippet, found):
    assert refused(snippet) == [found]


@pytest.mark.parametrize(
    "snippet",
    [
        '<script src="/static/games/table.js" defer></script>',
        '<script type="application/ld+json">{"@type": "HowTo"}</script>',
        '<script data-allauth-onload="x" type="application/json">{"i18n": {}}</script>',
        '<div class="domino-board" data-vars="--w:4;--h:2">',
        '<button data-once="1" aria-label="Mostrar online">',
        '{# no style="" here #}<p>sem estilo</p>',
    ],
)
def test_the_scan_lets_through_what_the_policy_allows(snippet):
    assert refused(snippet) == []


def test_no_template_holds_what_the_policy_refuses():
    templates = [path for folder in TEMPLATE_DIRS for path in folder.rglob("*.html")]
    assert len(templates) > 50  # every app's folders were found
    found = {
        str(path.relative_to(ROOT)): names
        for path in templates
        if (names := refused(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_no_script_sets_an_inline_style_or_evaluates_text():
    assert SCRIPTS, "no static scripts found"
    forbidden = re.compile(
        r"\beval\(|new Function\(|setAttribute\(\s*[\"']style[\"']|\bon[a-z]+=\\?\""
    )
    found = {
        str(path.relative_to(ROOT)): match.group(0)
        for path in SCRIPTS
        if (match := forbidden.search(path.read_text(encoding="utf-8")))
    }
    assert found == {}


@pytest.mark.django_db
def test_the_500_page_carries_the_policy_and_styles_from_a_sheet():
    def boom(request):
        raise RuntimeError("boom")

    urlconf = type(
        "urls",
        (),
        {"urlpatterns": [path("boom/", boom)], "handler500": "config.views.server_error"},
    )
    with override_settings(ROOT_URLCONF=urlconf):
        response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert "unsafe" not in response["Content-Security-Policy"]
    assert "Permissions-Policy" in response
    html = response.content.decode()
    assert refused(html) == []
    assert re.search(r'<link rel="stylesheet" href="[^"]*css/500\.css">', html)
