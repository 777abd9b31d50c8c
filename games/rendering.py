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

import functools
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from types import SimpleNamespace
from typing import Any, NamedTuple
from urllib.parse import urlencode

from django.template import engines
from django.urls import reverse
from django.utils import formats, timezone, translation
from markupsafe import Markup

from games import i18n, presenters, rules, services, snapshots
from games.catalog import GAMES_BY_SLUG
from games.i18n import gettext as _
from games.i18n import ngettext
from games.rules.base import with_names
from games.services import ROBOT_FORBIDDEN
from games.snapshots import SeatCopy, TableCopy

# -- partials --------------------------------------------------------------------------------------


class Partial(NamedTuple):  # a tuple: a render makes some 200 of them, and quickly
    id: str
    html: str
    shell: int  # digest of its markup with each child partial replaced by the child's id
    children: tuple[Partial, ...] = ()
    # What a socket that received it remembers, (digest of its markup, shell): one tuple that
    # every socket shares instead of one each (a socket remembers some 70 of them).
    mark: tuple[int, int] = (0, 0)


def collect(html: str) -> tuple[str, tuple[Partial, ...]]:
    """The markup without its partial marks, and its partials: a template encloses each one in
    `<!--p:ID-->` ... `<!--/p-->` (plain text, so marking costs the template nothing)."""
    pieces = html.split("<!--")
    out = [pieces[0]]
    # Each open partial: its id, its first piece in `out`, its closed children.
    open_: list[tuple[str, int, list]] = [("", 0, [])]
    for piece in pieces[1:]:
        if piece.startswith("/p-->"):
            piece = piece[5:]
            part_id, start, children = open_.pop()
            open_[-1][2].append((part_id, start, len(out), children))
        elif piece.startswith("p:"):
            end = piece.index("-->")
            open_.append((sys.intern(piece[2:end]), len(out), []))  # one id string per name
            piece = piece[end + 3 :]
        else:  # a comment of the markup itself
            piece = "<!--" + piece
        out.append(piece)
    return "".join(out), tuple(_closed(part, out) for part in open_[0][2])


def _closed(part: tuple[str, int, int, list], out: list[str]) -> Partial:
    """A partial from its pieces of the markup, `out[start:end]`. A partial's digest is the hash
    of its pieces, not of its markup: a piece's hash is computed once (Python keeps it on the
    string), so nesting does not hash a child's markup again for each partial around it."""
    part_id, start, end, raw_children = part
    pieces = out[start:end]
    html = "".join(pieces)  # a partial of one piece: that piece itself
    if not raw_children:
        digest = hash(html)
        return Partial(part_id, html, digest, (), (digest, digest))
    children = tuple(_closed(child, out) for child in raw_children)
    shell: list[str | tuple[str]] = []
    at = start
    for child_id, child_start, child_end, _grandchildren in raw_children:
        shell += out[at:child_start]
        shell.append((child_id,))  # the child's place: its id
        at = child_end
    shell += out[at:end]
    shell_digest = hash(tuple(shell))
    return Partial(part_id, html, shell_digest, children, (hash(tuple(pieces)), shell_digest))


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
        digest = part.mark[0]
        known = sent.get(part.id)
        if known is not None and known[0] == digest:
            continue
        if part.children and known is not None and known[1] == part.shell:
            sent[part.id] = part.mark
            _diff(part.children, sent, out, skip)
        else:
            out.append(part.html)
            _record(part, sent)


def _record(part: Partial, sent: Sent) -> None:
    sent[part.id] = part.mark
    for child in part.children:
        _record(child, sent)


# -- a table for one viewer ------------------------------------------------------------------------


def drop_renders(table_id: int) -> None:
    """The table's last socket in this process closed (games/consumers.py): its renders go (some
    200 KiB a table of four, kept until the table changed again, or for good at a table that
    ended), and a later socket renders again."""
    copy = snapshots.cached(table_id)
    if copy is not None:
        copy.renders.clear()


def table_render(
    copy: TableCopy,
    seat: int | None,
    *,
    signed_in: bool = True,
    team: int | None = None,
    viewer_id: int | None = None,
) -> Render:
    """The partials of `copy` for `seat` (None: a spectator, `signed_in` or not, invited to
    `team` or not) in the active language, made once per copy, viewer and language. The team of
    an invitation matters only to a spectator of the waiting room (which seats to offer)."""
    if seat is not None or not copy.waiting:
        team = None
    # A spectator in the queue sees their own place in it: the only render of one person.
    queued = viewer_id if seat is None and copy.queued(viewer_id) is not None else None
    key = (seat, seat is not None or signed_in, translation.get_language(), team, queued)
    render = copy.renders.get(key)
    if render is None:
        render = copy.renders[key] = fresh_render(
            copy, seat, signed_in=signed_in, team=team, viewer_id=queued
        )
    return render


