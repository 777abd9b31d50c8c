"""The recovery pieces on their own, in the test process (no servers of their own; both CI
passes): what the fault tests on real servers rely on, each checked where it can fail alone.

- The check of the tables' versions (games/layers.py): a socket behind its table is brought up to
  it, so that a page that missed a move (Redis away, or the process that wrote it killed before
  sending it) does not wait on it for good.
- A command while the database is unreachable gets "tente de novo em instantes", the socket
  stays open, and the next command works.
- A page whose database is unreachable answers the Portuguese 503 (with Retry-After); any other
  error stays the 500 page.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import OperationalError
from django.test import Client, override_settings
from django.urls import path

from config.outage import page as outage_page
from games import layers, services, snapshots
from tests.games.sockets import (
    connect,
    hold_group_sends,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)
from tests.waiting import until

ROLL = {"type": "roll", "cup": False}


class Member:
    """A socket as the layer's watch sees it: its table, the version its page shows, its channel."""

    def __init__(self, table_id: int, version: int, channel_name: str) -> None:
        self.table_id, self.version, self.channel_name = table_id, version, channel_name


class FlakyLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, unreachable while `down`. A `table.changed` sent to a member's
    channel is taken at once, as its consumer would take it: the member shows that version."""

    down = False

    def __init__(self) -> None:
        super().__init__()
        self.members: dict[str, Member] = {}
        self.taken: list[tuple[Member, dict]] = []

    async def send(self, channel, message):
        if self.down:
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        member = self.members.get(channel)
        if member is None:
            await super().send(channel, message)
        else:
            self.taken.append((member, message))
            member.version = message["version"]


@pytest.mark.asyncio
async def test_each_check_sends_the_sockets_behind_their_table_its_version(settings, monkeypatch):
    """One read of the versions for all the tables a process has sockets of. A socket still
    behind the version read at the check before (a message on its way had a whole interval to
    arrive) is sent what a move sends it (`table.changed`), through its channel; nothing is sent
    while the layer is away."""
    settings.GAMES_LAYER_CHECK_SECONDS = 0.05
    layer, reads, sent_before = FlakyLayer(), [], []  # sent_before: at each read, what was sent
    monkeypatch.setattr(layers, "get_channel_layer", lambda: layer)

    def versions(table_ids):
        reads.append(sorted(table_ids))
        sent_before.append(len(layer.taken))
        return {1: 7, 2: 3}

    monkeypatch.setattr(layers, "versions", versions)
    watch = layers.LayerWatch()
    behind, current, other = [Member(t, v, f"m{t}.{v}") for t, v in ((1, 5), (1, 7), (2, 3))]
    layer.members = {m.channel_name: m for m in (behind, current, other)}
    layer.down = True
    for member in (behind, current, other):
        watch.add(member)
    try:
        await until(lambda: watch.failures >= 2, 10, "checks that fail")
        assert reads == [] and layer.taken == []  # nothing read or sent while it is away
        layer.down = False
        await until(lambda: len(reads) >= 4, 10, "checks that pass")
    finally:
        watch.task.cancel()
    assert reads[0] == [1, 2]
    # Sent after the second read, not the first (a message may have been on its way then).
    assert sent_before[:3] == [0, 0, 1]
    assert layer.taken == [(behind, {"type": "table.changed", "version": 7})]  # once, to it alone
    assert watch.discard(behind) is False and watch.discard(current) is True  # its table's last


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_move_whose_process_died_before_sending_it_reaches_the_other_pages(
    duel, users, settings
):
    """The move is in the database, its group messages were never sent (the process that wrote
    it was killed between its commit and its sends): the other page, whose process is well, is
    brought up to it by the next check, and its person's turn is not lost."""
    settings.GAMES_LAYER_CHECK_SECONDS = 0.05
    ana, bia = users
    theirs = await connect(duel.pk, bia)
    start = await version_now(duel.pk)
    try:
        # Ana's move, written as her process would, and its outbox never delivered.
        result = await database_sync_to_async(services.table_act)(
            table_id=duel.pk, user=ana, action=ROLL, version=start, cid="cut", outbox=[]
        )
        assert result.applied
        await theirs.until_version(start + 1, timeout=10)
    finally:
        layers.watch.task.cancel()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_that_missed_a_move_while_the_layer_was_away_is_brought_up_to_date(
    duel, users, settings, monkeypatch
):
    """Through the real consumer, on either layer: a move whose group message was lost (Redis
    away: its publish failed, or came before this process subscribed again) reaches the other
    page once the process's check passes again."""
    settings.GAMES_LAYER_CHECK_SECONDS = 0.05
    monkeypatch.setattr(layers, "CHECK_WAIT", 0.5)
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    checks = layers.watch.checks
    await until(lambda: layers.watch.checks > checks + 1, 10, "checks that pass")
    layer, away = get_channel_layer(), asyncio.Event()
    send_, group_send = layer.send, layer.group_send

    async def lost(group, message):  # published while nobody was subscribed
        if not away.is_set():
            await group_send(group, message)

    async def unreachable(channel, message):
        if away.is_set():
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        await send_(channel, message)

    monkeypatch.setattr(layer, "group_send", lost)
    monkeypatch.setattr(layer, "send", unreachable)
    away.set()
    failures = layers.watch.failures
    await until(lambda: layers.watch.failures > failures, 10, "a check that fails")
    start = await version_now(duel.pk)
    await send(mine, ROLL, version=start, cid="while-away")
    await mine.until_version(start + 1)  # the mover's own answer needs no layer
    assert theirs.page.version == start
    away.clear()
    await theirs.until_version(start + 1, timeout=10)  # caught up after the next check


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_whose_render_meets_a_connection_cut_meanwhile_still_gets_the_move(
    duel, users, monkeypatch
):
    """A move made by another process: this one reads it from the database to render it. The
    first connection lent after a database restart may still be a cut one; the page must not
    stay a version behind (its person's turn may come next, and nothing else would move it)."""
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    released = hold_group_sends(monkeypatch)
    start = await version_now(duel.pk)
    await send(mine, ROLL, version=start, cid="moved-elsewhere")
    await mine.until_version(start + 1)

    read, cut = snapshots.get, []

    def once_cut(*args, **kwargs):
        if not cut:
            cut.append(True)
            raise OperationalError("consuming input failed: server closed the connection")
        return read(*args, **kwargs)

    snapshots.clear()  # as in another process: the new version is read from the database
    monkeypatch.setattr(snapshots, "get", once_cut)
    released.set()
    await theirs.until_version(start + 1)
    assert cut == [True]


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
