"""The live table socket: routes commands to the services and renders each viewer's own view.

Messages in are the JSON that htmx's ws extension sends for a `ws-send` form: the form's fields
(`action` as JSON text for a game action, or `cmd` for a table command, plus `version` and `cid`).
Messages out are HTML fragments swapped out-of-band by id. Nothing here writes a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import cache, cached_property
from typing import Any, TypeVar

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, OperationalError, connections
from django.template.loader import render_to_string
from django.utils.functional import empty
from django.utils.translation import gettext as _

from games import services, snapshots
from games.models import Table
from games.render import render_live

log = logging.getLogger(__name__)

MAX_MESSAGE = 4096
COMMANDS = frozenset(
    {"sit", "leave", "start", "robot_add", "seat_clear", "seat_move", "replay", "hint"}
)


T = TypeVar("T")

# How long a move written on the event loop may wait for SQLite's write lock before it goes to the
# database thread instead, which waits as long as the database's own timeout.
INLINE_LOCK_WAIT_MS = 50


async def on_database(apply: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run the socket's database work: a move, a table command, a fresh read of the table.
    With SQLite, the database is a file on this machine and the work (a move's UPDATE, INSERT
    and commit: about 0.2 ms; a command: a few ms) costs less than the hop to Channels' one
    database thread, where it waited in line behind the event loop for the GIL (a move: 2.3 ms
    of waiting for 0.6 ms of work, the bench's first limit). So it runs right here, on the loop;
    if another writer holds the lock for longer than a blink, it goes to the thread after all.
    PostgreSQL is a network server: its work keeps the hop."""
    if _on_sqlite():
        try:
            with _orm_on_this_loop():
                return apply(*args, **kwargs)
        except OperationalError as error:
            if "locked" not in str(error):
                raise
            log.info("table work waits for the database lock in the database thread")
    return await database_sync_to_async(apply)(*args, **kwargs)


@cache
def _on_sqlite() -> bool:
    return connections[DEFAULT_DB_ALIAS].vendor == "sqlite"


@contextmanager
def _orm_on_this_loop() -> Iterator[None]:
    """Django refuses database calls where an event loop runs, so that nobody blocks it by
    mistake; a SQLite write that gives up on a busy lock after INLINE_LOCK_WAIT_MS is a choice.
    The running loop is hidden from this thread for the call only."""
    loop = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        db = connections[DEFAULT_DB_ALIAS]  # this thread's, looked up once
        db.ensure_connection()
        raw = db.connection
        if getattr(db, "_games_short_lock_wait", None) is not raw:
            raw.execute(f"PRAGMA busy_timeout = {INLINE_LOCK_WAIT_MS}")
            db._games_short_lock_wait = raw
        yield
    finally:
        asyncio.events._set_running_loop(loop)


def unwrapped(user: Any) -> Any:
    """The user behind Channels' lazy `scope["user"]`, which AuthMiddleware has already read:
    every move asks it several questions, each a detour through the proxy."""
    wrapped = getattr(user, "_wrapped", empty)
    return user if wrapped is empty else wrapped


