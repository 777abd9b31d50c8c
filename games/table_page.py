"""What a table's socket sends its page: the partials that changed since its last message (all
of them to a new socket), notices, chat lines and reactions, each counted against what the page
acknowledged. The consumer (games/consumers.py) mixes this in; its database work goes through
`database_sync_to_async`, as Channels documents."""

from __future__ import annotations

import contextlib
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.template.loader import render_to_string

from games import chat, rendering, services, snapshots
from games.snapshots import TableCopy

log = logging.getLogger(__name__)

# A socket whose page has not confirmed this many characters of what it was sent (a client that
# does not read) is closed: its output would otherwise pile up in the server.
OUTPUT_CAP = 1_000_000
POLICY_VIOLATION = 4008  # 1008's meaning, in the range an application may send


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


class TablePage:
    """The sending half of a table's socket: what `TableConsumer` sends its page."""

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
