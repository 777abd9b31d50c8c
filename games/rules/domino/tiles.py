"""The tiles, the seats and the pairs of Dominó de pontos, and how the log names a tile.

From the Dominó page (seed 001_72d52c451b6344cc.txt, "A mesa") as settled by issue #4: 28 tiles,
seven to each of four seats, no boneyard; seats 0 and 2 (Jade) play against 1 and 3 (Âmbar); the
turn goes to the next seat.
"""

from __future__ import annotations

from collections.abc import Sequence

SEATS = 4
HAND_SIZE = 7
TILES = tuple((a, b) for a in range(7) for b in range(a, 7))
SENA = [6, 6]

PAIR_NAMES = ("Jade", "Âmbar")

Tile = list[int]


def shown(tile: Sequence[int]) -> str:
    return f"{tile[0]}|{tile[1]}"


def is_double(tile: Sequence[int]) -> bool:
    return tile[0] == tile[1]


def pips(tiles: Sequence[Sequence[int]]) -> int:
    return sum(a + b for a, b in tiles)


def down_to_5(points: int) -> int:
    return points - points % 5


def pair_of(seat: int) -> int:
    return seat % 2


def pair_seats(pair: int) -> list[int]:
    return [pair, pair + 2]


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS
