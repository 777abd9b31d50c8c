"""A Dominó tile as the templates draw it: its two halves in drawing order, across or along the
line, with every pip where a real domino has it (3 x 3: the six as two columns of three), and
what a screen reader says of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

# Where the pips of each number sit on a half of a tile, in a 100 x 100 square (a real domino's
# 3 x 3 layout: the six as two columns of three).
LOW, MID, HIGH = 26, 50, 74
PIPS = {
    0: (),
    1: ((MID, MID),),
    2: ((LOW, LOW), (HIGH, HIGH)),
    3: ((LOW, LOW), (MID, MID), (HIGH, HIGH)),
    4: ((LOW, LOW), (HIGH, LOW), (LOW, HIGH), (HIGH, HIGH)),
    5: ((LOW, LOW), (HIGH, LOW), (MID, MID), (LOW, HIGH), (HIGH, HIGH)),
    6: ((LOW, LOW), (LOW, MID), (LOW, HIGH), (HIGH, LOW), (HIGH, MID), (HIGH, HIGH)),
}


@dataclass(frozen=True, slots=True)
class Tile:
    first: int  # the half drawn left (or on top)
    second: int
    vertical: bool
    label: str
    pips: tuple[tuple[int, int], ...]  # every pip, in the tile's own viewBox
    last: str = ""  # the initial of who played it, when it is the last tile played
    pair: int | None = None  # that player's pair

    @property
    def key(self) -> str:
        """The tile as the page names it: "4-6", low half first (a form's data-tile)."""
        return f"{min(self.first, self.second)}-{max(self.first, self.second)}"


def tile_label(a: int, b: int) -> str:
    return _("Peça %(a)d e %(b)d") % {"a": a, "b": b}


def draw(first: int, second: int, vertical: bool, **marks: Any) -> Tile:
    """A tile with its halves in drawing order: across (vertical) or along (horizontal)."""
    pips = []
    for half, number in enumerate((first, second)):
        for x, y in PIPS[number]:
            if vertical:
                pips.append((x, y + 100 * half))
            else:  # a half turned a quarter: the six as two rows of three
                pips.append((y + 100 * half, x))
    high, low = max(first, second), min(first, second)
    return Tile(first, second, vertical, tile_label(high, low), tuple(pips), **marks)


def shown(tile: Sequence[int]) -> str:
    return f"{max(tile)}|{min(tile)}"
