"""What the Yam's templates (games/jinja2/games/yams/) show, from `view(state, seat)`.

The felt (five dice, the cup, the throws left) is the dice games' own, as Bozó's: `felt` comes
from games/presenters/dice.py and the template includes games/dice/_dice.html and _controls.html.
What is Yam's own is the card: one column per column in play, one row per box, each cell filled,
open, the next box of Descida or Subida, or what the hand on the table would give there (the
rules' `potential`: a button for the player on turn, plain figures for everyone else); then
each column's progress to the bonus at 63, the Máx/Mín standing (void, or what the other box
must beat) and its total; and the standings. Each cell is a partial of its own, so one score
sends that cell and the sums it changed. Like Bozó's, it never sees the state itself, so
nothing the view hides can reach a page.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from games.partials import Lazy
from games.presenters import action_json, no_defs, no_early_end, no_pause
from games.presenters.dice import felt
from games.rules.yams import BONUS, BONUS_THRESHOLD, BOX_NAMES, COLUMN_NAMES, UPPER, score

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
defs = no_defs
pause_after = no_pause
ended_by = no_early_end


# The felt is Bozó's: its dice, cup and action bar, their styles and motion load with Yam's pages
# (rendering.page_assets).
DRAWS_WITH = ("bozo",)

# Short names for the narrow cells of a phone; the full name stays for screen readers.
SHORT = {"pequena": "Seq. peq.", "grande": "Seq. gde.", "quatro": "Quatro"}
ARROWS = {"descida": "↓", "subida": "↑", "livre": "", "seca": ""}
# A column of a narrow card is about 26 px, too narrow for a word at the smallest size: it is
# headed by a symbol, its filling order or its initial, spelled out in a legend under the card.
COLUMN_SHORT = {"descida": "↓", "livre": "L", "subida": "↑", "seca": "S"}
LOWER = ("trinca", "quadra", "full", "pequena", "grande", "yams", "chance")


class Cell(NamedTuple):  # a tuple: a render of four cards makes some 250 of them, and quickly
    id: str  # the partial's id: yams-<card>-<column>-<box>
    column: str
    box: str
    value: int | None
    points: int | None  # what scoring here now gives (the hand on the table), where allowed
    action: str | None  # the score action as its button sends it, when the viewer may take it
    label: str
    next: str  # "↓" / "↑" on the next box of Descida / Subida, else ""
    voids: bool  # scoring these points here would void Máx and Mín


class Row(NamedTuple):
    box: str
    name: str
    short: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    name: str
    short: str  # what a narrow card shows (the full name stays for screen readers)
    arrow: str
    upper: int
    missing: int  # points still needed for the bonus
    progress: int  # the upper subtotal, at most the threshold (the bar's value)
    bonus: int
    max_min: int
    max_min_void: bool
    risk: str  # what the open one of Máx/Mín must beat, once the other is filled
    total: int


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    title: str
    yours: bool
    left: bool
    columns: tuple[Column, ...]
    upper_rows: tuple[Row, ...]
    middle_rows: tuple[Row, ...]  # Máx and Mín, when in play
    lower_rows: tuple[Row, ...]
    total: int


class Standing(NamedTuple):
    index: int
    name: str
    yours: bool
    left: bool
    place: int
    total: int


class Heading(NamedTuple):  # a column's names, for the legend under the cards
    key: str
    name: str
    short: str
    arrow: str


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
    totals = [card["total"] for card in view["cards"]]
    standings = [
        Standing(
            index=index,
            name=_("Você") if index == seat else _name(names, index),
            yours=index == seat,
            left=bool(card["left"]),
            place=1 + sum(total > card["total"] for total in totals),
            total=int(card["total"]),
        )
        for index, card in enumerate(view["cards"])
    ]
    return SimpleNamespace(
        **felt(
            view["turn"],
            legal,
            events,
            turn_key=f"{view['to_move']}:{filled}",
            turn_card=None if view["finished"] else view["to_move"],
            hints=hints,
        ),
        over=bool(view["finished"]),
        hint_place=hint_place,
        cards=cards(view, seat, legal, names),
        standings=sorted(standings, key=lambda card: (card.place, card.index)),
        columns=[Heading(c, COLUMN_NAMES[c], COLUMN_SHORT[c], ARROWS[c]) for c in view["columns"]],
        note=seca_note(view),
        bonus=BONUS,
        threshold=BONUS_THRESHOLD,
        labels=SimpleNamespace(  # the cards translate their own (games/yams/_card.html)
            cards=_("Cartelas"),
            standings=_("Classificação"),
            on_turn=_("na vez"),
        ),
    )


def seca_note(view: dict[str, Any]) -> str:
    """The Seca's rule said where the turn is played: only the first roll of a turn scores there."""
    mover = view["to_move"]
    if "seca" not in view["columns"] or mover is None or view["finished"]:
        return ""
    seca = view["cards"][mover]["columns"]["seca"]
    if all(value is not None for value in seca.values()):
        return ""
    turn = view["turn"]
    others = [c for c in view["columns"] if c != "seca"]
    if all(v is not None for c in others for v in view["cards"][mover]["columns"][c].values()):
        return _("Só restam casas na Seca: um lance só.")
    if turn["rolls"] == 1 and not turn["covered"]:
        return _("Seca: só no 1º lance, é agora.")
    if turn["rolls"] >= 2:
        return _("Seca: só no 1º lance, fechada agora.")
    return _("Seca: só no 1º lance.")


