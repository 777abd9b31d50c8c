"""What one viewer sees of a table: the live partials, rendered from the rules' `view` for that
viewer's seat only, and what a socket is sent of them.

A render is made once per (table version, seat or spectator, language) and kept on the table's
copy (games/snapshots.py): all spectators of a version share one, each seat renders once per
version, and nothing meant for one seat is in another's render. Each partial has an id; the
partials nest (a card holds its rows). A socket remembers a digest of each partial it received
and is sent only those that changed; a partial whose own markup around its children changed
(its shell) is sent whole, children included, so the page always has a place for every partial.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

from django.template import engines
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from markupsafe import Markup

from games import presenters, rules, services
from games.catalog import GAMES_BY_SLUG
from games.services import ROBOT_FORBIDDEN
from games.snapshots import SeatCopy, TableCopy

# -- partials --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Partial:
    id: str
    html: str
    shell: int  # digest of its markup with each child partial replaced by the child's id
    children: tuple[Partial, ...] = ()


def collect(html: str) -> tuple[str, tuple[Partial, ...]]:
    """The markup without its partial marks, and its partials: a template encloses each one in
    `<!--p:ID-->` ... `<!--/p-->` (plain text, so marking costs the template nothing)."""
    pieces = html.split("<!--")
    out = [pieces[0]]
    size = len(pieces[0])
    # Each open partial: its id, where it starts in the output, its closed children.
    open_: list[tuple[str, int, list]] = [("", 0, [])]
    for piece in pieces[1:]:
        if piece.startswith("/p-->"):
            piece = piece[5:]
            part_id, start, children = open_.pop()
            open_[-1][2].append((part_id, start, size, children))
        elif piece.startswith("p:"):
            end = piece.index("-->")
            open_.append((piece[2:end], size, []))
            piece = piece[end + 3 :]
        else:  # a comment of the markup itself
            piece = "<!--" + piece
        out.append(piece)
        size += len(piece)
    text = "".join(out)
    return text, tuple(_closed(part, text) for part in open_[0][2])


def _closed(part: tuple[str, int, int, list], text: str) -> Partial:
    part_id, start, end, raw_children = part
    html = text[start:end]
    if not raw_children:
        return Partial(part_id, html, hash(html), ())
    children = tuple(_closed(child, text) for child in raw_children)
    shell, at = [], start
    for child_id, child_start, child_end, _grandchildren in raw_children:
        shell += [text[at:child_start], "\0", child_id]
        at = child_end
    shell.append(text[at:end])
    return Partial(part_id, html, hash("".join(shell)), children)


@dataclass(frozen=True)
class Render:
    parts: tuple[Partial, ...]

    @property
    def html(self) -> str:
        """Every partial, one after the other (a page's first render, a new socket's message)."""
        return "\n".join(part.html for part in self.parts)


# What a socket last received of each partial: id -> (digest of its markup, digest of its shell).
Sent = dict[str, tuple[int, int]]


def everything(render: Render, sent: Sent) -> str:
    """All the partials (a new or reconnected socket); `sent` starts again from them."""
    sent.clear()
    for part in render.parts:
        _record(part, sent)
    return render.html


def changes(render: Render, sent: Sent, extra: Sequence[tuple[str, str]] = ()) -> str:
    """The partials of `render` that differ from what `sent` says the socket has, and the `extra`
    partials (id, html) of this message only (a notice, a hint); `sent` is brought up to date."""
    out: list[str] = []
    skip = {part_id for part_id, _ in extra}
    _diff(render.parts, sent, out, skip)
    out.extend(html for _, html in extra)
    remember_extras(sent, extra)
    return "".join(out)


def remember_extras(sent: Sent, extra: Sequence[tuple[str, str]]) -> None:
    """The socket now shows these partials of one message: the next render puts them back."""
    for part_id, html in extra:
        digest = hash(html)
        sent[part_id] = (digest, digest)


def _diff(parts: tuple[Partial, ...], sent: Sent, out: list[str], skip: set[str]) -> None:
    for part in parts:
        if part.id in skip:
            continue
        digest = hash(part.html)
        known = sent.get(part.id)
        if known is not None and known[0] == digest:
            continue
        if part.children and known is not None and known[1] == part.shell:
            sent[part.id] = (digest, part.shell)
            _diff(part.children, sent, out, skip)
        else:
            out.append(part.html)
            _record(part, sent)


def _record(part: Partial, sent: Sent) -> None:
    sent[part.id] = (hash(part.html), part.shell)
    for child in part.children:
        _record(child, sent)


# -- a table for one viewer ------------------------------------------------------------------------


def table_render(copy: TableCopy, seat: int | None, *, signed_in: bool = True) -> Render:
    """The partials of `copy` for `seat` (None: a spectator, `signed_in` or not) in the active
    language, made once per copy, viewer and language."""
    key = (seat, seat is not None or signed_in, translation.get_language())
    render = copy.renders.get(key)
    if render is None:
        context = table_context(copy, seat, signed_in=signed_in)
        _html, parts = collect(_template("games/_table.html").render(context))
        render = copy.renders[key] = Render(parts)
    return render


def game_render(
    slug: str,
    state: dict[str, Any],
    seat: int | None,
    *,
    names: Sequence[str] = (),
    events: tuple[dict[str, Any], ...] = (),
    log: Sequence[str] = (),
) -> str:
    """The game's area of a table for `seat`, from a plain state (no table): what the guides
    draw worked rounds with, with the very templates of the live tables."""
    game = rules.get(slug)
    view = game.view(state, seat)
    legal = _playable(game, state, seat) if seat is not None else []
    names = list(names) or [_("Jogador %(n)d") % {"n": i + 1} for i in range(state["seats"])]
    g = presenters.get(slug).context(view, seat, legal, names=names, events=events)
    html, _parts = collect(_template(f"games/{slug}/_game.html").render({"g": g, "log": list(log)}))
    return Markup(html)  # noqa: S704 - rendered by the autoescaping environment


def _template(name: str):
    return engines["jinja2"].env.get_template(name)


def _playable(game, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    if seat not in game.to_act(state):
        return []
    return [a for a in game.legal_actions(state, seat) if a["type"] not in ROBOT_FORBIDDEN]


@dataclass(frozen=True, slots=True)
class SeatView:
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
    on_turn: bool
    controls: list[SimpleNamespace]


def seat_name(seat: SeatCopy) -> str:
    if seat.robot:
        return _("Robô %(n)d") % {"n": seat.index + 1}
    if seat.user_id is not None:
        return seat.name or _("Jogador removido")
    return _("Lugar livre")


def table_context(copy: TableCopy, seat: int | None, *, signed_in: bool = True) -> dict[str, Any]:
    info = GAMES_BY_SLUG[copy.game]
    mode = info.mode(copy.mode)
    game = rules.get(copy.game)
    names = [seat_name(s) for s in copy.seats]
    movers = game.to_act(copy.state) if copy.playing else []
    people_on_turn = [i for i in movers if copy.seats[i].user_id is not None]
    you = seat
    mine = copy.seats[you] if you is not None else None
    legal = game.legal_actions(copy.state, you) if copy.playing and you is not None else []
    your_turn = you in movers and mine is not None and not mine.played_by_robot
    playable = [a for a in legal if a["type"] not in ROBOT_FORBIDDEN] if your_turn else []
    log = recent_log(copy.log, names)
    context: dict[str, Any] = {
        "version": copy.version,
        "state_version": copy.state_version,
        "over": not copy.is_open,
        "waiting": copy.waiting,
        "you": you,
        "your_turn": your_turn,
        "people_on_turn": people_on_turn,
        "banner": banner(copy, you, movers, names),
        "log": log,
        "game_slug": copy.game,
        "game_template": f"games/{copy.game}/_game.html",
        "game": None,
        "teams": bool(mode and mode.team_names),
        "seats": seat_views(copy, you, movers, names, mode),
        "invites": invites(copy, you, mode),
        "result": result(copy, you, names),
        "hint_text": "",
    }
    if copy.state is not None:
        view = game.view(copy.state, you)
        events = copy.log[0] if copy.log else ()
        hints = bool(mode and mode.hints) and your_turn
        presenter = presenters.get(copy.game)
        context["g"] = presenter.context(
            view, you, playable, names=names, events=events, hints=hints
        )
        context["game"] = True
    context["actions"], context["hint_text"] = viewer_actions(copy, you, legal, mode, signed_in)
    return context


def banner(copy: TableCopy, you: int | None, movers: list[int], names: list[str]) -> str:
    if copy.waiting:
        return _("Esperando jogadores")
    if not copy.is_open:
        return _("Fim de jogo")
    if you is not None and you in movers and not copy.seats[you].played_by_robot:
        return _("Sua vez")
    if movers:
        return _("Vez de %(name)s") % {"name": names[movers[0]]}
    return ""


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
                away_at=_clock(seat.last_seen) if away else "",
                muted=seat.muted,
                is_you=seat.index == you,
                is_host=person and seat.user_id == copy.host_id,
                on_turn=seat.index in movers,
                controls=seat_controls(copy, seat, names) if host_view else [],
            )
        )
    return views


def _clock(moment: datetime) -> str:
    return _("desde %(time)s") % {"time": formats.time_format(timezone.localtime(moment), "H:i")}


def seat_controls(copy: TableCopy, seat: SeatCopy, names: list[str]) -> list[SimpleNamespace]:
    """The host's controls on one seat."""
    controls: list[SimpleNamespace] = []
    is_host_seat = seat.user_id is not None and seat.user_id == copy.host_id
    if copy.waiting:
        if seat.empty:
            controls.append(_control(_("Pôr robô"), cmd="robot_add", seat=seat.index, primary=True))
        elif not is_host_seat:
            label = _("Tirar robô") if seat.robot else _("Tirar da mesa")
            controls.append(_control(label, cmd="seat_clear", seat=seat.index))
        if seat.index > 0:
            other = names[seat.index - 1]
            controls.append(
                _control(
                    "↑",
                    cmd="seat_move",
                    seat=seat.index,
                    to=seat.index - 1,
                    long=_("Trocar de lugar com %(name)s") % {"name": other},
                )
            )
    elif copy.playing and seat.user_id is not None and not is_host_seat and not seat.connected:
        controls.append(_control(_("Pôr robô no lugar"), cmd="seat_clear", seat=seat.index))
    if copy.is_open and seat.user_id is not None and not is_host_seat:
        label = _("Deixar falar") if seat.muted else _("Silenciar")
        controls.append(
            _control(label, cmd="mute", seat=seat.index, muted="0" if seat.muted else "1")
        )
    return controls


