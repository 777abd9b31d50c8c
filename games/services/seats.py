"""Seats in the waiting room and at the table: taken, moved, given to robots, muted, left."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from games import rules
from games.rules.base import IllegalAction
from games.services import core
from games.services.core import (
    Change,
    Outbox,
    TableError,
    _closing,
    _freed,
    _has_socket,
    _require_host,
    _require_waiting,
    _run,
    _seat_at,
    _with_seat,
    refuse_unless_watching,
    seat_of,
    user_id_of,
)
from games.services.queue import has_queue
from games.snapshots import SeatCopy, TableCopy


def seat_take(
    *,
    table_id: int,
    user,
    index: int | None = None,
    team: int | None = None,
    invite_code: str = "",
    outbox: Outbox | None = None,
) -> SeatCopy:
    """Sit `user` at a free seat (the given one, or the first free one, of `team` if given). In
    the waiting room any free seat will do; during a game, only a robot's seat that is not on
    turn: the person takes the robot's place and plays on from there."""
    user_id = user_id_of(user)
    if user_id is None:
        raise TableError(_("Entre na sua conta para sentar."))

    def decide(copy: TableCopy) -> Change | None:
        if not copy.is_open:
            raise TableError(_("Esta partida já terminou."))
        refuse_unless_watching(copy, user, invite_code)
        mine = copy.seat_of(user_id)
        if mine is not None and index in (None, mine.index) and team in (None, mine.team):
            return None  # sitting where one sits (a second tab, a repeated frame): nothing to do
        if copy.waiting:
            # A free seat, else a robot's: a person who comes takes a robot's place at once.
            candidates = [s for s in copy.seats if s.empty and s is not mine]
            candidates += [s for s in copy.seats if s.robot]
        else:
            if mine is not None:
                raise TableError(_("Você já está sentado nesta mesa."))
            candidates = takeable_seats(copy)
        if index is not None:
            candidates = [s for s in candidates if s.index == index]
        if team is not None:
            candidates = [s for s in candidates if s.team == team]
        if not candidates:
            if not copy.waiting:
                raise TableError(
                    _("A partida já começou: só dá para sentar no lugar de um robô fora da vez.")
                )
            if team is not None:
                raise TableError(_("Não há lugar livre nessa equipe."))
            raise TableError(_("A mesa está cheia."))
        seat = SeatCopy(
            index=candidates[0].index,
            team=candidates[0].team,
            user_id=user_id,
            name=user.display_name,
            connected=_has_socket(copy.id, user_id),
        )
        changed = [seat] if mine is None else [seat, _freed(mine)]
        queue = None
        if copy.queued(user_id) is not None:
            queue = tuple(q for q in copy.queue if q.user_id != user_id)
        return Change(seats=_with_seat(copy.seats, *changed), queue=queue)

    copy = _run(table_id, decide, locked=True, outbox=outbox)
    return copy.seat_of(user_id)


def seat_move(
    *, table_id: int, by, from_index: int, to_index: int, outbox: Outbox | None = None
) -> None:
    """The host arranges partners: swap who sits in two seats (their teams stay with the seats)."""

    def decide(copy: TableCopy) -> Change:
        _require_host(copy, by)
        _require_waiting(copy)
        a, b = _seat_at(copy, from_index), _seat_at(copy, to_index)
        if a.index == b.index:
            raise TableError(_("Lugar inválido."))
        moved_a = replace(b, index=a.index, team=a.team)
        moved_b = replace(a, index=b.index, team=b.team)
        return Change(seats=_with_seat(copy.seats, moved_a, moved_b))

    _run(table_id, decide, locked=True, outbox=outbox)


def robot_add(*, table_id: int, by, index: int | None = None, outbox: Outbox | None = None) -> None:
    def decide(copy: TableCopy) -> Change | None:
        _require_host(copy, by)
        _require_waiting(copy)
        if index is not None and 0 <= index < len(copy.seats) and copy.seats[index].robot:
            return None  # that seat has its robot already (a second tab, a repeated frame)
        free = [s for s in copy.seats if s.empty and (index is None or s.index == index)]
        if not free:
            raise TableError(_("Não há lugar livre para um robô."))
        robot = SeatCopy(index=free[0].index, team=free[0].team, robot=True)
        return Change(seats=_with_seat(copy.seats, robot))

    _run(table_id, decide, locked=True, outbox=outbox)


def seat_clear(*, table_id: int, by, index: int, outbox: Outbox | None = None) -> None:
    """The host frees a seat in the waiting room (a robot, or a person who has not started);
    during a game the host replaces a person by a robot, who plays that seat from then on."""

    def decide(copy: TableCopy) -> Change:
        _require_host(copy, by)
        seat = _seat_at(copy, index)
        if seat.empty:
            raise TableError(_("Esse lugar já está livre."))
        if seat.user_id is not None and seat.user_id == copy.host_id:
            raise TableError(_("O anfitrião não pode tirar a si mesmo: use “Sair da mesa”."))
        if copy.waiting:
            return Change(seats=_with_seat(copy.seats, _freed(seat)))
        if not copy.playing:
            raise TableError(_("Esta partida já terminou."))
        if seat.robot:
            raise TableError(_("Esse lugar já é de um robô."))
        robot = SeatCopy(index=seat.index, team=seat.team, robot=True)
        return Change(seats=_with_seat(copy.seats, robot))

    _run(table_id, decide, locked=True, outbox=outbox)


def seat_mute(
    *, table_id: int, by, index: int, muted: bool = True, outbox: Outbox | None = None
) -> None:
    """The host silences (or lets speak again) the person in a seat, in this table's chat."""

    def decide(copy: TableCopy) -> Change | None:
        _require_host(copy, by)
        seat = _seat_at(copy, index)
        if seat.user_id is None:
            raise TableError(_("Só dá para silenciar uma pessoa."))
        if seat.user_id == copy.host_id:
            raise TableError(_("O anfitrião não pode silenciar a si mesmo."))
        if seat.muted == muted:
            return None
        return Change(seats=_with_seat(copy.seats, replace(seat, muted=muted)))

    _run(table_id, decide, locked=True, outbox=outbox)


def seat_leave(*, table_id: int, user, outbox: Outbox | None = None) -> None:
    """Leave a table. In the waiting room the seat is freed (the host leaving closes the table);
    during the game it is the rules' `leave`: the other side wins, or solo training ends."""

    def decide(copy: TableCopy) -> Change | None:
        seat = seat_of(copy, user)
        if seat is None:
            raise TableError(_("Você não está sentado nesta mesa."))
        if copy.waiting:
            if seat.user_id == copy.host_id:
                return _closing(copy, _("O anfitrião encerrou a mesa."), by="host")
            return Change(seats=_with_seat(copy.seats, _freed(seat)))
        if not copy.playing:
            return None
        action = {"type": "leave"}
        try:
            state, events = rules.get(copy.game).apply(copy.state, seat.index, action, core.RNG)
        except IllegalAction as error:
            raise TableError(error.message) from None
        entry = {"seat": seat.index, "user_id": seat.user_id, "action": action, "cid": ""}
        return Change(state=state, events=events, entry=entry)

    _run(table_id, decide, locked=True, outbox=outbox)


def takeable_seats(copy: TableCopy) -> list[SeatCopy]:
    """The robots' seats a person may take during the game: those not on turn. A game with a
    queue hands them over at its breaks instead (Dominó: at the end of the hand)."""
    if has_queue(copy):
        return []
    on_turn = rules.get(copy.game).to_act(copy.state)
    return [s for s in copy.seats if s.robot and s.index not in on_turn]
