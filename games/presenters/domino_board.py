"""The Dominó line of play laid out on a board: the bucho and its four arms, each tile turned as
it lies, doubles across the line, each arm turning a corner at the board's edge as a real line
bends round the table, and the open places, cropped to what is on the table."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.partials import Lazy
from games.presenters.domino_tiles import Tile, draw
from games.rules.domino import ARM_NAMES

# The board the line is laid on, in halves of a tile from the bucho's centre (y grows down).
# Each arm runs out from the bucho and turns two corners before the board's edges; the four
# turn the same way round (a pinwheel), so no two arms ever meet and a whole hand fits a phone
# held upright. An arm longer than its lap leaves the board outward where nothing lies (the
# board grows and the tiles shrink). Each leg: its direction and the coordinate its tiles may
# not pass.
EDGE_X, EDGE_Y, INNER = 7.0, 8.0, 1.25
STEP = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
LEGS: dict[str, tuple[tuple[str, float | None], ...]] = {
    "right": (("E", EDGE_X), ("S", EDGE_Y), ("W", INNER), ("S", None)),
    "down": (("S", EDGE_Y), ("W", -EDGE_X), ("N", INNER), ("W", None)),
    "left": (("W", -EDGE_X), ("N", -EDGE_Y), ("E", -INNER), ("N", None)),
    "up": (("N", -EDGE_Y), ("E", EDGE_X), ("S", -INNER), ("E", None)),
}
START = {"right": (0.5, 0.0), "left": (-0.5, 0.0), "up": (-1.0, 0.0), "down": (1.0, 0.0)}


@dataclass(frozen=True, slots=True)
class Laid:
    """A tile or an open place on the board: its top-left corner in halves of a tile from the
    bucho's centre, where it stays however the line grows (a socket is sent the new tile alone)."""

    id: str  # the element's: a tile by its arm and place on it, an open place by its arm
    x: float
    y: float
    vertical: bool
    tile: Tile | None = None
    arm: str = ""  # an open place: the arm it ends ("center" before the opening)
    end: int | None = None  # the number a tile must show to go there
    label: str = ""


@dataclass(frozen=True, slots=True)
class Board:
    """What is on the table, and the part of the board it covers: from (left, top), as many
    halves of a tile wide and tall."""

    left: float
    top: float
    width: float
    height: float
    tiles: tuple[Laid, ...]
    places: tuple[Laid, ...]


def _lay(arm: str, lengths: Sequence[tuple[float, float]]) -> list[tuple[str, tuple]]:
    """Where each tile of `arm` goes, given each tile's (length along the line, width across):
    its direction and its rectangle (left, top, right, bottom), from the bucho out."""
    legs = LEGS[arm]
    index = 0
    front, across = START[arm]
    out: list[tuple[str, tuple]] = []
    for length, width in lengths:
        while True:
            way, limit = legs[index]
            dx, dy = STEP[way]
            far = front + length * (dx + dy)
            if limit is None or (far - limit) * (dx + dy) <= 0 or not out:
                break
            # A corner: the next leg starts beside the outer half of the last tile.
            left, top, right, bottom = out[-1][1]
            index += 1
            new_way = legs[index][0]
            front = {"E": right, "W": left, "S": bottom, "N": top}[new_way]
            across = {"E": right - 0.5, "W": left + 0.5, "S": bottom - 0.5, "N": top + 0.5}[way]
        lo, hi = sorted((front, far))
        if dx:  # along x
            rect = (lo, across - width / 2, hi, across + width / 2)
        else:
            rect = (across - width / 2, lo, across + width / 2, hi)
        out.append((way, rect))
        front = far
    return out


def board_part(view: dict[str, Any], names: list[str]) -> Lazy:
    """The board as `cached_include` draws it: made only when no board drawn before has the same
    key, which holds everything `board` reads of the view (the line, the last tile's player)."""
    last = view["last"]
    who = (names[last["seat"]], view["pair_of"][last["seat"]]) if last else None
    key = (view["table"], last, who, view["open"], view["ends"])
    return Lazy(key, functools.partial(board, view, names))


def board(view: dict[str, Any], names: list[str]) -> Board:
    """The bucho, each arm's tiles and each open place, cropped to what is on the table."""
    table, last = view["table"], view["last"]
    bucho = table["bucho"]
    tiles: list[tuple[str, tuple, Tile]] = []
    places: list[tuple[tuple, bool, str]] = []
    if bucho is None:
        places.append(((-0.5, -1.0, 0.5, 1.0), True, "center"))
    else:

        def marks(arm: str | None, index: int, length: int) -> dict[str, Any]:
            if not last or last["end"] != arm or index != length - 1:
                return {}
            return {"last": initial(names[last["seat"]]), "pair": view["pair_of"][last["seat"]]}

        bucho_tile = draw(bucho[0], bucho[1], True, **marks(None, 0, 1))
        tiles.append(("domino-peca", (-0.5, -1.0, 0.5, 1.0), bucho_tile))
        for arm, laid in table["arms"].items():
            sizes = [(1.0, 2.0) if a == b else (2.0, 1.0) for a, b in laid]
            is_open = arm in view["open"]
            spots = _lay(arm, sizes + ([(2.0, 1.0)] if is_open else []))
            for index, ((inner, outer), (way, rect)) in enumerate(zip(laid, spots, strict=False)):
                double = inner == outer
                first, second = (outer, inner) if way in ("W", "N") else (inner, outer)
                vertical = double if way in ("E", "W") else not double
                tile = draw(first, second, vertical, **marks(arm, index, len(laid)))
                tiles.append((f"domino-peca-{arm}-{index}", rect, tile))
            if is_open:
                way, rect = spots[-1]
                places.append((rect, way in ("N", "S"), arm))
    rects = [r for _i, r, _t in tiles] + [r for r, _v, _a in places]
    left, top = min(r[0] for r in rects), min(r[1] for r in rects)
    right, bottom = max(r[2] for r in rects), max(r[3] for r in rects)

    def at(rect: tuple) -> tuple[float, float]:
        return round(rect[0], 2), round(rect[1], 2)

    return Board(
        left=round(left, 2),
        top=round(top, 2),
        width=round(right - left, 2),
        height=round(bottom - top, 2),
        tiles=tuple(Laid(i, *at(r), t.vertical, tile=t) for i, r, t in tiles),
        places=tuple(
            Laid(
                f"domino-ponta-{arm}",
                *at(r),
                vertical,
                arm=arm,
                end=view["ends"].get(arm),
                label=place_label(arm, view["ends"].get(arm)),
            )
            for r, vertical, arm in places
        ),
    )


def initial(name: str) -> str:
    """Who played the last tile, in a letter: "A" for Ana; "R3" for the Robô 3 (robots all begin
    with R)."""
    number = re.search(r"\s(\d+)$", name)
    return name[:1].upper() + (number.group(1) if number else "")


def place_label(arm: str, end: int | None) -> str:
    if end is None:
        return _("Centro da mesa: a saída")
    return _("Ponta %(arm)s: %(n)d") % {"arm": ARM_NAMES[arm], "n": end}
