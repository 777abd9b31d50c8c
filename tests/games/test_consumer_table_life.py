"""A table's life over the live socket, through the real ASGI stack (origin check, session auth,
the consumer): leaving during the game, the inactivity claim, the waiting room, presence and the
robot that plays for who left until they return, and "Jogar de novo" taking the page along.

Each socket is read as its page builds itself from the messages (tests/pages.py) and as the raw
messages that travelled: nothing meant for another seat may be in them at all.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games import services, sweeper
from games.models import Seat, Table
from tests.games.sockets import (
    command,
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_leaving_during_the_game_over_the_socket_gives_the_win_to_the_other_side(duel, users):
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await mine.settle()
    start = await version_now(duel.pk)
    await command(theirs, "leave")
    assert "Você venceu!" in (await mine.until_version(start + 1)).text()
    theirs_page = await theirs.until_version(start + 1)
    assert "Fim de jogo" in theirs_page.text() and "Você venceu!" not in theirs_page.text()
    assert "Você venceu!" not in "".join(theirs.page.raw)
    table = await Table.objects.aget(pk=duel.pk)
    assert table.status == Table.Status.FINISHED and table.outcome["winners"] == [0]
    await mine.disconnect()
    await theirs.disconnect()


async def test_the_inactivity_claim_opens_with_its_timer_and_only_for_the_other_side(
    users, make_user, settings
):
    settings.GAMES_INACTIVITY_SECONDS = 0
    ana, bia = users
    caio, davi = (
        await database_sync_to_async(make_user)("caio"),
        await database_sync_to_async(make_user)("davi"),
    )
    table = await database_sync_to_async(services.table_create)(
        host=ana, game="bozo", mode="duplas"
    )
    for user in (bia, caio, davi):
        await database_sync_to_async(services.seat_take)(table_id=table.pk, user=user)
    await database_sync_to_async(services.table_start)(table_id=table.pk, by=ana)
    # Ana (seat 0) is on turn; Caio (seat 2) is her partner, Davi (seat 3) an opponent.
    partner, opponent = await connect(table.pk, caio), await connect(table.pk, davi)
    await partner.settle()
    await opponent.settle()
    assert "Reclamar" not in opponent.page.text()
    assert await database_sync_to_async(sweeper.run_due)() >= 1  # the claim timer fires
    await opponent.settle()
    await partner.settle()
    assert "Reclamar a vitória por inatividade" in opponent.page.text()
    assert "Reclamar" not in "".join(partner.page.raw)
    version = await version_now(table.pk)
    await send(partner, {"type": "claim_inactivity"}, version=version, cid="partner")
    await partner.receive_from()
    assert "message--error" in partner.page.raw[-1]
    await send(opponent, {"type": "claim_inactivity"}, version=version, cid="opponent")
    assert "Você venceu!" in (await opponent.until_version(version + 1)).text()
    assert sorted((await Table.objects.aget(pk=table.pk)).outcome["winners"]) == [1, 3]
    await partner.disconnect()
    await opponent.disconnect()


async def test_the_waiting_room_runs_over_the_socket(users):
    ana, bia = users
    table = await database_sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    host, guest = await connect(table.pk, ana), await connect(table.pk, bia)
    await host.settle()
    assert "Sentar" in guest.page.commands() or "sit" in guest.page.commands()
    await command(guest, "sit")
    await guest.settle()
    await host.settle()
    assert "Bia" in host.page.text("mesa-lugares")
    assert "start" not in guest.page.commands()
    await command(host, "start")
    await host.settle()
    await guest.settle()
    assert host.page.banner == "Sua vez"
    assert guest.page.banner == "Vez de Ana"
    await host.disconnect()
    await guest.disconnect()


async def test_presence_shows_who_left_and_a_robot_plays_for_them_until_they_return(
    duel, users, settings
):
    settings.GAMES_TAKEOVER_SECONDS = 0
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await mine.settle()
    assert "desconectado" not in mine.page.text("mesa-lugares")
    await theirs.disconnect()
    await mine.settle()
    assert "desconectado" in mine.page.text("mesa-lugar-1")
    seat = await Seat.objects.aget(table=duel, index=1)
    assert not seat.connected and seat.last_seen is not None
    await database_sync_to_async(sweeper.run_due)()  # the takeover timer
    await mine.settle()
    assert "robô jogando" in mine.page.text("mesa-lugar-1")
    assert "Bia" in mine.page.text("mesa-lugar-1")  # under her own name
    back = await connect(duel.pk, bia)
    await mine.settle()
    await back.settle()
    assert "robô jogando" not in mine.page.text("mesa-lugar-1")
    assert "desconectado" not in mine.page.text("mesa-lugar-1")
    seat = await Seat.objects.aget(table=duel, index=1)
    assert seat.connected and not seat.autopilot
    await mine.disconnect()
    await back.disconnect()


async def test_play_again_takes_the_page_to_the_new_table(users, duel):
    ana, bia = users
    socket = await connect(duel.pk, bia)
    await database_sync_to_async(services.seat_leave)(table_id=duel.pk, user=ana)
    await socket.until_version(await version_now(duel.pk))
    await command(socket, "replay")
    while 'data-go="' not in socket.page.raw[-1]:
        await socket.receive_from()
    old = await database_sync_to_async(Table.objects.get)(pk=duel.pk)
    assert f'data-go="/mesa/{old.next_table_id}/"' in socket.page.raw[-1]
    assert "Abrindo a nova mesa" in socket.page.notice
    await socket.disconnect()
