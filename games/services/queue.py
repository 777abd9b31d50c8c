"""The queue of a full table, seated at the game's breaks (Rules.breaks and make_room)."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from games import rules
from games.rules.base import with_names
from games.services import core
from games.services.core import (
    Change,
    Outbox,
    TableError,
    _has_socket,
    _run,
    refuse_unless_watching,
    user_id_of,
)
from games.snapshots import Queued, SeatCopy, TableCopy

# -- the queue -----------------------------------------------------------------------------------

MAX_QUEUE = 20


def has_queue(copy: TableCopy) -> bool:
    """Whether the game seats a queue at its breaks (Dominó: after each hand and each match)."""
    return rules.get(copy.game).queue


def queue_join(
    *, table_id: int, user, invite_code: str = "", outbox: Outbox | None = None
) -> int | None:
    """Join the queue of a full table: whoever waits watches (no hand but the public ones) and
    sits at the game's next break. Returns the place in the queue (0: the first)."""
    user_id = user_id_of(user)
    if user_id is None:
        raise TableError(_("Entre na sua conta para entrar na fila."))

    def decide(copy: TableCopy) -> Change | None:
        if not copy.is_open:
            raise TableError(_("Esta partida já terminou."))
        refuse_unless_watching(copy, user, invite_code)
        if not has_queue(copy):
            raise TableError(_("Esta mesa não tem fila."))
        if copy.seat_of(user_id) is not None:
            raise TableError(_("Você já está sentado nesta mesa."))
        if copy.queued(user_id) is not None:
            return None
        if copy.waiting and any(s.empty or s.robot for s in copy.seats):
            raise TableError(_("Ainda há lugar na mesa: sente-se."))
        if len(copy.queue) >= MAX_QUEUE:
            raise TableError(_("A fila desta mesa está cheia."))
        return Change(queue=(*copy.queue, Queued(user_id, user.display_name)))

    return _run(table_id, decide, locked=True, outbox=outbox).queued(user_id)


def queue_leave(*, table_id: int, user, outbox: Outbox | None = None) -> None:
    user_id = user_id_of(user)

    def decide(copy: TableCopy) -> Change | None:
        if copy.queued(user_id) is None:
            return None
        return Change(queue=tuple(q for q in copy.queue if q.user_id != user_id))

    _run(table_id, decide, locked=True, outbox=outbox)


def _seated_from_queue(copy: TableCopy, seat: SeatCopy, person: Queued) -> SeatCopy:
    return SeatCopy(
        index=seat.index,
        team=seat.team,
        user_id=person.user_id,
        name=person.name,
        connected=_has_socket(copy.id, person.user_id),
    )


def _seat_the_queue(copy: TableCopy, change: Change) -> Change:
    """At the game's breaks the queue sits ("Fila (online)"): people take the robots' seats;
    where there is none, the game says who makes room (`make_room`: Dominó's pair that lost a
    match), and those go to the end of the queue. After a match that changed the table's
    people, a new game starts (`rematch`)."""
    game = rules.get(copy.game)
    if not copy.queue or not game.queue or change.state is None:
        return change
    at = game.breaks(change.events)
    if at is None:
        return change
    names = [s.name if s.user_id else _("Robô %(n)d") % {"n": s.index + 1} for s in copy.seats]
    seats, queue = list(copy.seats), list(copy.queue)
    events, notices = [], []

    def sit(index: int, person: Queued) -> None:
        seats[index] = _seated_from_queue(copy, seats[index], person)
        link = f"/mesa/{copy.id}/"
        notices.append((person.user_id, _("Sua vez na fila: você sentou à mesa."), link))

    for seat in copy.seats:
        if seat.robot and queue:
            person = queue.pop(0)
            sit(seat.index, person)
            text = _("%(who)s senta no lugar do %(robot)s.") % {
                "who": person.name,
                "robot": names[seat.index],
            }
            events.append({"type": "seat_change", "text": text, "seat": seat.index})
    if queue and not events:
        people = [s.index for s in copy.seats if s.user_id is not None]
        going, told = game.make_room(at, people, len(queue), core.RNG)
        # Named now: once the seats change, "Jogador 2" would name whoever sits there next.
        events += [{**e, "text": with_names(e["text"], names)} for e in told]
        for index in going[: len(queue)]:
            leaving = copy.seats[index]
            person = queue.pop(0)
            sit(index, person)
            queue.append(Queued(leaving.user_id, leaving.name))
            text = _("%(out)s vai para o fim da fila; %(who)s senta no lugar.") % {
                "out": names[index],
                "who": person.name,
            }
            events.append({"type": "seat_change", "text": text, "seat": index})
    if not any(e["type"] == "seat_change" for e in events):
        return change
    state = change.state
    if at["at"] == "match":
        state, told = game.rematch(len(seats), copy.options, core.RNG)
        events += told
    return replace(
        change,
        state=state,
        events=[*change.events, *events],
        seats=tuple(seats),
        queue=tuple(queue),
        notices=[*change.notices, *notices],
    )
