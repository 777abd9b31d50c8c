"""What the Yam's templates (games/jinja2/games/yams/) show, from `view(state, seat)`.

The felt (five dice, the cup, the throws left) is Bozó's: `dice` and `Die` come from
games/presenters/bozo.py and the template includes games/bozo/_dice.html. What is Yam's own is
the card: one column per column in play, one row per box, each cell filled, open, or a button
with the points the hand on the table would give there (the rules' `potential`); then the
subtotal, the bonus at 63, the Máx/Mín standing and each column's total. Like Bozó's, it never
sees the state itself, so nothing the view hides can reach a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _

from games.presenters.bozo import felt
from games.rules.yams import BONUS, BONUS_THRESHOLD, BOX_NAMES, COLUMN_NAMES

# Short names for the narrow cells of a phone; the full name stays in the row header's title.
SHORT = {"pequena": "Seq. peq.", "grande": "Seq. gde."}
ARROWS = {"descida": "↓", "subida": "↑", "livre": "", "seca": ""}
COLUMN_SHORT = {"descida": "Desc.", "livre": "Livre", "subida": "Sub.", "seca": "Seca"}


@dataclass(frozen=True, slots=True)
class Cell:
    column: str
    value: int | None
    points: int | None  # what scoring here now gives (the hand on the table), where allowed
    action: dict[str, Any] | None  # the score action, when the viewer may take it
    label: str


@dataclass(frozen=True, slots=True)
class Row:
    box: str
    name: str
    short: str
    cells: list[Cell]


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    name: str
    short: str  # what a narrow card shows (the full name stays for screen readers)
    arrow: str
    upper: int
    missing: int  # points still needed for the bonus
    bonus: int
    max_min: int
    max_min_void: bool
    total: int


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    title: str
    yours: bool
    on_turn: bool
    left: bool
    columns: list[Column]
    upper_rows: list[Row]
    middle_rows: list[Row]  # Máx and Mín, when in play
    lower_rows: list[Row]
    total: int


def context(
    view: dict[str, Any],
    seat: int | None,
    legal: list[dict[str, Any]],
    *,
    names: list[str],
    events: tuple[dict[str, Any], ...] = (),
    hints: bool = False,
    hint_place: bool = False,
    history: tuple[tuple[dict[str, Any], ...], ...] = (),
) -> SimpleNamespace:
    filled = sum(
        value is not None
        for card in view["cards"]
        for column in card["columns"].values()
        for value in column.values()
    )
    return SimpleNamespace(
        **felt(view["turn"], legal, events, turn_key=f"{view['to_move']}:{filled}", hints=hints),
        over=bool(view["finished"]),
        hint_place=hint_place,
        cards=cards(view, seat, legal, names),
        labels=SimpleNamespace(
            card=_("Cartela"),
            cards=_("Cartelas"),
            on_turn=_("na vez"),
            box=_("Casa"),
            upper=_("Subtotal"),
            bonus=_("Bônus"),
            missing=_("faltam %(n)d para o bônus"),
            bonus_rule=_("+%(bonus)d com %(n)d ou mais") % {"bonus": BONUS, "n": BONUS_THRESHOLD},
            max_min=_("Máx + Mín"),
            void=_("anulados: o Máx não superou o Mín"),
            total=_("Total"),
            column_total=_("Coluna"),
            zero=_("riscada"),
            open=_("em aberto"),
            left=_("saiu"),
        ),
    )


def cards(view: dict[str, Any], seat: int | None, legal, names: list[str]) -> list[Card]:
    to_move, potential = view["to_move"], view["potential"]
    buttons = {(a["column"], a["box"]): a for a in legal if a["type"] == "score"}
    mark = _("Marcar %(points)s em %(box)s, coluna %(column)s")
    could = _("%(box)s, coluna %(column)s: daria %(points)s")
    result = []
    for index, card in enumerate(view["cards"]):
        on_turn = index == to_move and not view["finished"]
        # The hand on the table is public: every viewer sees what it would give where.
        offers = potential if on_turn else {}
        rows = []
        for box in view["boxes"]:
            cells = []
            for column in view["columns"]:
                points = offers.get(column, {}).get(box)
                action = buttons.get((column, box)) if index == seat else None
                where = {"box": BOX_NAMES[box], "column": COLUMN_NAMES[column], "points": points}
                label = "" if points is None else (mark if action else could) % where
                cells.append(Cell(column, card["columns"][column][box], points, action, label))
            rows.append(Row(box, BOX_NAMES[box], SHORT.get(box, BOX_NAMES[box]), cells))
        columns = [
            Column(
                key=column,
                name=COLUMN_NAMES[column],
                short=COLUMN_SHORT[column],
                arrow=ARROWS[column],
                upper=int(totals["upper"]),
                missing=max(0, BONUS_THRESHOLD - int(totals["upper"])),
                bonus=int(totals["bonus"]),
                max_min=int(totals["max_min"]),
                max_min_void=bool(totals["max_min_void"]),
                total=int(totals["total"]),
            )
            for column, totals in ((c, card["totals"][c]) for c in view["columns"])
        ]
        middle = [row for row in rows if row.box in ("max", "min")]
        result.append(
            Card(
                index=index,
                title=_("Sua cartela") if index == seat else names[index],
                yours=index == seat,
                on_turn=on_turn,
                left=bool(card["left"]),
                columns=columns,
                upper_rows=rows[:6],
                middle_rows=middle,
                lower_rows=[row for row in rows[6:] if row not in middle],
                total=int(card["total"]),
            )
        )
    return result
