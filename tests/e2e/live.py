"""The live server every browser test runs against, the browsers on it, and the people in them.

The daphne process lives for a whole test class and keeps working after a test ends: sockets
close, robots play, the sweeper ticks. Django empties the database after each test with one
TRUNCATE of every table, which on PostgreSQL can deadlock with such a write. So each test's
browsers are closed in `tearDown` (before Django's teardown, unlike a pytest fixture's), and the
tables are removed with their rows locked as a move locks them, retried when PostgreSQL picks
this side of a deadlock; the TRUNCATE then finds the server with nothing left to do.

Pages ask for reduced motion, as a person may: the site then scrolls at once instead of smoothly
and slides no card, and Playwright, which waits for a control to stop moving before it clicks,
does not wait on an animation at every move. A test about motion asks for it (`motion=True`).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ThreadPoolExecutor
from functools import wraps
from unittest import mock

import pytest
from allauth.account.models import EmailAddress
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing import ChannelsLiveServerTestCase
from django.conf import settings
from django.db import OperationalError, connections, transaction
from django.test import Client, override_settings

from accounts.models import User
from games import snapshots
from games.models import Table, TableSocket
from guides import content

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

SOCKETS_GONE_SECONDS = 5.0
PASSWORD = "mesa-de-bozo-2026"
PHONE = {"width": 360, "height": 740}


def elsewhere(work):
    """Run `work` in a thread of its own, which closes its database connection when done: the
    services tell the channel layer of each change through `async_to_sync`, which refuses to run
    beside the event loop that Playwright keeps in the test's thread."""

    def closing(*args, **kwargs):
        try:
            return work(*args, **kwargs)
        finally:
            connections.close_all()

    @wraps(work)
    def run(*args, **kwargs):
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(closing, *args, **kwargs).result()

    return run


@elsewhere
def session_of(user) -> str:
    """A session of `user`, logged in, as the session cookie holds it."""
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def person(username: str, nickname: str) -> User:
    """An account with a verified e-mail address and the browser tests' password."""
    email = f"{username}@example.com"
    user = User.objects.create_user(
        username=username, email=email, password=PASSWORD, nickname=nickname
    )
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
    return user


def build_the_guides() -> None:
    """Each process builds a guide once, slowly: its worked rounds are played by the rules
    engine. Built here before the live server forks, the server starts with them built."""
    for slug in content.GUIDES:
        if (guide := content.get(slug)) is not None:
            guide.page()


# People reload a page within the presence grace, as people do.
@override_settings(GAMES_AWAY_SECONDS=5)
class LiveServerTestCase(ChannelsLiveServerTestCase):
    serve_static = True

    @classmethod
    def setUpClass(cls):
        cls._nothing_inherited_by_the_fork()
        super().setUpClass()

    @staticmethod
    def _nothing_inherited_by_the_fork() -> None:
        """The live server is a fork of this process, made for each class. It must not inherit
        old table snapshots, an in-memory channel layer whose queues belong to another test's
        event loop, asgiref's single-thread executor, whose worker thread does not survive the
        fork, nor a database connection or PostgreSQL pool: both processes would send their
        queries down its sockets. The class before this one in a module used them all.
        (Playwright's loop may already run in this thread: the ORM is used synchronously.)"""
        with mock.patch.dict(os.environ, {"DJANGO_ALLOW_ASYNC_UNSAFE": "true"}):
            for connection in connections.all():
                connection.close()
                if connection.vendor == "postgresql":
                    connection.close_pool()
        snapshots.clear()
        channel_layers.backends.clear()
        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)

    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser
        expect.set_options(timeout=15_000)

    def setUp(self):
        super().setUp()
        self.contexts = []

    def url(self, path: str) -> str:
        return self.live_server_url + path

    def new_context(self, *, motion: bool = False, **options):
        """A browser context closed when the test ends, before the database is emptied."""
        options.setdefault("viewport", PHONE)
        options.setdefault("locale", "pt-BR")
        options.setdefault("base_url", self.live_server_url)
        context = self.browser.new_context(
            reduced_motion="no-preference" if motion else "reduce", **options
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

    def player(self, username: str, nickname: str, **options) -> Page:
        """A new person: an account, and a browser context of their own that holds their
        session (logging in through the form is the account journey's). The page knows its
        person (`page.user`) and their nickname (`page.who`)."""
        user = person(username, nickname)
        context = self.new_context(**options)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": session_of(user),
                    "url": self.live_server_url,
                }
            ]
        )
        page = context.new_page()
        page.who, page.user = nickname, user
        return page

    def tearDown(self):
        for context in self.contexts:
            context.close()
        self._leave_the_server_nothing_to_do()
        super().tearDown()

    @staticmethod
    def _leave_the_server_nothing_to_do() -> None:
        give_up = time.monotonic() + SOCKETS_GONE_SECONDS
        while TableSocket.objects.exists() and time.monotonic() < give_up:
            time.sleep(0.05)
        for attempt in range(10):
            try:
                _remove_the_tables()
                return
            except OperationalError:  # a deadlock with the server's write: it has rolled back
                time.sleep(0.1 * (attempt + 1))
        _remove_the_tables()


def _remove_the_tables() -> None:
    """Each table row locked first, as a move locks it: a robot's move under way commits before
    the delete collects its actions, and one that starts later finds its table gone."""
    with transaction.atomic():
        list(Table.objects.select_for_update().order_by("pk").values_list("pk", flat=True))
        Table.objects.all().delete()
