"""Every write on a table goes through here.

One table, one actor: each function locks the table row inside a transaction, checks who may do
what, asks the rules (games/rules/) when the game is on, saves state and log together, and after
the commit tells the table's group that the version changed. Consumers and views never write a
table themselves. Messages that reach players are Portuguese.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from importlib import import_module
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from games import rules, snapshots, sql
from games.catalog import GAMES_BY_SLUG
from games.models import Action, Seat, Table
from games.rules.base import IllegalAction, resolve_options

log = logging.getLogger(__name__)

# The site's dice and deals; tests drive the rules with seeded generators instead.
RNG: random.Random = secrets.SystemRandom()
ROBOT_FORBIDDEN = frozenset({"leave", "claim_inactivity"})


_NOT_YET = _lazy("Ainda não: a vitória por inatividade só vale depois de dois minutos sem jogada.")


class TableError(Exception):
    """A refused table operation, with a Portuguese message for the person who tried it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class ActResult:
    status: str  # applied | duplicate | stale | illegal | refused
    version: int = 0
    message: str = ""

    @property
    def applied(self) -> bool:
        return self.status == "applied"


def robot_delay() -> float:
    low, high = getattr(settings, "GAMES_ROBOT_DELAY", (0.7, 1.4))
    return random.uniform(low, high)  # noqa: S311 - pacing, not secrets


def inactivity_window() -> timedelta:
    return timedelta(seconds=getattr(settings, "GAMES_INACTIVITY_SECONDS", 120))


# -- notifications -------------------------------------------------------------------------------


_deferred = threading.local()


@contextmanager
def deferred_notifications() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """Collect the group messages of what runs inside instead of sending them: an async caller
    (the consumer, the sweeper) then awaits them on its own loop, which is much cheaper than
    async_to_sync's hop from this worker thread."""
    queue: list[tuple[str, dict[str, Any]]] = []
    _deferred.queue = queue
    try:
        yield queue
    finally:
        _deferred.queue = None


