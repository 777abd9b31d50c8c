"""Bozó's scoring table: the ten boxes, what each is worth, and the checks for the combinations.

The table is the one of the Bozó page (seed 000_5411d6f7a326aa7a.txt, "Pontuação desta
mesa"): the six number boxes score face x dice showing it; Full, Seguida, Quadrada and General
score a fixed value, five more when scored right after the first roll ("bônus de boca"). Five
equal dice count as Quadrada but not as Full; 1-3-4-5-6 is not a Seguida; there is no Chance, no
subtotal bonus and no automatic win (the option `general_de_boca_vence` adds the last one for
tables that play it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.dice import counts

BOXES = (
    "as",
    "duque",
    "terno",
    "quadra",
    "quina",
    "sena",
    "full",
    "seguida",
    "quadrada",
    "general",
)
BOX_NAMES = {
    "as": "Ás",
    "duque": "Duque",
    "terno": "Terno",
    "quadra": "Quadra",
    "quina": "Quina",
    "sena": "Sena",
    "full": "Full",
    "seguida": "Seguida",
    "quadrada": "Quadrada",
    "general": "General",
}
NUMBER_BOXES = {"as": 1, "duque": 2, "terno": 3, "quadra": 4, "quina": 5, "sena": 6}
# box -> (points, points right after the first roll)
COMBINATIONS = {"full": (20, 25), "seguida": (30, 35), "quadrada": (40, 45), "general": (50, 55)}
SEGUIDAS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def is_full(dice: Sequence[int]) -> bool:
    """Three equal and a pair of another face (five equal is not a Full)."""
    return sorted(n for n in counts(dice) if n) == [2, 3]


def is_seguida(dice: Sequence[int]) -> bool:
    return tuple(sorted(dice)) in SEGUIDAS


def is_quadrada(dice: Sequence[int]) -> bool:
    """At least four equal: five equal count too."""
    return max(counts(dice)) >= 4


def is_general(dice: Sequence[int]) -> bool:
    return max(counts(dice)) == 5


MATCHES = {"full": is_full, "seguida": is_seguida, "quadrada": is_quadrada, "general": is_general}


def score(box: str, dice: Sequence[int], *, first_roll: bool, bonus: bool = True) -> int:
    """Points `dice` are worth in `box`; `first_roll` adds the bônus de boca to combinations."""
    if box in NUMBER_BOXES:
        face = NUMBER_BOXES[box]
        return face * counts(dice)[face]
    if not MATCHES[box](dice):
        return 0
    plain, from_the_mouth = COMBINATIONS[box]
    return from_the_mouth if (first_roll and bonus) else plain


def scores(
    dice: Sequence[int], boxes: Iterable[str], *, first_roll: bool, bonus: bool = True
) -> dict[str, int]:
    """What each of `boxes` would give for `dice`: the values on the score buttons."""
    return {box: score(box, dice, first_roll=first_roll, bonus=bonus) for box in boxes}
