"""What the Dominó templates (games/jinja2/games/domino/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the plays that seat may make now,
and returns plain values: the line of play laid out on a board (domino_board.py: the bucho and
its four arms, each tile turned as it lies, doubles across the line, each arm turning a corner
at the board's edge as a real line bends round the table), the open places, the viewer's own
hand face up with where each tile fits (its tiles drawn by domino_tiles.py), the other hands as
backs with their counts, the sum of the open ends, the scores, a line saying what the latest
move did, and after a hand the tiles that were left (domino_events.py, from the public
`hand_end` event). It never sees the state itself, so no other seat's tiles can reach a page.
The seed's "Como jogar aqui" is what the table does (games/static/games/domino.js).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presenters import NO_DRAWINGS, no_early_end, no_hint
from games.presenters.domino_board import board_part
from games.presenters.domino_events import foot, hand_end
from games.presenters.domino_series import series
from games.presenters.domino_tiles import PIPS, Tile, draw
from games.rules.domino import ARM_NAMES, PAIR_NAMES, SEATS

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
hint = no_hint
ended_by = no_early_end

PLACES = {
    "partner": lambda: _("parceiro"),
    "left": lambda: _("à esquerda"),
    "right": lambda: _("à direita"),
    "self": lambda: "",
}
ARM_SAID = {
    "left": lambda: _("na esquerda"),
    "right": lambda: _("na direita"),
    "up": lambda: _("em cima"),
    "down": lambda: _("embaixo"),
    "center": lambda: _("no centro"),
}


@dataclass(frozen=True, slots=True)
class HandTile:
    tile: Tile
    places: list[str]  # the arms it fits now (on the viewer's turn), "center" for the opening
    label: str


@dataclass(frozen=True, slots=True)
class Other:
    seat: int
    name: str
    pair: int
    pair_name: str
    count: int
    where: str  # "partner", "left", "right" around the viewer; "self" for a spectator's seat 0
    place: str  # said: "parceiro", "à esquerda"...


@dataclass(frozen=True, slots=True)
class Move:
    action: dict[str, Any]
    label: str
    tile: str  # "4-6"
    place: str  # the arm, "center" for the opening


def defs() -> dict[str, Any]:
    """What the page's _defs.html draws once: the pips of each number on a half."""
    return {"halves": sorted(PIPS.items())}


def play_label(tile: list[int], end: str | None, ends: dict[str, int]) -> str:
    """ "6-4 na ponta do 6 (esquerda)", "Sair com 6-6": a play said as players say it."""
    a, b = tile
    if end is None:
        return _("Sair com %(a)d-%(b)d") % {"a": a, "b": b}
    pip = ends[end]
    outer = b if a == pip else a
    return _("%(pip)d-%(outer)d na ponta do %(pip)d (%(arm)s)") % {
        "pip": pip,
        "outer": outer,
        "arm": ARM_NAMES[end],
    }


def fits_label(places: list[str]) -> str:
    """ ", cabe na esquerda e na direita": where a tile of the hand goes, said."""
    if not places:
        return _(", não cabe")
    said = [ARM_SAID[p]() for p in places]
    joined = (
        said[0]
        if len(said) == 1
        else _("%(a)s e %(b)s")
        % {
            "a": ", ".join(said[:-1]),
            "b": said[-1],
        }
    )
    return _(", cabe %(where)s") % {"where": joined}


# --- The seats around the viewer ------------------------------------------------------------------


def others(view: dict[str, Any], seat: int | None, names: list[str]) -> list[Other]:
    """The other hands, around the viewer: the partner across, the next seat on the left (the
    turn goes to the left), the last one on the right. A spectator sees all four as backs, the
    first seat at the foot of the table."""
    base = 0 if seat is None else seat
    places = {1: "left", 2: "partner", 3: "right"}
    around = [(base + step) % SEATS for step in (2, 1, 3)]
    if seat is None:
        around = [*around, base]
    result = []
    for s in around:
        pair = view["pair_of"][s]
        where = places.get((s - base) % SEATS, "self")
        result.append(
            Other(
                seat=s,
                name=names[s],
                pair=pair,
                pair_name=PAIR_NAMES[pair],
                count=view["tile_counts"][s],
                where=where,
                place=PLACES[where](),
            )
        )
    return result