def fresh_render(
    copy: TableCopy, seat: int | None, *, signed_in: bool, team: int | None, viewer_id: int | None
) -> Render:
    """The work of one `table_render`, uncached (the live bench swaps it for the protocol alone:
    tests/bench/live_asgi.py)."""
    with i18n.bound():
        context = table_context(copy, seat, signed_in=signed_in, team=team, viewer_id=viewer_id)
        _html, parts = collect(_template("games/_table.html").render(context))
    return Render(parts)


def game_render(
    slug: str,
    state: dict[str, Any],
    seat: int | None,
    *,
    names: Sequence[str] = (),
    events: tuple[dict[str, Any], ...] = (),
    log: Sequence[str] = (),
    heading: int = 4,
    buttons: bool = True,
    history: tuple[tuple[dict[str, Any], ...], ...] = (),
    landmarks: bool = False,
) -> str:
    """The game's area of a table for `seat`, from a plain state (no table): what the guides
    draw worked rounds with, with the very templates of the live tables. Its headings are of
    level `heading` (a guide's step sits under its round's h3; a live table's start at h2).
    Without `buttons` the seat sees its own hidden pieces but is offered no move (a guide is
    read, not played). `history`: the latest moves' events, newest first (a replay's step).
    With `landmarks` each player's card or grid is a region, as at a live table; without, a
    named group: a guide draws the same player's card at every step, and two regions of one
    page may not share a name."""
    game = rules.get(slug)
    view = game.view(state, seat)
    legal = _playable(game, state, seat) if seat is not None and buttons else []
    with i18n.bound():
        names = list(names) or [_("Jogador %(n)d") % {"n": i + 1} for i in range(state["seats"])]
        presenter = presenters.get(slug)
        g = presenter.context(view, seat, legal, names=names, events=events, history=history)
        g.heading = heading
        g.landmarks = landmarks
        template = _template(f"games/{slug}/_game.html")
        html, _parts = collect(template.render({"g": g, "log": list(log)}))
    return Markup(html)  # noqa: S704 - rendered by the autoescaping environment


def page_assets(slug: str) -> SimpleNamespace:
    """The stylesheets and scripts (static paths) a page that draws this game loads: those of
    the games whose pieces it draws with (the presenter's `DRAWS_WITH`: Yam's felt is Bozó's
    dice, cup and motion), then its own."""
    slugs = (*presenters.get(slug).DRAWS_WITH, slug)
    return SimpleNamespace(
        css=[f"games/{s}.css" for s in slugs], js=[f"games/{s}.js" for s in slugs]
    )


def page_defs(slug: str) -> Markup:
    """What a page that draws this game's pieces holds once (a table page, a guide): the
    drawings its pieces use (`<use href>`), from `games/<slug>/_defs.html` and the presenter's
    `defs()`. Empty for a game without them."""
    return _page_defs(slug, translation.get_language())


@functools.lru_cache(maxsize=16)
def _page_defs(slug: str, language: str) -> Markup:
    defs = presenters.get(slug).defs()
    if defs is None:
        return Markup("")
    return Markup(_template(f"games/{slug}/_defs.html").render(defs))  # noqa: S704


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
    people_on_turn = [i for i in movers if copy.seats[i].user_id is not None]
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
        "people_on_turn": people_on_turn,
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


def host_name(copy: TableCopy, names: list[str]) -> str:
    return next((names[s.index] for s in copy.seats if s.user_id == copy.host_id), "")


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
                on_turn=seat.index in movers,
                controls=seat_controls(copy, seat, names) if host_view else [],
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
    return controls


def _control(label: str, *, primary: bool = False, **fields: Any) -> SimpleNamespace:
    return SimpleNamespace(label=label, primary=primary, fields=fields.items())


