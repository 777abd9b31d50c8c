"""What one viewer sees of a table, rendered from the rules' `view` for their seat only.

The first page load over HTTP and every live update over the socket use the same context and
the same partial templates, so a reload or a reconnection shows exactly the live state.

Once a game has started, the partials never ask who is looking: what only some seats see (the
controls of the seat on turn, "Sua vez", "(você)", your own card, "Você venceu!", "Jogar de
novo") is wrapped with the seats it is for (`only-seats` / `except-seats` and `data-seats`), and
the page shows it to its own seat, which every render starts with (`#mesa-eu`, see table.css
section 0b). So when the game's view is the same for every seat (`GameInfo.public_view`: Bozó
hides the covered dice from everyone), one render per version serves every socket of the
process, players and spectators alike. Games with private hands render each seat's own view,
with only that seat's controls.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.template import engines
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games import rules
from games.catalog import GAMES_BY_SLUG
from games.models import Seat, Table
from games.services import claim_open, seat_of
from games.snapshots import Snapshot


@dataclass
class SeatInfo:
    index: int
    name: str
    user_id: int | None
    robot: bool
    empty: bool
    team: int | None
    team_name: str = ""
    is_you: bool = False
    is_host: bool = False
    on_turn: bool = False


@dataclass
class TableContext:
    table: Table
    seats: list[SeatInfo]
    you: int | None
    view: dict[str, Any] | None = None
    # The seats on turn while a game is on.
    movers: list[int] = field(default_factory=list)
    # The seat whose controls are rendered, and its legal actions: the one on turn when the
    # render is shared, else the viewer when it is their turn.
    actor: int | None = None
    legal: list[dict[str, Any]] = field(default_factory=list)
    # Seats that may claim the win by inactivity now.
    claimers: list[int] = field(default_factory=list)
    notice: str = ""
    notice_kind: str = "info"
    log: list[str] = field(default_factory=list)
    viewer: Any = None
    base_url: str = ""

    def as_dict(self) -> dict[str, Any]:
        table = self.table
        info = GAMES_BY_SLUG[table.game]
        movers = self.movers
        outcome_text = str((table.outcome or {}).get("text", ""))
        return {
            "user": self.viewer,
            "table": table,
            "outcome_text": with_names(outcome_text, [s.name for s in self.seats]),
            "invites": self.invites(),
            "game": info,
            "mode": info.mode(table.mode),
            "seats": self.seats,
            "you": self.you,
            "seated": self.you is not None,
            "is_host": any(s.is_host and s.is_you for s in self.seats),
            "players": [s.index for s in self.seats if s.user_id is not None],
            "view": self.view,
            "movers": movers,
            "human_movers": [i for i in movers if self.seats[i].user_id is not None],
            "actor": self.actor,
            "legal": self.legal,
            "actions": ActionSet(self.legal),
            "claimers": self.claimers,
            "banner": self.banner(),
            "notice": self.notice,
            "notice_kind": self.notice_kind,
            "waiting": table.status == Table.Status.WAITING,
            "playing": table.status == Table.Status.PLAYING,
            "over": table.status in (Table.Status.FINISHED, Table.Status.CLOSED),
            "free_seats": sum(1 for s in self.seats if s.empty),
            "game_template": f"games/{table.game}/_table.html",
            "log": self.log,
        }

    def invites(self) -> list[dict[str, str]]:
        """For a seated player in the waiting room: the table's invitation link and, in team
        modes, one per team that still has room."""
        table = self.table
        if self.you is None or table.status != Table.Status.WAITING:
            return []
        if not any(seat.empty for seat in self.seats):
            return []
        links = [{"label": _("Convite para a mesa"), "url": self.base_url + table.invite_path()}]
        mode = GAMES_BY_SLUG[table.game].mode(table.mode)
        for team, name in enumerate(mode.team_names if mode else ()):
            if any(seat.empty and seat.team == team for seat in self.seats):
                label = _("Convite para a dupla %(team)s") % {"team": name}
                links.append({"label": label, "url": self.base_url + table.invite_path(team)})
        return links

    def banner(self) -> str:
        """The banner outside a game; while one is on, the template says whose turn it is."""
        status = self.table.status
        if status == Table.Status.WAITING:
            return _("Esperando jogadores")
        if status in (Table.Status.FINISHED, Table.Status.CLOSED):
            return _("Fim de jogo")
        return ""


class ActionSet:
    """Legal actions as a template asks: `actions.has("hold")`, `actions.of_type("lift")`."""

    def __init__(self, legal: list[dict[str, Any]]) -> None:
        self.legal = legal

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a["type"] == kind]

    def has(self, kind: str) -> bool:
        return any(a["type"] == kind for a in self.legal)


def seat_infos(table: Table, seats: list[Seat], viewer) -> list[SeatInfo]:
    info = GAMES_BY_SLUG[table.game]
    mode = info.mode(table.mode)
    viewer_id = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    result = []
    for seat in seats:
        if seat.robot:
            name = _("Robô %(n)d") % {"n": seat.index + 1}
        elif seat.user_id:
            name = seat.user.display_name
        else:
            name = _("Lugar livre")
        team_name = ""
        if mode and mode.team_names and seat.team is not None:
            team_name = str(mode.team_names[seat.team])
        result.append(
            SeatInfo(
                index=seat.index,
                name=name,
                user_id=seat.user_id,
                robot=seat.robot,
                empty=seat.is_empty,
                team=seat.team,
                team_name=team_name,
                is_you=viewer_id is not None and seat.user_id == viewer_id,
                is_host=seat.user_id is not None and seat.user_id == table.host_id,
            )
        )
    return result


def table_context(
    table: Table,
    viewer,
    *,
    notice: str = "",
    notice_kind: str = "info",
    snapshot: Snapshot | None = None,
    base_url: str = "",
    shared: bool = False,
) -> TableContext:
    """The context of the partials for `viewer`, or for nobody in particular when `shared` (a
    game on, whose view is the same for every seat)."""
    if snapshot is None:
        snapshot = Snapshot(table=table, seats=tuple(_seats_of(table)), events=None)
    seats = snapshot.seats
    infos = seat_infos(table, seats, None if shared else viewer)
    you = next((s.index for s in infos if s.is_you), None)
    ctx = TableContext(
        table=table,
        seats=infos,
        you=you,
        notice=notice,
        notice_kind=notice_kind,
        viewer=viewer,
        base_url=base_url.rstrip("/"),
    )
    if table.state is not None:
        game = rules.get(table.game)
        ctx.view = game.view(table.state, you)
        if table.status == Table.Status.PLAYING:
            ctx.movers = game.to_act(table.state)
        movers = ctx.movers
        if movers:
            mover = movers[0]
            if shared:
                ctx.actor = mover if infos[mover].user_id is not None else None
            elif you in movers:
                ctx.actor = you
            if ctx.actor is not None:
                ctx.legal = game.legal_actions(table.state, ctx.actor)
            if claim_open(table):
                candidates = [s.index for s in infos if s.user_id] if shared else [you]
                ctx.claimers = [
                    seat
                    for seat in candidates
                    if seat is not None and may_claim(game, table.state, seat)
                ]
        for index in movers:
            infos[index].on_turn = True
        ctx.log = recent_events(snapshot.recent_events(), [s.name for s in infos])
    return ctx


def may_claim(game, state: dict, seat: int) -> bool:
    return any(a["type"] == "claim_inactivity" for a in game.legal_actions(state, seat))


def _seats_of(table: Table) -> list[Seat]:
    return list(table.seats.select_related("user").order_by("index"))


_PLAYER = re.compile(r"\b(do |o )?Jogador (\d+)")


def with_names(text: str, names: Sequence[str]) -> str:
    """The rules say "Jogador 2", the table the nickname: "Vez do Jogador 2" -> "Vez de Ana"."""
    return _with_names(text, tuple(names))


@lru_cache(maxsize=4096)  # the log shows each line again after each of the next moves
def _with_names(text: str, names: tuple[str, ...]) -> str:
    def name(match: re.Match) -> str:
        index = int(match.group(2)) - 1
        if not 0 <= index < len(names):
            return match.group(0)
        article = {"do ": "de ", "o ": ""}.get(match.group(1) or "", "")
        return article + names[index]

    return _PLAYER.sub(name, text)


def recent_events(actions: Iterable[list[dict]], names: list[str], count: int = 6) -> list[str]:
    """The public text of the latest events, newest first (the rules never put secrets there)."""
    lines: list[str] = []
    seats = tuple(names)
    for events in actions:
        lines.extend(
            _with_names(str(e["text"]), seats) for e in reversed(events or []) if e.get("text")
        )
        if len(lines) >= count:
            break
    return lines[:count]


def render_live(
    table: Table,
    viewer,
    *,
    notice: str = "",
    notice_kind: str = "info",
    snapshot: Snapshot | None = None,
    base_url: str = "",
) -> str:
    """Every live partial of the table for `viewer`, each with its id for an out-of-band swap,
    after `#mesa-eu` with the viewer's seat. Shared between viewers when the game allows it."""
    if snapshot is None:
        snapshot = Snapshot(table=table, seats=tuple(_seats_of(table)), events=None)
    seat = seat_of(snapshot.seats, viewer)
    you = None if seat is None else seat.index
    shared = shares_render(table)
    if shared and not notice:
        return mark_safe(seat_marker(you) + snapshot.shared_render(render_shared))  # noqa: S308
    ctx = table_context(
        table,
        viewer,
        notice=notice,
        notice_kind=notice_kind,
        snapshot=snapshot,
        base_url=base_url,
        shared=shared,
    )
    return mark_safe(seat_marker(you) + render_context(ctx))  # noqa: S308 - autoescaped Jinja2


def shares_render(table: Table) -> bool:
    """Whether one render serves every viewer: outside the waiting room (where the host and
    the seated see their own controls), for a game whose view is the same for every seat."""
    return table.status != Table.Status.WAITING and GAMES_BY_SLUG[table.game].public_view


def render_shared(snapshot: Snapshot) -> str:
    ctx = table_context(snapshot.table, None, snapshot=snapshot, shared=True)
    return render_context(ctx)


def seat_marker(you: int | None) -> str:
    """Tells the page its own seat (nothing for a spectator): table.css shows what is for it."""
    seat = "" if you is None else f' data-you="{you}"'
    return f'<div id="mesa-eu" hidden{seat}></div>\n'


def render_context(ctx: TableContext) -> str:
    context = {**ctx.as_dict(), "LANGUAGE": translation.get_language()}
    return mark_safe(live_template().render(context))  # noqa: S308 - autoescaped Jinja2


def live_template():
    """games/jinja2/games/_live.html, from the Jinja2 environment itself (config/jinja2.py)."""
    return engines["jinja2"].env.get_template("games/_live.html")