def _send(group: str, message: dict[str, Any]) -> None:
    queue = getattr(_deferred, "queue", None)
    if queue is not None:
        queue.append((group, message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a lost notification must never undo a committed move
        log.exception("group_send to %s failed", group)


async def send_deferred(queue: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    for group, message in queue:
        try:
            await layer.group_send(group, message)
        except Exception:  # a lost notification must never undo a committed move
            log.exception("group_send to %s failed", group)


def notify(table: Table, *, force: bool = False) -> None:
    """After the commit, tell the table's sockets that the table changed. Only the id and the
    version travel: each socket renders its own seat's view, so secrets never leave the server.
    `force` re-renders even without a new version (seats taken in the waiting room, timers): the
    sockets then read the table again, once per process for each forced message (its token)."""
    reload = uuid.uuid4().hex if force else ""
    message = {"type": "table.changed", "version": table.version, "force": reload}
    group, table_id = table.group_name, table.pk
    if force:
        transaction.on_commit(lambda: snapshots.forget(table_id))
    transaction.on_commit(lambda: _send(group, message))


# -- reading helpers -----------------------------------------------------------------------------


def _locked(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except (Table.DoesNotExist, ValueError, TypeError):
        raise TableError(_("Mesa não encontrada.")) from None


def _seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("user").order_by("index"))


def seat_of(seats: list[Seat], user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.pk), None)


def _playing_seats(table: Table) -> list[Seat]:
    """The seats of a game in progress. They cannot change once the game has started, so the
    snapshot of this version serves when this process has it."""
    known = snapshots.get(
        table.pk, version=table.version, token=table.invite_code, cached_only=True
    )
    if known is not None and known.version == table.version:
        return list(known.seats)
    return _seats(table)


def _require_host(table: Table, user) -> None:
    if table.host_id != getattr(user, "pk", None):
        raise TableError(_("Só o anfitrião da mesa pode fazer isso."))


def _require_waiting(table: Table) -> None:
    if table.status != Table.Status.WAITING:
        raise TableError(_("A partida já começou: a sala de espera está fechada."))


def claim_open(table: Table, now=None) -> bool:
    """Whether the two minutes without action have passed on the current turn."""
    if table.status != Table.Status.PLAYING or table.last_action_at is None:
        return False
    return (now or timezone.now()) >= table.last_action_at + inactivity_window()


# -- creating and arranging a table --------------------------------------------------------------


def table_create(
    *, host, game: str, mode: str, options: dict | None = None, is_public: bool = True
) -> Table:
    info = GAMES_BY_SLUG.get(game)
    if info is None or not info.playable:
        raise TableError(_("Este jogo ainda não tem mesas online."))
    mode_info = info.mode(mode)
    if mode_info is None:
        raise TableError(_("Modo de jogo desconhecido."))
    game_rules = rules.get(game)
    given = dict(options or {})
    if "mode" in game_rules.options():
        given["mode"] = mode
    try:
        resolved = resolve_options(game_rules.options(), given)
    except IllegalAction as error:
        raise TableError(error.message) from None
    with transaction.atomic():
        table = Table.objects.create(
            game=game, mode=mode, options=resolved, is_public=is_public, host=host
        )
        teams = mode_info.teams or (None,) * mode_info.seats
        Seat.objects.bulk_create(
            Seat(table=table, index=i, team=teams[i], user=host if i == 0 else None)
            for i in range(mode_info.seats)
        )
        notify(table, force=True)
    return table


def seat_take(
    *, table_id: int, user, index: int | None = None, team: int | None = None, invite_code: str = ""
) -> Seat:
    """Sit `user` at a free seat (the given one, or the first free one, of `team` if given)."""
    with transaction.atomic():
        table = _locked(table_id)
        _require_waiting(table)
        if not table.is_public and user.pk != table.host_id and invite_code != table.invite_code:
            raise TableError(_("Esta mesa é privada: entre pelo link de convite."))
        seats = _seats(table)
        mine = seat_of(seats, user)
        if mine is not None and index is None and team in (None, mine.team):
            return mine
        free = [s for s in seats if s.is_empty and s is not mine]
        if index is not None:
            free = [s for s in free if s.index == index]
        if team is not None:
            free = [s for s in free if s.team == team]
        if not free:
            raise TableError(
                _("Não há lugar livre nessa equipe.")
                if team is not None
                else _("A mesa está cheia.")
            )
        seat = free[0]
        if mine is not None:
            Seat.objects.filter(pk=mine.pk).update(user=None, last_seen=None)
        seat.user = user
        seat.robot = False
        seat.last_seen = timezone.now()
        seat.save(update_fields=["user", "robot", "last_seen"])
        table.save(update_fields=["updated_at"])
        notify(table, force=True)
    return seat


def seat_move(*, table_id: int, by, from_index: int, to_index: int) -> None:
    """The host arranges partners: swap who sits in two seats."""
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, by)
        _require_waiting(table)
        seats = {seat.index: seat for seat in _seats(table)}
        if from_index not in seats or to_index not in seats or from_index == to_index:
            raise TableError(_("Lugar inválido."))
        a, b = seats[from_index], seats[to_index]
        a_user, a_robot = a.user_id, a.robot
        # Free the first seat before filling the second: one user may not hold two seats.
        Seat.objects.filter(pk=a.pk).update(user=None, robot=False)
        Seat.objects.filter(pk=b.pk).update(user=None, robot=False)
        Seat.objects.filter(pk=a.pk).update(user_id=b.user_id, robot=b.robot)
        Seat.objects.filter(pk=b.pk).update(user_id=a_user, robot=a_robot)
        table.save(update_fields=["updated_at"])
        notify(table, force=True)


def robot_add(*, table_id: int, by, index: int | None = None) -> None:
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, by)
        _require_waiting(table)
        free = [s for s in _seats(table) if s.is_empty and (index is None or s.index == index)]
        if not free:
            raise TableError(_("Não há lugar livre para um robô."))
        Seat.objects.filter(pk=free[0].pk).update(robot=True)
        table.save(update_fields=["updated_at"])
        notify(table, force=True)


