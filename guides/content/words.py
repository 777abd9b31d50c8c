"""Figures in the practice answers the Brazilian way (1.234,5; a true minus sign), with the noun
agreeing with its number: a reader sees "−2,9 pontos", never "-2.9" nor "1 carroças"."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MINUS = "−"  # U+2212: a hyphen reads as a dash in running text


def decimal(value: float, places: int = 1) -> str:
    """ "146,9", "−2,9", "1.234,0": a figure the Brazilian way."""
    rounded = round(value, places)
    text = f"{abs(rounded):,.{places}f}".replace(",", " ").replace(".", ",").replace(" ", ".")
    return (MINUS if rounded < 0 else "") + text


def points(value: float, places: int = 1) -> str:
    """ "140,8 pontos", "1 ponto": `value` points, the noun agreeing with the number."""
    # "1,9 pontos" as people say it: only exactly one point is singular.
    count = 1 if abs(round(value, places)) == 1 else 2
    return ngettext("%(n)s ponto", "%(n)s pontos", count) % {"n": decimal(value, places)}


def signed_points(value: int) -> str:
    """ "+3 pontos", "−1 ponto", "0 pontos": a change of score."""
    sign = "+" if value > 0 else MINUS if value < 0 else ""
    return ngettext("%(n)s ponto", "%(n)s pontos", abs(value)) % {"n": f"{sign}{abs(value)}"}


def expected_final(value: float) -> str:
    """What an expected final score means, in plain words."""
    return _("em média, esta escolha leva a %(points)s no fim da partida") % {
        "points": points(value)
    }


def below_best(difference: float) -> str:
    """What the gap to the robot's choice means, in plain words."""
    return _("%(points)s em média a menos que a melhor escolha") % {"points": points(difference)}
