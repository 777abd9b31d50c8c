"""The live socket through the real ASGI stack (origin check, session auth, the consumer).

Each socket is read as its page builds itself from the messages (tests/pages.py) and as the raw
messages that travelled: nothing meant for another seat may be in them at all.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from channels.db import database_sync_to_async

from config.asgi import application
from games import services, snapshots, sweeper
from games.models import Seat, Table
from tests.games.sockets import (
    Socket,
    command,
    connect,
    refused,
    send,
    session_cookie,
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


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{not json", "não é JSON"),
        ("[1, 2]", "esperava um objeto"),
        ('{"action": "{oops", "version": "1"}', "Jogada inválida"),
        ('{"action": "[]", "version": "1"}', "Jogada inválida"),
        ('{"action": "{\\"type\\": \\"roll\\"}", "version": "um"}', "deve ser um número"),
        ('{"action": "{\\"type\\": \\"dançar\\"}", "version": "%(v)s"}', "desconhecida"),
        ('{"action": "{\\"type\\": \\"roll\\"}", "version": Infinity}', "fora do formato"),
        ('{"action": "{\\"type\\": \\"roll\\"}", "version": 1e400}', "fora do formato"),
        ('{"action": "{\\"type\\": \\"roll\\"}", "version": NaN}', "fora do formato"),
        ('{"cmd": ["start"]}', "Comando desconhecido"),
        ('{"cmd": "explodir"}', "Comando desconhecido"),
        ('{"cmd": "seat_clear", "seat": 1e999}', "fora do formato"),
        ('{"cmd": "seat_move", "seat": "1", "to": -Infinity}', "fora do formato"),
        ('{"cmd": "sit", "team": Infinity}', "fora do formato"),
        ('{"cid": 5, "version": "1"}', "cid"),
        ('{"cid": "\\ud800", "version": "1"}', "malformado"),
        ('{"cid": "\\u0000", "version": "1"}', "caractere nulo"),
        ('{"cid": "<script>", "version": "1"}', "cid"),
        ('{"action": "{\\"type\\": \\"\\\\ud800\\"}", "version": "1"}', "Jogada inválida"),
        ('{"cmd": "chat", "text": "\\u0000"}', "caractere nulo"),
        ('{"ack": "muito"}', "deve ser um número"),
        ("x" * 5000, "grande demais"),
    ],
)
async def test_malformed_messages_get_a_clear_error_and_the_socket_stays_open(
    duel, users, raw, message
):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    start = await version_now(duel.pk)
    await socket.send_to(text_data=raw.replace("%(v)s", str(start)))
    await socket.receive_from()
    assert message in socket.page.notice
    await send(socket, {"type": "roll", "cup": False}, version=start)
    assert (await socket.until_version(start + 1)).version == start + 1
    await socket.disconnect()


async def test_binary_frames_get_a_clear_error(duel, users):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    await socket.send_to(bytes_data=b"\x00\x01")
    await socket.receive_from()
    assert "envie texto" in socket.page.notice
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


async def test_a_private_table_refuses_strangers_and_unknown_paths_are_refused(users, make_user):
    ana, _ = users
    table = await database_sync_to_async(services.table_create)(
        host=ana, game="bozo", mode="duelo", is_public=False
    )
    stranger = await database_sync_to_async(make_user)("caio")
    for path in (f"/ws/mesa/{table.pk}/", "/ws/mesa/999999/", "/ws/qualquer/", "/ws/mesa/x/"):
        headers = [
            (b"origin", b"http://testserver"),
            (b"cookie", f"sessionid={await session_cookie(stranger)}".encode()),
        ]
        socket = refused(Socket(application, path, headers=headers))
        connected, _ = await socket.connect()
        assert not connected, path
    owner = await connect(table.pk, ana)
    assert owner.page.banner == "Esperando jogadores"
    await owner.disconnect()


async def test_a_foreign_origin_is_refused(duel):
    socket = refused(
        Socket(application, f"/ws/mesa/{duel.pk}/", headers=[(b"origin", b"http://evil.example")])
    )
    connected, _ = await socket.connect()
    assert not connected


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
