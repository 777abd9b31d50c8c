"""A service hands the group messages of its writes to the caller's outbox, at the commit, and
sends nothing itself; without an outbox (a view, the admin) it sends them at once."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def in_memory_layer(settings):
    """The in-memory layer holds a message as soon as it is sent: what is not there was not sent
    (the outbox is the service's; the layers have tests of their own)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def listening(table_id: int) -> list[str]:
    """A channel in each of the table's groups: the seated people's and the audience's."""
    layer = get_channel_layer()
    channels = []
    for seated in (True, False):
        channel = async_to_sync(layer.new_channel)()
        async_to_sync(layer.group_add)(services.table_group(table_id, seated=seated), channel)
        channels.append(channel)
    return channels


def pending(channel: str) -> int:
    """How many messages wait on `channel`: the in-memory layer holds them once sent, so a
    receive that finds none has nothing to wait for."""

    async def drain() -> int:
        count = 0
        while True:
            try:
                await asyncio.wait_for(get_channel_layer().receive(channel), 0.05)
            except TimeoutError:
                return count
            count += 1

    return async_to_sync(drain)()


def test_a_move_given_an_outbox_hands_it_the_tables_messages_seated_first(duel, ana):
    channels = listening(duel.pk)
    outbox: services.Outbox = []
    result = services.table_act(
        table_id=duel.pk,
        user=ana,
        action={"type": "roll", "cup": False},
        version=duel.version,
        outbox=outbox,
    )
    assert result.applied
    changed = {"type": "table.changed", "version": result.version}
    assert outbox == [
        (services.table_group(duel.pk), changed),
        (services.table_group(duel.pk, seated=False), changed),
    ]
    assert [pending(channel) for channel in channels] == [0, 0]  # nothing sent by the service
    async_to_sync(services.deliver)(outbox)
    assert [pending(channel) for channel in channels] == [1, 1]


def test_a_refused_command_hands_over_nothing(duel, bia):
    outbox: services.Outbox = []
    with pytest.raises(services.TableError):
        services.table_start(table_id=duel.pk, by=bia, outbox=outbox)
    assert outbox == []


def test_without_an_outbox_the_messages_go_at_once(duel, ana):
    channels = listening(duel.pk)
    services.table_act(
        table_id=duel.pk, user=ana, action={"type": "roll", "cup": False}, version=duel.version
    )
    assert [pending(channel) for channel in channels] == [1, 1]
