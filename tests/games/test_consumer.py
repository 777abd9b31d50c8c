"""The live socket through the real ASGI stack (origin check, session auth, the consumer)."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.utils import timezone

from config.asgi import application
from games import services, snapshots
from games.models import Seat, Table
from tests.seen import own_seat, seen_by

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@sync_to_async
def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class Page(WebsocketCommunicator):
    """A socket read as its page shows it (tests/seen.py: a render may be shared by every seat,
    the page's CSS shows its own parts); `raw` keeps every message exactly as the server sent it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.raw: list[str] = []

    async def receive_from(self, timeout: float = 1) -> str:
        html = await super().receive_from(timeout)
        self.raw.append(html)
        return seen_by(html)


async def connect(table_id: int, user=None, *, path: str | None = None) -> Page:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", f"sessionid={await session_cookie(user)}".encode()))
    socket = Page(application, path or f"/ws/mesa/{table_id}/", headers=headers)
    connected, code = await socket.connect()
    assert connected, code
    return socket


def version_of(html: str) -> int:
    return int(re.search(r'data-version="(\d+)"', html).group(1))


async def send(socket, action=None, *, version, cid="", **fields):
    message = {"version": str(version), "cid": cid, **fields}
    if action is not None:
        message["action"] = json.dumps(action)
    await socket.send_to(text_data=json.dumps(message))


async def until_version(socket, version: int) -> str:
    """Read messages until one shows `version` (earlier renders may still be in flight)."""
    for _ in range(10):
        html = await socket.receive_from(timeout=5)
        if version_of(html) >= version:
            return html
    raise AssertionError(f"never saw version {version}")


@pytest.fixture
def users(make_user):
    return make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")


@pytest.fixture
def duel_table(users):
    ana, bia = users
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    return Table.objects.get(pk=table.pk)


async def test_joining_shows_the_live_table_for_your_seat(duel_table, users):
    ana, bia = users
    socket = await connect(duel_table.pk, ana)
    html = await socket.receive_from()
    assert version_of(html) == 1
    assert "Sua vez" in html
    assert 'id="mesa-jogo"' in html and 'id="mesa-status"' in html
    other = await connect(duel_table.pk, bia)
    assert "Vez de Ana" in await other.receive_from()
    await socket.disconnect()
    await other.disconnect()


async def test_a_move_reaches_every_socket_and_covered_dice_never_leave_the_server(
    duel_table, users
):
    ana, bia = users
    mine, theirs = await connect(duel_table.pk, ana), await connect(duel_table.pk, bia)
    watcher = await connect(duel_table.pk)  # an anonymous spectator of a public table
    for socket in (mine, theirs, watcher):
        await socket.receive_from()

    await send(mine, {"type": "roll", "cup": True}, version=1, cid="r1")
    pages = [await until_version(s, 2) for s in (mine, theirs, watcher)]
    table = await Table.objects.aget(pk=duel_table.pk)
    covered = table.state["turn"]["dice"]
    assert table.state["turn"]["covered"] == [0, 1, 2, 3, 4]
    sent = [html for socket in (mine, theirs, watcher) for html in socket.raw]
    for html in sent:  # everything that left the server, not only what the pages show
        assert "die--covered" in html or version_of(html) < 2
        for value in set(covered):
            assert f"die--{value}" not in html
            assert f"Dado 1: {value}" not in html
    assert [own_seat(socket.raw[-1]) for socket in (mine, theirs, watcher)] == [0, 1, None]
    assert "Levantar — por cima" in pages[0]
    assert "Levantar" not in pages[1] and "Levantar" not in pages[2]

    await send(mine, {"type": "lift", "from": "top"}, version=2, cid="l1")
    html = await until_version(theirs, 3)
    for i, value in enumerate(covered, start=1):
        assert f"Dado {i}: {value}" in html
    for socket in (mine, theirs, watcher):
        await socket.disconnect()


async def test_out_of_turn_gets_the_rules_message_only_on_that_socket(duel_table, users):
    ana, bia = users
    mine, theirs = await connect(duel_table.pk, ana), await connect(duel_table.pk, bia)
    await mine.receive_from()
    await theirs.receive_from()
    await send(theirs, {"type": "roll", "cup": False}, version=1)
    html = await theirs.receive_from()
    assert "message--error" in html
    assert version_of(html) == 1
    assert await mine.receive_nothing(timeout=0.3)
    assert (await Table.objects.aget(pk=duel_table.pk)).version == 1
    await mine.disconnect()
    await theirs.disconnect()


async def test_a_spectator_cannot_act(duel_table, make_user):
    caio = await sync_to_async(make_user)("caio")
    socket = await connect(duel_table.pk, caio)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=1)
    assert "assistindo" in await socket.receive_from()
    assert (await Table.objects.aget(pk=duel_table.pk)).version == 1
    await socket.disconnect()


