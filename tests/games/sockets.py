"""Sockets of the live table in tests: opened through the real ASGI stack (origin check, session
auth, the consumer), each read as its page builds itself from the messages (tests/pages.py) and
as the raw messages that travelled."""

from __future__ import annotations

import asyncio
import contextlib
import json

import pytest_asyncio
from asgiref.testing import ApplicationCommunicator
from channels.db import aclose_old_connections, database_sync_to_async
from channels.layers import channel_layers, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.models import Table
from tests.pages import Page


@database_sync_to_async
def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


# How long a closing socket's consumer may take before the test gives up on it (an upper bound:
# the wait ends when the consumer does).
CLOSING = 30


class Socket(WebsocketCommunicator):
    """A socket and the page it builds."""

    # Channels' communicator swaps the closing of old connections for a no-op, process-wide,
    # while it sends or waits (for tests inside a transaction). These tests commit, so the
    # tables' threads give their pooled connections back after each call, as under a server.
    send_input = ApplicationCommunicator.send_input
    receive_output = ApplicationCommunicator.receive_output

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.page = Page()
        self.table_id: int | None = None

    async def disconnect(self, code: int = 1000, timeout: float = CLOSING) -> None:
        """Close, and wait for the consumer to finish closing (its presence is written then):
        Channels' one second would cancel it midway on a loaded machine, its database work
        still running in a thread while the test's database is flushed."""
        await super().disconnect(code, timeout)

    async def receive_from(self, timeout: float = 2) -> str:
        message = await super().receive_from(timeout)
        self.page.apply(message)
        return message

    async def until_version(self, version: int, timeout: float = 5) -> Page:
        """Read messages until the page shows `version` or later."""
        for _ in range(30):
            if self.page.version >= version:
                return self.page
            await self.receive_from(timeout)
        raise AssertionError(f"never saw version {version}")

    async def settle(self) -> Page:
        """Read whatever is in flight: up to the table's version now (another socket's opening
        moved it, and its news may be slow on a loaded machine), then until a pause."""
        if self.table_id is not None:
            rows = Table.objects.filter(pk=self.table_id).values_list("version", flat=True)
            now = await rows.afirst()
            if now is not None and self.page.version < now:
                await self.until_version(now)
        while not await self.receive_nothing(timeout=0.2):
            await self.receive_from()
        return self.page


OPEN: list[WebsocketCommunicator] = []


@pytest_asyncio.fixture(autouse=True)
async def sockets_end_with_their_test():
    """Every socket a test opened ends with the test, as a browser's would when the page goes,
    and each test gets its own channel layer: none may carry a receive of one test's event loop
    into the next one's (each test runs its own loop; a server runs one). The test's own queries
    (the async ORM's thread) give their pooled connection back at its end, as a request would."""
    channel_layers.backends.clear()
    yield
    while OPEN:
        socket = OPEN.pop()
        if socket.future.done():  # closed already, by the test or by the consumer
            continue
        with contextlib.suppress(Exception):
            await socket.disconnect(timeout=CLOSING)
    await aclose_old_connections()


def refused(socket: Socket) -> Socket:
    OPEN.append(socket)
    return socket


async def connect(
    table_id: int, user=None, *, path: str | None = None, client: str | None = None
) -> Socket:
    """A socket at the table, as `user` (None: a visitor), from the address `client` (as
    daphne's --proxy-headers gives it), opened and its first message read."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", f"sessionid={await session_cookie(user)}".encode()))
    socket = Socket(application, path or f"/ws/mesa/{table_id}/", headers=headers)
    if client is not None:  # read by the application only once the socket connects
        socket.scope["client"] = [client, 50000]
    socket.table_id = table_id
    OPEN.append(socket)
    connected, code = await socket.connect()
    assert connected, code
    await socket.receive_from()
    return socket


async def send(socket, action=None, *, version, cid="", **fields):
    message = {"version": str(version), "cid": cid, **fields}
    if action is not None:
        message["action"] = json.dumps(action)
    await socket.send_to(text_data=json.dumps(message))


async def command(socket, cmd, **fields):
    await socket.send_to(text_data=json.dumps({"cmd": cmd, **fields}))


async def version_now(table_id: int) -> int:
    return (await Table.objects.aget(pk=table_id)).version


def hold_group_sends(monkeypatch) -> asyncio.Event:
    """The channel layer's group messages wait until the event returned is set."""
    layer, released = get_channel_layer(), asyncio.Event()
    group_send = layer.group_send

    async def held(group, message):
        await released.wait()
        await group_send(group, message)

    monkeypatch.setattr(layer, "group_send", held)
    return released
