"""The socket fuzzer's run (test_fuzz_sockets.py), through the real ASGI stack and consumer.

Each example starts a table of its own (a seed and a number of moves into its game, so that every
example can be replayed), opens fresh sockets (the per-socket budget of games/consumers.py is not
the subject here) and sends up to 25 messages (tests/games/fuzz_messages.py), each followed by a
probe whose notice marks the end of its answers; after each, what the message changed and how it
was answered is checked, and at the end each table's log replays through the rules.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.test import Client
from django.utils.html import escape
from hypothesis import strategies as st

from config.asgi import application
from games import commands, messages, rules, services, snapshots
from games.models import Action, Seat, Table
from tests.games.fuzz_messages import (
    CIDS,
    FIELD_VALUES,
    JSONISH,
    ODD_TEXT,
    command,
    mutated,
    versions,
)
from tests.games.sockets import Socket

MODES = {"bozo": "duelo", "domino": "duplas", "dozito": "mesa", "yams": "mesa"}
PLAYERS = {"bozo": 2, "domino": 4, "dozito": 2, "yams": 2}
NAMES = ("ana", "bia", "caio", "duda")


STEPS = 25  # with their probes, within the socket budget (consumers.BURST)
# The probe that follows every message: its notice marks the end of the message's answers.
PROBE = json.dumps({"ack": "sonda"})
PROBE_NOTICE = escape("Mensagem inválida: ack deve ser um número.")
BROKEN = ("Traceback", "Algo deu errado do nosso lado", "Exception", "Internal Server Error")


class Fuzz:
    def __init__(
        self, game: str, role: str, people: dict[str, Any], site_rng: Callable[[int], Any]
    ) -> None:
        self.game, self.role, self.people, self.site_rng = game, role, people, site_rng
        self.rules = rules.get(game)
        self.cookies = {name: self.cookie(user) for name, user in people.items()}
        self.tables: list[int] = []
        self.applied_cids: set[str] = set()
        self.messages = 0

    @staticmethod
    def cookie(user) -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    def new_table(self, seed: int, moves: int) -> int:
        """A table started with dice of `seed`, `moves` legal moves into its game."""
        self.site_rng(seed)
        chooser = random.Random(seed)
        players = [self.people[n] for n in NAMES[: PLAYERS[self.game]]]
        table = services.table_create(host=players[0], game=self.game, mode=MODES[self.game])
        for user in players[1:]:
            services.seat_take(table_id=table.pk, user=user)
        services.table_start(table_id=table.pk, by=players[0])
        if self.role == "queued" and services.has_queue(snapshots.get(table.pk)):
            services.queue_join(table_id=table.pk, user=self.people["eva"])
        for _ in range(moves):
            table.refresh_from_db()
            on_turn = self.rules.to_act(table.state) if table.state else []
            if table.status != Table.Status.PLAYING or not on_turn:
                break
            legal = [
                a
                for a in self.rules.legal_actions(table.state, on_turn[0])
                if a["type"] not in ("leave", "claim_inactivity")
            ]
            result = services.table_act(
                table_id=table.pk,
                user=players[on_turn[0]],
                action=chooser.choice(legal),
                version=table.version,
            )
            assert result.applied, result
        self.tables.append(table.pk)
        return table.pk

    async def connect(self, table_id: int, name: str | None) -> Socket:
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        if name is not None:
            headers.append((b"cookie", f"sessionid={self.cookies[name]}".encode()))
        socket = Socket(application, f"/ws/mesa/{table_id}/", headers=headers)
        connected, code = await socket.connect(timeout=10)
        assert connected, code
        await socket.receive_from(timeout=10)
        return socket

    async def example(self, data) -> None:
        channel_layers.backends.clear()  # each example runs its own event loop
        self.applied_cids.clear()
        seed = data.draw(st.integers(0, 2**32), label="seed")
        moves = data.draw(st.integers(0, 30), label="moves before")
        table_id = await database_sync_to_async(self.new_table)(seed, moves)
        seats = {}
        if self.role == "player":
            for index, name in enumerate(NAMES[: PLAYERS[self.game]]):
                seats[index] = await self.connect(table_id, name)
        visitor = {"spectator": "fabio", "queued": "eva", "anonymous": None}
        other = None if self.role == "player" else await self.connect(table_id, visitor[self.role])
        try:
            for _ in range(data.draw(st.integers(STEPS // 2, STEPS), label="messages")):
                await self.step(data, table_id, seats, other)
            for socket in (*seats.values(), *([other] if other else [])):
                await self.still_answers(socket)
        finally:
            for socket in (*seats.values(), *([other] if other else [])):
                await socket.disconnect()

    async def step(self, data, table_id: int, seats: dict[int, Socket], other) -> None:
        before = await database_sync_to_async(self.read)(table_id)
        state, version = before["state"], before["version"]
        on_turn = self.rules.to_act(state) if before["playing"] else []
        turn_seat = on_turn[0] if on_turn else 0
        legal = self.rules.legal_actions(state, turn_seat) if on_turn else []
        kind = data.draw(
            st.sampled_from(
                ["move", "move", "move", "mutated", "raw", "bytes", "json", "cmd", "ack", "fields"]
            ),
            label="kind",
        )
        sender = other
        if other is None:
            wrong = data.draw(st.integers(0, 9), label="seat") == 0 and len(seats) > 1
            sender = seats[(turn_seat + 1) % len(seats)] if wrong else seats[turn_seat]
        if kind == "move" and other is not None and legal and data.draw(st.booleans(), label="on"):
            # A player moves (through the service: the subject is the visitor's socket).
            action = data.draw(st.sampled_from(legal), label="progress")
            player = self.people[NAMES[turn_seat]]
            await database_sync_to_async(services.table_act)(
                table_id=table_id, user=player, action=action, version=version
            )
            return
        by_player = other is None
        fair = False
        if kind in ("move", "mutated") and legal:
            action = data.draw(st.sampled_from(legal), label="legal")
            cid = data.draw(CIDS, label="cid")
            if kind == "move":
                fair = by_player and sender is seats[turn_seat] and cid not in self.applied_cids
                message = {"action": json.dumps(action), "version": str(version), "cid": cid}
            else:
                action = data.draw(mutated(action), label="mutated")
                as_text = data.draw(st.booleans(), label="as text")
                message = {
                    "action": json.dumps(action) if as_text else action,
                    "version": data.draw(versions(version), label="version"),
                    "cid": cid,
                }
            text = json.dumps(message)
        elif kind == "raw":
            text = data.draw(ODD_TEXT | st.text(max_size=40), label="raw")
        elif kind == "bytes":
            text = data.draw(st.binary(max_size=20) | st.just(b'{"cmd": "chat"}'), label="bytes")
        elif kind == "json":
            text = json.dumps(data.draw(JSONISH, label="json"))
        elif kind == "cmd":
            cmd = data.draw(
                st.sampled_from(sorted(commands.COMMANDS)) | st.text(max_size=8), label="cmd"
            )
            text = json.dumps(data.draw(command(cmd), label="fields"))
        elif kind == "ack":
            text = json.dumps({"ack": data.draw(FIELD_VALUES, label="ack")})
        else:
            text = json.dumps(
                data.draw(
                    st.dictionaries(
                        st.sampled_from(["action", "version", "cid", "cmd", "ack", "x"]),
                        FIELD_VALUES,
                        max_size=4,
                    ),
                    label="fields",
                )
            )
        replies = await self.exchange(sender, text)
        self.messages += 1
        after = await database_sync_to_async(self.read)(table_id)
        moved = after["actions"] != before["actions"]
        if fair and before["playing"]:
            assert moved, f"a legal move of the seat on turn was refused: {text}\n{replies}"
        if not by_player:
            seated = await database_sync_to_async(self.seated)(table_id, self.visitor_id())
            if not seated:
                assert (after["state"], after["actions"], after["seats"]) == (
                    before["state"],
                    before["actions"],
                    before["seats"],
                ), f"a visitor changed the table: {text}"
        expected = refusal(text)
        if expected is not None:
            assert any(expected in r for r in replies), (text, expected, replies)
        elif looks_like_move(text) and not moved and not self.reused_cid(text):
            assert any('id="mesa-aviso"' in r for r in replies), (text, replies)
        if moved and looks_like_move(text):
            cid = json.loads(text).get("cid")
            if isinstance(cid, str) and cid:
                self.applied_cids.add(cid)

    def visitor_id(self) -> int | None:
        name = {"spectator": "fabio", "queued": "eva"}.get(self.role)
        return self.people[name].pk if name else None

    @staticmethod
    def seated(table_id: int, user_id: int | None) -> bool:
        return (
            user_id is not None and Seat.objects.filter(table_id=table_id, user_id=user_id).exists()
        )

    def reused_cid(self, text: str) -> bool:
        cid = json.loads(text).get("cid")
        return isinstance(cid, str) and cid in self.applied_cids

    @staticmethod
    def read(table_id: int) -> dict[str, Any]:
        table = Table.objects.get(pk=table_id)
        return {
            "state": table.state,
            "version": table.version,
            "playing": table.status == Table.Status.PLAYING,
            "actions": Action.objects.filter(table_id=table_id).count(),
            "seats": list(
                Seat.objects.filter(table_id=table_id)
                .order_by("index")
                .values_list("index", "user_id")
            ),
        }

    async def exchange(self, socket: Socket, text: str) -> list[str]:
        """Send `text` and then the probe; the answers up to the probe's notice (two notices
        when the message was itself such an ack)."""
        if isinstance(text, bytes):
            await socket.send_input({"type": "websocket.receive", "bytes": text})
        else:  # as the server hands it over, empty text included
            await socket.send_input({"type": "websocket.receive", "text": text})
        await socket.send_to(text_data=PROBE)
        probes = 2 if refusal(text) == PROBE_NOTICE else 1
        replies: list[str] = []
        while probes:
            reply = await socket.receive_from(timeout=10)
            for broken in BROKEN:
                assert broken not in reply, (text, reply)
            if PROBE_NOTICE in reply:
                probes -= 1
            replies.append(reply)
        return replies

    @staticmethod
    async def still_answers(socket: Socket) -> None:
        """After it all, the socket is open and a valid command gets its answer."""
        await socket.send_to(text_data=json.dumps({"cmd": "hint"}))
        for _ in range(50):
            reply = await socket.receive_from(timeout=10)
            if 'id="mesa-dica"' in reply or "só existe no treino solo" in reply:
                return
            if "Entre na sua conta para jogar." in reply:
                return
        raise AssertionError("the socket no longer answers")

    def check_logs(self) -> None:
        for table_id in self.tables:
            replayed(self.rules, table_id)


def refusal(text: str | bytes) -> str | None:
    """The notice the consumer's parsing gives `text`, escaped as the page receives it."""
    try:
        data = messages.parse_message(None if isinstance(text, bytes) else text)
        if "ack" in data:
            messages.parse_int(data["ack"], "ack")
        elif "cmd" not in data:
            messages.parse_action(data)
            messages.parse_int(data.get("version"), "version")
    except messages.BadMessage as error:
        return escape(error.message)
    return None


def looks_like_move(text: str | bytes) -> bool:
    if isinstance(text, bytes):
        return False
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and "ack" not in data and "cmd" not in data


def replayed(game, table_id: int) -> None:
    """The table's log, replayed through the rules from its start, gives the state stored."""
    table = Table.objects.get(pk=table_id)
    state, last = None, 0
    for entry in Action.objects.filter(table_id=table_id).order_by("version"):
        kinds = {event.get("type") for event in entry.events}
        if entry.action.get("type") == "start" or "new_game" in kinds:
            state = entry.state  # the rules' setup, or a new game after the queue sat
        elif entry.state is not None:
            assert entry.seat is not None and state is not None, entry
            expected, _events = game.apply(state, entry.seat, entry.action, None)
            assert expected == entry.state, f"table {table_id} v{entry.version}: {entry.action}"
            state = entry.state
        last = entry.version
    assert state == table.state
    assert table.state_version == last <= table.version
