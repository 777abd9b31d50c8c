"""Playwright with the system Chromium. Under CI=true a missing browser fails, never skips.

Debian's `chromium-headless-shell` is preferred where it is installed (.ci/run installs it): the
same Chromium build's old headless shell, which Playwright itself runs for headless tests, without
the full browser's window machinery; the browser tests cost a quarter less CPU on it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _need(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: browser tests must run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(django_db_setup):
    """One browser per module: Playwright's loop must be gone before async tests run. The test
    database is created first: Django refuses that work once Playwright's loop runs here."""
    if not Path(CHROMIUM).exists():
        _need(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is a dev dependency
        _need("the playwright package is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True, scope="module")
def _orm_beside_playwright():
    """Playwright's sync API keeps an event loop in this thread; the tests (and each class's
    setup, which closes this process's connections before the live server forks) still use the
    ORM synchronously between browser steps, which is safe here."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        yield
