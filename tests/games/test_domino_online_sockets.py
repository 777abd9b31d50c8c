"""Dominó de pontos on the live platform (issue #10), through the real consumer: reactions on
every page within the chat's limits, the queue joined and left from the page, and the person the
queue seats at a match's end told on another page."""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache

from games import services, snapshots
from tests.games.domino_online import four_people, set_state
from tests.games.sockets import (
    command,
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.asyncio
async def test_reactions_reach_every_page_by_the_seat_within_the_chats_limits(
    people, waiting, settings
):
    settings.GAMES_CHAT_BURST = (5, 10**6)  # one window for the whole test
    await database_sync_to_async(cache.clear)()
    table = await database_sync_to_async(four_people)(people)
    ana_socket = await connect(table.pk, people[0])
    bia_socket = await connect(table.pk, people[1])
    watcher = await connect(table.pk, waiting[0])
    for socket in (ana_socket, bia_socket, watcher):  # presence changes in flight
        await socket.settle()
    await command(ana_socket, "react", text="Boa!")
    for socket in (ana_socket, bia_socket, watcher):
        frame = await socket.receive_from()
        assert 'data-reaction-seat="0"' in frame and "Boa!" in frame and "Ana" in frame
    await command(watcher, "react", text="😀")  # in the queue or watching: no seat to point at
    frame = await ana_socket.receive_from()
    assert "😀" in frame and "data-reaction-seat" not in frame

    await bia_socket.settle()
    await command(bia_socket, "react", text="<b>oi</b>")
    await bia_socket.settle()
    assert "Reação desconhecida" in bia_socket.page.notice
    for _ in range(4):  # past the page's limit (3 in 3 s; the person's is 5 in 10 s): refused
        await command(ana_socket, "react", text="😎")
    await ana_socket.settle()
    await command(ana_socket, "react", text="😎")
    await ana_socket.settle()
    assert "Calma" in ana_socket.page.notice

    await database_sync_to_async(services.seat_mute)(table_id=table.pk, by=people[0], index=1)
    await bia_socket.settle()
    await command(bia_socket, "react", text="Boa!")
    await bia_socket.settle()
    assert "silenciou" in bia_socket.page.notice


@pytest.mark.asyncio
async def test_the_queue_through_the_socket_and_its_place_on_every_page(people, waiting):
    table = await database_sync_to_async(four_people)(people)
    ana_socket = await connect(table.pk, people[0])
    eva_socket = await connect(table.pk, waiting[0])
    assert "Entrar na fila" in eva_socket.page.text("mesa-acoes")
    await command(eva_socket, "queue_join")
    await eva_socket.settle()
    assert "Você é o 1º da fila" in eva_socket.page.text("mesa-acoes")
    await ana_socket.settle()
    assert "Eva" in ana_socket.page.text("mesa-lugares")
    await command(eva_socket, "queue_leave")
    await eva_socket.settle()
    assert "Entrar na fila" in eva_socket.page.text("mesa-acoes")


@pytest.mark.asyncio
async def test_through_the_sockets_the_queue_sits_at_the_match_end_and_is_told_on_another_page(
    people, waiting
):
    """The players play the end of a match through their sockets; the person called from the
    queue, watching another table meanwhile, hears it on their personal channel, with a link."""
    table = await database_sync_to_async(four_people)(people)
    eva = waiting[0]
    other = await database_sync_to_async(services.table_create)(host=eva, game="bozo", mode="duelo")
    await database_sync_to_async(services.queue_join)(table_id=table.pk, user=eva)
    # One point more for either pair decides the match (the deals are the site's own).
    await database_sync_to_async(set_state)(table, scores=[199, 199])
    sockets = [await connect(table.pk, person) for person in people]
    elsewhere = await connect(other.pk, eva)
    rng = random.Random(11)
    for socket in sockets:  # their pages' presence first
        await socket.settle()
    for _ in range(300):
        now = await version_now(table.pk)
        for socket in sockets:
            await socket.until_version(now)
        movers = [s for s in sockets if s.page.actions()]
        if not movers:
            break
        (mover,) = movers
        plays = [a for a in mover.page.actions() if a["type"] == "play"]
        await send(mover, rng.choice(plays), version=mover.page.version, cid=f"c{_}")
        await mover.until_version(now + 1)  # the move is applied before the table is read
        copy = await database_sync_to_async(snapshots.get)(table.pk, fresh=True)
        if copy.seat_of(eva.pk) is not None:
            break
    else:
        raise AssertionError("the match did not end")
    await elsewhere.settle()
    assert "Sua vez na fila: você sentou à mesa." in elsewhere.page.notice
    link = elsewhere.page.find("mesa-aviso")
    assert f'href="/mesa/{table.pk}/"' in link.html()
    copy = await database_sync_to_async(snapshots.get)(table.pk, fresh=True)
    assert copy.state["matches"] == [0, 0] and copy.state["scores"] == [0, 0]
    for socket in sockets:  # every player's page shows the new game and who sits now
        await socket.settle()
        assert "Eva" in socket.page.text("mesa-lugares")
