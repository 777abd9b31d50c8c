"""The table commands a page sends its socket (`{"cmd": ...}`): sit, leave, start, robots, the
queue, chat and reactions, a rematch. Each is one call to the services, from the socket's thread
for database work; the consumer handles the answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import chat, services
from games.messages import parse_int

COMMANDS = frozenset(
    {
        "sit", "leave", "start", "robot_add", "seat_clear", "seat_move", "replay", "hint",
        "mute", "chat", "queue_join", "queue_leave", "react",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Sender:
    """Who sends a command, as the socket knows them."""

    table_id: int
    user: Any
    invite_code: str  # the invitation this visitor opened, if any
    invited_team: int | None  # the team of that invitation, if it was a team link
    socket: str  # the socket's channel name


def run(sender: Sender, cmd: str, data: dict[str, Any], outbox: services.Outbox) -> str | None:
    """Apply a command, its group messages handed to `outbox`; returns the address the page goes
    to next, if it goes."""
    table_id, user = sender.table_id, sender.user
    if cmd in ("chat", "react"):  # a line of the chat, or a reaction of the list
        speak = chat.post if cmd == "chat" else chat.react
        speak(
            table_id=table_id,
            user=user,
            text=data.get("text"),
            invite_code=sender.invite_code,
            socket=sender.socket,
            outbox=outbox,
        )
    elif cmd == "sit":
        seat = data.get("seat")
        services.seat_take(
            table_id=table_id,
            user=user,
            index=None if seat in (None, "") else parse_int(seat, "seat"),
            team=_team(sender, data),
            invite_code=sender.invite_code,
            outbox=outbox,
        )
    elif cmd == "leave":
        services.seat_leave(table_id=table_id, user=user, outbox=outbox)
    elif cmd == "start":
        services.table_start(table_id=table_id, by=user, outbox=outbox)
    elif cmd == "robot_add":
        seat = data.get("seat")
        index = None if seat in (None, "") else parse_int(seat, "seat")
        services.robot_add(table_id=table_id, by=user, index=index, outbox=outbox)
    elif cmd == "seat_clear":
        services.seat_clear(
            table_id=table_id, by=user, index=parse_int(data.get("seat"), "seat"), outbox=outbox
        )
    elif cmd == "seat_move":
        services.seat_move(
            table_id=table_id,
            by=user,
            from_index=parse_int(data.get("seat"), "seat"),
            to_index=parse_int(data.get("to"), "to"),
            outbox=outbox,
        )
    elif cmd == "mute":
        services.seat_mute(
            table_id=table_id,
            by=user,
            index=parse_int(data.get("seat"), "seat"),
            muted=data.get("muted") != "0",
            outbox=outbox,
        )
    elif cmd == "queue_join":
        services.queue_join(
            table_id=table_id, user=user, invite_code=sender.invite_code, outbox=outbox
        )
    elif cmd == "queue_leave":
        services.queue_leave(table_id=table_id, user=user, outbox=outbox)
    elif cmd == "replay":
        return services.table_replay(table_id=table_id, by=user, outbox=outbox).get_absolute_url()
    return None


def _team(sender: Sender, data: dict[str, Any]) -> int | None:
    team = data.get("team")
    if team in (None, ""):
        return sender.invited_team
    return parse_int(team, "team")
