"""Defence at the door, chat and the personal channel, through the real socket."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from config.asgi import application
from games import chat, consumers, services, table_page
from games.models import ChatMessage, TableSocket
from tests.games.sockets import (
    command,
    connect,
    refused,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_flood_of_bad_frames_gets_one_notice_each_then_the_budget_closes_it(
    duel, users, monkeypatch
):
    monkeypatch.setattr(consumers, "BURST", 5)
    monkeypatch.setattr(consumers, "PER_SECOND", 0.001)
    monkeypatch.setattr(consumers, "PAST_BUDGET", 3)
    ana, _ = users
    socket = await connect(duel.pk, ana)
    answers = []
    for _ in range(5):
        await socket.send_to(text_data="{bad")
        answers.append(await socket.receive_from())
    # Each bad frame is answered with the notice alone, never with the table again.
    assert all(a.startswith('<div id="mesa-aviso"') and a.count('id="') == 1 for a in answers)
    await socket.send_to(text_data="{bad")
    assert "Muitas mensagens" in await socket.receive_from()
    for _ in range(3):
        await socket.send_to(text_data="{bad")
    output = await socket.receive_output(timeout=2)
    assert output == {"type": "websocket.close", "code": consumers.POLICY_VIOLATION}


async def test_a_socket_that_never_confirms_what_it_received_is_closed(duel, users, monkeypatch):
    monkeypatch.setattr(table_page, "OUTPUT_CAP", 12_000)
    ana, _bia = users
    reader, silent = await connect(duel.pk, ana), await connect(duel.pk)
    closed = False
    for turn in range(20):
        version = await version_now(duel.pk)
        await database_sync_to_async(services.seat_mute)(
            table_id=duel.pk, by=ana, index=1, muted=turn % 2 == 0
        )
        await reader.until_version(version + 1)
        if turn == 0:  # one reaction: its emoji counts two in the page, one in Python
            await command(reader, "react", text="😀")
            while "😀" not in await reader.receive_from():
                pass
        # The reader's page confirms what it got, counted as table.js counts (a JavaScript
        # string's length: an emoji of the reactions is two); the silent one never does.
        got = sum(len(m.encode("utf-16-le")) // 2 for m in reader.page.raw)
        await reader.send_to(text_data=json.dumps({"ack": got}))
        while not await silent.receive_nothing(timeout=0.3):
            output = await silent.receive_output()
            if output["type"] == "websocket.close":
                closed = True
                break
        if closed:
            break
    assert closed
    assert reader.page.version == await version_now(duel.pk)  # the reader is still served
    await reader.disconnect()


async def test_an_error_inside_the_socket_is_answered_and_the_socket_stays(
    duel, users, monkeypatch
):
    ana, _ = users

    def broken(**kwargs):
        raise RuntimeError("boom")

    socket = await connect(duel.pk, ana)
    monkeypatch.setattr(services, "table_act", broken)
    version = await version_now(duel.pk)
    await send(socket, {"type": "roll", "cup": False}, version=version)
    await socket.receive_from()
    assert "tente de novo" in socket.page.notice
    monkeypatch.undo()
    await send(socket, {"type": "roll", "cup": False}, version=version)
    assert (await socket.until_version(version + 1)).version == version + 1
    await socket.disconnect()


async def test_a_socket_leaves_its_groups_however_it_ends(duel, users, monkeypatch):
    ana, _ = users
    layer = get_channel_layer()
    left, discard = [], layer.group_discard

    async def recorded(group, channel):
        left.append(group)
        await discard(group, channel)

    monkeypatch.setattr(layer, "group_discard", recorded)
    socket = await connect(duel.pk, ana)
    monkeypatch.setattr(services, "presence_sync", lambda **kw: 1 / 0)  # even if presence fails
    await socket.disconnect()
    assert sorted(left) == sorted([services.table_group(duel.pk), f"user-{ana.pk}"])


async def test_chat_lines_reach_every_socket_as_small_appended_fragments(duel, users):
    ana, bia = users
    mine, theirs, watcher = (
        await connect(duel.pk, ana),
        await connect(duel.pk, bia),
        await connect(duel.pk),
    )
    for socket in (mine, theirs, watcher):
        await socket.settle()
    version = await version_now(duel.pk)
    await command(mine, "chat", text="  Boa sorte,   <b>Bia</b>! ")
    for socket in (mine, theirs, watcher):
        message = await socket.receive_from()
        assert message.startswith('<ol id="mesa-chat-lista" hx-swap-oob="beforeend">')
        assert "&lt;b&gt;Bia&lt;/b&gt;" in message and "<b>" not in message
        assert len(message) < 400
        assert "Boa sorte, <b>Bia</b>!" in socket.page.text("mesa-chat-lista")
    assert await version_now(duel.pk) == version  # chat is no change of the table
    # A page that connects later finds the history.
    late = await connect(duel.pk, bia)
    await late.settle()
    assert "Ana Boa sorte" in late.page.text("mesa-chat-lista")
    for socket in (mine, theirs, watcher, late):
        await socket.disconnect()


async def test_a_chat_line_that_reaches_a_socket_twice_shows_once(duel, users):
    """While a socket changes group it is in both for a moment, and a chat line posted then
    reaches it through each."""
    ana, _ = users
    mine = await connect(duel.pk, ana)
    await mine.settle()
    line = await database_sync_to_async(chat.post)(table_id=duel.pk, user=ana, text="Oi")
    await mine.receive_from()
    channel = await TableSocket.objects.values_list("channel_name", flat=True).aget(user=ana)
    await get_channel_layer().send(channel, line.as_message())  # the second copy
    assert await mine.receive_nothing(timeout=0.3)
    assert mine.page.text("mesa-chat-lista").count("Oi") == 1
    await mine.disconnect()


async def test_a_reaction_that_reaches_a_socket_twice_shows_once(duel, users, monkeypatch):
    """A reaction, like a chat line, may come through both of the table's groups."""
    ana, _ = users
    posted = []
    send_table = services.send_table

    def recorded(table_id, message, outbox=None):
        posted.append(message)
        send_table(table_id, message, outbox)

    monkeypatch.setattr(services, "send_table", recorded)
    mine = await connect(duel.pk, ana)
    await mine.settle()
    await command(mine, "react", text="Boa!")
    assert 'class="reaction"' in await mine.receive_from()
    channel = await TableSocket.objects.values_list("channel_name", flat=True).aget(user=ana)
    await get_channel_layer().send(channel, posted[-1])  # the second copy
    assert await mine.receive_nothing(timeout=0.3)
    await command(mine, "react", text="Boa!")  # the same words again: a reaction of its own
    assert "Boa!" in await mine.receive_from()
    await mine.disconnect()


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "Escreva"), ("   ", "Escreva"), ("x" * 201, "até 200"), (["oi"], "inválida")],
)
async def test_chat_refuses_empty_long_and_malformed_text(duel, users, text, message):
    ana, _ = users
    socket = await connect(duel.pk, ana)
    await command(socket, "chat", text=text)
    await socket.receive_from()
    assert message in socket.page.notice
    assert not await ChatMessage.objects.aexists()
    await socket.disconnect()


