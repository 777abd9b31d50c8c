"""What the live socket refuses, through the real ASGI stack (origin check, session auth, the
consumer): malformed messages and binary frames get a clear error on a socket that stays open; a
stranger at a private table, unknown paths and a foreign origin are not let in.

Each socket is read as its page builds itself from the messages (tests/pages.py).
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from config.asgi import application
from games import services
from tests.games.sockets import (
    Socket,
    connect,
    refused,
    send,
    session_cookie,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


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
