"""What every write on a table shares: the change a command decides, its guarded write and the
messages sent after the commit, the site's generator, and the reading helpers."""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from datetime import timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from analysis import jobs as analyses
from games import played, rules, snapshots, timers
from games.catalog import GAMES_BY_SLUG
from games.models import Action, Seat, Table, TableSocket
from games.snapshots import Queued, SeatCopy, TableCopy

log = logging.getLogger(__name__)

# The site's dice and deals; tests drive the rules with seeded generators instead.
RNG: random.Random = secrets.SystemRandom()
ROBOT_FORBIDDEN = frozenset({"leave", "claim_inactivity"})
RETRIES = 8

_NOT_YET = _lazy("Ainda não: a vitória por inatividade só vale depois de dois minutos sem jogada.")
_TRY_AGAIN = _lazy("Não foi possível registrar agora: tente de novo.")


class TableError(Exception):
    """A refused table operation, with a Portuguese message for the person who tried it."""

    def __init__(self, message: str, status: str = "refused") -> None:
        super().__init__(message)
        self.message = str(message)
        self.status = status


@dataclass(frozen=True)
class ActResult:
    status: str  # applied | duplicate | stale | illegal | refused | error
    version: int = 0
    message: str = ""

    @property
    def applied(self) -> bool:
        return self.status == "applied"


@dataclass
class Change:
    """What one command changes, decided on a copy of the table."""

    table: dict[str, Any] = field(default_factory=dict)  # fields of the Table row
    seats: tuple[SeatCopy, ...] | None = None  # every seat, when any changes
    state: dict[str, Any] | None = None  # the game's new state, with the log entry below
    events: list[dict[str, Any]] = field(default_factory=list)
    entry: dict[str, Any] | None = None  # seat, user_id, action, cid of the log entry
    fired: frozenset[tuple[str, int | None]] = frozenset()  # timers this change applies
    queue: tuple[Queued, ...] | None = None  # the whole queue, when it changes
    notices: list[tuple[int, str, str]] = field(default_factory=list)  # (user, text, link)


Outbox = list[tuple[str, dict[str, Any]]]
"""The group messages of a service call, for its async caller to send on its own event loop
(the consumer, the sweeper): a write hands its messages over at its commit."""


Decide = Callable[[TableCopy], Change | None]


class _Conflict(Exception):
    """The table changed since the copy the change was decided on: decide again."""


class _Outdated(Exception):
    """The copy is older than what the player saw: read the table again."""


def table_group(table_id: int, *, seated: bool = True) -> str:
    """A table's sockets are in two groups: the seated people's, and everyone else's (spectators,
    the queue, visitors). Every message about the table goes to both, the seated first
    (`send_table`): a channel layer delivers one group's messages a member after another, and
    a thousand spectators ahead of the players would delay the players' frames."""
    return f"mesa-{table_id}" if seated else f"mesa-{table_id}-plateia"


def send_table(table_id: int, message: dict[str, Any], outbox: Outbox | None = None) -> None:
    """A message to every socket at the table: the seated ones' group first."""
    for seated in (True, False):
        send(table_group(table_id, seated=seated), message, outbox)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def inactivity_window() -> timedelta:
    return timedelta(seconds=settings.GAMES_INACTIVITY_SECONDS)


# -- notifications -------------------------------------------------------------------------------


