"""The game itself: a person's move, a robot's, and what they leave for the timers."""

from __future__ import annotations

import logging
from contextlib import suppress
from dataclasses import replace
from typing import Any

from django.db import DatabaseError, IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules, snapshots, timers
from games.models import Action
from games.rules.base import IllegalAction
from games.services import core
from games.services.core import (
    _NOT_YET,
    _TRY_AGAIN,
    ROBOT_FORBIDDEN,
    ActResult,
    Change,
    Outbox,
    TableError,
    _Outdated,
    _run,
    _with_seat,
    user_id_of,
)
from games.services.queue import _seat_the_queue
from games.snapshots import SeatCopy, TableCopy

log = logging.getLogger(__name__)

# -- the game itself -----------------------------------------------------------------------------


def table_act(
    *, table_id: int, user, action: Any, version: Any, cid: str = "", outbox: Outbox | None = None
) -> ActResult:
    """Apply one player's action: the only way a player changes a game in progress. Decided on
    the copy of the table this process holds, without a lock; written with the version guard."""
    user_id = user_id_of(user)

    def decide(copy: TableCopy) -> Change:
        if version > copy.version:  # the page saw more than this copy: read the table again
            latest = snapshots.get(copy.id, fresh=True)
            if latest is None or version > latest.version:
                raise TableError(_("Versão da mesa inválida."))
            raise _Outdated
        if not copy.playing:
            raise TableError(_("A partida não está em andamento."))
        seat = copy.seat_of(user_id)
        if seat is None:
            raise TableError(_("Você está assistindo: só quem está sentado joga."))
        if version < copy.state_version:
            raise TableError(
                _("A mesa mudou antes da sua jogada: confira e jogue de novo."), status="stale"
            )
        claim = isinstance(action, dict) and action.get("type") == "claim_inactivity"
        if claim and not copy.claim_open:
            raise TableError(str(_NOT_YET), status="illegal")
        game = rules.get(copy.game)
        try:
            applied = game.canonical(copy.state, seat.index, action)
            state, events = game.apply(copy.state, seat.index, applied, core.RNG)
        except IllegalAction as error:
            raise TableError(error.message, status="illegal") from None
        entry = {"seat": seat.index, "user_id": user_id, "action": applied, "cid": cid}
        change = Change(state=state, events=events, entry=entry, fired=_turn_timers(copy, seat))
        return _back_from_autopilot(copy, _seat_the_queue(copy, change), seat)

    try:
        copy = _run(table_id, decide, outbox=outbox)
    except TableError as error:
        # A command already in the log is answered as such whatever refuses it now: the same
        # frame again after the game ended, or after its seat changed, is no new move.
        if cid and _was_applied(table_id, cid):
            return ActResult("duplicate", _current_version(table_id))
        return ActResult(error.status, _current_version(table_id), error.message)
    except IntegrityError:
        if cid and _was_applied(table_id, cid):
            return ActResult("duplicate", _current_version(table_id))
        log.exception("the move of table %s did not fit the log", table_id)
        return ActResult("error", _current_version(table_id), str(_TRY_AGAIN))
    return ActResult("applied", copy.version)


def _back_from_autopilot(copy: TableCopy, change: Change, seat: SeatCopy) -> Change:
    """A person who moves is at the table: a robot playing for them stops (its timer goes with
    it), and the wait before another takeover starts from this move."""
    if not seat.autopilot:
        return change
    seats = change.seats if change.seats is not None else copy.seats
    current = seats[seat.index] if seat.index < len(seats) else None
    if current is None or current.user_id != seat.user_id:  # the queue took it at this break
        return change
    last_seen = None if current.connected else timezone.now()
    back = replace(current, autopilot=False, last_seen=last_seen)
    return replace(change, seats=_with_seat(seats, back))


def _turn_timers(copy: TableCopy, seat: SeatCopy) -> frozenset[tuple[str, int | None]]:
    """The timers a move of `seat` answers: its move clock starts again."""
    return frozenset({("clock", seat.index)}) if copy.timer("clock", seat.index) else frozenset()


def _was_applied(table_id: int, cid: str) -> bool:
    try:
        return Action.objects.filter(table_id=table_id, cid=cid).exists()
    except DatabaseError:
        return False


def _current_version(table_id: int) -> int:
    copy = snapshots.cached(table_id)
    return copy.version if copy is not None else 0


def robot_act(
    *, table_id: int, seat: int, action: dict, version: int, kind: str, outbox: Outbox | None = None
) -> bool:
    """Apply the move a robot chose for `seat` on the copy at `version` (its own seat, an absent
    person's, or the move of a person whose clock ran out). False when the table moved on
    meanwhile: the sweeper then chooses again from the new copy."""

    def decide(copy: TableCopy) -> Change | None:
        if copy.version != version or not copy.playing:
            raise _Lost
        if copy.timer(kind, seat) is None or seat not in rules.get(copy.game).to_act(copy.state):
            raise _Lost
        state, events = rules.get(copy.game).apply(copy.state, seat, action, core.RNG)
        entry = {"seat": seat, "user_id": None, "action": action, "cid": ""}
        change = Change(state=state, events=events, entry=entry, fired=frozenset({(kind, seat)}))
        return _seat_the_queue(copy, change)

    try:
        _run(table_id, decide, outbox=outbox)
    except (_Lost, TableError):
        return False
    return True


class _Lost(Exception):
    """A timer's move no longer fits the table: choose again, or nothing to do."""


def drop_timer(*, table_id: int, kind: str, seat: int, outbox: Outbox | None = None) -> None:
    """Drop a robot's or a clock's timer that does not time a turn of the table (its turn
    passed): a write like any other, so every copy agrees; a seat on turn gets its turn's."""

    def decide(copy: TableCopy) -> Change | None:
        timer = copy.timer(kind, seat)
        if timer is None or timers.fits(copy, timer):
            return None
        return Change(fired=frozenset({(kind, seat)}))

    with suppress(TableError):  # the table is gone, and its timers with it
        _run(table_id, decide, locked=True, outbox=outbox)


def robot_choice(copy: TableCopy, seat: int) -> dict[str, Any]:
    """What the robot plays for `seat` on `copy`: pure CPU, run outside any lock."""
    from importlib import import_module

    game = rules.get(copy.game)
    legal = [
        a for a in game.legal_actions(copy.state, seat) if a.get("type") not in ROBOT_FORBIDDEN
    ]
    return import_module(f"games.bots.{copy.game}").choose(
        game.view(copy.state, seat), legal, core.RNG
    )


def robot_advice(copy: TableCopy, seat: int) -> list[dict[str, Any]]:
    """The robot's judgement of each sensible action of `seat` (solo training's hint)."""
    from importlib import import_module

    game = rules.get(copy.game)
    if not copy.playing or seat not in game.to_act(copy.state):
        return []
    advise = import_module(f"games.bots.{copy.game}").advise
    legal = [
        a for a in game.legal_actions(copy.state, seat) if a.get("type") not in ROBOT_FORBIDDEN
    ]
    return advise(game.view(copy.state, seat), legal)
