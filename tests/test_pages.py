"""The site's own pages: the 404 in development too, the README's paths, and the privacy and
terms pages stating the figures the code really uses."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import models
from django.test import Client, override_settings
from django.urls import path

from accounts.validators import REMOVED_NICKNAME
from games import chat
from games.catalog import GAMES
from games.management.commands.cleanup_tables import Command as CleanupTables
from games.models import Action, ChatMessage, Seat

ROOT = Path(__file__).resolve().parent.parent

MISSING = [
    "/nada/",  # no URL pattern matches
    "/nada",  # nor with the slash CommonMiddleware would add
    "/jogar/xadrez/",  # the lobby raises Http404
    "/como-jogar/xadrez/",  # the guide raises Http404
    "/mesa/999999/",  # the table raises Http404
    "/mesa/999999/convite/codigo-errado/",  # get_object_or_404
]


def assert_site_404(response) -> None:
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="pt-BR">' in html
    assert "Esta página não está na mesa" in html
    for href, label in [
        ("/", "Voltar ao início"),
        ("/jogar/", "Jogar"),
        ("/como-jogar/", "Como jogar"),
    ]:
        assert f'href="{href}">{label}</a>' in html, label
    assert "Page not found" not in html and "URLconf" not in html


@pytest.mark.django_db
@pytest.mark.parametrize("url", MISSING)
@pytest.mark.parametrize("debug", [True, False])
def test_a_missing_page_gets_the_site_404_in_portuguese(url, debug):
    with override_settings(DEBUG=debug):
        assert_site_404(Client().get(url))


@pytest.mark.django_db
@override_settings(DEBUG=True)
def test_the_missing_slash_is_still_added_with_debug_on():
    response = Client().get("/jogar")
    assert response.status_code == 301
    assert response["Location"] == "/jogar/"


@pytest.mark.django_db
def test_a_server_error_keeps_the_technical_page_with_debug_on():
    def boom(request):
        raise RuntimeError("boom")

    urlconf = type("urls", (), {"urlpatterns": [path("boom/", boom)]})
    with override_settings(DEBUG=True, ROOT_URLCONF=urlconf):
        response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert "RuntimeError" in response.content.decode()


# -- README --------------------------------------------------------------------------------------

README = (ROOT / "README.md").read_text()
# Paths into the repository start with one of its own top-level folders.
REPO_FOLDERS = (
    "accounts",
    "config",
    "games",
    "guides",
    "locale",
    "marcador",
    "templates",
    "tests",
    ".ci",
)


def test_readme_keeps_its_two_commands():
    assert "make run" in README and "make test" in README


def test_readme_opens_with_what_the_site_is_today():
    opening = README.split("\n## ")[0]
    for game in GAMES:
        assert f"**{game.name}**" in opening, game.name
    assert "em preparação" not in opening
    shots = re.findall(r"!\[[^\]]+\]\((docs/[^)]+\.png)\)", opening)
    assert len(shots) == 2 and all((ROOT / shot).stat().st_size > 10_000 for shot in shots)


def test_readme_links_stay_inside_the_repository():
    assert "../" not in README
    for target in re.findall(r"\]\(([^)\s]+)\)", README):
        if re.match(r"https?://", target):
            continue
        file = (ROOT / target.split("#")[0]).resolve()
        assert file.is_relative_to(ROOT) and file.exists(), target


def test_readme_names_only_paths_that_exist():
    named = [
        token
        for token in re.findall(r"`([^`\s]+)`", README)
        if token.split("/")[0] in REPO_FOLDERS and "/" in token
    ]
    assert "games/snapshots.py" in named  # the pattern does find the README's paths
    for token in named:
        pattern = re.sub(r"<[^>]+>", "*", token.rstrip("/"))
        assert list(ROOT.glob(pattern)), token


# -- privacy and terms ---------------------------------------------------------------------------


def page_text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    text = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(text.split())


@pytest.mark.django_db
def test_privacy_page_states_what_is_kept_and_for_how_long(client):
    text = page_text(client, "/privacidade/")
    # Tables idle for more than the cleanup's default are deleted with their moves and chat.
    days = CleanupTables().create_parser("manage.py", "cleanup_tables").parse_args([]).days
    assert days == 7 and "Mesas sem atividade há mais de sete dias" in text
    for model in (Seat, Action, ChatMessage):
        assert model._meta.get_field("table").remote_field.on_delete is models.CASCADE
    assert "com seus lugares, jogadas e mensagens de chat" in text
    # A remembered session lasts Django's default cookie age.
    assert timedelta(seconds=settings.SESSION_COOKIE_AGE) == timedelta(weeks=2)
    assert "até duas semanas" in text
    assert f"com o nome “{REMOVED_NICKNAME}”" in text
    assert settings.ACCOUNT_EMAIL_VERIFICATION == "optional" and "(que é opcional)" in text


@pytest.mark.django_db
def test_terms_page_states_the_figures_of_the_tables(client):
    text = page_text(client, "/termos/")
    count, seconds = settings.GAMES_CHAT_BURST
    assert f"até {count} mensagens a cada {seconds} segundos" in text
    assert f"de até {chat.MAX_CHARS} caracteres" in text
    assert f"depois de {settings.GAMES_TAKEOVER_SECONDS} segundos um robô joga" in text
    assert f"fica {settings.GAMES_INACTIVITY_SECONDS // 60} minutos sem jogar" in text
    assert "Mesas sem atividade há mais de sete dias são apagadas" in text


@pytest.mark.django_db
def test_about_page_renders(client):
    assert "Gratuito e sem apostas" in page_text(client, "/sobre/")
