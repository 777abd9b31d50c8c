"""The live server every browser test runs against, left quiet before the database is emptied.

The daphne process lives for a whole test class and keeps working after a test ends: sockets
close, robots play, the sweeper ticks. Django empties the database after each test with one
TRUNCATE of every table, which on PostgreSQL can deadlock with such a write. So each test's
browsers are closed in `tearDown` (before Django's teardown, unlike a pytest fixture's), and the
tables are removed while the server may still touch them, retried when PostgreSQL picks this side
of a deadlock; the TRUNCATE then finds the server with nothing left to do.
"""

from __future__ import annotations

import os
import time
from unittest import mock

from channels.testing import ChannelsLiveServerTestCase
from django.db import OperationalError, connections, transaction

from games.models import Table, TableSocket

SOCKETS_GONE_SECONDS = 5.0


class LiveServerTestCase(ChannelsLiveServerTestCase):
    serve_static = True

    @classmethod
    def setUpClass(cls):
        # The server is a fork of this process: a connection open here, or PostgreSQL's pool,
        # would be shared by both, their queries crossing on one socket. Each side opens its own.
        # (Playwright's loop may already run in this thread: the ORM is used synchronously.)
        with mock.patch.dict(os.environ, {"DJANGO_ALLOW_ASYNC_UNSAFE": "true"}):
            for connection in connections.all():
                connection.close()
                if connection.vendor == "postgresql":
                    connection.close_pool()
        super().setUpClass()

    def setUp(self):
        super().setUp()
        self.contexts = []

    def new_context(self, browser, **options):
        """A browser context closed when the test ends, before the database is emptied."""
        context = browser.new_context(**options)
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return context

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
                with transaction.atomic():
                    Table.objects.all().delete()
                return
            except OperationalError:  # a deadlock with the server's write: it has rolled back
                time.sleep(0.1 * (attempt + 1))
        Table.objects.all().delete()
