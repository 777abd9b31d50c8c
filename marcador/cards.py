"""The players' cards as the score-keeper's pages draw them, in play and saved: a row per box, a
cell per column, the sums of each column and the place of each player; the names of the
boxes and columns short enough for four columns on a phone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules import yams
from marcador.bonus import BonusLine, bonus_line

SHORT = {"pequena": "Seq. peq.", "grande": "Seq. gde."}
COLUMN_SHORT = {"descida": "Desc.", "livre": "Livre", "subida": "Sub.", "seca": "Seca"}
ARROWS = {"descida": "↓", "subida": "↑", "livre": "", "seca": ""}

# (column, box) of the player on turn -> (Cell kind, points): the cells lit by what was tapped.
Offers = dict[tuple[str, str], tuple[str, int | None]]


@dataclass(frozen=True, slots=True)
class Cell:
    column: str
    box: str
    value: int | None
    kind: str  # filled | open | score (a hand to write) | pick (choose, then type) | picked
    points: int | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    box: str
    name: str
    short: str
    cells: list[Cell]


@dataclass(frozen=True, slots=True)
class ColumnSum:
    key: str
    name: str
    short: str
    arrow: str
    upper: int
    bonus_line: BonusLine
    bonus: int
    max_min: int
    max_min_void: bool
    total: int


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    name: str
    total: int
    rank: int
    on_turn: bool
    columns: list[ColumnSum]
    upper_rows: list[Row]
    middle_rows: list[Row]
    lower_rows: list[Row]


def ranks(totals: list[int]) -> list[int]:
    """1 for the best total, equal totals sharing a place (1, 1, 3)."""
    return [1 + sum(other > mine for other in totals) for mine in totals]


def cards(state: dict[str, Any], players: list[str], offers: Offers | None = None) -> list[Card]:
    """Each player's card; `offers` maps (column, box) of the player on turn to a Cell kind and
    points (the boxes lit for the hand tapped, or to choose)."""
    offers = offers or {}
    totals = [yams.total(state, seat) for seat in range(state["seats"])]
    places = ranks(totals)
    result = []
    for seat, name in enumerate(players):
        on_turn = seat == state["to_move"]
        rows = []
        for box in state["boxes"]:
            cells = []
            for column in state["columns"]:
                value = state["cards"][seat][column][box]
                kind, points = offers.get((column, box), ("open", None)) if on_turn else ("", None)
                kind = "filled" if value is not None else (kind or "open")
                label = cell_label(kind, column, box, points)
                cells.append(Cell(column, box, value, kind, points, label))
            rows.append(Row(box, yams.BOX_NAMES[box], SHORT.get(box, yams.BOX_NAMES[box]), cells))
        sums = yams.totals(state, seat)
        columns = [
            ColumnSum(
                key=column,
                name=yams.COLUMN_NAMES[column],
                short=COLUMN_SHORT[column],
                arrow=ARROWS[column],
                upper=int(sums[column]["upper"]),
                bonus_line=bonus_line(state["cards"][seat][column]),
                bonus=int(sums[column]["bonus"]),
                max_min=int(sums[column]["max_min"]),
                max_min_void=bool(sums[column]["max_min_void"]),
                total=int(sums[column]["total"]),
            )
            for column in state["columns"]
        ]
        result.append(
            Card(
                index=seat,
                name=name,
                total=totals[seat],
                rank=places[seat],
                on_turn=on_turn,
                columns=columns,
                upper_rows=[row for row in rows if row.box in yams.UPPER],
                middle_rows=[row for row in rows if row.box in ("max", "min")],
                lower_rows=[row for row in rows if row.box in yams.BOXES[8:]],
            )
        )
    return result


def ranking(shown: list[Card]) -> list[Card]:
    """The cards by place, equal places in the order of play."""
    return sorted(shown, key=lambda card: (card.rank, card.index))


def cell_label(kind: str, column: str, box: str, points: int | None) -> str:
    where = {"box": yams.BOX_NAMES[box], "column": yams.COLUMN_NAMES[column], "points": points}
    if kind == "score":
        return _("Marcar %(points)s em %(box)s, coluna %(column)s") % where
    if kind == "pick":
        return _("Escolher %(box)s, coluna %(column)s") % where
    if kind == "picked":
        return _("%(box)s, coluna %(column)s: escolhida") % where
    return ""


def winners_text(state: dict[str, Any], players: list[str]) -> str:
    outcome = yams.outcome(state)
    names = [players[seat] for seat in outcome["winners"]]
    points = outcome["scores"][outcome["winners"][0]]
    if len(names) == 1:
        return ngettext(
            "Fim de jogo: %(name)s venceu com %(points)d ponto.",
            "Fim de jogo: %(name)s venceu com %(points)d pontos.",
            points,
        ) % {
            "name": names[0],
            "points": points,
        }
    listed = _("%(names)s e %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
    return ngettext(
        "Fim de jogo: empate entre %(names)s, com %(points)d ponto.",
        "Fim de jogo: empate entre %(names)s, com %(points)d pontos.",
        points,
    ) % {
        "names": listed,
        "points": points,
    }