def _control(
    label: str, *, primary: bool = False, long: str = "", **fields: Any
) -> SimpleNamespace:
    return SimpleNamespace(label=label, label_long=long, primary=primary, fields=fields.items())


def viewer_actions(
    copy: TableCopy, you, legal, mode, signed_in: bool
) -> tuple[list[SimpleNamespace], str]:
    """The viewer's own table commands under the seats, and a line saying what is missing."""
    actions: list[SimpleNamespace] = []
    hint = ""
    if you is None and not signed_in:
        if copy.is_open:
            login = reverse("account_login") + "?" + urlencode({"next": f"/mesa/{copy.id}/"})
            actions.append(SimpleNamespace(label=_("Entre para sentar"), href=login))
        return actions, hint
    if copy.waiting:
        if you is None:
            free = [s for s in copy.seats if s.empty]
            if free:
                actions.append(_action(_("Sentar"), cmd="sit", primary=True))
                for team, name in enumerate(mode.team_names if mode else ()):
                    if any(s.team == team for s in free):
                        label = _("Sentar na dupla %(name)s") % {"name": name}
                        actions.append(_action(label, cmd="sit", team=team))
            else:
                hint = _("A mesa está cheia. Você pode assistir.")
            return actions, hint
        host = copy.seats[you].user_id == copy.host_id
        if host:
            hint = services.start_refusal(copy)
            label = _("Começar a partida")
            actions.append(_action(label, cmd="start", primary=True, disabled=bool(hint)))
        label = _("Encerrar a mesa") if host else _("Sair da mesa")
        actions.append(_action(label, cmd="leave"))
        return actions, hint
    if copy.playing:
        if you is not None:
            if copy.claim_open and any(a["type"] == "claim_inactivity" for a in legal):
                actions.append(
                    _action(_("Reclamar a vitória por inatividade"), primary=True, claim=True)
                )
            actions.append(
                _action(
                    _("Sair da partida"),
                    cmd="leave",
                    small=True,
                    confirm=_("Sair da partida entrega o resultado ao adversário. Sair mesmo?"),
                )
            )
        else:
            for seat in services.takeable_seats(copy):
                label = _("Sentar no lugar do Robô %(n)d") % {"n": seat.index + 1}
                actions.append(_action(label, cmd="sit", seat=seat.index))
    return actions, hint


