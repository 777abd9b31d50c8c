"""The exact table of Yam's with one column and no Máx/Mín, read in pure Python.

V[open, upper] (see `games.bots.build_yams_table`, which builds it with numpy) is the expected
number of points still to come with optimal play at the start of a turn, for the set `open` of
empty boxes (bit i for BOXES13[i]) and the Uns..Seis subtotal `upper` capped at 63. The file holds
the 8,192 x 64 values as little-endian float32, xz-compressed; it is read once, on first use
(about 50 ms), and kept in an array of 2 MB.
"""

from __future__ import annotations

import lzma
import sys
from array import array
from functools import cache
from pathlib import Path

from games.rules.yams import BONUS_THRESHOLD, boxes_in_play

BOXES13 = boxes_in_play(False)
BIT = {box: 1 << i for i, box in enumerate(BOXES13)}
FULL = (1 << len(BOXES13)) - 1
CAP = BONUS_THRESHOLD  # subtotals of 63 or more are one state: the bonus is won
TABLE_PATH = Path(__file__).with_name("yams_1col.f32.xz")


@cache
def table() -> array:
    """V as a flat array: V[open, upper] is at open * 64 + upper."""
    values = array("f")
    values.frombytes(lzma.decompress(TABLE_PATH.read_bytes()))
    if sys.byteorder != "little":
        values.byteswap()
    if len(values) != (FULL + 1) * (CAP + 1):
        raise ValueError(f"{TABLE_PATH.name}: {len(values)} valores, esperava {(FULL + 1) * 64}")
    return values


@cache
def available() -> bool:
    """Whether the table can be read (a checkout without it falls back to the heuristic; the
    tests fail on it)."""
    try:
        table()
    except (OSError, lzma.LZMAError, ValueError):
        return False
    return True


def value(open_set: int, upper: int) -> float:
    """Expected points still to come with optimal play (`upper` is capped here)."""
    return table()[open_set * (CAP + 1) + min(upper, CAP)]


def optimum() -> float:
    """What optimal play averages on an empty card."""
    return value(FULL, 0)