def column_of(key: str, totals: dict[str, Any], column: dict[str, int | None]) -> Column:
    upper = int(totals["upper"])
    high, low = column.get("max"), column.get("min")
    risk = ""
    if "max" in column and not totals["max_min_void"]:
        if high is None and low is not None:
            risk = _("Máx > %(n)d") % {"n": low}
        elif low is None and high is not None:
            risk = _("Mín < %(n)d") % {"n": high}
    return Column(
        key=key,
        name=COLUMN_NAMES[key],
        short=COLUMN_SHORT[key],
        arrow=ARROWS[key],
        upper=upper,
        missing=max(0, BONUS_THRESHOLD - upper),
        progress=min(upper, BONUS_THRESHOLD),
        bonus=int(totals["bonus"]),
        max_min=int(totals["max_min"]),
        max_min_void=bool(totals["max_min_void"]),
        risk=risk,
        total=int(totals["total"]),
    )


def next_box(column: str, open_: list[str]) -> str:
    """The one box Descida (top down) or Subida (bottom up) accepts next."""
    if not open_:
        return ""
    if column == "descida":
        return open_[0]
    if column == "subida":
        return open_[-1]
    return ""


def voids(box: str, points: int | None, column: dict[str, int | None]) -> bool:
    """Scoring `points` in Máx or Mín would leave the pair void (Máx not above Mín)."""
    if points is None or box not in ("max", "min"):
        return False
    other = column.get("min" if box == "max" else "max")
    if other is None:
        return False
    return points <= other if box == "max" else other <= points


def cards(view: dict[str, Any], seat: int | None, legal, names: list[str]) -> list[Lazy]:
    """Each card as `cached_include` draws it: made only when no card drawn before is the same,
    from what its key holds (the card's boxes, its owner, the hand's offers on the card on turn,
    the viewer's buttons on their own)."""
    to_move = None if view["finished"] else view["to_move"]
    buttons = {(a["column"], a["box"]): a for a in legal if a["type"] == "score"}
    result = []
    for index, card in enumerate(view["cards"]):
        # The hand on the table is public: every viewer sees what it would give where.
        offers = view["potential"] if index == to_move else {}
        mine = buttons if index == seat else {}
        name = _name(names, index)
        key = (
            index,
            index == seat,
            name,
            card["left"],
            view["boxes"],
            card["columns"],
            offers,
            mine,
        )
        make = functools.partial(card_of, view, index, seat, offers, mine, name)
        result.append(Lazy(key, make))
    return result