def seat_clear(*, table_id: int, by, index: int) -> None:
    """The host removes a robot or a player who has not started, freeing the seat."""
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, by)
        _require_waiting(table)
        seat = next((s for s in _seats(table) if s.index == index), None)
        if seat is None or seat.is_empty:
            raise TableError(_("Esse lugar já está livre."))
        if seat.user_id == table.host_id:
            raise TableError(_("O anfitrião não pode tirar a si mesmo: use “Sair da mesa”."))
        Seat.objects.filter(pk=seat.pk).update(user=None, robot=False, last_seen=None)
        table.save(update_fields=["updated_at"])
        notify(table, force=True)


def seat_leave(*, table_id: int, user) -> None:
    """Leave a table. In the waiting room the seat is freed (the host leaving closes the table);
    during the game it is the rules' `leave`: the other side wins, or solo training ends."""
    with transaction.atomic():
        table = _locked(table_id)
        seats = _seats(table)
        seat = seat_of(seats, user)
        if seat is None:
            raise TableError(_("Você não está sentado nesta mesa."))
        if table.status == Table.Status.WAITING:
            if user.pk == table.host_id:
                _close(table, reason=_("O anfitrião saiu da sala de espera."))
            else:
                Seat.objects.filter(pk=seat.pk).update(user=None, last_seen=None)
                table.save(update_fields=["updated_at"])
            notify(table, force=True)
            return
        if table.status != Table.Status.PLAYING:
            return
        game = rules.get(table.game)
        try:
            state, events = game.apply(table.state, seat.index, {"type": "leave"}, RNG)
        except IllegalAction as error:
            raise TableError(error.message) from None
        _record(
            table, game, seats, state, events, seat=seat.index, user=user, action={"type": "leave"}
        )


def table_start(*, table_id: int, by) -> None:
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, by)
        _require_waiting(table)
        seats = _seats(table)
        if any(seat.is_empty for seat in seats):
            raise TableError(_("Todos os lugares precisam estar ocupados para começar."))
        game = rules.get(table.game)
        state = game.setup(len(seats), table.options, RNG)
        now = timezone.now()
        table.status = Table.Status.PLAYING
        table.started_at = now
        _record(
            table,
            game,
            seats,
            state,
            [{"type": "start", "text": _("A partida começou.")}],
            seat=None,
            user=by,
            action={"type": "start"},
            now=now,
        )


def table_close(*, table_id: int, reason: str = "") -> None:
    """Close a table without a winner (the admin's button, the host leaving the waiting room)."""
    with transaction.atomic():
        table = _locked(table_id)
        if table.is_open:
            _close(table, reason=reason or _("Mesa encerrada pela administração."))
            notify(table, force=True)


def _close(table: Table, *, reason: str) -> None:
    table.status = Table.Status.CLOSED
    table.finished_at = timezone.now()
    table.outcome = {"winners": [], "reason": "closed", "text": reason}
    table.deadline_at = None
    table.deadline_kind = ""
    table.save()


def table_replay(*, table_id: int, by) -> Table:
    """ "Jogar de novo": a new table with the same seats and options, in the waiting room."""
    with transaction.atomic():
        table = _locked(table_id)
        seats = _seats(table)
        if seat_of(seats, by) is None:
            raise TableError(_("Só quem jogou pode abrir a revanche."))
        if table.is_open:
            raise TableError(_("A partida ainda não terminou."))
        if table.next_table_id:
            return table.next_table
        new = Table.objects.create(
            game=table.game,
            mode=table.mode,
            options=table.options,
            is_public=table.is_public,
            host=by,
        )
        Seat.objects.bulk_create(
            Seat(
                table=new,
                index=s.index,
                team=s.team,
                robot=s.robot,
                user=s.user if (s.user and s.user.is_active) else None,
            )
            for s in seats
        )
        table.next_table = new
        table.save(update_fields=["next_table", "updated_at"])
        notify(table, force=True)
        notify(new)
    return new