async def test_a_repeated_cid_is_answered_with_the_view_not_applied_twice(duel_table, users):
    ana, _ = users
    socket = await connect(duel_table.pk, ana)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=1, cid="same")
    await until_version(socket, 2)
    await send(socket, {"type": "roll", "cup": False}, version=2, cid="same")
    html = await socket.receive_from()
    assert version_of(html) == 2
    table = await Table.objects.aget(pk=duel_table.pk)
    assert (table.version, table.state["turn"]["rolls"]) == (2, 1)
    await socket.disconnect()


async def test_a_stale_version_gets_the_current_view_and_a_notice(duel_table, users):
    ana, _ = users
    socket = await connect(duel_table.pk, ana)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=0)
    html = await socket.receive_from()
    assert "A mesa mudou antes da sua jogada" in html
    assert version_of(html) == 1
    await socket.disconnect()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{not json", "não é JSON"),
        ("[1, 2]", "esperava um objeto"),
        ('{"action": "{oops", "version": "1"}', "Jogada inválida"),
        ('{"action": "[]", "version": "1"}', "Jogada inválida"),
        ('{"action": "{\\"type\\": \\"roll\\"}", "version": "um"}', "deve ser um número"),
        ('{"action": "{\\"type\\": \\"dançar\\"}", "version": "1"}', "desconhecida"),
        ('{"cmd": "explodir"}', "Comando desconhecido"),
        ('{"cid": 5, "version": "1"}', "cid"),
    ],
)
async def test_malformed_messages_get_a_clear_error_and_the_socket_stays_open(
    duel_table, users, raw, message
):
    ana, _ = users
    socket = await connect(duel_table.pk, ana)
    await socket.receive_from()
    await socket.send_to(text_data=raw)
    html = await socket.receive_from()
    assert message in html
    await send(socket, {"type": "roll", "cup": False}, version=1)
    assert version_of(await until_version(socket, 2)) == 2
    await socket.disconnect()


async def test_two_sockets_of_one_player_racing_apply_exactly_one(duel_table, users):
    ana, _ = users
    first, second = await connect(duel_table.pk, ana), await connect(duel_table.pk, ana)
    await first.receive_from()
    await second.receive_from()
    await asyncio.gather(
        send(first, {"type": "roll", "cup": False}, version=1, cid="a"),
        send(second, {"type": "leave"}, version=1, cid="b"),
    )
    await asyncio.sleep(0.5)
    table = await Table.objects.aget(pk=duel_table.pk)
    assert table.version == 2
    applied = [a async for a in table.actions.filter(version=2).values_list("cid", flat=True)]
    assert applied in (["a"], ["b"])
    await first.disconnect()
    await second.disconnect()


async def test_reconnecting_shows_the_same_state(duel_table, users):
    ana, _ = users
    socket = await connect(duel_table.pk, ana)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=1)
    before = await until_version(socket, 2)
    await socket.disconnect()
    again = await connect(duel_table.pk, ana)
    after = await again.receive_from()
    assert re.findall(r"die--\d", after) == re.findall(r"die--\d", before)
    assert version_of(after) == 2
    await again.disconnect()


async def test_closing_the_page_records_when_the_player_was_last_seen_at_an_open_table(
    duel_table, users
):
    ana, bia = users
    before = (await Seat.objects.aget(table=duel_table, user=ana)).last_seen
    socket = await connect(duel_table.pk, ana)
    await socket.receive_from()
    await socket.disconnect()
    seen = (await Seat.objects.aget(table=duel_table, user=ana)).last_seen
    assert seen is not None and seen != before

    await sync_to_async(services.seat_leave)(table_id=duel_table.pk, user=bia)  # Ana wins
    socket = await connect(duel_table.pk, ana)
    assert "Fim de jogo" in await socket.receive_from()
    ended = (await Seat.objects.aget(table=duel_table, user=ana)).last_seen
    await socket.disconnect()
    assert (await Seat.objects.aget(table=duel_table, user=ana)).last_seen == ended


