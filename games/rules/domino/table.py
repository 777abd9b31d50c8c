"""The table of Dominó de pontos: the bucho, its four arms, and the sum of the open ends (mesa).

From the Dominó page (seed 001_72d52c451b6344cc.txt, "Bucho", "Pontos") as settled by issue #4:
the opening double is the bucho: left and right first, then up and down. After each play a sum of
the open ends that is a positive multiple of 5 goes to the player's pair (mesa).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.domino.tiles import Tile

ARMS = ("left", "right", "up", "down")
SIDES = ("left", "right")  # the bucho's sides: up and down open once both have a tile
ARM_NAMES = {"left": "esquerda", "right": "direita", "up": "cima", "down": "baixo"}

Table = dict[str, Any]


def new_table() -> Table:
    return {"bucho": None, "arms": {arm: [] for arm in ARMS}}


def open_arms(table: Table) -> list[str]:
    """The arms that take tiles now: none before the opening, the two sides, then all four."""
    if table["bucho"] is None:
        return []
    if all(table["arms"][side] for side in SIDES):
        return list(ARMS)
    return list(SIDES)


def end_pip(table: Table, arm: str) -> int:
    """The number a tile must show to go on `arm`: its last tile's outer half, or the bucho."""
    tiles = table["arms"][arm]
    return tiles[-1][1] if tiles else table["bucho"][0]


def fits(table: Table, tile: Sequence[int]) -> list[str]:
    return [arm for arm in open_arms(table) if end_pip(table, arm) in tile]


def place(table: Table, tile: Sequence[int], arm: str) -> None:
    """Put `tile` on `arm`, turned so that its matching half faces the table."""
    end = end_pip(table, arm)
    other = tile[1] if tile[0] == end else tile[0]
    table["arms"][arm].append([end, other])


def counted_ends(table: Table, bucho_lado: str) -> dict[str, int]:
    """What each open end adds to the sum (a double at the end counts both halves). The bucho
    alone counts both halves; while one side is still empty, that side counts the bucho again,
    both halves ("dobrado") or one ("simples"); once both sides have a tile it counts no more."""
    bucho = table["bucho"]
    if bucho is None:
        return {}
    arms = table["arms"]
    if not any(arms[side] for side in SIDES):
        return {"bucho": 2 * bucho[0]}
    counted = {}
    for arm in ARMS:
        if arms[arm]:
            inner, outer = arms[arm][-1]
            counted[arm] = 2 * outer if inner == outer else outer
        elif arm in SIDES:
            counted[arm] = 2 * bucho[0] if bucho_lado == "dobrado" else bucho[0]
    return counted


def mesa_points(total: int) -> int:
    return total if total > 0 and total % 5 == 0 else 0


def table_tiles(table: Table) -> list[Tile]:
    """Every tile on the table, as [a, b] with a <= b."""
    tiles = [list(table["bucho"])] if table["bucho"] else []
    return tiles + [sorted(tile) for arm in ARMS for tile in table["arms"][arm]]
