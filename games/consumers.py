"""The live table socket: routes commands to the services and sends each viewer its own view.

Messages in are the JSON that htmx's ws extension sends for a `ws-send` form: the form's fields
(`action` as JSON text for a game action, or `cmd` for a table command, plus `version` and
`cid`), and the page's `{"ack": n}` (how much it has received). Messages out are HTML partials
swapped out-of-band by id: only those that changed since the socket's last message, plus notices
and chat lines. Nothing here writes a table; database work goes through
`database_sync_to_async`, as Channels documents.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games import (
    absence,
    chat,
    limits,
    presence,
    presenters,
    rendering,
    rules,
    services,
    snapshots,
    sweeper,
)
from games.catalog import GAMES_BY_SLUG
from games.layers import watch
from games.messages import BadMessage, parse_action, parse_int, parse_message
from games.snapshots import TableCopy

log = logging.getLogger(__name__)

COMMANDS = frozenset(
    {
        "sit", "leave", "start", "robot_add", "seat_clear", "seat_move", "replay", "hint",
        "mute", "chat", "queue_join", "queue_leave", "react",
    }
)  # fmt: skip
# Each socket may send a burst of messages, then a few per second; past that it gets one notice,
# and a socket that goes on regardless is closed.
BURST, PER_SECOND, PAST_BUDGET = 60, 15.0, 60
# A socket whose page has not confirmed this many characters of what it was sent (a client that
# does not read) is closed: its output would otherwise pile up in the server.
OUTPUT_CAP = 1_000_000
POLICY_VIOLATION = 4008  # 1008's meaning, in the range an application may send
# Too many sockets of one account or address (HTTP's 429): the page shows why and does not retry.
TOO_MANY = 4029


# Errors of an unreachable database (PostgreSQL stopped, restarting, a connection cut, no
# connection to borrow within the pool's timeout).
DATABASE_DOWN = (OperationalError, InterfaceError)


# The tables' database work runs in a few threads of its own rather than Channels' one: the
# commits of several tables overlap. Not the loop's default pool, whose threads other work
# shares (and which each test's loop makes anew, so its connections outlived it).
DATABASE_THREADS = ThreadPoolExecutor(
    max_workers=settings.GAMES_DATABASE_THREADS, thread_name_prefix="mesas-db"
)


def database(function):
    """`function` as Channels runs database work from async code, in the tables' threads."""
    return database_sync_to_async(function, thread_sensitive=False, executor=DATABASE_THREADS)


def notice_html(text: str, kind: str = "info", *, go: str = "", link: str = "") -> str:
    """The notice partial; with `go`, the page goes to that address (table.js follows it); with
    `link`, it offers a link to that table."""
    context = {"text": text, "kind": kind, "go": go, "link": link}
    return render_to_string("games/_notice.html", context, using="jinja2")


# The latest chat lines and reactions a socket was sent, by id: one that reaches it twice (its
# person sat down or left while it was posted, and the socket was in both of the table's groups)
# shows once.
SEEN = 32