def viewer_actions(
    copy: TableCopy,
    you,
    mode,
    signed_in: bool,
    team: int | None,
    names: list[str],
    viewer_id: int | None = None,
) -> tuple[list[SimpleNamespace], str]:
    """The viewer's own table commands under the seats, and a line saying what is true now."""
    actions: list[SimpleNamespace] = []
    hint = ""
    if you is None and not signed_in:
        if copy.is_open:
            back = urlencode({"next": f"/mesa/{copy.id}/"})
            for label, name in (
                (_("Criar conta"), "account_signup"),
                (_("Entrar"), "account_login"),
            ):
                actions.append(SimpleNamespace(label=label, href=f"{reverse(name)}?{back}"))
            hint = _("Crie sua conta ou entre para sentar à mesa.")
        return actions, hint
    # A full table offers its queue (a waiting room with a free or a robot's seat offers a seat).
    room = copy.waiting and any(s.empty or s.robot for s in copy.seats)
    if you is None and copy.is_open and services.has_queue(copy) and not room:
        place = copy.queued(viewer_id)
        if place is not None:
            hint = _("Você é o %(n)dº da fila: senta no fim da partida.") % {"n": place + 1}
            if any(s.robot for s in copy.seats):
                hint = _("Você é o %(n)dº da fila: senta no lugar de um robô no fim da mão.") % {
                    "n": place + 1
                }
            return [_action(_("Sair da fila"), cmd="queue_leave")], hint
        if any(s.robot for s in copy.seats):
            hint = _("No fim da mão, quem está na fila senta no lugar de um robô.")
        else:
            hint = _("Mesa cheia: quem entra na fila assiste e senta no fim da partida.")
        return [_action(_("Entrar na fila"), cmd="queue_join", primary=True)], hint
    if copy.waiting:
        if you is None:
            return _sit_actions(copy, mode, team)
        host = copy.seats[you].user_id == copy.host_id
        if host:
            refusal = services.start_refusal(copy)
            hint = refusal or _("Todos sentados: pode começar.")
            label = _("Começar a partida")
            actions.append(_action(label, cmd="start", primary=True, disabled=bool(refusal)))
        else:
            hint = _("%(host)s começa a partida quando todos estiverem sentados.") % {
                "host": host_name(copy, names)
            }
        label = _("Encerrar a mesa") if host else _("Sair da mesa")
        ask = _("A mesa fecha para todos que estão nela. Encerrar mesmo?") if host else ""
        actions.append(_action(label, cmd="leave", confirm=ask))
        return actions, hint
    if copy.playing:
        if you is not None:
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


def _sit_actions(copy: TableCopy, mode, team: int | None) -> tuple[list[SimpleNamespace], str]:
    """A spectator of the waiting room: sit. Invited to a team, only that team's seat is
    offered; in a team mode without an invitation, a button per team with room."""
    # A free seat, else a robot's: whoever comes takes a robot's place at once.
    free = [s for s in copy.seats if s.empty] or [s for s in copy.seats if s.robot]
    team_names = mode.team_names if mode else ()
    if team is not None and 0 <= team < len(team_names):
        name = team_names[team]
        if any(s.team == team for s in free):
            label = _("Sentar na dupla %(name)s") % {"name": name}
            return [_action(label, cmd="sit", team=team, primary=True)], ""
        return [], _("A dupla %(name)s já está completa. Você pode assistir.") % {"name": name}
    if not free:
        return [], _("A mesa está cheia. Você pode assistir.")
    if not team_names:
        return [_action(_("Sentar"), cmd="sit", primary=True)], ""
    actions = []
    for index, name in enumerate(team_names):
        if any(s.team == index for s in free):
            label = _("Sentar na dupla %(name)s") % {"name": name}
            actions.append(_action(label, cmd="sit", team=index, primary=not actions))
    return actions, ""


def _action(
    label: str,
    *,
    primary: bool = False,
    disabled: bool = False,
    small: bool = False,
    confirm: str = "",
    **fields: Any,
) -> SimpleNamespace:
    return SimpleNamespace(
        label=label, primary=primary, disabled=disabled, small=small, confirm=confirm,
        fields=list(fields.items()), href="",
    )  # fmt: skip


def invites(copy: TableCopy, you, mode) -> list[SimpleNamespace]:
    """For a seated player in the waiting room: the table's invitation link and, in team modes,
    one per team that still has room, saying whom to send it to. Paths only: the page completes
    them with its own address, which the server validated when it served the page."""
    if you is None or not copy.waiting or not any(s.empty for s in copy.seats):
        return []
    links = [
        SimpleNamespace(
            label=_("Convite para a mesa"),
            whom=_("Quem abrir escolhe um lugar livre.") if mode and mode.team_names else "",
            path=reverse("games:invite", args=[copy.id, copy.invite_code]),
        )
    ]
    own_team = copy.seats[you].team
    for team, name in enumerate(mode.team_names if mode else ()):
        if any(s.empty and s.team == team for s in copy.seats):
            path = reverse("games:invite_team", args=[copy.id, copy.invite_code, team])
            label = _("Convite para a dupla %(team)s") % {"team": name}
            whom = _("Para quem joga com você.") if team == own_team else _("Para os adversários.")
            links.append(SimpleNamespace(label=label, whom=whom, path=path))
    return links


