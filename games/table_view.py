"""A table's context for its template, for one viewer: the seats and their controls, the banner
and the turn's announcement, the viewer's actions, the invitations, the queue (games/rendering.py
renders it; the end of the game is games/table_result.py's)."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any, NamedTuple

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import presenters, rules
from games.catalog import GAMES_BY_SLUG
from games.rules.base import with_names
from games.services import ROBOT_FORBIDDEN
from games.snapshots import SeatCopy, TableCopy
from games.table_actions import host_name, invites, viewer_actions
from games.table_result import recent_log, result


class Control(NamedTuple):  # tuples: a kept part's key pickles them quickly (config/jinja2.py)
    """One of the host's buttons on a seat: the command's fields, as the form sends them."""

    label: str
    primary: bool
    fields: tuple[tuple[str, Any], ...]


class SeatView(NamedTuple):
    index: int
    name: str
    team: int | None
    team_name: str
    empty: bool
    robot: bool
    autopilot: bool
    person: bool
    connected: bool
    away_since: str
    away_at: str
    muted: bool
    is_you: bool
    is_host: bool
    controls: tuple[Control, ...]
    clock_due: str = ""  # when the move clock of the seat on turn runs out
    clock_seconds: int = 0


def seat_name(seat: SeatCopy) -> str:
    if seat.robot:
        return _("Robô %(n)d") % {"n": seat.index + 1}
    if seat.user_id is not None:
        return seat.name or _("Jogador removido")
    return _("Lugar livre")


def table_context(
    copy: TableCopy,
    seat: int | None,
    *,
    signed_in: bool = True,
    team: int | None = None,
    viewer_id: int | None = None,
) -> dict[str, Any]:
    info = GAMES_BY_SLUG[copy.game]
    mode = info.mode(copy.mode)
    game = rules.get(copy.game)
    names = [seat_name(s) for s in copy.seats]
    movers = game.to_act(copy.state) if copy.playing else []
    you = seat
    mine = copy.seats[you] if you is not None else None
    legal = game.legal_actions(copy.state, you) if copy.playing and you is not None else []
    your_turn = you in movers and mine is not None and not mine.played_by_robot
    playable = [a for a in legal if a["type"] not in ROBOT_FORBIDDEN] if your_turn else []
    log = recent_log(copy.log, names)
    banner_text = banner(copy, you, movers, names)
    context: dict[str, Any] = {
        "version": copy.version,
        "state_version": copy.state_version,
        "over": not copy.is_open,
        "waiting": copy.waiting,
        "you": you,
        "your_turn": your_turn,
        "movers": movers,
        "banner": banner_text,
        "announcement": announcement(copy, you, your_turn, names) or banner_text,
        "away": away_line(copy, you, movers, names),
        "claim": copy.claim_open and any(a["type"] == "claim_inactivity" for a in legal),
        "log": log,
        "game_slug": copy.game,
        "game_template": f"games/{copy.game}/_game.html",
        "game": None,
        "teams": team_groups(copy, mode),
        "seats": seat_views(copy, you, movers, names, mode),
        "invites": invites(copy, you, mode),
        "queue": queue_view(copy, viewer_id),
        "result": result(copy, you, names),
        "hint_text": "",
    }
    if copy.state is not None:
        view = game.view(copy.state, you)
        events = copy.log[0] if copy.log else ()
        hints = bool(mode and mode.hints) and your_turn
        presenter = presenters.get(copy.game)
        context["g"] = presenter.context(
            view,
            you,
            playable,
            names=names,
            events=events,
            hints=hints,
            hint_place=bool(mode and mode.hints),
            history=copy.log,
        )
        context["game"] = True
    context["actions"], context["hint_text"] = viewer_actions(
        copy, you, mode, signed_in, team, names, viewer_id
    )
    return context


def queue_view(copy: TableCopy, viewer_id: int | None) -> list[SimpleNamespace]:
    """Who waits for a seat, in order; the viewer's own place is marked."""
    return [
        SimpleNamespace(place=i + 1, name=q.name, is_you=q.user_id == viewer_id)
        for i, q in enumerate(copy.queue)
    ]


def banner(copy: TableCopy, you: int | None, movers: list[int], names: list[str]) -> str:
    if copy.waiting:
        if any(s.empty for s in copy.seats):
            return _("Esperando jogadores")
        if you is not None and copy.seats[you].user_id == copy.host_id:
            return _("Todos sentados: pode começar")
        return _("Todos sentados: %(host)s pode começar") % {"host": host_name(copy, names)}
    if not copy.is_open:
        return _("Fim de jogo")
    if you is not None and you in movers and not copy.seats[you].played_by_robot:
        return _("Sua vez")
    if movers:
        return _("Vez de %(name)s") % {"name": names[movers[0]]}
    return ""


def announcement(copy: TableCopy, you: int | None, your_turn: bool, names: list[str]) -> str:
    """What the latest change did, in one short sentence for the page's polite live region: the
    first thing the latest move did (the end of the game, when it ended it; never the turn
    passing on), said after "Sua vez:" when the turn came to the viewer with it. Nothing before
    the first move (the page says its banner)."""
    events = copy.log[0] if copy.log else ()
    said = [e for e in events if e.get("text") and e.get("type") != "turn"]
    if not said:
        return ""
    first = next((e for e in said if e.get("type") == "end"), said[0])
    text = with_names(str(first["text"]), names).strip()
    came = your_turn and (
        first.get("seat") != you
        or any(e.get("type") == "turn" and e.get("seat") == you for e in events)
    )
    return _("Sua vez: %(what)s") % {"what": text} if came else text