async def test_chat_is_rate_limited_per_person_and_muted_seats_are_silent(duel, users, settings):
    settings.GAMES_CHAT_BURST = (3, 60)
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    for n in range(3):
        await command(mine, "chat", text=f"oi {n}")
        await mine.receive_from()
    await command(mine, "chat", text="mais uma")
    await mine.settle()
    assert "Calma" in mine.page.notice
    assert await ChatMessage.objects.acount() == 3

    await database_sync_to_async(services.seat_mute)(table_id=duel.pk, by=ana, index=1)
    await theirs.settle()
    await command(theirs, "chat", text="posso falar?")
    await theirs.settle()
    assert "silenciou" in theirs.page.notice
    assert await ChatMessage.objects.acount() == 3
    await mine.disconnect()
    await theirs.disconnect()


async def test_an_anonymous_visitor_reads_the_chat_but_cannot_write(duel, users):
    socket = await connect(duel.pk)
    await command(socket, "chat", text="olá")
    await socket.receive_from()
    assert "Entre na sua conta" in socket.page.notice
    await socket.disconnect()


async def test_an_admin_deleting_a_message_removes_it_from_the_pages(duel, users):
    ana, bia = users
    theirs = await connect(duel.pk, bia)
    line = await database_sync_to_async(chat.post)(table_id=duel.pk, user=ana, text="ops")
    await theirs.receive_from()
    assert "ops" in theirs.page.text("mesa-chat-lista")
    await database_sync_to_async(chat.delete)(message_ids=[line.id])
    message = await theirs.receive_from()
    assert message == f'<li id="chat-{line.id}" hx-swap-oob="delete"></li>'
    assert "ops" not in theirs.page.text("mesa-chat-lista")
    await theirs.disconnect()


async def test_a_personal_message_reaches_the_users_sockets_only(duel, users):
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await mine.settle()
    await theirs.settle()
    await get_channel_layer().group_send(
        services.user_group(bia.pk), {"type": "user.notice", "text": "Sua vez na fila!"}
    )
    await theirs.receive_from()
    assert "Sua vez na fila!" in theirs.page.notice
    assert await mine.receive_nothing(timeout=0.3)
    await mine.disconnect()
    await theirs.disconnect()


async def test_logging_out_closes_that_sessions_sockets_and_deleting_the_account_all(duel, users):
    from types import SimpleNamespace

    from django.contrib.auth.signals import user_logged_out

    from accounts.services import delete_account
    from tests.games.sockets import Socket, session_cookie

    ana, bia = users
    cookie = await session_cookie(ana)
    headers = [(b"origin", b"http://testserver"), (b"cookie", f"sessionid={cookie}".encode())]
    mine = refused(Socket(application, f"/ws/mesa/{duel.pk}/", headers=headers))
    assert (await mine.connect())[0]
    await mine.settle()
    elsewhere = SimpleNamespace(session=SimpleNamespace(session_key="another-session"))
    await database_sync_to_async(user_logged_out.send)(
        sender=type(ana), request=elsewhere, user=ana
    )
    assert await mine.receive_nothing(timeout=0.3)  # another browser logged out
    here = SimpleNamespace(session=SimpleNamespace(session_key=cookie))
    await database_sync_to_async(user_logged_out.send)(sender=type(ana), request=here, user=ana)
    assert (await mine.receive_output(timeout=2))["type"] == "websocket.close"

    theirs = await connect(duel.pk, bia)
    await theirs.settle()
    await database_sync_to_async(delete_account)(user=bia)
    kinds = []
    for _ in range(5):
        kinds.append((await theirs.receive_output(timeout=2))["type"])
        if kinds[-1] == "websocket.close":
            break
    assert kinds[-1] == "websocket.close"


async def test_a_seat_is_refused_on_the_loop_before_the_database_for_a_spectator(
    duel, make_user, monkeypatch
):
    caio = await database_sync_to_async(make_user)("caio")
    socket = await connect(duel.pk, caio)
    calls = []
    monkeypatch.setattr(services, "table_act", lambda **kw: calls.append(kw))
    await send(socket, {"type": "roll", "cup": False}, version=await version_now(duel.pk))
    await socket.receive_from()
    assert "assistindo" in socket.page.notice and calls == []
    await socket.disconnect()
