"""Tables: opened, started, closed, played again."""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import limits, rules, snapshots
from games.catalog import GAMES_BY_SLUG
from games.models import Seat, Table
from games.rules.base import IllegalAction, resolve_options
from games.services import core
from games.services.core import (
    Change,
    Outbox,
    TableError,
    _closing,
    _mode,
    _require_host,
    _require_waiting,
    _run,
    seat_of,
    user_id_of,
)
from games.services.seats import seat_take
from games.snapshots import SeatCopy, TableCopy

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


def table_start(*, table_id: int, by, outbox: Outbox | None = None) -> None:
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
        state = rules.get(copy.game).setup(len(seats), copy.options, core.RNG)
        events = [{"type": "start", "text": _("A partida começou.")}]
        entry = {"seat": None, "user_id": user_id_of(by), "action": {"type": "start"}, "cid": ""}
        return Change(
            table={"status": Table.Status.PLAYING, "started_at": timezone.now()},
            seats=seats,
            state=state,
            events=events,
            entry=entry,
        )

    _run(table_id, decide, locked=True, outbox=outbox)


def table_close(*, table_id: int, reason: str = "", outbox: Outbox | None = None) -> None:
    """Close a table without a winner (the admin's button, the host leaving the waiting room)."""

    def decide(copy: TableCopy) -> Change | None:
        if not copy.is_open:
            return None
        return _closing(copy, reason or _("Mesa encerrada pela administração."))

    _run(table_id, decide, locked=True, outbox=outbox)


def table_replay(*, table_id: int, by, outbox: Outbox | None = None) -> Table:
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

    copy = _run(table_id, decide, locked=True, outbox=outbox)
    if created:
        if not any(s.user_id not in (None, user_id) for s in copy.seats):
            table_start(table_id=created[0].pk, by=by, outbox=outbox)
        return created[0]
    _sit_again(copy.next_table_id, by, seat_of(copy, by), outbox)
    return Table.objects.get(pk=copy.next_table_id)


def _given_up(table_id: int) -> bool:
    """Whether the next table was closed before its game began (its host left the waiting
    room): whoever asks next opens another one."""
    closed = Table.objects.filter(pk=table_id, status=Table.Status.CLOSED, started_at=None)
    return closed.exists()


def _sit_again(table_id: int, user, old: SeatCopy, outbox: Outbox | None) -> None:
    """Seat a player of the finished table at the next one: the seat they had if it is free,
    else one of their team, else any; having played the last game is their invitation."""
    copy = snapshots.get(table_id)
    if copy is None or copy.seat_of(user.pk) is not None:
        return
    free = [s for s in copy.seats if s.empty]
    same = [s for s in free if s.index == old.index] or [s for s in free if s.team == old.team]
    index = same[0].index if same and copy.waiting else None
    try:
        seat_take(
            table_id=table_id,
            user=user,
            index=index,
            invite_code=copy.invite_code,
            outbox=outbox,
        )
    except TableError:
        if index is None:
            raise
        # Taken meanwhile: any other free seat will do.
        seat_take(table_id=table_id, user=user, invite_code=copy.invite_code, outbox=outbox)
