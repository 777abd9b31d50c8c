"""A game over the live socket, through the real ASGI stack (origin check, session auth, the
consumer): what each socket is sent on joining and on a move, a move out of turn or by a
spectator, a repeated or stale one, two sockets racing, a reconnection, robots' turns, the hint
and a change made elsewhere.

Each socket is read as its page builds itself from the messages (tests/pages.py) and as the raw
messages that travelled: nothing meant for another seat may be in them at all.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from channels.db import database_sync_to_async

from games import services, snapshots, sweeper
from games.models import Table
from tests.games.sockets import (
    command,
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_joining_shows_the_live_table_for_your_seat(duel, users):
    ana, bia = users
    mine = await connect(duel.pk, ana)
    assert mine.page.banner == "Sua vez"
    for part in ("mesa-status", "mesa-jogo", "mesa-lugares", "bozo-dado-0", "bozo-controles"):
        assert mine.page.find(part) is not None, part
    other = await connect(duel.pk, bia)
    assert other.page.banner == "Vez de Ana"
    assert "Lançar sem copo" in mine.page.text() and "Lançar" not in other.page.text("mesa-jogo")
    await mine.disconnect()
    await other.disconnect()


async def test_a_move_sends_each_socket_only_the_partials_that_changed(duel, users):
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    watcher = await connect(duel.pk)  # an anonymous spectator of a public table
    for socket in (mine, theirs, watcher):
        await socket.settle()
    start = await version_now(duel.pk)
    await send(mine, {"type": "roll", "cup": False}, version=start, cid="r1")
    for socket in (mine, theirs, watcher):
        await socket.until_version(start + 1)
    table = await Table.objects.aget(pk=duel.pk)
    dice = table.state["turn"]["dice"]
    for socket in (mine, theirs, watcher):
        last = socket.page.raw[-1]
        assert 'id="mesa-lugares"' not in last and 'id="mesa-jogo"' not in last
        assert 'id="bozo-dado-0"' in last and 'id="mesa-versao"' in last
        assert 'id="mesa-status"' not in last  # a throw: the turn does not pass
        shown = [socket.page.find(f"bozo-dado-{i}") for i in range(5)]
        assert [f"die--{v}" in node.html() for node, v in zip(shown, dice, strict=True)] == [
            True
        ] * 5
    assert "aria-pressed" in mine.page.html()  # the dice are buttons for the player on turn
    assert "aria-pressed" not in "".join(theirs.page.raw + watcher.page.raw)
    # Who only watches gets the dice, the status and the log: a small message.
    assert len(theirs.page.raw[-1]) < 2500 and len(watcher.page.raw[-1]) < 2500
    for socket in (mine, theirs, watcher):
        await socket.disconnect()


async def test_covered_dice_and_other_seats_controls_never_travel(duel, users):
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    watcher = await connect(duel.pk)
    start = await version_now(duel.pk)
    await send(mine, {"type": "roll", "cup": True}, version=start, cid="r1")
    for socket in (mine, theirs, watcher):
        await socket.until_version(start + 1)
    table = await Table.objects.aget(pk=duel.pk)
    assert table.state["turn"]["covered"] == [0, 1, 2, 3, 4]
    covered = table.state["turn"]["dice"]
    for socket in (mine, theirs, watcher):
        for html in socket.page.raw:  # everything that left the server
            for value in set(covered):
                assert f"die--{value}" not in html
                assert f"Dado 1: {value}" not in html
    assert "Levantar — por cima" in mine.page.text()
    for socket in (theirs, watcher):
        everything = "".join(socket.page.raw)
        assert "Levantar" not in everything
        assert 'name="action"' not in everything  # not a single control of the player on turn
    for socket in (mine, theirs, watcher):
        await socket.disconnect()


async def test_out_of_turn_gets_the_rules_message_alone_on_that_socket(duel, users):
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await mine.settle()
    await theirs.settle()
    version = await version_now(duel.pk)
    await send(theirs, {"type": "roll", "cup": False}, version=version)
    message = await theirs.receive_from()
    assert "message--error" in message and "vez" in theirs.page.notice
    assert message.count('id="') <= 3  # the notice, nothing re-rendered
    assert await mine.receive_nothing(timeout=0.3)
    assert await version_now(duel.pk) == version
    await mine.disconnect()
    await theirs.disconnect()


async def test_a_spectator_cannot_act(duel, make_user):
    caio = await database_sync_to_async(make_user)("caio")
    socket = await connect(duel.pk, caio)
    version = await version_now(duel.pk)
    await send(socket, {"type": "roll", "cup": False}, version=version)
    await socket.receive_from()
    assert "assistindo" in socket.page.notice
    assert await version_now(duel.pk) == version
    await socket.disconnect()


async def test_a_repeated_cid_is_answered_with_the_view_not_applied_twice(duel, users):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    await send(socket, {"type": "roll", "cup": False}, version=start, cid="same")
    await socket.until_version(start + 1)
    await send(socket, {"type": "roll", "cup": False}, version=start, cid="same")
    await socket.settle()
    table = await Table.objects.aget(pk=duel.pk)
    assert (table.version, table.state["turn"]["rolls"]) == (start + 1, 1)
    assert "mudou" not in socket.page.notice
    await socket.disconnect()


async def test_a_stale_version_gets_the_current_view_and_a_notice(duel, users):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    await send(socket, {"type": "roll", "cup": False}, version=start, cid="a")
    await socket.until_version(start + 1)
    await send(socket, {"type": "hold", "dice": [0]}, version=start, cid="b")
    await socket.receive_from()
    assert "A mesa mudou antes da sua jogada" in socket.page.notice
    assert socket.page.version == start + 1
    await socket.disconnect()


async def test_two_sockets_of_one_player_racing_apply_exactly_one(duel, users):
    ana, _ = users
    first, second = await connect(duel.pk, ana), await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    await asyncio.gather(
        send(first, {"type": "roll", "cup": False}, version=start, cid="a"),
        send(second, {"type": "leave"}, version=start, cid="b"),
    )
    await first.settle()
    await second.settle()
    table = await Table.objects.aget(pk=duel.pk)
    applied = [
        a async for a in table.actions.filter(version__gt=start).values_list("cid", flat=True)
    ]
    assert applied in (["a"], ["b"])
    assert first.page.version == second.page.version == table.version
    await first.disconnect()
    await second.disconnect()


async def test_reconnecting_gets_everything_again_and_the_same_state(duel, users):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    await send(socket, {"type": "roll", "cup": False}, version=start)
    before = await socket.until_version(start + 1)
    await socket.disconnect()
    again = await connect(duel.pk, ana)
    await again.settle()
    for i in range(5):
        assert again.page.find(f"bozo-dado-{i}").html() == before.find(f"bozo-dado-{i}").html()
    assert 'id="mesa-lugares"' in again.page.raw[0]
    await again.disconnect()


async def test_robots_play_their_turns_through_the_same_service(users):
    ana, _ = users
    table = await database_sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    await database_sync_to_async(services.robot_add)(table_id=table.pk, by=ana)
    await database_sync_to_async(services.table_start)(table_id=table.pk, by=ana)
    socket = await connect(table.pk, ana)
    version = await version_now(table.pk)
    await send(socket, {"type": "roll", "cup": False}, version=version)
    await socket.until_version(version + 1)
    await send(socket, {"type": "score", "box": "as"}, version=version + 1)
    await socket.until_version(version + 2)
    for _ in range(30):
        await database_sync_to_async(sweeper.run_due)()
        table = await Table.objects.aget(pk=table.pk)
        if table.state["to_move"] == 0:
            break
    page = await socket.until_version(table.version)
    assert page.banner == "Sua vez"
    await socket.disconnect()


async def test_the_hint_is_given_in_solo_training_only(users, duel):
    ana, _ = users
    table = await database_sync_to_async(services.table_create)(host=ana, game="bozo", mode="solo")
    socket = await connect(table.pk, ana)
    version = await version_now(table.pk)
    await send(socket, {"type": "roll", "cup": False}, version=version)
    await socket.until_version(version + 1)
    await command(socket, "hint")
    await socket.receive_from(timeout=10)
    hint = socket.page.text("mesa-dica")
    assert "Dica do robô" in hint
    assert hint.count("sua média final esperada é") == 3
    assert re.search(r'id="mesa-dica"[^>]* data-advice-(keep|box)="[^"]*"', socket.page.raw[-1])
    await socket.disconnect()

    duel = await connect(duel.pk, ana)
    await command(duel, "hint")
    await duel.receive_from()
    assert "treino solo" in duel.page.notice
    assert "Dica do robô" not in "".join(duel.page.raw)
    await duel.disconnect()


async def test_a_table_change_elsewhere_reaches_the_sockets_by_version_alone(duel, users):
    ana, _ = users
    mine = await connect(duel.pk, ana)
    version = await version_now(duel.pk)
    await database_sync_to_async(services.seat_mute)(table_id=duel.pk, by=ana, index=1)
    page = await mine.until_version(version + 1)
    assert "silenciado" in page.text("mesa-lugar-1")
    snapshots.clear()  # another process's change: this one reads the new version once
    await database_sync_to_async(services.seat_mute)(table_id=duel.pk, by=ana, index=1, muted=False)
    page = await mine.until_version(version + 2)
    assert "silenciado" not in page.text("mesa-lugar-1")
    await mine.disconnect()