# -- the game itself -----------------------------------------------------------------------------


def table_act(*, table_id: int, user, action: Any, version: Any, cid: str = "") -> ActResult:
    """Apply one player's action: the only way a player changes a game in progress."""
    result = _act_on_snapshot(table_id, user, action, version, cid)
    if result is not None:
        return result
    with transaction.atomic():
        try:
            table = _locked(table_id)
        except TableError as error:
            return ActResult("refused", message=error.message)
        if cid and table.actions.filter(cid=cid).exists():
            return ActResult("duplicate", table.version)
        if table.status != Table.Status.PLAYING:
            return ActResult("refused", table.version, _("A partida não está em andamento."))
        seats = _playing_seats(table)
        seat = seat_of(seats, user)
        if seat is None:
            return ActResult(
                "refused", table.version, _("Você está assistindo: só quem está sentado joga.")
            )
        if version != table.version:
            return ActResult(
                "stale",
                table.version,
                _("A mesa mudou antes da sua jogada: confira e jogue de novo."),
            )
        if (
            isinstance(action, dict)
            and action.get("type") == "claim_inactivity"
            and not claim_open(table)
        ):
            return ActResult("illegal", table.version, str(_NOT_YET))
        game = rules.get(table.game)
        try:
            state, events = game.apply(table.state, seat.index, action, RNG)
        except IllegalAction as error:
            return ActResult("illegal", table.version, error.message)
        _record(
            table, game, seats, state, events, seat=seat.index, user=user, action=action, cid=cid
        )
        return ActResult("applied", table.version)


def _act_on_snapshot(table_id: int, user, action: Any, version: Any, cid: str) -> ActResult | None:
    """The common case without reading the table: when this process holds the committed table
    at the version the player saw, the move is checked against it and written with an UPDATE
    guarded by that version (and the status), so it lands only if nothing changed in between.
    Anything else (no snapshot, another version, a refusal, a lost race, a repeated `cid`)
    returns None and goes the locked way, which gives the authoritative answer."""
    known = snapshots.get(table_id, cached_only=True)
    if (
        known is None
        or known.version != version
        or known.table.status != Table.Status.PLAYING
        or not isinstance(action, dict)
        or action.get("type") == "claim_inactivity"
    ):
        return None
    seats = list(known.seats)
    seat = seat_of(seats, user)
    if seat is None:
        return None
    table = snapshots.row_copy(known.table)  # the snapshot is shared with every socket
    game = rules.get(table.game)
    try:
        state, events = game.apply(table.state, seat.index, action, RNG)
    except IllegalAction:
        return None
    try:
        with transaction.atomic():
            _record(
                table,
                game,
                seats,
                state,
                events,
                seat=seat.index,
                user=user,
                action=action,
                cid=cid,
                guard={"status": Table.Status.PLAYING},  # an admin's close keeps the version
            )
    except (_Conflict, IntegrityError):  # someone moved first, or this cid was already used
        return None
    return ActResult("applied", table.version)


class _Conflict(Exception):
    """The table row changed since it was read: the write is rolled back."""


RECORDED_FIELDS = [
    "state", "version", "last_action_at", "status", "started_at", "outcome", "finished_at",
    "deadline_at", "deadline_kind", "updated_at",
]  # fmt: skip