def send(group: str, message: dict[str, Any], outbox: Outbox | None = None) -> None:
    """Hand a group message to `outbox`, or send it now (a view, the admin, a command)."""
    if outbox is not None:
        outbox.append((group, message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a lost notification must never undo a committed change
        log.exception("group_send to %s failed", group)


async def deliver(outbox: Outbox) -> None:
    layer = get_channel_layer()
    for group, message in outbox:
        try:
            await layer.group_send(group, message)
        except Exception:  # a lost notification must never undo a committed change
            log.exception("group_send to %s failed", group)


def _committed(copy: TableCopy, outbox: Outbox | None) -> None:
    snapshots.remember(copy)
    send_table(copy.id, {"type": "table.changed", "version": copy.version}, outbox)


# -- writing a change ----------------------------------------------------------------------------

_COPY_FIELDS = frozenset(f.name for f in dataclass_fields(TableCopy))


def _run(
    table_id: Any,
    decide: Decide,
    *,
    locked: bool = False,
    outbox: Outbox | None = None,
):
    """Decide on the table's copy and write the change; returns the copy after it (the same
    copy when there was nothing to change). `locked` decides under the table row's lock. The
    messages of the write go to `outbox` at its commit (`send`)."""
    try:
        table_id = int(table_id)
    except (TypeError, ValueError):
        raise TableError(_("Mesa não encontrada.")) from None
    try:
        run = _locked_run if locked else _guarded_run
        return run(table_id, decide, outbox)
    except _Conflict:  # under the lock, only a writer that ignores the lock gets here
        log.error("table %s changed under its lock", table_id)
        raise TableError(_TRY_AGAIN, status="error") from None
    except (TableError, IntegrityError, OperationalError, InterfaceError):
        raise  # a refusal, a repeated cid, or a connection a database restart cut: the caller's
    except DatabaseError:
        log.exception("writing table %s failed", table_id)
        raise TableError(_TRY_AGAIN, status="error") from None


def _locked_run(table_id: int, decide: Decide, outbox: Outbox | None) -> TableCopy:
    with transaction.atomic():
        version = (
            Table.objects.select_for_update()
            .filter(pk=table_id)
            .values_list("version", flat=True)
            .first()
        )
        copy = None if version is None else snapshots.get(table_id, version=version)
        if copy is not None and copy.version != version:
            copy = snapshots.get(table_id, fresh=True)
        if copy is None:
            raise TableError(_("Mesa não encontrada."))
        change = decide(copy)
        return copy if change is None else _write(copy, change, outbox)


def _guarded_run(table_id: int, decide: Decide, outbox: Outbox | None) -> TableCopy:
    copy = snapshots.get(table_id)
    for _attempt in range(RETRIES):
        if copy is None:
            raise TableError(_("Mesa não encontrada."))
        try:
            change = decide(copy)
        except _Outdated:
            copy = snapshots.get(table_id)
            continue
        if change is None:
            return copy
        try:
            with transaction.atomic():
                return _write(copy, change, outbox)
        except _Conflict:
            copy = snapshots.get(table_id, fresh=True)
    raise TableError(_("A mesa está muito movimentada agora: tente de novo."), status="error")


def _best_solo(copy: TableCopy) -> int | None:
    """The best score the solo player made before, in this game and mode (None: the first)."""
    finished = (
        Table.objects.filter(game=copy.game, mode=copy.mode, status=Table.Status.FINISHED)
        .filter(played.theirs(copy.seats[0].user_id))
        .exclude(pk=copy.id)
    )
    scores = [
        outcome["scores"][0]
        for outcome in finished.values_list("outcome", flat=True)
        if outcome and outcome.get("reason") == "complete" and outcome.get("scores")
    ]
    return max(scores, default=None)


def _write(copy: TableCopy, change: Change, outbox: Outbox | None) -> TableCopy:
    """Write `change` over `copy` (inside the caller's transaction) and return the new copy,
    which this process keeps and the table's group hears about once the commit is done."""
    now = timezone.now()
    version = copy.version + 1
    fields: dict[str, Any] = {**change.table, "version": version, "updated_at": now}
    if change.state is not None:
        fields.update(state=change.state, state_version=version, last_action_at=now)
        fields["claim_open"] = False
        outcome = rules.get(copy.game).outcome(change.state)
        if outcome is not None and copy.playing:
            if len(copy.seats) == 1 and copy.seats[0].user_id is not None:
                outcome["best_before"] = _best_solo(copy)
            fields.update(status=Table.Status.FINISHED, outcome=outcome, finished_at=now)
    if change.queue is not None:
        fields["queue"] = [q.user_id for q in change.queue]
    if not Table.objects.filter(pk=copy.id, version=copy.version).update(**fields):
        raise _Conflict
    seats = copy.seats
    if change.seats is not None:
        _write_seats(copy.id, copy.seats, change.seats)
        seats = change.seats
    log_ = copy.log
    if change.entry is not None:
        Action.objects.create(
            table_id=copy.id,
            version=version,
            events=change.events,
            state=change.state,
            **change.entry,
        )
        log_ = (tuple(change.events), *copy.log[: snapshots.LOG_ACTIONS - 1])
    if fields.get("status") == Table.Status.FINISHED:  # whose game it was, said once at the end
        played.mark_finished(copy.id, {s.index: s.user_id for s in seats if s.user_id})
        analyses.request(copy.id, copy.game)
    copied = {name: value for name, value in fields.items() if name in _COPY_FIELDS}
    copied["queue"] = copy.queue if change.queue is None else change.queue
    new = copy.changed(**copied, seats=seats, log=log_)
    new = replace(new, timers=timers.sync(copy, new, change.fired, now))
    transaction.on_commit(lambda: _committed(new, outbox))
    for user_id, text, link in change.notices:
        message = {"type": "user.notice", "text": text, "link": link}
        transaction.on_commit(lambda m=message, u=user_id: send(user_group(u), m, outbox))
    return new


SEAT_FIELDS = ("user_id", "robot", "autopilot", "team", "connected", "last_seen", "muted")


def _write_seats(table_id: int, old: tuple[SeatCopy, ...], new: tuple[SeatCopy, ...]) -> None:
    before = {seat.index: seat for seat in old}
    after = {seat.index: seat for seat in new}
    # A person holds one seat per table: free every seat whose person moves or goes first.
    leaving = [
        i
        for i, seat in before.items()
        if seat.user_id is not None and (i not in after or after[i].user_id != seat.user_id)
    ]
    if leaving:
        Seat.objects.filter(table_id=table_id, index__in=leaving).update(user=None)
    gone = [i for i in before if i not in after]
    if gone:
        Seat.objects.filter(table_id=table_id, index__in=gone).delete()
    for index, seat in after.items():
        if before.get(index) != seat:
            values = {name: getattr(seat, name) for name in SEAT_FIELDS}
            Seat.objects.update_or_create(table_id=table_id, index=index, defaults=values)


# -- reading helpers -----------------------------------------------------------------------------


def user_id_of(user: Any) -> int | None:
    return user.pk if getattr(user, "is_authenticated", False) else None


def seat_of(copy: TableCopy, user: Any) -> SeatCopy | None:
    return copy.seat_of(user_id_of(user))


def _mode(copy: TableCopy):
    return GAMES_BY_SLUG[copy.game].mode(copy.mode)


def _require_host(copy: TableCopy, user: Any) -> None:
    if copy.host_id is None or copy.host_id != user_id_of(user):
        raise TableError(_("Só o anfitrião da mesa pode fazer isso."))


def _require_waiting(copy: TableCopy) -> None:
    if not copy.is_open:
        raise TableError(_("Esta partida já terminou."))
    if not copy.waiting:
        raise TableError(_("A partida já começou: a sala de espera está fechada."))


def _seat_at(copy: TableCopy, index: Any) -> SeatCopy:
    if type(index) is not int or not 0 <= index < len(copy.seats):
        raise TableError(_("Lugar inválido."))
    return copy.seats[index]


def _with_seat(seats: tuple[SeatCopy, ...], *changed: SeatCopy) -> tuple[SeatCopy, ...]:
    by_index = {seat.index: seat for seat in changed}
    return tuple(by_index.get(seat.index, seat) for seat in seats)


def _has_socket(table_id: int, user_id: int) -> bool:
    return TableSocket.objects.filter(table_id=table_id, user_id=user_id).exists()


def _freed(seat: SeatCopy) -> SeatCopy:
    return SeatCopy(index=seat.index, team=seat.team)


def may_watch(copy: TableCopy, user: Any, invite_code: str = "") -> bool:
    """Whether `user` may see the table: public, seated, the host, or invited by link."""
    if copy.is_public or invite_code == copy.invite_code:
        return True
    user_id = user_id_of(user)
    return user_id is not None and (user_id == copy.host_id or copy.seat_of(user_id) is not None)


def refuse_unless_watching(copy: TableCopy, user: Any, invite_code: str = "") -> None:
    """A private table is joined (a seat, the queue) through its invitation, like it is seen."""
    if not may_watch(copy, user, invite_code):
        raise TableError(_("Esta mesa é privada: entre pelo link de convite."))


def _closing(copy: TableCopy, reason: str, *, by: str = "admin") -> Change:
    """Close without a winner; `by` ("host", "admin") lets each viewer be told it their way
    (the host reads "Você encerrou a mesa", the others the stored text)."""
    outcome = {"winners": [], "reason": "closed", "closed_by": by, "text": str(reason)}
    return Change(
        table={"status": Table.Status.CLOSED, "finished_at": timezone.now(), "outcome": outcome}
    )
