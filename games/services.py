"""Every write on a table goes through here.

One table, one actor: a command is decided on the table's copy at one version
(games/snapshots.py) and written with an UPDATE guarded by that version, so it lands only if
nothing changed in between; a lost race reads the table again and decides again. Moves are
decided without any lock (the rules are pure CPU); commands that depend on more than the table
row (presence, timers, the waiting room) are decided under the row's lock. Either way the write
bumps the version, and after the commit the table's group hears `{version}` and nothing else:
each socket renders its own seat's view. Consumers, views and timers never write a table
themselves. Messages that reach players are Portuguese.
"""

from __future__ import annotations

import logging
import random
import re
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from datetime import timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import ngettext

from games import limits, played, rules, snapshots, timers
from games.catalog import GAMES_BY_SLUG
from games.models import Action, Seat, Table, TableSocket
from games.rules.base import IllegalAction, resolve_options, with_names
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


def seated_part(
    queue: list[tuple[str, dict[str, Any]]],
) -> tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, dict[str, Any]]]]:
    """`queue`'s messages in two parts, each in its order: those to the tables' seated groups,
    and the rest (the audiences', a person's, the lobby's), whose order among themselves is
    kept: a person's notice that a change brought must come after that change."""
    seated, rest = [], []
    for item in queue:
        (seated if _SEATED_GROUP.fullmatch(item[0]) else rest).append(item)
    return seated, rest


_SEATED_GROUP = re.compile(r"mesa-\d+")  # table_group(table_id), seated


def send_table(table_id: int, message: dict[str, Any]) -> None:
    """A message to every socket at the table: the seated ones' group first."""
    for seated in (True, False):
        send(table_group(table_id, seated=seated), message)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def inactivity_window() -> timedelta:
    return timedelta(seconds=settings.GAMES_INACTIVITY_SECONDS)


# -- notifications -------------------------------------------------------------------------------

_outbox = threading.local()


@contextmanager
def collected() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """Collect the group messages committed inside instead of sending them from this thread: an
    async caller (the consumer, the sweeper) then sends them on its own event loop."""
    queue: list[tuple[str, dict[str, Any]]] = []
    outer = getattr(_outbox, "queue", None)
    _outbox.queue = queue
    try:
        yield queue
    finally:
        _outbox.queue = outer


def send(group: str, message: dict[str, Any]) -> None:
    """Send a group message now, or hand it to the async caller collecting them."""
    queue = getattr(_outbox, "queue", None)
    if queue is not None:
        queue.append((group, message))
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a lost notification must never undo a committed change
        log.exception("group_send to %s failed", group)


