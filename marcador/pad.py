"""The entry pad under the cards: the five dice slots and the faces to tap, the boxes the player
on turn may fill now (lit on the card and listed as buttons, with the points the dice give
there), the points a picked box can take, and the last entry in words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.rules import yams
from games.rules.dice import DICE
from marcador.cards import ARROWS, COLUMN_SHORT, SHORT, Offers, cell_label
from marcador.sheet import Pending, Sheet

PIPS = {1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9]}


def die(value: int | None) -> dict[str, Any]:
    return {"value": value, "pips": PIPS.get(value or 0, [])}


def slots(pending: Pending) -> list[dict[str, Any]]:
    """The five dice tapped so far, then the empty slots."""
    return [
        {"index": i + 1, **die(pending.dice[i] if i < len(pending.dice) else None)}
        for i in range(DICE)
    ]


def faces(pending: Pending) -> list[dict[str, Any]]:
    """The six faces to tap for the next die."""
    next_slot = len(pending.dice) + 1
    return [
        {"label": _("Dado %(n)d: %(face)d") % {"n": next_slot, "face": face}, **die(face)}
        for face in range(1, 7)
    ]


def offers(sheet: Sheet) -> Offers:
    """The cells of the player on turn to light: with five dice, what each allowed box would get;
    while choosing a box, the allowed ones; the box picked."""
    pending = sheet.pending
    if pending.box:
        return {pending.box: ("picked", None)}
    if len(pending.dice) == DICE:
        return {
            (column, box): ("lit", yams.score(box, pending.dice))
            for column, boxes in sheet.allowed(pending.first_roll).items()
            for box in boxes
        }
    if pending.choose:
        return {
            (column, box): ("lit", None)
            for column, boxes in sheet.allowed(pending.first_roll).items()
            for box in boxes
        }
    return {}


def choices(sheet: Sheet) -> list[dict[str, Any]]:
    """The pad's buttons for the boxes one may fill now, a group per column: with five dice each
    writes what they give there; without, each picks the box to type its points."""
    pending = sheet.pending
    hand = pending.dice if len(pending.dice) == DICE else None
    if hand is None and not pending.choose:
        return []
    groups = []
    for column, boxes in sheet.allowed(pending.first_roll).items():
        if not boxes:
            continue
        buttons = []
        for box in boxes:
            points = None if hand is None else yams.score(box, hand)
            kind = "pick" if hand is None else "score"
            buttons.append(
                {
                    "cell": f"{column}:{box}",
                    "short": SHORT.get(box, yams.BOX_NAMES[box]),
                    "points": points,
                    "label": cell_label(kind, column, box, points),
                }
            )
        groups.append(
            {
                "column": column,
                "name": yams.COLUMN_NAMES[column],
                "short": COLUMN_SHORT[column],
                "arrow": ARROWS[column],
                "buttons": buttons,
            }
        )
    return groups


def picked(pending: Pending) -> dict[str, Any] | None:
    """The box picked to type its points, and a button for each value it can hold."""
    if not pending.box:
        return None
    column, box = pending.box
    return {
        "column": column,
        "box": box,
        "name": yams.BOX_NAMES[box],
        "column_name": yams.COLUMN_NAMES[column],
        "values": [
            {
                "points": points,
                "label": _("Marcar %(points)s em %(box)s, coluna %(column)s")
                % {
                    "points": points,
                    "box": yams.BOX_NAMES[box],
                    "column": yams.COLUMN_NAMES[column],
                },
            }
            for points in yams.possible_points(box)
        ],
    }


def entry_text(entry: dict[str, Any], players: list[str]) -> str:
    where = {
        "name": players[entry["seat"]],
        "box": yams.BOX_NAMES[entry["box"]],
        "column": yams.COLUMN_NAMES[entry["column"]],
    }
    points = entry["points"] if entry["dice"] is None else None
    if points is None:
        points = yams.score(entry["box"], entry["dice"])
        if entry["points"] == 0:
            points = 0
    where["points"] = points
    if not points:
        return _("%(name)s riscou %(box)s, coluna %(column)s") % where
    return _("%(name)s marcou %(points)s em %(box)s, coluna %(column)s") % where
