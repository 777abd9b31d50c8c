"""A Dozito card's face as the templates draw it: colour with its symbol, number, suns, STOP /
TURNO EXTRA / CORINGA, and what a screen reader says of it. A face-down card has no face (the
rules' view hides it), so a back is all a template can draw."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules.dozito import shown

# Every colour also has a shape, for players who do not tell the colours apart (DESIGN.md).
SYMBOLS = {"amarelo": "★", "azul": "●", "verde": "▲", "vermelho": "♥", "roxo": "◆"}
KIND_MARKS = {"stop": "STOP", "extra": "TURNO EXTRA", "coringa": "CORINGA"}
SHORT_MARKS = {"extra": "EXTRA"}  # on the small cards of the others' grids
SUN = "☀"


@dataclass(frozen=True, slots=True)
class Face:
    colour: str
    number: int | None
    suns: int
    kind: str
    symbol: str
    mark: str  # "STOP", "TURNO EXTRA", "CORINGA" or ""
    short: str  # the mark on a small card ("EXTRA")
    label: str  # what a screen reader says: "4 azul, STOP, 3 sóis"


def face(card: dict[str, Any] | None) -> Face | None:
    if card is None:
        return None
    suns = card["suns"]
    parts = [shown(card).replace(" (STOP)", "").replace(" (TURNO EXTRA)", "")]
    mark = KIND_MARKS.get(card["kind"], "")
    if mark and card["kind"] != "coringa":
        parts.append(mark)
    if card["kind"] == "coringa":
        parts.append(_("vale qualquer espaço"))
    if suns:
        parts.append(ngettext("%(n)d sol", "%(n)d sóis", suns) % {"n": suns})
    return Face(
        colour=card["colour"],
        number=card["number"],
        suns=suns,
        kind=card["kind"],
        symbol=SYMBOLS.get(card["colour"], "?"),
        mark=mark,
        short=SHORT_MARKS.get(card["kind"], mark),
        label=", ".join(parts),
    )