def _record(
    table: Table,
    game,
    seats: list[Seat],
    state: dict,
    events: list[dict],
    *,
    seat: int | None,
    user,
    action: dict,
    cid: str = "",
    now=None,
    guard: dict[str, Any] | None = None,
) -> None:
    """Save the new state and its log entry, set the next deadline, notify after the commit.
    The UPDATE is guarded by the version read (and `guard`): under the row lock it always lands;
    on a snapshot it lands only if nothing changed since, else `_Conflict` rolls it back."""
    now = now or timezone.now()
    guard = {"id": table.pk, "version": table.version, **(guard or {})}
    table.state = state
    table.version += 1
    table.last_action_at = now
    table.updated_at = now
    outcome = game.outcome(state)
    if outcome is not None:
        table.status = Table.Status.FINISHED
        table.outcome = outcome
        table.finished_at = now
    _schedule(table, game, seats, now)
    if not sql.update(table, RECORDED_FIELDS, guard):
        raise _Conflict
    sql.insert(
        Action,
        {
            "table": table.pk,
            "version": table.version,
            "seat": seat,
            "user": user.pk if getattr(user, "pk", None) else None,
            "action": action,
            "events": events,
            "cid": cid,
            "created_at": now,
        },
    )
    transaction.on_commit(lambda: snapshots.committed(table, seats, events))
    notify(table)


def _schedule(table: Table, game, seats: list[Seat], now) -> None:
    """The table's next timer: a robot's move, or the moment an inactivity claim opens."""
    table.deadline_at, table.deadline_kind = None, ""
    if table.status != Table.Status.PLAYING:
        return
    movers = game.to_act(table.state)
    if not movers:
        return
    mover = seats[movers[0]]
    if mover.robot:
        table.deadline_at = now + timedelta(seconds=robot_delay())
        table.deadline_kind = "robot"
        return
    others = (s.index for s in seats if s.index != mover.index and not s.robot)
    if any(
        any(a.get("type") == "claim_inactivity" for a in game.legal_actions(table.state, i))
        for i in others
    ):
        table.deadline_at = now + inactivity_window()
        table.deadline_kind = "claim"


def robot_module(game: str):
    return import_module(f"games.bots.{game}")


def run_due(*, now=None, limit: int = 100) -> int:
    """Apply every timer that is due (the sweeper calls this). Returns how many fired."""
    now = now or timezone.now()
    due = list(
        Table.objects.filter(deadline_at__lte=now, status=Table.Status.PLAYING)
        .order_by("deadline_at")
        .values_list("pk", flat=True)[:limit]
    )
    fired = 0
    for table_id in due:
        try:
            fired += _fire(table_id, now)
        except Exception:  # one broken table must not stop the others' timers
            log.exception("timer of table %s failed", table_id)
    return fired


def _fire(table_id: int, now) -> int:
    with transaction.atomic():
        table = _locked(table_id)
        if (
            table.deadline_at is None
            or table.deadline_at > now
            or table.status != Table.Status.PLAYING
        ):
            return 0  # another process got there first
        kind = table.deadline_kind
        table.deadline_at, table.deadline_kind = None, ""
        if kind == "claim":
            # Nothing changes in the game: the players' pages must now offer the claim.
            table.save(update_fields=["deadline_at", "deadline_kind"])
            notify(table, force=True)
            return 1
        game = rules.get(table.game)
        seats = _seats(table)
        movers = game.to_act(table.state)
        if kind != "robot" or not movers or not seats[movers[0]].robot:
            table.save(update_fields=["deadline_at", "deadline_kind"])
            return 0
        seat = movers[0]
        legal = [
            a for a in game.legal_actions(table.state, seat) if a.get("type") not in ROBOT_FORBIDDEN
        ]
        action = robot_module(table.game).choose(game.view(table.state, seat), legal, RNG)
        state, events = game.apply(table.state, seat, action, RNG)
        _record(table, game, seats, state, events, seat=seat, user=None, action=action, now=now)
        return 1


def seat_seen(*, table_id: int, user) -> None:
    if user is not None and user.is_authenticated:
        Seat.objects.filter(table_id=table_id, user=user).update(last_seen=timezone.now())


def cleanup_tables(*, days: int = 7, now=None) -> int:
    """Delete tables without any activity for more than `days` days; returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=days)
    old = Table.objects.filter(updated_at__lt=cutoff)
    for table_id in old.values_list("pk", flat=True):
        snapshots.forget(table_id)
    _, per_model = old.delete()
    return per_model.get(Table._meta.label, 0)