class TableConsumer(AsyncWebsocketConsumer):
    """One page's socket at one table."""

    table_id: int = 0
    groups_joined: tuple[str, ...] = ()
    version: int = -1
    in_seated_group: bool = False  # which of the table's two groups this socket is in
    user_id: int | None = None
    address: str | None = None  # the client's, for the limits per address

    async def connect(self) -> None:
        try:
            await self.join()
        except Exception:  # the page reconnects by itself (4011: a server's passing trouble)
            log.exception("socket of table %s could not open", self.table_id)
            # An application may close only with 1000 or 3000-4999 (the WebSocket API; daphne's
            # Autobahn refuses 1011 and 1008), so the codes of this socket are 4xxx.
            await self.close(code=4011)

    async def join(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user = self.scope.get("user")
        self.user_id = services.user_id_of(self.user)
        self.sent: rendering.Sent = {}
        self.version = -1
        self.tokens, self.refilled, self.past_budget = float(BURST), time.monotonic(), 0
        self.chars_sent, self.unacked = 0, 0
        self.seen: deque[int | str] = deque(maxlen=SEEN)  # chat lines' ids, reactions'
        self.address = limits.address_of(self.scope)
        refusal = limits.socket_refusal(self, self.user_id, self.address)
        if refusal:  # accepted only to say why: a refused handshake reaches the page mute
            await self.accept()
            await self.send_html(notice_html(refusal, "error"))
            await self.close(code=TOO_MANY)
            return
        copy = await database(snapshots.get)(self.table_id)
        if copy is None or not services.may_watch(copy, self.user, self.invite_code()):
            await self.close(code=4404)
            return
        self.in_seated_group = copy.seat_of(self.user_id) is not None
        self.groups_joined = (services.table_group(self.table_id, seated=self.in_seated_group),)
        if self.user_id is not None:
            self.groups_joined += (services.user_group(self.user_id),)
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        sweeper.start()
        watch.add(self)
        back = None  # what a robot played for this person while they were away
        if self.user_id is not None:
            where = (self.table_id, self.user_id, self.channel_name)
            back = await self.through_services(absence.opened, *where)
        await self.push(chat_history=True, extra=back)

    async def newest(self) -> int:
        """The table's version in the database now (-1: the table is gone)."""
        copy = await database(snapshots.get)(self.table_id, fresh=True)
        return copy.version if copy is not None else -1

    async def catch_up(self, version: int) -> None:
        """Bring the page up to `version`, the table's newest (games/layers.py: after the channel
        layer lost messages)."""
        if version > self.version:
            await self.push(version=version)

    async def disconnect(self, code: int) -> None:
        limits.socket_closed(self, self.user_id, self.address)
        presence.forget(self.channel_name)  # first: the rest may be cut short (a slow close)
        if watch.discard(self):  # the table's last socket here takes the table's renders with it
            rendering.drop_renders(self.table_id)
        for group in self.groups_joined:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception as error:  # the layer's server is gone (Redis restarting)
                log.warning("leaving group %s failed: %r", group, error)
        if self.groups_joined and self.user_id is not None:
            try:
                last = await database(presence.closed)(
                    table_id=self.table_id, user_id=self.user_id, channel_name=self.channel_name
                )
            except Exception:
                log.exception("presence of table %s not updated", self.table_id)
                return
            if not last:
                return
            grace = settings.GAMES_AWAY_SECONDS
            if grace:  # a reload comes back before anyone sees the seat left
                asyncio.get_running_loop().create_task(self.gone(grace))
            else:
                await self.gone(0)

    async def gone(self, grace: float) -> None:
        if grace:
            await asyncio.sleep(grace)
        try:
            await self.through_services(
                services.presence_sync, table_id=self.table_id, user_id=self.user_id
            )
        except Exception:
            log.exception("presence of table %s not updated", self.table_id)

    async def through_services(self, function, *args, **kwargs) -> Any:
        """Run `function` in the database threads; send the group messages it committed."""
        result, outbox = await self.collected(function, *args, **kwargs)
        await services.send_collected(outbox)
        return result

    async def collected(self, function, *args, **kwargs) -> tuple[Any, list]:
        """Run `function` in the database threads; return it with the group messages it
        committed, for the caller to send."""

        def run():
            with services.collected() as outbox:
                return function(*args, **kwargs), outbox

        return await database(run)()

    def invite_code(self) -> str:
        session = self.scope.get("session")
        invites = session.get("invites", {}) if session is not None else {}
        return invites.get(str(self.table_id), "")

    # -- from the page ---------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        budget = self.spend()
        if budget == "close":
            await self.close(code=POLICY_VIOLATION)
            return
        if budget == "warn":
            await self.notice(_("Muitas mensagens seguidas: espere um pouco."), "error")
        if budget != "ok":
            return
        try:
            data = parse_message(text_data)
            if "ack" in data:
                self.acknowledged(parse_int(data["ack"], "ack"))
            elif "cmd" in data:
                await self.command(data)
            else:
                await self.act(parse_action(data), parse_int(data.get("version"), "version"), data)
        except BadMessage as error:
            await self.notice(error.message, "error")
        except DATABASE_DOWN as error:  # rolled back (or, cut at its commit, in the log: the
            # version and cid guards make the same move again a stale or duplicate one)
            log.warning("database unavailable for a message on table %s: %s", self.table_id, error)
            await self.notice(
                _("O servidor está sem acesso ao banco de dados: tente de novo em instantes."),
                "error",
            )
        except Exception:  # the socket stays open: the player hears it and may try again
            log.exception("message on table %s failed", self.table_id)
            await self.notice(_("Algo deu errado do nosso lado: tente de novo."), "error")

    def spend(self) -> str:
        """One message from the page against its budget and its account's (across the account's
        sockets here): ok, warn (first over), drop, close."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled) * PER_SECOND)
        self.refilled = now
        if self.tokens >= 1 and limits.account_spend(self.user_id):
            self.tokens -= 1
            self.past_budget = 0
            return "ok"
        self.past_budget += 1
        if self.past_budget > PAST_BUDGET:
            return "close"
        return "warn" if self.past_budget == 1 else "drop"

    def acknowledged(self, received: int) -> None:
        if 0 <= received <= self.chars_sent:
            self.unacked = self.chars_sent - received

    async def act(self, action: dict[str, Any], version: int, data: dict[str, Any]) -> None:
        copy = snapshots.cached(self.table_id)
        if copy is not None and copy.version >= version and copy.seat_of(self.user_id) is None:
            # This process's copy is at least as new as the page: the viewer holds no seat.
            await self.notice(_("Você está assistindo: só quem está sentado joga."), "error")
            return
        result, outbox = await self.collected(
            services.table_act,
            table_id=self.table_id,
            user=self.user,
            action=action,
            version=version,
            cid=data.get("cid", ""),
        )
        # The group messages go out in their order (a table's seated people before its audience)
        # while the mover is answered: no socket's answer waits on the others' messages.
        sending = asyncio.ensure_future(services.send_collected(outbox))
        try:
            if result.applied or result.status == "duplicate":
                await self.push(version=result.version)
            else:
                kind = "warning" if result.status == "stale" else "error"
                await self.push(notice=(result.message, kind), version=result.version)
        finally:
            await sending

    async def command(self, data: dict[str, Any]) -> None:
        cmd = data.get("cmd")
        if not isinstance(cmd, str) or cmd not in COMMANDS:
            raise BadMessage(_("Comando desconhecido."))
        if self.user_id is None:
            await self.notice(_("Entre na sua conta para jogar."), "error")
            return
        if cmd == "hint":
            await self.hint()
            return
        try:
            went = await self.through_services(self.run_command, cmd, data)
        except services.TableError as error:
            await self.push(notice=(error.message, "error"))
            return
        if went is not None:  # "Jogar de novo": this page goes to the new table at once
            await self.push(extra=[("mesa-aviso", notice_html(_("Abrindo a nova mesa…"), go=went))])

    def run_command(self, cmd: str, data: dict[str, Any]) -> str | None:
        """Apply a command; returns the address this page goes to next, if it goes."""
        table_id, user = self.table_id, self.user
        if cmd == "chat":
            chat.post(
                table_id=table_id,
                user=user,
                text=data.get("text"),
                invite_code=self.invite_code(),
                socket=self.channel_name,
            )
        elif cmd == "sit":
            seat = data.get("seat")
            services.seat_take(
                table_id=table_id,
                user=user,
                index=None if seat in (None, "") else parse_int(seat, "seat"),
                team=self.team_of(data),
                invite_code=self.invite_code(),
            )
        elif cmd == "leave":
            services.seat_leave(table_id=table_id, user=user)
        elif cmd == "start":
            services.table_start(table_id=table_id, by=user)
        elif cmd == "robot_add":
            seat = data.get("seat")
            index = None if seat in (None, "") else parse_int(seat, "seat")
            services.robot_add(table_id=table_id, by=user, index=index)
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
        elif cmd == "mute":
            services.seat_mute(
                table_id=table_id,
                by=user,
                index=parse_int(data.get("seat"), "seat"),
                muted=data.get("muted") != "0",
            )
        elif cmd == "queue_join":
            services.queue_join(table_id=table_id, user=user, invite_code=self.invite_code())
        elif cmd == "queue_leave":
            services.queue_leave(table_id=table_id, user=user)
        elif cmd == "react":
            chat.react(
                table_id=table_id,
                user=user,
                text=data.get("text"),
                invite_code=self.invite_code(),
                socket=self.channel_name,
            )
        elif cmd == "replay":
            return services.table_replay(table_id=table_id, by=user).get_absolute_url()
        return None

    def team_of(self, data: dict[str, Any]) -> int | None:
        team = data.get("team")
        if team in (None, ""):
            return self.invited_team()
        return parse_int(team, "team")

    def invited_team(self) -> int | None:
        """The team of the invitation this visitor opened (a team link), if any."""
        session = self.scope.get("session")
        teams = session.get("invite_team", {}) if session is not None else {}
        team = teams.get(str(self.table_id))
        return team if isinstance(team, int) else None

    async def hint(self) -> None:
        """The robot's advice for the viewer on turn: solo training only, checked here."""
        copy = await self.current()
        seat = copy.seat_of(self.user_id) if copy else None
        mode = GAMES_BY_SLUG[copy.game].mode(copy.mode) if copy else None
        if copy is None or seat is None or mode is None or not mode.hints:
            await self.notice(_("A dica do robô só existe no treino solo."), "error")
            return
        # The robot's tables may take a moment to build: in a thread of its own.
        advice = await sync_to_async(services.robot_advice, thread_sensitive=False)(
            copy, seat.index
        )
        view = rules.get(copy.game).view(copy.state, seat.index) if copy.state else {}
        hint = presenters.get(copy.game).hint(view, advice) if advice else None
        html = render_to_string("games/_hint.html", {"hint": hint})
        await self.push(extra=[("mesa-dica", html)])

    # -- to the page -----------------------------------------------------------------------------

    async def table_changed(self, message: dict[str, Any]) -> None:
        if message["version"] <= self.version:
            return
        for attempt in (1, 2):
            try:
                await self.push(version=message["version"])
                return
            except DATABASE_DOWN:
                # The pool drops a connection that a database restart cut; the second read
                # borrows another. Nothing else may come to move this page (its turn may be next).
                if attempt == 2:
                    break
            except Exception:
                break
        log.exception("socket of table %s missed version %s", self.table_id, message["version"])

    def seen_before(self, message_id: int | str) -> bool:
        """Whether this chat line or reaction was sent to this socket already: it came through
        both of the table's groups while this socket was in both (its person sat or left)."""
        if message_id in self.seen:
            return True
        self.seen.append(message_id)
        return False

    async def chat_line(self, message: dict[str, Any]) -> None:
        line = chat.Line.from_message(message)
        if self.seen_before(line.id):
            return
        html = render_to_string("games/_chat_lines.html", {"lines": [line], "append": True})
        await self.send_html(html)

    async def table_reaction(self, message: dict[str, Any]) -> None:
        """A reaction: appended to the page's list of reactions (read aloud); table.js shows it as
        a bubble by the seat for a few seconds and then removes it."""
        reaction_id = message.get("id")
        if reaction_id and self.seen_before(str(reaction_id)):
            return
        seat = message.get("seat")
        context = {
            "seat": seat if isinstance(seat, int) else None,
            "author": message["author"],
            "text": message["text"],
        }
        await self.send_html(render_to_string("games/_reaction.html", context, using="jinja2"))

    async def chat_removed(self, message: dict[str, Any]) -> None:
        context = {"id": int(message["id"])}
        await self.send_html(render_to_string("games/_chat_removed.html", context, using="jinja2"))

    async def user_notice(self, message: dict[str, Any]) -> None:
        """A message for this person wherever they are (called from a queue, say); a link to a
        table other than this page's is offered with it."""
        link = str(message.get("link", ""))
        if not re.fullmatch(r"/mesa/\d+/", link) or link == f"/mesa/{self.table_id}/":
            link = ""
        html = notice_html(str(message.get("text", "")), "info", link=link)
        await self.push(extra=[("mesa-aviso", html)], render=False)

    async def user_logout(self, message: dict[str, Any]) -> None:
        """The account logged out (in the session of this socket) or was deleted."""
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        if not message.get("session") or message["session"] == key:
            await self.close(code=4001)

    async def current(self, version: int = 0) -> TableCopy | None:
        copy = snapshots.cached(self.table_id)
        if copy is None or copy.version < version:
            copy = await database(snapshots.get)(self.table_id, version=version)
        return copy

    async def notice(self, text: str, kind: str) -> None:
        await self.push(notice=(text, kind), render=False)

    async def push(
        self,
        *,
        version: int = 0,
        notice: tuple[str, str] | None = None,
        extra: list[tuple[str, str]] | None = None,
        chat_history: bool = False,
        render: bool = True,
    ) -> None:
        """Send what changed since this socket's last message (everything to a new socket),
        with this message's notice, hint or chat history."""
        extras = list(extra or [])
        if notice is not None:
            extras.append(("mesa-aviso", notice_html(*notice)))
        html, seated = "", None
        if render or not self.sent:
            copy = await self.current(version)
            if copy is None:
                await self.close(code=4404)
                return
            seat = copy.seat_of(self.user_id)
            seated = seat is not None
            table_render = rendering.table_render(
                copy,
                seat.index if seat else None,
                signed_in=self.user_id is not None,
                team=None if seat else self.invited_team(),
                viewer_id=self.user_id,
            )
            if not self.sent:
                html = rendering.everything(table_render, self.sent)
                html += "".join(piece for _, piece in extras)
            else:
                html = rendering.changes(table_render, self.sent, extras)
            self.version = max(self.version, copy.version)
        else:
            html = "".join(piece for _, piece in extras)
            rendering.remember_extras(self.sent, extras)
        if chat_history:
            lines = await database(chat.history)(self.table_id)
            html += render_to_string("games/_chat_lines.html", {"lines": lines})
        if seated is not None:  # before the frame: a page that shows its seat is in that group
            await self.regroup(seated)
        if html:
            await self.send_html(html)

    async def regroup(self, seated: bool) -> None:
        """Move this socket to the table's other group when its person sat down or left their
        seat: into the new group first, then out of the old one, so that no message falls
        between (one that reaches it through both is ignored the second time: a table change by
        its version, a chat line by its id)."""
        if seated == self.in_seated_group:
            return
        old = services.table_group(self.table_id, seated=self.in_seated_group)
        new = services.table_group(self.table_id, seated=seated)
        await self.channel_layer.group_add(new, self.channel_name)
        self.groups_joined = tuple(new if g == old else g for g in self.groups_joined)
        self.in_seated_group = seated
        await self.channel_layer.group_discard(old, self.channel_name)

    async def send_html(self, html: str) -> None:
        # Counted as the page counts what it received (a JavaScript string's length, in UTF-16
        # units: an emoji is two), or its acknowledgements would run ahead and be refused.
        size = len(html.encode("utf-16-le")) // 2
        self.chars_sent += size
        self.unacked += size
        if self.unacked > OUTPUT_CAP:
            log.warning("closing a socket of table %s that does not read", self.table_id)
            await self.close(code=POLICY_VIOLATION)
            return
        with contextlib.suppress(Disconnected):  # daphne is closing it (a bad frame)
            await self.send(text_data=html)


class UnknownSocket(AsyncWebsocketConsumer):
    """Any other /ws/ path: refused at the handshake."""

    async def connect(self) -> None:
        await self.close(code=4404)