def result(copy: TableCopy, you, names) -> SimpleNamespace | None:
    """The end of the game for one viewer, said once: a title ("Você venceu!", "Vencedor: Ana",
    "Empate", the solo score), what ended it when it was not a complete game, the scores."""
    if copy.is_open:
        return None
    outcome = copy.outcome or {}
    reason = outcome.get("reason", "")
    winners = [i for i in outcome.get("winners") or [] if 0 <= i < len(names)]
    teams = GAMES_BY_SLUG[copy.game].mode(copy.mode)
    team_names = teams.team_names if teams else ()
    sides = _sides(copy, names, team_names, outcome.get("scores") or [], winners)
    won = [side for side in sides if side.won]
    solo = len(copy.seats) == 1
    detail = ""
    if reason == "closed":
        yours = you is not None and copy.seats[you].user_id == copy.host_id
        if outcome.get("closed_by") == "host" and yours:
            title = _("Você encerrou a mesa.")
        else:
            title = with_names(str(outcome.get("text", "")), names)
        sides = []
    elif solo:
        score = sides[0].score if sides else 0
        if reason == "complete":
            title = ngettext(
                "Treino concluído: %(n)d ponto",
                "Treino concluído: %(n)d pontos",
                score,
            )
            title %= {"n": score}
            best = outcome.get("best_before")
            if best is None:
                detail = _("Sua primeira marca neste treino.")
            elif score > best:
                detail = _("Novo recorde! Sua melhor marca era %(best)d.") % {"best": best}
            else:
                detail = _("Sua melhor marca: %(best)d.") % {"best": best}
        else:
            title = _("Treino encerrado")
        sides = []
    elif len(won) > 1:
        title = _("Empate: vitória compartilhada") if you in winners else _("Empate")
    elif you is not None and you in winners:
        title = _("Você venceu!")
    elif won:
        if team_names:
            title = _("Dupla vencedora: %(name)s") % {"name": won[0].name}
        else:
            title = _("Vencedor: %(name)s") % {"name": won[0].name}
    else:
        title = with_names(str(outcome.get("text", "")), names)
    if not solo:
        detail = _ended_by(reason, copy, names, winners)
    return SimpleNamespace(
        title=title,
        detail=detail,
        sides=sides,
        you_won=you is not None and you in winners and len(won) == 1 and not solo,
        next_table=copy.next_table_id,
        can_replay=you is not None and copy.status == "finished",
        # Its replay: open to all for a public table, to those who played a private one.
        replay=copy.id if copy.status == "finished" and (you is not None or copy.is_public) else 0,
    )


def _sides(copy: TableCopy, names, team_names, scores, winners) -> list[SimpleNamespace]:
    """Each side's name and score, best first: a team in a team mode, else each seat."""
    sides: dict[Any, SimpleNamespace] = {}
    for seat in copy.seats:
        key = seat.team if team_names and seat.team is not None else seat.index
        if key in sides:
            sides[key].won = sides[key].won or seat.index in winners
            continue
        name = str(team_names[key]) if team_names and seat.team is not None else names[seat.index]
        score = scores[seat.index] if seat.index < len(scores) else 0
        sides[key] = SimpleNamespace(name=name, score=score, won=seat.index in winners)
    return sorted(sides.values(), key=lambda side: -side.score)


def _ended_by(reason: str, copy: TableCopy, names, winners) -> str:
    """What ended a game before its end, when something did: one person named when it can only
    be them, or the game's own way to end early (its presenter's `ended_by`)."""
    losers = [names[s.index] for s in copy.seats if s.index not in winners and s.user_id]
    who = losers[0] if len(losers) == 1 else ""
    if reason == "left":
        return _("%(who)s saiu da partida.") % {"who": who} if who else _("Alguém saiu da partida.")
    if reason == "inactivity":
        if who:
            return _("Vitória por inatividade de %(who)s.") % {"who": who}
        return _("Vitória por inatividade do outro lado.")
    return presenters.get(copy.game).ended_by(reason)


def recent_log(log: tuple[tuple[dict[str, Any], ...], ...], names, count: int = 6) -> list[str]:
    """The public text of the latest events, newest first (the rules never put secrets there)."""
    lines: list[str] = []
    for events in log:
        lines.extend(with_names(str(e["text"]), names) for e in reversed(events) if e.get("text"))
        if len(lines) >= count:
            break
    return lines[:count]