def pause_after(events: Sequence[dict[str, Any]]) -> float:
    """Seconds a robot waits after a move, beyond its usual pause: long enough after a hand's
    end to look at the tiles that were left."""
    return 4.0 if any(e.get("type") == "hand_end" for e in events) else 0.0


# --- The context ----------------------------------------------------------------------------


def context(
    view: dict[str, Any],
    seat: int | None,
    legal: list[dict[str, Any]],
    *,
    names: list[str],
    events: tuple[dict[str, Any], ...] = (),
    hints: bool = False,
    hint_place: bool = False,
    history: tuple[tuple[dict[str, Any], ...], ...] = (),
) -> SimpleNamespace:
    plays = [a for a in legal if a["type"] == "play"]
    where: dict[tuple[int, ...], list[str]] = {}
    for a in plays:
        where.setdefault(tuple(sorted(a["tile"])), []).append(a.get("end") or "center")
    on_turn = seat is not None and view["to_move"] == seat and bool(plays)
    hand = []
    for a, b in sorted(view["hand"] or [], key=lambda t: (t[0] + t[1], t)):
        tile = draw(b, a, True)
        fits = where.get((a, b), [])
        hand.append(HandTile(tile, fits, tile.label + (fits_label(fits) if on_turn else "")))
    laid = board_part(view, names)
    counted = [(ARM_NAMES.get(k, _("bucho")), v) for k, v in view["counted"].items()]
    scored = next((e for e in reversed(events) if e.get("type") == "score"), None)
    return SimpleNamespace(
        board=laid,
        empty=view["table"]["bucho"] is None,
        hand=hand,
        on_turn=on_turn,
        others=others(view, seat, names),
        seat=seat,
        name=names[seat] if seat is not None else "",
        pair=view["pair_of"][seat] if seat is not None else None,
        pairs=[
            SimpleNamespace(
                index=i,
                name=p["name"],
                score=view["scores"][i],
                matches=view["matches"][i],
                dots=[n < view["matches"][i] for n in range(view["matches_to_win"])],
            )
            for i, p in enumerate(view["pairs"])
        ],
        matches=view["matches"],
        match=view["match"],
        matches_to_win=view["matches_to_win"],
        hand_number=view["hand_number"],
        target=view["target"],
        counted=counted,
        sum=view["sum"],
        points=view["points"],
        opening=view["opening"],
        moves=[
            Move(
                a,
                play_label(a["tile"], a.get("end"), view["ends"]),
                "-".join(str(n) for n in sorted(a["tile"])),
                a.get("end") or "center",
            )
            for a in plays
        ],
        to_move=view["to_move"],
        mover=names[view["to_move"]] if view["to_move"] is not None else "",
        foot=foot(events, names),
        scored=scored["text"] if scored else "",
        reveal=hand_end(history, names, view["pair_of"], bool(view["finished"])),
        over=bool(view["finished"]),
        series=series(view),
        hint_place=hint_place,
        labels=SimpleNamespace(
            table=_("Mesa do dominó"),
            hand=_("Sua mão"),
            sum=_("Pontas"),
            scores=_("Placar"),
            plays=_("Suas jogadas"),
            match=_("Partida"),
            sort=_("Organizar"),
            sort_title=_("Organizar por naipe: a maior metade primeiro"),
            empty=_("A mesa está vazia: a saída é com carroça."),
            count=lambda n: ngettext("%(num)d pedra", "%(num)d pedras", n) % {"num": n},
        ),
    )
