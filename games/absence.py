"""Coming back to a table where a robot played for you: what it played, said to you alone.

A person away for longer than the takeover wait gets a robot in their seat ("robô jogando",
games/services/ `take_over`); when a socket of theirs opens again the seat is theirs again
(`presence_sync`), and this module tells that socket which moves the robot made in their name
since they left, in the game's own words: the texts its rules wrote for those moves (a box
scored, a tile played, a card placed), which the table's log shows too. The notice goes in a
place of the page no render empties (games/table.html, #mesa-ausencia), until the person
closes it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

from django.db import DatabaseError
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import presence, rules, services, snapshots
from games.models import Action
from games.rules.base import with_names
from games.snapshots import SeatCopy
from games.table_view import seat_name

log = logging.getLogger(__name__)
PLACE = "mesa-ausencia"
SHOWN = 8  # moves listed; the rest are counted
_SUBJECT = re.compile(r"^Jogador (\d+) ")


def opened(
    table_id: int, user_id: int, channel_name: str, outbox: services.Outbox
) -> list[tuple[str, str]]:
    """Record the socket (presence.opened); when that took the seat back from the robot, the
    notice for this socket as a partial (id, html), else nothing."""
    seat = presence.opened(
        table_id=table_id, user_id=user_id, channel_name=channel_name, outbox=outbox
    )
    if seat is None:
        return []
    try:  # the seat is the person's again whatever happens here: the notice is a courtesy
        copy = snapshots.get(table_id)
        if copy is None:
            return []
        names = [seat_name(s) for s in copy.seats]
        return [(PLACE, notice_html(robot_moves(table_id, copy.game, seat, names)))]
    except DatabaseError:
        log.exception("what the robot played at table %s not read", table_id)
        return []


def robot_moves(table_id: int, game: str, seat: SeatCopy, names: list[str]) -> list[str]:
    """The robot's moves for `seat` since its person left, oldest first, each as its rules
    said it ("Jogador 1 marcou 50 na General." -> "marcou 50 na General.")."""
    rows = Action.objects.filter(table_id=table_id, seat=seat.index, user__isnull=True)
    if seat.last_seen is not None:
        rows = rows.filter(created_at__gte=seat.last_seen)
    events = rows.order_by("version").values_list("events", flat=True)
    return list(_texts(events, game, seat.index, names))


def _texts(actions: Iterable[list[dict[str, Any]]], game: str, index: int, names) -> Iterable[str]:
    kinds = rules.get(game).move_events
    for events in actions:
        for event in events or ():
            if event.get("type") not in kinds or event.get("seat") != index:
                continue
            text = str(event.get("text", ""))
            subject = _SUBJECT.match(text)
            if subject and int(subject.group(1)) == index + 1:
                text = text[subject.end() :]
            if text:
                yield with_names(text, names)


def notice_html(moves: list[str]) -> str:
    if moves:
        title = ngettext(
            "Enquanto você estava fora, o robô fez %(n)d jogada por você:",
            "Enquanto você estava fora, o robô fez %(n)d jogadas por você:",
            len(moves),
        ) % {"n": len(moves)}
    else:
        title = _("Enquanto você estava fora, um robô ficou no seu lugar, mas não chegou a jogar.")
    rest = len(moves) - SHOWN
    more = ngettext("e mais %(n)d jogada.", "e mais %(n)d jogadas.", rest) % {"n": rest}
    return render_to_string(
        "games/_absence.html",
        {"title": title, "moves": moves[:SHOWN], "more": more if rest > 0 else ""},
        using="jinja2",
    )
