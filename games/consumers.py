"""The live table socket: routes commands to the services and sends each viewer its own view.

Messages in are the JSON that htmx's ws extension sends for a `ws-send` form: the form's fields
(`action` as JSON text for a game action, or `cmd` for a table command, plus `version` and
`cid`), and the page's `{"ack": n}` (how much it has received). Messages out are HTML partials
swapped out-of-band by id (games/table_page.py sends them). Table commands are games/commands.py.
Nothing here writes a table; database work goes through `database_sync_to_async`, as Channels
documents.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections import deque
from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from games import (
    absence,
    commands,
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
from games.table_page import (
    DATABASE_DOWN,
    POLICY_VIOLATION,
    SEEN,
    TablePage,
    database,
    notice_html,
)

log = logging.getLogger(__name__)

# Each socket may send a burst of messages, then a few per second; past that it gets one notice,
# and a socket that goes on regardless is closed.
BURST, PER_SECOND, PAST_BUDGET = 60, 15.0, 60
# Too many sockets of one account or address (HTTP's 429): the page shows why and does not retry.
TOO_MANY = 4029


class TableConsumer(TablePage, AsyncWebsocketConsumer):
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
        """Run the service `function` in the database threads; send the group messages its
        writes committed."""
        outbox: services.Outbox = []
        result = await database(function)(*args, **kwargs, outbox=outbox)
        await services.deliver(outbox)
        return result

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
        outbox: services.Outbox = []
        move = functools.partial(
            services.table_act,
            table_id=self.table_id,
            user=self.user,
            action=action,
            version=version,
            cid=data.get("cid", ""),
            outbox=outbox,
        )
        try:
            result = await database(move)()
        except DATABASE_DOWN:
            # Once more: Channels closes the dead connection after the call, so the next borrows
            # another, and the version and cid make a move that landed a duplicate.
            result = await database(move)()
        # The group messages go out in their order (a table's seated people before its audience)
        # while the mover is answered: no socket's answer waits on the others' messages.
        sending = asyncio.ensure_future(services.deliver(outbox))
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
        if not isinstance(cmd, str) or cmd not in commands.COMMANDS:
            raise BadMessage(_("Comando desconhecido."))
        if self.user_id is None:
            await self.notice(_("Entre na sua conta para jogar."), "error")
            return
        if cmd == "hint":
            await self.hint()
            return
        try:
            sender = commands.Sender(
                self.table_id, self.user, self.invite_code(), self.invited_team(), self.channel_name
            )
            went = await self.through_services(commands.run, sender, cmd, data)
        except services.TableError as error:
            await self.push(notice=(error.message, "error"))
            return
        if went is not None:  # "Jogar de novo": this page goes to the new table at once
            await self.push(extra=[("mesa-aviso", notice_html(_("Abrindo a nova mesa…"), go=went))])

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


class UnknownSocket(AsyncWebsocketConsumer):
    """Any other /ws/ path: refused at the handshake."""

    async def connect(self) -> None:
        await self.close(code=4404)