async def test_leaving_during_the_game_over_the_socket_gives_the_win_to_the_other_side(
    duel_table, users
):
    ana, bia = users
    mine, theirs = await connect(duel_table.pk, ana), await connect(duel_table.pk, bia)
    for socket in (mine, theirs):
        await socket.receive_from()
    await theirs.send_to(text_data=json.dumps({"cmd": "leave"}))
    assert "Você venceu!" in await until_version(mine, 2)
    html = await until_version(theirs, 2)
    assert "Fim de jogo" in html and "Você venceu!" not in html
    table = await Table.objects.aget(pk=duel_table.pk)
    assert table.status == Table.Status.FINISHED and table.outcome["winners"] == [0]
    await mine.disconnect()
    await theirs.disconnect()


async def test_the_inactivity_claim_over_the_socket_opens_after_two_minutes(duel_table, users):
    _, bia = users
    theirs = await connect(duel_table.pk, bia)
    assert "Reclamar a vitória" not in await theirs.receive_from()
    await send(theirs, {"type": "claim_inactivity"}, version=1, cid="early")
    assert "dois minutos" in await theirs.receive_from()
    await idle_for_three_minutes(duel_table)
    theirs_again = await connect(duel_table.pk, bia)
    assert "Reclamar a vitória por inatividade" in await theirs_again.receive_from()
    await send(theirs_again, {"type": "claim_inactivity"}, version=1, cid="late")
    assert "Você venceu!" in await until_version(theirs_again, 2)
    assert (await Table.objects.aget(pk=duel_table.pk)).outcome["winners"] == [1]
    await theirs.disconnect()
    await theirs_again.disconnect()


async def test_a_partner_never_claims_the_win_over_the_socket(users, make_user):
    ana, bia = users
    caio, davi = await sync_to_async(make_user)("caio"), await sync_to_async(make_user)("davi")
    table = await sync_to_async(services.table_create)(host=ana, game="bozo", mode="duplas")
    for user in (bia, caio, davi):
        await sync_to_async(services.seat_take)(table_id=table.pk, user=user)
    await sync_to_async(services.table_start)(table_id=table.pk, by=ana)
    await idle_for_three_minutes(table)
    # Ana (seat 0) is on turn; Caio (seat 2) is her partner, Davi (seat 3) an opponent.
    partner, opponent = await connect(table.pk, caio), await connect(table.pk, davi)
    assert "Reclamar a vitória" not in await partner.receive_from()
    assert "Reclamar a vitória" in await opponent.receive_from()
    await send(partner, {"type": "claim_inactivity"}, version=1, cid="partner")
    assert "message--error" in await partner.receive_from()  # the rules' refusal, to them only
    assert await opponent.receive_nothing()
    assert (await Table.objects.aget(pk=table.pk)).status == Table.Status.PLAYING
    await partner.disconnect()
    await opponent.disconnect()


async def idle_for_three_minutes(table) -> None:
    """As if nobody had moved for three minutes (the claim opens after two)."""
    await Table.objects.filter(pk=table.pk).aupdate(
        last_action_at=timezone.now() - timedelta(minutes=3)
    )
    snapshots.forget(table.pk)


