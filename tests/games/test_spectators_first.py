"""Players are served before spectators: when a table changes, the seated people's group is sent
to first (the mover answered in between), so their sockets get their frames before any
spectator's, even when the spectators joined the table first (a player's reload puts their
socket last); the spectators still all get theirs."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import services
from games.consumers import TableConsumer
from tests.games.sockets import (
    command,
    connect,
    hold_group_sends,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SPECTATORS = 24


@pytest.fixture
def sent_frames(monkeypatch):
    """(user id or None, the socket's version) of every frame, in the order sockets sent them."""
    frames: list[tuple[int | None, int]] = []
    original = TableConsumer.send_html

    async def send_html(self, html):
        frames.append((self.user_id, self.version))
        await original(self, html)

    monkeypatch.setattr(TableConsumer, "send_html", send_html)
    return frames


async def test_seated_sockets_get_a_change_before_any_spectator(
    duel, users, make_user, sent_frames
):
    ana, bia = users
    crowd = [await connect(duel.pk) for _ in range(SPECTATORS // 2)]  # anonymous spectators
    for i in range(SPECTATORS - len(crowd)):  # and people who hold no seat
        crowd.append(await connect(duel.pk, await database_sync_to_async(make_user)(f"olho{i}")))
    theirs, mine = await connect(duel.pk, bia), await connect(duel.pk, ana)  # the group's last
    for socket in (*crowd, theirs, mine):
        await socket.settle()
    start = await version_now(duel.pk)
    sent_frames.clear()

    await send(mine, {"type": "roll", "cup": False}, version=start, cid="primeiro")
    for socket in (mine, theirs, *crowd):
        await socket.until_version(start + 1)

    new = [(who, at) for who, at in sent_frames if at >= start + 1]
    order = [who for who, _ in new]
    assert order.count(ana.pk) == 1 and order.count(bia.pk) == 1, order
    seated_last = max(order.index(ana.pk), order.index(bia.pk))
    spectators = [i for i, who in enumerate(order) if who not in (ana.pk, bia.pk)]
    assert len(spectators) == SPECTATORS, order
    assert seated_last < min(spectators), order


@pytest.fixture
def group_sends(monkeypatch):
    """The group of every group_send of the channel layer, in order."""
    layer, groups = get_channel_layer(), []
    original = layer.group_send

    async def group_send(group, message):
        groups.append(group)
        await original(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)
    return groups


async def test_a_change_goes_to_the_seated_group_before_the_spectators_group(
    duel, users, group_sends
):
    """Across processes the channel layer delivers a group a member after another: the seated
    people's group is sent to first, so a crowd never stands ahead of the players."""
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    watcher = await connect(duel.pk)
    start = await version_now(duel.pk)
    group_sends.clear()
    await send(mine, {"type": "roll", "cup": False}, version=start, cid="um")
    for socket in (mine, theirs, watcher):
        await socket.until_version(start + 1)
    seated, others = (services.table_group(duel.pk, seated=s) for s in (True, False))
    assert group_sends[:2] == [seated, others], group_sends


async def test_a_socket_changes_group_when_its_person_sits_down_or_leaves(
    ana, bia, make_user, monkeypatch
):
    """A spectator who sits moves to the seated group, one who leaves moves back; in between
    it is in both for a moment, never in neither, and it sees every version."""
    layer = get_channel_layer()
    joins, leaves = [], []
    add, discard = layer.group_add, layer.group_discard

    async def group_add(group, channel):
        joins.append(group)
        await add(group, channel)

    async def group_discard(group, channel):
        leaves.append(group)
        await discard(group, channel)

    monkeypatch.setattr(layer, "group_add", group_add)
    monkeypatch.setattr(layer, "group_discard", group_discard)
    table = await database_sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    seated, others = (services.table_group(table.pk, seated=s) for s in (True, False))
    host = await connect(table.pk, ana)
    guest = await connect(table.pk, bia)
    assert joins[-2:] == [others, f"user-{bia.pk}"]  # Bia watches the waiting room
    version = await version_now(table.pk)
    await command(guest, "sit")
    await guest.until_version(version + 1)
    assert joins[-1] == seated and leaves[-1] == others
    await command(guest, "leave")
    await guest.until_version(version + 2)
    assert joins[-1] == others and leaves[-1] == seated
    await command(host, "robot_add")  # a change after she left reaches her as a spectator
    await guest.until_version(version + 3)
    await host.until_version(version + 3)


async def test_the_mover_is_answered_without_waiting_for_the_group_messages(
    duel, users, monkeypatch
):
    """A group_send to a thousand spectators is a thousand messages of the in-memory layer, and
    a publish waits on Redis: the mover's own frame goes while the table's groups are sent to."""
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    start = await version_now(duel.pk)
    held = hold_group_sends(monkeypatch)
    await send(mine, {"type": "roll", "cup": False}, version=start, cid="um")
    await mine.until_version(start + 1)  # answered while the group messages wait
    assert theirs.page.version == start
    held.set()
    await theirs.until_version(start + 1)