def _action(
    label: str,
    *,
    primary: bool = False,
    disabled: bool = False,
    small: bool = False,
    confirm: str = "",
    claim: bool = False,
    **fields: Any,
) -> SimpleNamespace:
    items = [("action", '{"type":"claim_inactivity"}')] if claim else list(fields.items())
    return SimpleNamespace(
        label=label, primary=primary, disabled=disabled, small=small, confirm=confirm, fields=items,
        href="",
    )  # fmt: skip


def invites(copy: TableCopy, you, mode) -> list[SimpleNamespace]:
    """For a seated player in the waiting room: the table's invitation link and, in team modes,
    one per team that still has room. Paths only: the page completes them with its own address,
    which the server validated when it served the page."""
    if you is None or not copy.waiting or not any(s.empty for s in copy.seats):
        return []
    links = [
        SimpleNamespace(
            label=_("Convite para a mesa"),
            path=reverse("games:invite", args=[copy.id, copy.invite_code]),
        )
    ]
    for team, name in enumerate(mode.team_names if mode else ()):
        if any(s.empty and s.team == team for s in copy.seats):
            path = reverse("games:invite_team", args=[copy.id, copy.invite_code, team])
            label = _("Convite para a dupla %(team)s") % {"team": name}
            links.append(SimpleNamespace(label=label, path=path))
    return links


def result(copy: TableCopy, you, names) -> SimpleNamespace | None:
    if copy.is_open:
        return None
    outcome = copy.outcome or {}
    winners = outcome.get("winners") or []
    return SimpleNamespace(
        text=with_names(str(outcome.get("text", "")), names),
        winners=[names[i] for i in winners if 0 <= i < len(names)],
        you_won=you is not None and you in winners,
        closed=copy.status == "closed",
        next_table=copy.next_table_id,
        can_replay=you is not None and copy.status == "finished",
    )


_PLAYER = re.compile(r"\b(do |o )?Jogador (\d+)")


def with_names(text: str, names: Sequence[str]) -> str:
    """The rules say "Jogador 2", the table the nickname: "Vez do Jogador 2" -> "Vez de Ana"."""

    def name(match: re.Match) -> str:
        index = int(match.group(2)) - 1
        if not 0 <= index < len(names):
            return match.group(0)
        article = {"do ": "de ", "o ": ""}.get(match.group(1) or "", "")
        return article + names[index]

    return _PLAYER.sub(name, text)


def recent_log(log: tuple[tuple[dict[str, Any], ...], ...], names, count: int = 6) -> list[str]:
    """The public text of the latest events, newest first (the rules never put secrets there)."""
    lines: list[str] = []
    for events in log:
        lines.extend(with_names(str(e["text"]), names) for e in reversed(events) if e.get("text"))
        if len(lines) >= count:
            break
    return lines[:count]