class BadMessage(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise BadMessage(_("Mensagem inválida: %(what)s deve ser um número.") % {"what": what})
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BadMessage(
            _("Mensagem inválida: %(what)s deve ser um número.") % {"what": what}
        ) from None


def parse_message(text: str | None) -> dict[str, Any]:
    if text is None:
        raise BadMessage(_("Mensagem inválida: envie texto JSON."))
    if len(text) > MAX_MESSAGE:
        raise BadMessage(_("Mensagem grande demais."))
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage(_("Mensagem inválida: não é JSON.")) from None
    if not isinstance(data, dict):
        raise BadMessage(_("Mensagem inválida: esperava um objeto JSON."))
    cid = data.get("cid", "")
    if not isinstance(cid, str) or len(cid) > 64:
        raise BadMessage(_("Mensagem inválida: identificador de comando (cid) malformado."))
    return data


def parse_action(data: dict[str, Any]) -> dict[str, Any]:
    raw = data.get("action")
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            raise BadMessage(_("Jogada inválida: não é JSON.")) from None
    if not isinstance(raw, dict):
        raise BadMessage(_("Jogada inválida: esperava um objeto com o campo “type”."))
    return raw


async def dispatch_from(sources: list[Callable[[], Awaitable[Any]]], dispatch) -> None:
    """Channels' `await_many_dispatch`, lighter: one reader per source for the socket's life,
    where Channels makes a new task and an `asyncio.wait` for every message. As there, messages
    are dispatched one at a time, in order, and a source is read again only once its last
    message has been dispatched."""
    loop = asyncio.get_running_loop()
    inbox: asyncio.Queue[tuple[Any, asyncio.Future | None]] = asyncio.Queue()

    async def read(source: Callable[[], Awaitable[Any]]) -> None:
        try:
            while True:
                message = await source()
                dispatched = loop.create_future()
                inbox.put_nowait((message, dispatched))
                await dispatched
        except Exception as error:  # the dispatching loop raises it
            inbox.put_nowait((error, None))

    readers = [loop.create_task(read(source)) for source in sources]
    try:
        while True:
            message, dispatched = await inbox.get()
            if dispatched is None:
                raise message
            try:
                await dispatch(message)
            finally:
                dispatched.set_result(None)
    finally:
        for reader in readers:
            reader.cancel()
        for reader in readers:
            with contextlib.suppress(asyncio.CancelledError):
                await reader


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int
    token: str = ""
    sent_version: int = -1

    async def __call__(self, scope, receive, send) -> None:
        """Channels' own, reading the socket and the channel layer with `dispatch_from`."""
        self.scope = scope
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        self.base_send = send
        with contextlib.suppress(StopConsumer):
            await dispatch_from([receive, self.channel_receive], self.dispatch)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its `aclose_old_connections()` before every message: that
        is a thread hop per frame and per group message. Database work here goes through
        `on_database`: in the database thread, which closes old connections itself, or with
        SQLite on the loop's own connection to a local file, which stays open."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.user = unwrapped(self.scope.get("user"))
        if not await on_database(self.can_watch, time.monotonic()):
            await self.close(code=4404)
            return
        self.group = f"mesa-{self.table_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        start_sweeper()
        await self.push()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if not self.table_over():
                await on_database(services.seat_seen, table_id=self.table_id, user=self.user)

    def table_over(self) -> bool:
        """Whether this process knows the game ended: a finished table's seats wait for nobody,
        so when its players left is not written (players leave it all at once, to the next)."""
        known = snapshots.get(self.table_id, cached_only=True)
        return known is not None and not known.table.is_open

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            data = parse_message(text_data)
            cid = data.get("cid", "")
            if "cmd" in data:
                await self.command(data)
                return
            action = parse_action(data)
            version = parse_int(data.get("version"), "version")
        except BadMessage as error:
            await self.push(notice=error.message, kind="error")
            return
        result, queue = await on_database(self.act, action, version, cid)
        await services.send_deferred(queue)
        if result.status == "applied":
            return  # the group message brings the new view to every socket, this one included
        kind = "warning" if result.status in ("stale", "duplicate") else "error"
        await self.push(notice=result.message, kind=kind, fresh=True)

    def act(self, action: dict[str, Any], version: int, cid: str):
        with services.deferred_notifications() as queue:
            result = services.table_act(
                table_id=self.table_id, user=self.user, action=action, version=version, cid=cid
            )
        return result, queue

    async def command(self, data: dict[str, Any]) -> None:
        cmd = data.get("cmd")
        if cmd not in COMMANDS:
            raise BadMessage(_("Comando desconhecido."))
        if not getattr(self.user, "is_authenticated", False):
            await self.push(notice=_("Entre na sua conta para jogar."), kind="error", fresh=True)
            return
        if cmd == "hint":
            await self.push(hint=True, fresh=True)
            return
        try:
            notice, queue = await on_database(self.run_command, cmd, data)
        except services.TableError as error:
            await self.push(notice=error.message, kind="error", fresh=True)
            return
        await services.send_deferred(queue)
        if notice:
            await self.push(notice=notice, fresh=True)

    def run_command(self, cmd: str, data: dict[str, Any]) -> tuple[str, list]:
        """The command's notice, if any, and the group messages its commit left to send."""
        with services.deferred_notifications() as queue:
            return self.apply_command(cmd, data), queue

    def apply_command(self, cmd: str, data: dict[str, Any]) -> str:
        table_id, user = self.table_id, self.user
        if cmd == "sit":
            team = data.get("team")
            if team in (None, ""):
                session = self.scope.get("session")
                team = (session.get("invite_team", {}) if session is not None else {}).get(
                    str(table_id)
                )
            services.seat_take(
                table_id=table_id,
                user=user,
                team=None if team in (None, "") else parse_int(team, "team"),
                invite_code=self.invite_code(),
            )
        elif cmd == "leave":
            services.seat_leave(table_id=table_id, user=user)
        elif cmd == "start":
            services.table_start(table_id=table_id, by=user)
        elif cmd == "robot_add":
            services.robot_add(table_id=table_id, by=user)
        elif cmd == "seat_clear":
            services.seat_clear(
                table_id=table_id, by=user, index=parse_int(data.get("seat"), "seat")
            )
        elif cmd == "seat_move":
            services.seat_move(
                table_id=table_id,
                by=user,
                from_index=parse_int(data.get("seat"), "seat"),
                to_index=parse_int(data.get("to"), "to"),
            )
        elif cmd == "replay":
            services.table_replay(table_id=table_id, by=user)
        return ""

    @cached_property
    def base_url(self) -> str:
        """The site's address as the browser sees it, for invitation links."""
        headers = dict(self.scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        secure = self.scope.get("scheme") == "wss" or headers.get(b"x-forwarded-proto") == b"https"
        return f"{'https' if secure else 'http'}://{host}" if host else ""

    def invite_code(self) -> str:
        session = self.scope.get("session")
        invites = session.get("invites", {}) if session is not None else {}
        return invites.get(str(self.table_id), "")

    def can_watch(self, asked: float) -> bool:
        """Whether this socket may see the table. Reads the table fresh (or takes the copy this
        process read from the database since the socket asked: both players of a new table
        arrive together), with its seats and log, and keeps it: the first view is then rendered
        from memory, on the loop."""
        snapshot = snapshots.get(self.table_id, fresh=True, read_since=asked)
        if snapshot is None:
            return False
        table = snapshot.table
        self.token = table.invite_code
        snapshot.recent_events()
        if table.is_public:
            return True
        user = self.user
        if getattr(user, "is_authenticated", False) and any(
            seat.user_id == user.pk for seat in snapshot.seats
        ):
            return True
        return self.invite_code() == table.invite_code

    async def table_changed(self, message: dict[str, Any]) -> None:
        if message.get("force"):
            await self.push(fresh=True, reload=message["force"])
        elif message["version"] > self.sent_version:
            await self.push(version=message["version"])

    async def push(
        self,
        *,
        notice: str = "",
        kind: str = "info",
        hint: bool = False,
        version: int = -1,
        fresh: bool = False,
        reload: str = "",
    ) -> None:
        known = None
        if not (hint or fresh):
            known = snapshots.get(
                self.table_id, version=version, token=self.token, cached_only=True
            )
        if known is not None and known.events is not None:
            # The committed table is in memory with its log: render right here, with no database
            # and no thread hop (the render is pure CPU; a hop would only add to it).
            html, version = self.render_snapshot(known, notice, kind), known.version
        elif hint:  # the robot's advice may first build its tables (a second or so): off the loop
            render = database_sync_to_async(self.render)
            html, version = await render(notice, kind, hint, version, fresh, reload)
        else:
            args = (notice, kind, hint, version, fresh, reload)
            html, version = await on_database(self.render, *args)
        if html is None:
            await self.close(code=4404)
            return
        self.sent_version = max(self.sent_version, version)
        try:
            await self.send(text_data=html)
        except Exception:  # the browser left while we rendered; disconnect() still runs
            log.debug("socket of table %s closed during a send", self.table_id)

    def render(
        self, notice: str, kind: str, hint: bool, version: int, fresh: bool, reload: str = ""
    ) -> tuple[str | None, int]:
        snapshot = snapshots.get(
            self.table_id, version=version, fresh=fresh, token=self.token, reload=reload
        )
        if snapshot is None:
            return None, 0
        html = self.render_snapshot(snapshot, notice, kind)
        if hint:
            html += render_hint(snapshot.table, self.user)
        return html, snapshot.version

    def render_snapshot(self, snapshot: snapshots.Snapshot, notice: str, kind: str) -> str:
        return render_live(
            snapshot.table,
            self.user,
            notice=notice,
            notice_kind=kind,
            snapshot=snapshot,
            base_url=self.base_url,
        )


def render_hint(table: Table, user) -> str:
    """The robot's advice for the player on turn, shown only to them (solo training)."""
    from games.render import table_context

    ctx = table_context(table, user)
    advice: list[dict[str, Any]] = []
    if ctx.actor is not None and ctx.view is not None and ctx.legal:
        try:
            advise = services.robot_module(table.game).advise
        except (ImportError, AttributeError):
            advise = None
        if advise is not None:
            candidates = [a for a in ctx.legal if a["type"] not in services.ROBOT_FORBIDDEN]
            advice = advise(ctx.view, candidates)[:6]
    return render_to_string("games/_hint.html", {"advice": advice, "table": table})


# -- the sweeper: applies due timers (robot moves, inactivity claims) ----------------------------

_sweeper: asyncio.Task | None = None


def start_sweeper() -> None:
    """Start this process's sweeper once. Several processes may each run one: every timer is
    applied under the table's row lock and re-checked there, so it fires exactly once."""
    global _sweeper
    if not getattr(settings, "GAMES_SWEEPER", True):
        return
    if _sweeper is None or _sweeper.done():
        _sweeper = asyncio.get_running_loop().create_task(sweep_forever())


def _sweep_once() -> list:
    with services.deferred_notifications() as queue:
        services.run_due()
    return queue


async def sweep_forever(interval: float = 0.25) -> None:
    while True:
        try:
            await services.send_deferred(await database_sync_to_async(_sweep_once)())
        except Exception:
            log.exception("sweeper tick failed")
        await asyncio.sleep(interval)