def away_line(copy: TableCopy, you, movers, names) -> SimpleNamespace | None:
    """For the others at the table: the person on turn left the page. Says since when and what
    comes next and when: a robot plays for them, or the others may claim the win."""
    if not copy.playing:
        return None
    gone = [
        copy.seats[i]
        for i in movers
        if i != you
        and copy.seats[i].user_id is not None
        and not copy.seats[i].connected
        and copy.seats[i].last_seen is not None
    ]
    if not gone:
        return None
    seat = gone[0]
    line = SimpleNamespace(
        text=_("%(name)s está sem conexão") % {"name": names[seat.index]},
        since=seat.last_seen.isoformat() if seat.last_seen else "",
        until="",
        until_text="",
    )
    takeover = copy.timer("takeover", seat.index)
    claim = copy.timer("claim")
    if seat.autopilot:
        line.text = _("%(name)s está sem conexão: um robô joga por enquanto") % {
            "name": names[seat.index]
        }
    elif takeover is not None:
        line.until, line.until_text = takeover.due.isoformat(), _("Um robô joga no lugar")
    elif claim is not None and you is not None:
        line.until, line.until_text = claim.due.isoformat(), _("Você pode reclamar a vitória")
    return line


def team_groups(copy: TableCopy, mode) -> list[SimpleNamespace]:
    """In a team mode, the teams in order with their seats, so that partners are shown
    together (seats alternate between teams around the table)."""
    if not (mode and mode.team_names):
        return []
    return [
        SimpleNamespace(
            index=team,
            name=str(name),
            seats=[s.index for s in copy.seats if s.team == team],
        )
        for team, name in enumerate(mode.team_names)
    ]


def seat_views(copy: TableCopy, you, movers, names, mode) -> list[SeatView]:
    team_names = mode.team_names if mode else ()
    viewer = copy.seats[you] if you is not None else None
    host_view = viewer is not None and viewer.user_id == copy.host_id
    views = []
    for seat in copy.seats:
        person = seat.user_id is not None
        away = person and not seat.connected and seat.last_seen is not None
        views.append(
            SeatView(
                index=seat.index,
                name=names[seat.index],
                team=seat.team,
                team_name=str(team_names[seat.team])
                if team_names and seat.team is not None
                else "",
                empty=seat.empty,
                robot=seat.robot,
                autopilot=seat.autopilot,
                person=person,
                connected=seat.connected,
                away_since=seat.last_seen.isoformat() if away else "",
                away_at=_since(seat.last_seen) if away else "",
                muted=seat.muted,
                is_you=seat.index == you,
                is_host=person and seat.user_id == copy.host_id,
                controls=seat_controls(copy, seat, names) if host_view else (),
                **_clock(copy, seat.index),
            )
        )
    return views


def _clock(copy: TableCopy, index: int) -> dict[str, Any]:
    """The move clock of a seat on turn: when it runs out, out of how many seconds."""
    timer = copy.timer("clock", index)
    if timer is None or not copy.move_seconds:
        return {}
    return {"clock_due": timer.due.isoformat(), "clock_seconds": copy.move_seconds}


def _since(moment: datetime) -> str:
    return _("desde %(time)s") % {"time": formats.time_format(timezone.localtime(moment), "H:i")}


def seat_controls(copy: TableCopy, seat: SeatCopy, names: list[str]) -> tuple[Control, ...]:
    """The host's controls on one seat."""
    controls: list[Control] = []
    is_host_seat = seat.user_id is not None and seat.user_id == copy.host_id
    if copy.waiting:
        if seat.empty:
            controls.append(_control(_("Pôr robô"), cmd="robot_add", seat=seat.index, primary=True))
        elif not is_host_seat:
            label = _("Tirar robô") if seat.robot else _("Tirar da mesa")
            controls.append(_control(label, cmd="seat_clear", seat=seat.index))
        if seat.index > 0 and not seat.empty and not copy.seats[seat.index - 1].empty:
            other = names[seat.index - 1]
            controls.append(
                _control(
                    _("Trocar de lugar com %(name)s") % {"name": other},
                    cmd="seat_move",
                    seat=seat.index,
                    to=seat.index - 1,
                )
            )
    elif copy.playing and seat.user_id is not None and not is_host_seat and not seat.connected:
        controls.append(_control(_("Pôr robô no lugar"), cmd="seat_clear", seat=seat.index))
    if copy.is_open and seat.user_id is not None and not is_host_seat:
        label = _("Deixar falar") if seat.muted else _("Silenciar")
        controls.append(
            _control(label, cmd="mute", seat=seat.index, muted="0" if seat.muted else "1")
        )
    return tuple(controls)


def _control(label: str, *, primary: bool = False, **fields: Any) -> Control:
    return Control(label, primary, tuple(fields.items()))
