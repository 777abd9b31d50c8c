"""Table chat: plain text, short, rate-limited per person and per page; the host can mute a seat
(games/services/, `seat_mute`) and admins delete messages. Reactions (the 😀 button: quick
emoji and ready phrases) take the same road with the same limits, chosen from a fixed list,
and are not kept: each page shows one as a bubble by the seat for a few seconds.

A message travels to the table's group as its own small message (never a table re-render), and
each socket appends it to its page; the history reaches a page when it loads or connects.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from games import limits, services, snapshots
from games.models import ChatMessage

MAX_CHARS = 200
HISTORY = 50
# One page (socket) may send at most this many lines and reactions in this many seconds, within
# the person's own budget (GAMES_CHAT_BURST): a mashed button is cut short even in one tab.
SOCKET_BURST = (3, 3)


@dataclass(frozen=True, slots=True)
class Line:
    id: int
    author: str
    text: str
    at: datetime

    def as_message(self) -> dict[str, Any]:
        return {
            "type": "chat.line",
            "id": self.id,
            "author": self.author,
            "text": self.text,
            "at": self.at.isoformat(),
        }

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Line:
        return cls(
            message["id"], message["author"], message["text"], datetime.fromisoformat(message["at"])
        )


def clean(text: Any) -> str:
    """The message as it will be shown, or a TableError saying what is wrong with it."""
    if not isinstance(text, str):
        raise services.TableError(_("Mensagem inválida."))
    text = " ".join(
        "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\t\n").split()
    )
    if not text:
        raise services.TableError(_("Escreva alguma coisa antes de enviar."))
    if len(text) > MAX_CHARS:
        raise services.TableError(
            _("Mensagem longa demais: até %(n)d caracteres.") % {"n": MAX_CHARS}
        )
    return text


def _speaker(table_id: int, user, invite_code: str, socket: str):
    """The table and the seat of a signed-in person who may speak there now (watching the table,
    not muted, within the rates of the person and of the page's `socket`), or a TableError
    saying why not."""
    copy = snapshots.get(table_id)
    if copy is None or not services.may_watch(copy, user, invite_code):
        raise services.TableError(_("Mesa não encontrada."))
    seat = copy.seat_of(user.pk)
    if seat is not None and seat.muted:
        raise services.TableError(_("O anfitrião silenciou você nesta mesa."))
    within_socket = not socket or limits.within_rate(f"chat:socket:{socket}", *SOCKET_BURST)
    if not within_socket or not limits.within_rate(f"chat:{user.pk}", *settings.GAMES_CHAT_BURST):
        raise services.TableError(_("Calma: espere alguns segundos para mandar outra mensagem."))
    return copy, seat


def post(
    *,
    table_id: int,
    user,
    text: Any,
    invite_code: str = "",
    socket: str = "",
    outbox: services.Outbox | None = None,
) -> Line:
    """Post `text` to the table's chat as `user` (seated or watching), from the page whose
    channel is `socket`."""
    user_id = services.user_id_of(user)
    if user_id is None:
        raise services.TableError(_("Entre na sua conta para conversar na mesa."))
    text = clean(text)
    copy, _seat = _speaker(table_id, user, invite_code, socket)
    message = ChatMessage.objects.create(table_id=copy.id, user_id=user_id, text=text)
    line = Line(message.pk, user.display_name, text, message.created_at)
    transaction.on_commit(lambda: services.send_table(copy.id, line.as_message(), outbox))
    return line


def reactions() -> tuple[str, ...]:
    """What the 😀 button offers: a few emoji and the table's ready phrases."""
    return (
        # From Unicode's emoticons block, which even a phone's plain fonts draw.
        "😀", "😂", "😮", "😅", "😎", "😢",
        _("Boa!"), _("Valeu, parceiro!"), _("Segura essa!"), _("Bom jogo!"), _("Ops!"),
        _("Pensa rápido!"),
    )  # fmt: skip


def react(
    *,
    table_id: int,
    user,
    text: Any,
    invite_code: str = "",
    socket: str = "",
    outbox: services.Outbox | None = None,
) -> None:
    """Send a reaction of the list to the table, as `user` (seated, in the queue or watching),
    from the page whose channel is `socket`."""
    user_id = services.user_id_of(user)
    if user_id is None:
        raise services.TableError(_("Entre na sua conta para mandar reações."))
    if not isinstance(text, str) or text not in reactions():
        raise services.TableError(_("Reação desconhecida: escolha uma da lista."))
    copy, seat = _speaker(table_id, user, invite_code, socket)
    message = {
        "type": "table.reaction",
        "id": secrets.token_hex(8),  # a socket in both of the table's groups shows it once
        "seat": seat.index if seat is not None else None,
        "author": user.display_name,
        "text": text,
    }
    services.send_table(copy.id, message, outbox)


def history(table_id: int) -> list[Line]:
    rows = (
        ChatMessage.objects.filter(table_id=table_id)
        .select_related("user")
        .order_by("-created_at", "-pk")[:HISTORY]
    )
    return [
        Line(m.pk, m.user.display_name if m.user else _("Jogador removido"), m.text, m.created_at)
        for m in reversed(rows)
    ]


def delete(*, message_ids: list[int]) -> int:
    """Remove messages (the admin's action): they disappear from the pages showing them."""
    rows = list(ChatMessage.objects.filter(pk__in=message_ids).values_list("pk", "table_id"))
    ChatMessage.objects.filter(pk__in=[pk for pk, _ in rows]).delete()
    for pk, table_id in rows:
        services.send_table(table_id, {"type": "chat.removed", "id": pk})
    return len(rows)
