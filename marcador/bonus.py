"""The bonus line of a score-keeper card (marcador/cards.py): how far a column's upper half is
from the 63 that earns the 35 points. A "−12" there read as a penalty; it says "faltam 12"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules.yams import BONUS, BONUS_THRESHOLD, UPPER, possible_points


@dataclass(frozen=True, slots=True)
class BonusLine:
    state: str  # earned | short (still within reach) | lost (the open boxes cannot make it)
    text: str  # the cell, short enough for four columns on a phone
    spoken: str  # what a screen reader says instead


def bonus_line(column: Mapping[str, int | None]) -> BonusLine:
    upper = sum(column.get(box) or 0 for box in UPPER)
    missing = BONUS_THRESHOLD - upper
    if missing <= 0:
        return BonusLine("earned", f"+{BONUS}", _("bônus garantido: +%(n)d") % {"n": BONUS})
    reach = sum(max(possible_points(box)) for box in UPPER if column.get(box) is None)
    if reach < missing:
        spoken = _("sem bônus: o subtotal não chega mais a %(n)d") % {"n": BONUS_THRESHOLD}
        return BonusLine("lost", _("sem bônus"), spoken)
    where = {"n": missing, "of": BONUS_THRESHOLD}
    return BonusLine(
        "short",
        ngettext("falta %(n)d", "faltam %(n)d", missing) % where,
        ngettext(
            "falta %(n)d ponto para os %(of)d do bônus",
            "faltam %(n)d pontos para os %(of)d do bônus",
            missing,
        )
        % where,
    )