async def test_a_private_table_refuses_strangers(users, make_user):
    ana, _ = users
    table = await sync_to_async(services.table_create)(
        host=ana, game="bozo", mode="duelo", is_public=False
    )
    stranger = await sync_to_async(make_user)("caio")
    headers = [
        (b"origin", b"http://testserver"),
        (b"cookie", f"sessionid={await session_cookie(stranger)}".encode()),
    ]
    socket = WebsocketCommunicator(application, f"/ws/mesa/{table.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert not connected
    owner = await connect(table.pk, ana)
    assert "Esperando jogadores" in await owner.receive_from()
    await owner.disconnect()


async def test_a_foreign_origin_is_refused(duel_table):
    socket = WebsocketCommunicator(
        application, f"/ws/mesa/{duel_table.pk}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await socket.connect()
    assert not connected


async def test_the_waiting_room_runs_over_the_socket(users):
    ana, bia = users
    table = await sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    host, guest = await connect(table.pk, ana), await connect(table.pk, bia)
    await host.receive_from()
    await guest.receive_from()
    await guest.send_to(text_data=json.dumps({"cmd": "sit"}))
    assert "Bia" in await host.receive_from()
    await guest.receive_from()
    await host.send_to(text_data=json.dumps({"cmd": "start"}))
    html = await host.receive_from()
    assert "Sua vez" in html
    assert "Vez de Ana" in await guest.receive_from()
    await host.disconnect()
    await guest.disconnect()


async def test_a_forced_change_is_read_once_for_all_the_sockets_of_the_process(users, monkeypatch):
    ana, bia = users
    table = await sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    sockets = [await connect(table.pk, ana), await connect(table.pk, bia), await connect(table.pk)]
    for socket in sockets:
        await socket.receive_from()
    loads, load = [], snapshots.load
    monkeypatch.setattr(
        snapshots, "load", lambda *args, **kw: loads.append(args) or load(*args, **kw)
    )
    await sync_to_async(services.seat_take)(table_id=table.pk, user=bia)  # no new version
    for socket in sockets:
        assert "Bia" in await socket.receive_from()
    assert len(loads) == 1
    await sync_to_async(services.seat_leave)(table_id=table.pk, user=bia)
    for socket in sockets:
        assert "Lugar livre" in await socket.receive_from()
    assert len(loads) == 2  # each forced change is read again
    for socket in sockets:
        await socket.disconnect()


async def test_robots_play_their_turns_through_the_same_service(users):
    ana, _ = users
    table = await sync_to_async(services.table_create)(host=ana, game="bozo", mode="duelo")
    await sync_to_async(services.robot_add)(table_id=table.pk, by=ana)
    await sync_to_async(services.table_start)(table_id=table.pk, by=ana)
    socket = await connect(table.pk, ana)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=1)
    await until_version(socket, 2)
    await send(socket, {"type": "score", "box": "as"}, version=2)
    await until_version(socket, 3)
    for _ in range(30):
        await sync_to_async(services.run_due)()
        table = await Table.objects.aget(pk=table.pk)
        if table.state["to_move"] == 0:
            break
    html = await until_version(socket, table.version)
    assert "Sua vez" in html
    await socket.disconnect()


async def test_solo_training_hint_goes_only_to_the_player(users):
    ana, _ = users
    table = await sync_to_async(services.table_create)(host=ana, game="bozo", mode="solo")
    await sync_to_async(services.table_start)(table_id=table.pk, by=ana)
    socket = await connect(table.pk, ana)
    await socket.receive_from()
    await send(socket, {"type": "roll", "cup": False}, version=1)
    await until_version(socket, 2)
    await socket.send_to(text_data=json.dumps({"cmd": "hint"}))
    html = await socket.receive_from()
    assert "Dica do robô" in html
    assert "final esperado" in html
    await socket.disconnect()


def hold_the_table(table_id: int):
    """Another writer on its own connection (a command, the sweeper, another process), holding
    SQLite's write lock or the PostgreSQL row of the table. Returns (read version, release)."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        holder = sqlite3.connect(settings["NAME"], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        query = "SELECT version FROM games_table WHERE id = ?"
    else:
        import psycopg

        holder = psycopg.connect(
            dbname=settings["NAME"],
            host=settings["HOST"] or None,
            port=settings["PORT"] or None,
            user=settings["USER"] or None,
            password=settings["PASSWORD"] or None,
        )
        query = "SELECT version FROM games_table WHERE id = %s FOR UPDATE"
    holder.execute(query, [table_id])

    def version() -> int:
        return holder.execute(query, [table_id]).fetchone()[0]

    def release() -> None:
        holder.commit() if connection.vendor != "sqlite" else holder.execute("COMMIT")
        holder.close()

    return version, release


async def test_a_move_behind_another_writer_waits_off_the_event_loop(duel_table, users):
    """With SQLite a move is written on the event loop; while another writer holds the lock it
    gives up within a blink and waits in the database thread (where PostgreSQL moves always
    go), so the other sockets of the process go on."""
    ana, _ = users
    mine = await connect(duel_table.pk, ana)
    await mine.receive_from()
    version, release = hold_the_table(duel_table.pk)
    try:
        await send(mine, {"type": "roll", "cup": False}, version=1, cid="behind")
        loop = asyncio.get_running_loop()
        started = loop.time()
        await asyncio.sleep(0.3)
        assert loop.time() - started < 0.45  # the loop was never held for long
        assert version() == 1  # not written yet: it waits for the other writer
    finally:
        release()
    assert "Dado 1:" in await until_version(mine, 2)
    await mine.disconnect()
