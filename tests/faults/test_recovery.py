"""The recovery pieces on their own, in the test process (no servers of their own; both CI
passes): what the fault tests on real servers rely on, each checked where it can fail alone.

- The group check (games/layers.py): a socket whose layer forgot its groups misses every later
  move; the process's canary notices, the socket rejoins and is brought up to date; and when the
  layer failed a check (a restart), its sockets rejoin once it answers again.
- A socket whose channel layer's server went away (games/redis_layer.py hands it `layer.down`)
  closes with 4011, the code table.js reconnects on, and forgets its presence row.
- A command while the database is unreachable gets "tente de novo em instantes", the socket
  stays open, and the next command works.
- A page whose database is unreachable answers the Portuguese 503 (with Retry-After); any other
  error stays the 500 page.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from channels.layers import get_channel_layer
from django.db import OperationalError
from django.test import Client, override_settings
from django.urls import path

from config.outage import page as outage_page
from games import layers, services
from games.layers import keeper
from games.models import TableSocket
from tests.games.sockets import (
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)
from tests.waiting import until

ROLL = {"type": "roll", "cup": False}


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_whose_groups_the_layer_forgot_rejoins_and_catches_up(
    duel, users, settings, monkeypatch
):
    settings.GAMES_GROUPS_CHECK_SECONDS = 0.05
    monkeypatch.setattr(layers, "CANARY_WAIT", 0.3)
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    checks, losses = keeper.checks, keeper.losses
    await until(lambda: keeper.checks > checks + 1, 10, "the canary back: the groups hold")
    assert keeper.losses == losses
    # What a Redis restarted without persistence leaves: every membership of the process gone
    # (through the layer's own interface: this may be the CI's shared Redis).
    layer = get_channel_layer()
    await layer.group_discard(keeper.canary_group, keeper.canary_channel)
    for member in list(keeper.members):
        for group in member.groups_joined:
            await layer.group_discard(group, member.channel_name)
    start = await version_now(duel.pk)
    await send(mine, ROLL, version=start, cid="after-the-loss")
    await mine.until_version(start + 1)  # the mover's own answer needs no group
    await theirs.until_version(start + 1, timeout=10)  # the other page caught up
    assert keeper.losses == losses + 1
    # And it is in its groups again: the next move reaches it as any other would.
    score = next(a for a in mine.page.actions() if a["type"] == "score")
    await send(mine, score, version=start + 1, cid="next")
    await mine.until_version(start + 2)
    await theirs.until_version(start + 2, timeout=5)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_sockets_that_came_through_an_unreachable_layer_rejoin_when_it_is_back(
    duel, users, settings, monkeypatch
):
    from redis.exceptions import ConnectionError as RedisConnectionError

    settings.GAMES_GROUPS_CHECK_SECONDS = 0.05
    monkeypatch.setattr(layers, "CANARY_WAIT", 0.3)
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    checks = keeper.checks
    await until(lambda: keeper.checks > checks + 1, 10, "the canary back")
    layer = get_channel_layer()
    # A quick restart: these sockets' groups are gone, the layer fails the process once, and
    # the canary joins its group again before it is sent (so it comes back).
    for member in list(keeper.members):
        for group in member.groups_joined:
            await layer.group_discard(group, member.channel_name)
    kind, failed = type(layer), []
    group_send = kind.group_send

    async def once_unreachable(self, group, message):
        if group == keeper.canary_group and not failed:
            failed.append(group)
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")
        return await group_send(self, group, message)

    monkeypatch.setattr(kind, "group_send", once_unreachable)
    rejoins = keeper.rejoins
    await until(lambda: failed and keeper.rejoins > rejoins, 10, "back: its sockets rejoined")
    start = await version_now(duel.pk)
    await send(mine, ROLL, version=start, cid="after-the-restart")
    await mine.until_version(start + 1)
    await theirs.until_version(start + 1, timeout=5)


class Member:
    """A socket as the group check sees it: when it began joining, what it was asked."""

    def __init__(self, table_id: int, joined_at: float) -> None:
        self.table_id, self.joined_at, self.asked = table_id, joined_at, []

    async def rejoin(self) -> None:
        self.asked.append("rejoin")

    async def newest(self) -> int:
        return 7

    async def catch_up(self, version: int) -> None:
        self.asked.append(version)


@pytest.mark.asyncio
async def test_only_the_sockets_that_joined_before_the_canary_rejoin_at_its_first_check(
    settings, monkeypatch
):
    settings.GAMES_GROUPS_CHECK_SECONDS = 0.05
    monkeypatch.setattr(layers, "CANARY_WAIT", 2.0)  # no loss from a slow machine
    group_check = layers.GroupKeeper()
    before = Member(1, time.monotonic())  # began joining before the process's canary
    group_check.add(before)
    await until(lambda: group_check.since > before.joined_at, 10, "the canary joined")
    after = [Member(2 + n, time.monotonic()) for n in range(3)]  # a restart's reconnections
    for member in after:
        group_check.add(member)
    try:
        await until(
            lambda: group_check.rejoins >= 1 and group_check.checks >= 3, 10, "the first check"
        )
    finally:
        group_check.task.cancel()
    assert before.asked == ["rejoin", 7]
    assert all(member.asked == [] for member in after)
    assert group_check.losses == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_that_loses_the_channel_layer_closes_with_4011(duel, users, monkeypatch):
    ana, _bia = users
    gone = asyncio.Event()
    kind = type(get_channel_layer())  # the in-memory layer, or channels-redis in CI's 2nd pass
    receive = kind.receive

    async def failing_receive(self, channel):
        task = asyncio.ensure_future(receive(self, channel))
        waiter = asyncio.ensure_future(gone.wait())
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            waiter.cancel()
            return task.result()
        task.cancel()
        # What games/redis_layer.py hands every socket when its Redis is gone.
        return {"type": "layer.down", "error": "Connection closed by server."}

    monkeypatch.setattr(kind, "receive", failing_receive)
    mine = await connect(duel.pk, ana)
    assert await TableSocket.objects.filter(table_id=duel.pk).acount() == 1
    gone.set()
    closed = await mine.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4011}

    async def no_presence_row() -> bool:
        return not await TableSocket.objects.filter(table_id=duel.pk).aexists()

    await until(no_presence_row, 10, "its presence row gone once the socket closed")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_command_while_the_database_is_down_says_try_again(duel, users, monkeypatch):
    ana, _bia = users
    mine = await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    real = services.table_act

    def unreachable(**kwargs):
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setattr(services, "table_act", unreachable)
    await send(mine, ROLL, version=start, cid="down")
    await mine.receive_from(timeout=5)
    assert "tente de novo em instantes" in mine.page.notice
    assert await version_now(duel.pk) == start
    monkeypatch.setattr(services, "table_act", real)
    await send(mine, ROLL, version=start, cid="back")
    await mine.until_version(start + 1)


def _database_down(request):
    raise OperationalError("server closed the connection unexpectedly")


def _cache_down(request):
    from redis.exceptions import ConnectionError as RedisConnectionError

    raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def _broken(request):
    raise ValueError("a bug")


urlpatterns = [path("down/", _database_down), path("cache/", _cache_down), path("bug/", _broken)]


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_page_whose_database_is_down_answers_503_in_portuguese():
    client = Client(raise_request_exception=False)
    response = client.get("/down/")
    assert response.status_code == 503
    assert response["Retry-After"].isdigit()
    assert int(response["Content-Length"]) == len(response.content)
    text = response.content.decode()
    assert "tente de novo em instantes" in text and 'lang="pt-BR"' in text
    assert text == outage_page() and "Traceback" not in text
    assert client.get("/cache/").status_code == 503  # Redis, where sessions are read
    other = client.get("/bug/")
    assert other.status_code == 500 and "tente de novo em instantes" not in other.content.decode()
