"""Limits per person and per address on the live sockets, through the real consumer: sockets
per account and per client address in a process, and one message budget per account across
all its sockets."""

from __future__ import annotations

import pytest

from games import consumers
from tests.games.sockets import (
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def refused_with(socket, words: str) -> None:
    """The socket was accepted only to show why it may not stay, then closed for good."""
    assert words in socket.page.notice
    output = await socket.receive_output(timeout=2)
    assert output == {"type": "websocket.close", "code": consumers.TOO_MANY}


async def test_an_account_past_its_sockets_is_told_why_and_the_socket_closes(duel, users, settings):
    settings.GAMES_SOCKETS_PER_ACCOUNT = 2
    ana, bia = users
    first, _second = await connect(duel.pk, ana), await connect(duel.pk, ana)
    await refused_with(await connect(duel.pk, ana), "abas demais")
    # Another person is not counted with her; and a closed socket frees its place.
    assert (await connect(duel.pk, bia)).page.version >= 0  # the table, no notice
    await first.disconnect()
    assert (await connect(duel.pk, ana)).page.version >= 0


async def test_an_address_past_its_sockets_is_told_why_and_others_still_connect(
    duel, users, settings
):
    settings.GAMES_SOCKETS_PER_ADDRESS = 2
    ana, _bia = users
    await connect(duel.pk, client="198.51.100.7")
    await connect(duel.pk, ana, client="198.51.100.7")
    await refused_with(await connect(duel.pk, client="198.51.100.7"), "endereço")
    assert (await connect(duel.pk, client="198.51.100.8")).page.version >= 0


async def test_an_account_has_one_message_budget_across_its_sockets(duel, users, settings):
    settings.GAMES_ACCOUNT_MESSAGES_BURST = 4
    settings.GAMES_ACCOUNT_MESSAGES_PER_SECOND = 0.001
    ana, bia = users
    mine = [await connect(duel.pk, ana), await connect(duel.pk, ana)]
    for socket in mine * 2:  # two messages on each: the account's four
        await socket.send_to(text_data="{bad")
        await socket.receive_from()
        assert "não é JSON" in socket.page.notice
    for socket in mine:  # each socket has room of its own left, the account has none
        await socket.send_to(text_data="{bad")
        await socket.receive_from()
        assert "Muitas mensagens" in socket.page.notice
    theirs = await connect(duel.pk, bia)
    await theirs.send_to(text_data="{bad")
    await theirs.receive_from()
    assert "não é JSON" in theirs.page.notice
