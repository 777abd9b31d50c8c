"""The site around the games: pages, layout, errors, configuration and the admin."""

import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.test import Client, override_settings

from games.catalog import GAMES

ROOT = Path(__file__).resolve().parent.parent

PUBLIC_PAGES = [
    "/",
    "/privacidade/",
    "/termos/",
    "/sobre/",
    "/jogar/",
    "/jogar/bozo/",
    "/jogar/domino/",
    "/jogar/dozito/",
    "/jogar/yams/",
    "/como-jogar/",
    "/como-jogar/bozo/",
    "/como-jogar/domino/",
    "/como-jogar/dozito/",
    "/como-jogar/yams/",
    "/conta/login/",
    "/conta/signup/",
    "/conta/password/reset/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PUBLIC_PAGES)
def test_public_pages_render_in_the_site_layout(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="pt-BR">' in html
    assert '<a class="skip-link" href="#conteudo">' in html
    assert '<main id="conteudo"' in html
    assert "<header" in html and "<footer" in html and "<nav" in html
    assert 'name="viewport"' in html
    assert "/static/css/site.css" in html
    assert "htmx-2.min.js" in html
    # The socket extension is the tables' alone: a page that reads loads no more than it uses.
    assert "hx-ws-2.min.js" not in html


@pytest.mark.django_db
def test_home_offers_play_and_guide_for_each_game(client):
    html = client.get("/").content.decode()
    for slug, name in [
        ("bozo", "Bozó"),
        ("domino", "Dominó de pontos"),
        ("dozito", "Dozito"),
        ("yams", "Yam&#x27;s"),
    ]:
        assert f'id="jogo-{slug}">{name}</h3>' in html
        assert f'href="/como-jogar/{slug}/"' in html
    # "Jogar" only where a game has tables: the home page promises only what exists.
    playable = [game for game in GAMES if game.playable]
    for game in GAMES:
        assert (f'href="/jogar/{game.slug}/"' in html) == game.playable, game.slug
    assert html.count(">Jogar</a>") == len(playable) + 1  # the cards and the main navigation
    assert html.count("Mesas online em breve.") == len(GAMES) - len(playable)
    assert "quatro jogos" in html
    assert html.count(">Como jogar</a>") == 4  # the four cards
    # The main navigation's, with its short name for phones ("Regras"), which CSS picks.
    assert (
        '><span class="site-nav__long">Como jogar</span><span class="site-nav__short">Regras'
        in html
    )


@pytest.mark.django_db
def test_privacy_page_says_what_is_stored_and_for_how_long(client):
    text = client.get("/privacidade/").content.decode()
    for needle in [
        "Como tratamos seus dados",
        "E-mail",
        "Apelido",
        "no saguão",
        "mais de sete dias",
        "não há promessa de histórico permanente",
        "gratuito e sem apostas",
        "Jogador removido",
        'href="/conta/meus-dados/"',
        'href="/conta/excluir/"',
    ]:
        assert needle in text, needle


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/nada/", "/jogar/xadrez/", "/como-jogar/xadrez/", "/conta/x/"])
def test_unknown_pages_get_the_friendly_404(client, url):
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert "Esta página não está na mesa" in html
    assert '<html lang="pt-BR">' in html


@pytest.mark.django_db
def test_a_server_error_gets_the_friendly_500_page():
    from django.urls import path

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
    html = response.content.decode()
    assert "Algo deu errado do nosso lado" in html
    assert '<html lang="pt-BR">' in html


@pytest.mark.django_db
def test_navigation_shows_the_nickname_once_logged_in(client, make_user):
    client.force_login(make_user("ana", nickname="Ana Luíza"))
    html = client.get("/").content.decode()
    assert "Ana Luíza" in html
    assert 'href="/conta/logout/"' in html
    assert 'href="/conta/signup/"' not in html


ENGLISH = re.compile(
    r"\b(Sign|sign in|sign up|Email|Password|Forgot|Remember|Username|please|Please|"
    r"Change|Manage|Remove|Primary|Verified|Confirm|Reset)\b"
)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "logged_in"),
    [
        ("/conta/login/", False),
        ("/conta/signup/", False),
        ("/conta/password/reset/", False),
        ("/conta/password/reset/done/", False),
        ("/conta/password/reset/key/1-x/", False),
        ("/conta/confirm-email/bad/", False),
        ("/conta/email/", True),
        ("/conta/password/change/", True),
        ("/conta/logout/", True),
        ("/conta/reauthenticate/", True),
        ("/conta/perfil/", True),
        ("/conta/excluir/", True),
    ],
)
def test_account_pages_speak_portuguese(client, make_user, url, logged_in):
    if logged_in:
        client.force_login(make_user("ana"))
    response = client.get(url)
    assert response.status_code == 200
    main = response.content.decode().split('id="conteudo"')[1].split("</main>")[0]
    main = re.sub(r"<script.*?</script>", " ", main, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", main)
    assert not ENGLISH.findall(text), text


@pytest.mark.django_db
def test_admin_finds_users_by_username_email_and_nickname(admin_client, make_user):
    make_user("ana", nickname="Zé Pequeno", email="ana@casa.com.br")
    make_user("bia", nickname="Bia")
    for term in ["ana", "casa.com.br", "Pequeno"]:
        html = admin_client.get("/admin/accounts/user/", {"q": term}).content.decode()
        assert "Zé Pequeno" in html, term
        assert ">Bia<" not in html, term


@pytest.mark.django_db
def test_admin_refuses_a_taken_nickname_instead_of_crashing(admin_client, make_user):
    make_user("ana", nickname="Ana")
    bia = make_user("bia", nickname="Bia")
    response = admin_client.post(
        f"/admin/accounts/user/{bia.pk}/change/",
        {
            "username": "bia",
            "nickname": "ANA",
            "email": "bia@example.com",
            "is_active": "on",
            "date_joined_0": "2026-01-01",
            "date_joined_1": "10:00:00",
        },
    )
    assert response.status_code == 200
    assert "Este apelido já está em uso" in response.content.decode()


def production_env(**extra):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="bozo.example.com",
        CSRF_TRUSTED_ORIGINS="https://bozo.example.com",
    )
    env.update(extra)
    return env


def test_deploy_check_passes_with_production_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_settings_refuse_to_start_without_a_secret_key_when_debug_is_off():
    env = production_env()
    del env["SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_the_production_server_is_daphne_on_uvloop(tmp_path):
    policy = "import asyncio, config.serve; print(type(asyncio.get_event_loop_policy()).__module__)"
    check = subprocess.run(
        [sys.executable, "-c", policy], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert check.stdout.strip().startswith("uvloop"), check.stdout + check.stderr

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = production_env(
        DEBUG="1", ALLOWED_HOSTS="127.0.0.1", SQLITE_PATH=str(tmp_path / "db.sqlite3")
    )
    command = [sys.executable, "-m", "config.serve", "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen(
        [*command, "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/sobre/", timeout=5) as page:
                    assert page.status == 200 and "Um lugar à mesa" in page.read().decode()
                break
            except urllib.error.HTTPError:
                raise
            except (urllib.error.URLError, ConnectionError):  # not listening yet
                assert time.monotonic() < deadline, "config.serve did not answer"
                time.sleep(0.3)
    finally:
        server.terminate()
        server.wait(timeout=30)