def card_of(
    view: dict[str, Any],
    index: int,
    seat: int | None,
    offers: dict[str, dict[str, int]],
    buttons: dict[tuple[str, str], dict[str, Any]],
    name: str,
) -> Card:
    card = view["cards"][index]
    mark = _("Marcar %(points)s em %(box)s, coluna %(column)s")
    could = _("%(box)s, coluna %(column)s: daria %(points)s")
    nexts = {
        column: next_box(column, [b for b, v in card["columns"][column].items() if v is None])
        for column in view["columns"]
    }
    rows = []
    for box in view["boxes"]:
        cells = []
        for column in view["columns"]:
            filled = card["columns"][column]
            points = offers.get(column, {}).get(box)
            action = buttons.get((column, box))
            where = {"box": BOX_NAMES[box], "column": COLUMN_NAMES[column], "points": points}
            label = "" if points is None else (mark if action else could) % where
            cells.append(
                Cell(
                    id=f"yams-{index}-{column}-{box}",
                    column=column,
                    box=box,
                    value=filled[box],
                    points=points,
                    action=action_json(action) if action else None,
                    label=label,
                    next=ARROWS[column] if nexts[column] == box else "",
                    voids=voids(box, points, filled),
                )
            )
        rows.append(Row(box, BOX_NAMES[box], SHORT.get(box, BOX_NAMES[box]), tuple(cells)))
    return Card(
        index=index,
        title=_("Sua cartela") if index == seat else name,
        yours=index == seat,
        left=bool(card["left"]),
        columns=tuple(column_of(c, card["totals"][c], card["columns"][c]) for c in view["columns"]),
        upper_rows=tuple(row for row in rows if row.box in UPPER),
        middle_rows=tuple(row for row in rows if row.box in ("max", "min")),
        lower_rows=tuple(row for row in rows if row.box in LOWER),
        total=int(card["total"]),
    )


def _name(names: list[str], index: int) -> str:
    return names[index] if index < len(names) else str(index + 1)


def hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> SimpleNamespace:
    """The robot's advice in plain words, best first and at most `count` choices, each with the
    final total it expects ("Marcar 25 no Full da Livre: total esperado 231"), and where the
    best one is on the table: the cell to mark (`box`, "livre:full", as the card's cells are
    addressed by `data-cell`) or the dice to keep (`keep`, positions)."""
    turn = view["turn"]
    lines = []
    for item in advice[:count]:
        action, expected = item["action"], round(item["expected"])
        lines.append(
            _("%(choice)s: total esperado %(expected)d.")
            % {"choice": choice_text(action, turn), "expected": expected}
        )
    best = advice[0]["action"] if advice else None
    box = ""
    keep = None
    if best and best["type"] in ("score", "strike"):
        box = f"{best['column']}:{best['box']}"
    elif best and best["type"] == "hold":
        keep = sorted(best["dice"])
    elif best and best["type"] == "roll":
        keep = held(turn)
    return SimpleNamespace(lines=lines, box=box, keep=keep)


def choice_text(action: dict[str, Any], turn: dict[str, Any]) -> str:
    kind = action["type"]
    if kind in ("score", "strike"):
        where = {"box": BOX_NAMES[action["box"]], "column": COLUMN_NAMES[action["column"]]}
        dice = turn["dice"]
        points = 0
        if kind == "score" and all(d is not None for d in dice):
            points = score(action["box"], dice)
        if points:
            return _("Marcar %(points)d em %(box)s na %(column)s") % {**where, "points": points}
        return _("Riscar %(box)s na %(column)s") % where
    if kind == "lift":
        if action.get("from") == "bottom":
            return _("Cantar embaixo e levantar")
        return _("Levantar o copo")
    kept = action["dice"] if kind == "hold" else held(turn)
    faces = [str(turn["dice"][i]) for i in sorted(kept, key=lambda i: turn["dice"][i] or 0)]
    if faces:
        return _("Guardar %(faces)s e lançar de novo") % {"faces": said_and(faces)}
    return _("Lançar de novo os cinco dados")


def held(turn: dict[str, Any]) -> list[int]:
    return [i for i, is_held in enumerate(turn["held"]) if is_held]


def said_and(items: list[str]) -> str:
    """ "4, 4 e 6": a list said the Portuguese way."""
    if len(items) == 1:
        return items[0]
    return _("%(first)s e %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}
