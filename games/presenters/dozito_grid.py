"""A Dozito grid as the templates draw it: its cells (face or back, where the card in hand may
go, what the latest action laid and from where, the slot of a clash), and each grid's groups
outlined with their points (the rules' `groups` and `GROUP_POINTS`, on face-up cards only) with
the grid's score written as a sum."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.partials import Lazy
from games.presenters import action_json
from games.presenters.dozito_cards import SUN, Face, face
from games.rules.dozito import GROUP_POINTS, POINTS_PER_SUN, groups
from games.rules.dozito.grid import SIDES


@dataclass(frozen=True, slots=True)
class Cell:
    slot: int
    face: Face | None  # None: face down
    place: str | None  # the action, as its button sends it, when the viewer may put the card here
    recent: bool  # a card was laid here by the latest action
    clash: bool  # the slot of a clash now
    label: str
    edges: str = ""  # the sides of a group's outline this cell draws ("t r b l")
    colour: str = ""  # the colour of its group, when in a group of two or more
    badge: int | None = None  # the group's points, on the group's first slot
    source: str = ""  # where the card laid by the latest action came from ("pile-0", "hand")


@dataclass(frozen=True, slots=True)
class Grid:
    seat: int
    title: str
    yours: bool
    out: bool
    cells: tuple[Cell, ...]
    points: int | None
    face_up: int
    total: int
    breakdown: str  # "16 + 10 + 2 + 8 ☀"


def placed_slots(events: Sequence[dict[str, Any]], seat: int) -> dict[int, str]:
    """The slots of `seat`'s grid where the latest action laid a card (a place, the card kept
    in a clash), each with where that card came from: a discard pile or the hand."""
    source = "hand"
    laid = {}
    for e in events:
        kind = e.get("type")
        if kind == "take" and e.get("seat") == seat:
            source = f"pile-{e['pile']}"
        elif kind in ("place", "keep") and e.get("seat") == seat and e.get("slot"):
            if kind == "place" or e.get("card") != e.get("discarded"):
                laid[e["slot"]] = source
            source = "hand"
    return laid


def grid_part(
    view: dict[str, Any],
    seat: int,
    names: list[str],
    places: dict[int, dict[str, Any]],
    recent: dict[int, str],
) -> Lazy:
    """`seat`'s grid as `cached_include` draws it: made only when no grid drawn before has the
    same key, which holds everything `grid` reads of the view for that seat."""
    yours, clash, cells = seat == view["seat"], clash_at(view, seat), view["grids"][seat]
    scores = view["out"][seat], view["points"][seat], view["totals"][seat]
    key = (seat, yours, names[seat], clash, cells, *scores, places, recent)
    return Lazy(key, functools.partial(grid, view, seat, names, places, recent))


def clash_at(view: dict[str, Any], seat: int) -> int | None:
    """The slot of `seat`'s grid where a clash is being decided now, if any."""
    turn = view["turn"]
    return turn["slot"] if turn and turn["phase"] == "clash" and seat == view["to_move"] else None


def grid(
    view: dict[str, Any],
    seat: int,
    names: list[str],
    places: dict[int, dict[str, Any]],
    recent: dict[int, str],
) -> Grid:
    clash = clash_at(view, seat)
    yours = seat == view["seat"]
    cells_view = view["grids"][seat]
    found = [g for g in groups(cells_view) if len(g) > 1]
    group_of = {slot: g for g in found for slot in g}
    cells = []
    for c in cells_view:
        slot, f = c["slot"], face(c["card"]) if c["up"] else None
        what = f.label if f else _("virada para baixo")
        label = _("Espaço %(slot)d: %(what)s") % {"slot": slot, "what": what}
        if slot in places:
            label = _("%(label)s. Colocar aqui a carta da mão.") % {"label": label}
        members = group_of.get(slot)
        edges, badge = "", None
        if members:
            edges = " ".join(side for side, near in SIDES[slot] if near not in members)
            badge = GROUP_POINTS.get(len(members)) if slot == members[0] else None
        cells.append(
            Cell(
                slot,
                f,
                action_json(places[slot]) if slot in places else None,
                slot in recent,
                slot == clash,
                label,
                edges=edges,
                colour=f.colour if members else "",
                badge=badge,
                source=recent.get(slot, ""),
            )
        )
    title = _("Sua grade") if yours else names[seat]
    points = [GROUP_POINTS.get(len(g)) for g in sorted(found, key=len, reverse=True)]
    suns = sum(c["card"]["suns"] for c in cells_view if c["up"])
    return Grid(
        seat=seat,
        title=title,
        yours=yours,
        out=view["out"][seat],
        cells=tuple(cells),
        points=view["points"][seat],
        face_up=sum(1 for c in cells if c.face),
        total=view["totals"][seat],
        breakdown=breakdown(points, suns),
    )


def breakdown(points: Sequence[int | None], suns: int) -> str:
    """A grid's score as a sum: each group's points, then the suns ("16 + 2 + 5 ☀")."""
    terms = [str(p) for p in points if p]  # twelve of a colour (None) win instead
    if suns:
        terms.append(f"{suns * POINTS_PER_SUN} {SUN}")
    return " + ".join(terms)