async def send_collected(queue: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    for group, message in queue:
        try:
            await layer.group_send(group, message)
        except Exception:  # a lost notification must never undo a committed change
            log.exception("group_send to %s failed", group)


def _committed(copy: TableCopy) -> None:
    snapshots.remember(copy)
    send_table(copy.id, {"type": "table.changed", "version": copy.version})


# -- writing a change ----------------------------------------------------------------------------

_COPY_FIELDS = frozenset(f.name for f in dataclass_fields(TableCopy))


def _run(table_id: Any, decide: Callable[[TableCopy], Change | None], *, locked: bool = False):
    """Decide on the table's copy and write the change; returns the copy after it (the same
    copy when there was nothing to change). `locked` decides under the table row's lock."""
    try:
        table_id = int(table_id)
    except (TypeError, ValueError):
        raise TableError(_("Mesa não encontrada.")) from None
    try:
        return _locked_run(table_id, decide) if locked else _guarded_run(table_id, decide)
    except _Conflict:  # under the lock, only a writer that ignores the lock gets here
        log.error("table %s changed under its lock", table_id)
        raise TableError(_TRY_AGAIN, status="error") from None
    except (TableError, IntegrityError):
        raise
    except DatabaseError:
        log.exception("writing table %s failed", table_id)
        raise TableError(_TRY_AGAIN, status="error") from None


def _locked_run(table_id: int, decide: Callable[[TableCopy], Change | None]) -> TableCopy:
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
        return copy if change is None else _write(copy, change)


def _guarded_run(table_id: int, decide: Callable[[TableCopy], Change | None]) -> TableCopy:
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
                return _write(copy, change)
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


def _write(copy: TableCopy, change: Change) -> TableCopy:
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
    copied = {name: value for name, value in fields.items() if name in _COPY_FIELDS}
    copied["queue"] = copy.queue if change.queue is None else change.queue
    new = copy.changed(**copied, seats=seats, log=log_)
    new = replace(new, timers=timers.sync(copy, new, change.fired, now))
    transaction.on_commit(lambda: _committed(new))
    for user_id, text, link in change.notices:
        message = {"type": "user.notice", "text": text, "link": link}
        transaction.on_commit(lambda m=message, u=user_id: send(user_group(u), m))
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


# -- creating and arranging a table --------------------------------------------------------------


def table_create(
    *,
    host,
    game: str,
    mode: str,
    options: dict | None = None,
    is_public: bool = True,
    move_seconds: int | None = None,
    fast_robots: bool = False,
    robots: bool = False,
) -> Table:
    """Open a table with the host in the first seat. Solo training (a mode of one seat) is
    private and starts at once, and so does a table whose other seats `robots` fill (the lobby's
    duel against a robot); any other waits for players in the waiting room, where one host may
    keep only a few (GAMES_MAX_WAITING_TABLES)."""
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
    if move_seconds not in (None, *settings.GAMES_MOVE_CLOCKS):
        raise TableError(_("Relógio por jogada inválido."))
    solo = mode_info.max_seats == 1
    starts_now = solo or robots
    _refuse_too_many_new_tables(host)
    with transaction.atomic():
        if not starts_now:
            _refuse_another_waiting_table(host)
        elif robots:
            _refuse_another_robot_table(host)
        table = Table.objects.create(
            game=game,
            mode=mode,
            options=resolved,
            is_public=is_public and not solo,
            host=host,
            move_seconds=move_seconds,
            fast_robots=fast_robots,
        )
        teams = mode_info.teams or (None,) * mode_info.max_seats
        Seat.objects.bulk_create(
            Seat(
                table=table,
                index=i,
                team=teams[i],
                user=host if i == 0 else None,
                robot=robots and 0 < i < mode_info.min_seats,
            )
            for i in range(mode_info.max_seats)
        )
    # The host's seat knows of the host's sockets only once the host's page connects.
    if starts_now:
        table_start(table_id=table.pk, by=host)
        table.refresh_from_db()
    return table


def _refuse_another_waiting_table(host) -> None:
    """One person may not fill the lobby: only a few of their tables wait for players at once.
    Inside the creation's transaction, with the host's row locked, so that two creations at
    the same moment count each other."""
    get_user_model().objects.select_for_update().filter(pk=host.pk).first()
    limit = settings.GAMES_MAX_WAITING_TABLES
    if Table.objects.filter(host=host, status=Table.Status.WAITING).count() >= limit:
        raise TableError(
            ngettext(
                "Você já tem uma mesa esperando jogadores. Feche a sua mesa em espera "
                "(“Encerrar a mesa”) ou comece a partida antes de abrir outra.",
                "Você já tem %(count)d mesas esperando jogadores. Feche uma das suas mesas em "
                "espera (“Encerrar a mesa”) ou comece a partida numa delas antes de abrir outra.",
                limit,
            )
            % {"count": limit}
        )


def _refuse_too_many_new_tables(host) -> None:
    """One person opens only a few tables a minute, counted in the cache (all processes)."""
    limit, seconds = settings.GAMES_TABLE_CREATION_RATE
    if not limits.within_rate(f"tables:{host.pk}", limit, seconds):
        raise TableError(
            ngettext(
                "Calma: cada pessoa abre até %(count)d mesa por minuto. Espere um pouco e tente "
                "de novo.",
                "Calma: cada pessoa abre até %(count)d mesas por minuto. Espere um pouco e tente "
                "de novo.",
                limit,
            )
            % {"count": limit}
        )


def _refuse_another_robot_table(user) -> None:
    """Robots cost the server the most: one person plays only a few games against them at once.
    With the person's row locked, so that two starts at the same moment count each other."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    limit = settings.GAMES_ROBOT_TABLES
    playing = (
        Table.objects.filter(status=Table.Status.PLAYING, seats__user=user)
        .filter(seats__robot=True)
        .distinct()
        .count()
    )
    if playing >= limit:
        raise TableError(
            ngettext(
                "Você já tem uma partida com robôs em andamento: termine ou saia dela antes de "
                "começar outra.",
                "Você já tem %(count)d partidas com robôs em andamento: termine ou saia de uma "
                "delas antes de começar outra.",
                limit,
            )
            % {"count": limit}
        )


def seat_take(
    *,
    table_id: int,
    user,
    index: int | None = None,
    team: int | None = None,
    invite_code: str = "",
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
        _refuse_uninvited(copy, user_id, invite_code)
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

    copy = _run(table_id, decide, locked=True)
    return copy.seat_of(user_id)


def seat_move(*, table_id: int, by, from_index: int, to_index: int) -> None:
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

    _run(table_id, decide, locked=True)


def robot_add(*, table_id: int, by, index: int | None = None) -> None:
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

    _run(table_id, decide, locked=True)


def seat_clear(*, table_id: int, by, index: int) -> None:
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

    _run(table_id, decide, locked=True)


def seat_mute(*, table_id: int, by, index: int, muted: bool = True) -> None:
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

    _run(table_id, decide, locked=True)


def seat_leave(*, table_id: int, user) -> None:
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
            state, events = rules.get(copy.game).apply(copy.state, seat.index, action, RNG)
        except IllegalAction as error:
            raise TableError(error.message) from None
        entry = {"seat": seat.index, "user_id": seat.user_id, "action": action, "cid": ""}
        return Change(state=state, events=events, entry=entry)

    _run(table_id, decide, locked=True)


def start_refusal(copy: TableCopy) -> str:
    """Why the host may not start the game yet ("" when they may): a mode of fixed seats needs
    every one taken, a range at least its minimum, and nobody seated may have left the page."""
    mode = _mode(copy)
    seated = [s for s in copy.seats if not s.empty]
    free = len(copy.seats) - len(seated)
    if mode.min_seats == mode.max_seats and free:
        return ngettext(
            "Todos os lugares precisam estar ocupados para começar: falta %(count)d.",
            "Todos os lugares precisam estar ocupados para começar: faltam %(count)d.",
            free,
        ) % {"count": free}
    if len(seated) < mode.min_seats:
        return _("Faltam jogadores: são pelo menos %(n)d para começar.") % {"n": mode.min_seats}
    away = [
        s
        for s in seated
        if s.user_id not in (None, copy.host_id) and not s.connected and s.last_seen
    ]
    if away:
        return _("%(name)s saiu da página: espere voltar ou tire do lugar.") % {
            "name": away[0].name
        }
    return ""


def takeable_seats(copy: TableCopy) -> list[SeatCopy]:
    """The robots' seats a person may take during the game: those not on turn. A game with a
    queue hands them over at its breaks instead (Dominó: at the end of the hand)."""
    if has_queue(copy):
        return []
    on_turn = rules.get(copy.game).to_act(copy.state)
    return [s for s in copy.seats if s.robot and s.index not in on_turn]


def table_start(*, table_id: int, by) -> None:
    """The host starts the game with those seated: at least the mode's minimum (a mode with a
    range of seats drops the free ones), and nobody seated who has left the page."""

    def decide(copy: TableCopy) -> Change | None:
        _require_host(copy, by)
        if copy.playing:
            return None  # started already (a second tab, a repeated frame): the page shows it
        _require_waiting(copy)
        refusal = start_refusal(copy)
        if refusal:
            raise TableError(refusal)
        if any(s.robot for s in copy.seats):
            _refuse_another_robot_table(by)
        seated = [s for s in copy.seats if not s.empty]
        seats = tuple(replace(seat, index=i) for i, seat in enumerate(seated))
        state = rules.get(copy.game).setup(len(seats), copy.options, RNG)
        events = [{"type": "start", "text": _("A partida começou.")}]
        entry = {"seat": None, "user_id": user_id_of(by), "action": {"type": "start"}, "cid": ""}
        return Change(
            table={"status": Table.Status.PLAYING, "started_at": timezone.now()},
            seats=seats,
            state=state,
            events=events,
            entry=entry,
        )

    _run(table_id, decide, locked=True)


def _closing(copy: TableCopy, reason: str, *, by: str = "admin") -> Change:
    """Close without a winner; `by` ("host", "admin") lets each viewer be told it their way
    (the host reads "Você encerrou a mesa", the others the stored text)."""
    outcome = {"winners": [], "reason": "closed", "closed_by": by, "text": str(reason)}
    return Change(
        table={"status": Table.Status.CLOSED, "finished_at": timezone.now(), "outcome": outcome}
    )


def table_close(*, table_id: int, reason: str = "") -> None:
    """Close a table without a winner (the admin's button, the host leaving the waiting room)."""

    def decide(copy: TableCopy) -> Change | None:
        if not copy.is_open:
            return None
        return _closing(copy, reason or _("Mesa encerrada pela administração."))

    _run(table_id, decide, locked=True)


def table_replay(*, table_id: int, by) -> Table:
    """ "Jogar de novo": the first player who asks opens the next table (same options and
    seats) and hosts it, seated alone with the robots; each other player who asks takes a seat
    there. Nobody sits without asking, so no robot plays a whole game in an absent person's
    name. Solo or against robots only, it starts at once."""
    user_id = user_id_of(by)
    created: list[Table] = []

    def decide(copy: TableCopy) -> Change | None:
        if seat_of(copy, by) is None:
            raise TableError(_("Só quem jogou pode abrir a revanche."))
        if copy.is_open:
            raise TableError(_("A partida ainda não terminou."))
        if copy.next_table_id and not _given_up(copy.next_table_id):
            return None
        table = Table.objects.create(
            game=copy.game,
            mode=copy.mode,
            options=copy.options,
            is_public=copy.is_public,
            host_id=user_id,
            move_seconds=copy.move_seconds,
            fast_robots=copy.fast_robots,
        )
        Seat.objects.bulk_create(
            Seat(
                table=table,
                index=s.index,
                team=s.team,
                robot=s.robot,
                user_id=user_id if s.user_id == user_id else None,
            )
            for s in copy.seats
        )
        created.append(table)
        return Change(table={"next_table_id": table.pk})

    copy = _run(table_id, decide, locked=True)
    if created:
        if not any(s.user_id not in (None, user_id) for s in copy.seats):
            table_start(table_id=created[0].pk, by=by)
        return created[0]
    _sit_again(copy.next_table_id, by, seat_of(copy, by))
    return Table.objects.get(pk=copy.next_table_id)


def _given_up(table_id: int) -> bool:
    """Whether the next table was closed before its game began (its host left the waiting
    room): whoever asks next opens another one."""
    closed = Table.objects.filter(pk=table_id, status=Table.Status.CLOSED, started_at=None)
    return closed.exists()


def _sit_again(table_id: int, user, old: SeatCopy) -> None:
    """Seat a player of the finished table at the next one: the seat they had if it is free,
    else one of their team, else any; having played the last game is their invitation."""
    copy = snapshots.get(table_id)
    if copy is None or copy.seat_of(user.pk) is not None:
        return
    free = [s for s in copy.seats if s.empty]
    same = [s for s in free if s.index == old.index] or [s for s in free if s.team == old.team]
    index = same[0].index if same and copy.waiting else None
    try:
        seat_take(table_id=table_id, user=user, index=index, invite_code=copy.invite_code)
    except TableError:
        if index is None:
            raise
        # Taken meanwhile: any other free seat will do.
        seat_take(table_id=table_id, user=user, invite_code=copy.invite_code)


# -- the game itself -----------------------------------------------------------------------------


def table_act(*, table_id: int, user, action: Any, version: Any, cid: str = "") -> ActResult:
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
        try:
            state, events = rules.get(copy.game).apply(copy.state, seat.index, action, RNG)
        except IllegalAction as error:
            raise TableError(error.message, status="illegal") from None
        entry = {"seat": seat.index, "user_id": user_id, "action": action, "cid": cid}
        change = Change(state=state, events=events, entry=entry, fired=_turn_timers(copy, seat))
        return _back_from_autopilot(copy, _seat_the_queue(copy, change), seat)

    try:
        copy = _run(table_id, decide)
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


# -- the queue -----------------------------------------------------------------------------------

MAX_QUEUE = 20


def has_queue(copy: TableCopy) -> bool:
    """Whether the game seats a queue at its breaks (Dominó: after each hand and each match)."""
    return rules.get(copy.game).queue


def _refuse_uninvited(copy: TableCopy, user_id: int, invite_code: str) -> None:
    if not copy.is_public and user_id != copy.host_id and invite_code != copy.invite_code:
        raise TableError(_("Esta mesa é privada: entre pelo link de convite."))


def queue_join(*, table_id: int, user, invite_code: str = "") -> int | None:
    """Join the queue of a full table: whoever waits watches (no hand but the public ones) and
    sits at the game's next break. Returns the place in the queue (0: the first)."""
    user_id = user_id_of(user)
    if user_id is None:
        raise TableError(_("Entre na sua conta para entrar na fila."))

    def decide(copy: TableCopy) -> Change | None:
        if not copy.is_open:
            raise TableError(_("Esta partida já terminou."))
        _refuse_uninvited(copy, user_id, invite_code)
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

    return _run(table_id, decide, locked=True).queued(user_id)


def queue_leave(*, table_id: int, user) -> None:
    user_id = user_id_of(user)

    def decide(copy: TableCopy) -> Change | None:
        if copy.queued(user_id) is None:
            return None
        return Change(queue=tuple(q for q in copy.queue if q.user_id != user_id))

    _run(table_id, decide, locked=True)


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
        going, told = game.make_room(at, people, len(queue), RNG)
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
        state, told = game.rematch(len(seats), copy.options, RNG)
        events += told
    return replace(
        change,
        state=state,
        events=[*change.events, *events],
        seats=tuple(seats),
        queue=tuple(queue),
        notices=[*change.notices, *notices],
    )


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


def robot_act(*, table_id: int, seat: int, action: dict, version: int, kind: str) -> bool:
    """Apply the move a robot chose for `seat` on the copy at `version` (its own seat, an absent
    person's, or the move of a person whose clock ran out). False when the table moved on
    meanwhile: the sweeper then chooses again from the new copy."""

    def decide(copy: TableCopy) -> Change | None:
        if copy.version != version or not copy.playing:
            raise _Lost
        if copy.timer(kind, seat) is None or seat not in rules.get(copy.game).to_act(copy.state):
            raise _Lost
        state, events = rules.get(copy.game).apply(copy.state, seat, action, RNG)
        entry = {"seat": seat, "user_id": None, "action": action, "cid": ""}
        change = Change(state=state, events=events, entry=entry, fired=frozenset({(kind, seat)}))
        return _seat_the_queue(copy, change)

    try:
        _run(table_id, decide)
    except (_Lost, TableError):
        return False
    return True


class _Lost(Exception):
    """A timer's move no longer fits the table: choose again, or nothing to do."""


def drop_timer(*, table_id: int, kind: str, seat: int) -> None:
    """Drop a robot's or a clock's timer that does not time a turn of the table (its turn
    passed): a write like any other, so every copy agrees; a seat on turn gets its turn's."""

    def decide(copy: TableCopy) -> Change | None:
        timer = copy.timer(kind, seat)
        if timer is None or timers.fits(copy, timer):
            return None
        return Change(fired=frozenset({(kind, seat)}))

    with suppress(TableError):  # the table is gone, and its timers with it
        _run(table_id, decide, locked=True)


def robot_choice(copy: TableCopy, seat: int) -> dict[str, Any]:
    """What the robot plays for `seat` on `copy`: pure CPU, run outside any lock."""
    from importlib import import_module

    game = rules.get(copy.game)
    legal = [
        a for a in game.legal_actions(copy.state, seat) if a.get("type") not in ROBOT_FORBIDDEN
    ]
    return import_module(f"games.bots.{copy.game}").choose(game.view(copy.state, seat), legal, RNG)


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


# -- timers and presence, applied under the row lock ---------------------------------------------


def claim_due(*, table_id: int, now=None) -> bool:
    """The inactivity timer: once the seat on turn has been idle for the whole window, the claim
    opens (a new version shows it); before that, the timer waits for the rest of the window."""
    now = now or timezone.now()

    def decide(copy: TableCopy) -> Change | None:
        timer = copy.timer("claim")
        if timer is None or not copy.playing or copy.claim_open:
            return None
        opens = (copy.last_action_at or now) + inactivity_window()
        if opens > now:
            timers.postpone(copy.id, "claim", None, opens)
            return None
        return Change(table={"claim_open": True}, fired=frozenset({("claim", None)}))

    return _run(table_id, decide, locked=True).claim_open


def take_over(*, table_id: int, seat: int, now=None) -> bool:
    """The takeover timer: a person who left during the game gets a robot in their place,
    under their own name, until they come back."""

    def decide(copy: TableCopy) -> Change | None:
        if copy.timer("takeover", seat) is None or not copy.playing:
            return None
        person = copy.seats[seat]
        fired = frozenset({("takeover", seat)})
        if person.user_id is None or person.connected or person.autopilot:
            return Change(fired=fired)
        return Change(seats=_with_seat(copy.seats, replace(person, autopilot=True)), fired=fired)

    return _run(table_id, decide, locked=True).seats[seat].autopilot


def presence_sync(*, table_id: int, user_id: int) -> SeatCopy | None:
    """Make the person's seat say whether they have a socket open at the table in any process.
    Decided under the row lock, after the caller's socket row is written: two sockets opening
    and closing in two processes always leave the seat right. Returns the seat as it was when
    this call took it back from the robot playing for the person (games/absence.py), else None."""
    back: list[SeatCopy] = []

    def decide(copy: TableCopy) -> Change | None:
        back.clear()  # a retried decision says only what its own write did
        seat = copy.seat_of(user_id)
        if seat is None:
            return None
        connected = _has_socket(copy.id, user_id)
        if connected == seat.connected and not (connected and seat.autopilot):
            return None
        if connected:
            if seat.autopilot:
                back.append(seat)
            seat = replace(seat, connected=True, last_seen=None, autopilot=False)
        else:
            seat = replace(seat, connected=False, last_seen=timezone.now())
        return Change(seats=_with_seat(copy.seats, seat))

    try:
        _run(table_id, decide, locked=True)
    except TableError:  # the table is gone: nothing to say about its seats
        return None
    return back[0] if back else None


def person_renamed(*, user) -> int:
    """The person's nickname changed (or the account was deleted): every table they sit at shows
    the new name from a new version. Tables live at most a week after their last change, so
    these are few. Returns how many tables changed."""
    name, renamed = user.display_name, []

    def decide(copy: TableCopy) -> Change | None:
        seat = copy.seat_of(user.pk)
        if seat is None or seat.name == name:
            return None
        renamed.append(copy.id)
        return Change(seats=_with_seat(copy.seats, replace(seat, name=name)))

    for table_id in Seat.objects.filter(user=user).values_list("table_id", flat=True):
        with suppress(TableError):
            _run(table_id, decide, locked=True)
    return len(renamed)


def cleanup_tables(*, days: int = 7, now=None) -> int:
    """Delete tables without any activity for more than `days` days; returns how many."""
    cutoff = (now or timezone.now()) - timedelta(days=days)
    old = Table.objects.filter(updated_at__lt=cutoff)
    for table_id in old.values_list("pk", flat=True):
        snapshots.forget(table_id)
    _, per_model = old.delete()
    return per_model.get(Table._meta.label, 0)
