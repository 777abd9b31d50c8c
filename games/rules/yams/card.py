"""A Yam's card in play: the open boxes, the ones the player on turn may score now, the totals,
and the checks a score goes through.

From the Yam's page (seed 003_c47abb5cbfb248f6.txt), settled by issue #3: Descida fills strictly
top to bottom, Subida strictly bottom to top, Livre in any order, Seca only with the first roll of
the turn (a player left with Seca boxes only scores after the first roll).

A house rule where the page and the issue are silent:
    seca              "anuncie antes de marcar" needs no action of its own: the score right
                      after the first roll is the announcement; holding without rerolling keeps
                      Seca open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules import dice
from games.rules.base import NOT_YOUR_TURN, IllegalAction, State
from games.rules.yams.scoring import BOX_NAMES, COLUMN_NAMES, column_totals

SECA_ONLY = "Só restam casas na Seca: marque o resultado do primeiro lance."


def faces(values: Sequence[int]) -> str:
    return ", ".join(str(value) for value in values)


def open_boxes(state: State, seat: int, column: str) -> list[str]:
    """The open boxes of one column, top to bottom (the state's lists keep the order: a JSON
    store such as PostgreSQL's jsonb may reorder the keys of a dict)."""
    filled = state["cards"][seat][column]
    return [box for box in state["boxes"] if filled[box] is None]


def allowed_in_column(column: str, open_: list[str], *, first_roll: bool) -> list[str]:
    """Which of a column's open boxes (top to bottom) may be scored now."""
    if column == "descida":
        return open_[:1]
    if column == "subida":
        return open_[-1:]
    if column == "seca" and not first_roll:
        return []
    return open_


def allowed(state: State) -> dict[str, list[str]]:
    """The boxes the player on turn may score now, per column; none before a revealed roll."""
    turn, seat = state["turn"], state["to_move"]
    if seat is None or not dice.has_hand(turn):
        return {}
    boxes = {}
    for column in state["columns"]:
        open_ = open_boxes(state, seat, column)
        chosen = allowed_in_column(column, open_, first_roll=turn["rolls"] == 1)
        if chosen:
            boxes[column] = chosen
    return boxes


def only_seca_open(state: State, seat: int) -> bool:
    return "seca" in state["columns"] and not any(
        open_boxes(state, seat, column) for column in state["columns"] if column != "seca"
    )


def rolls_allowed(state: State) -> int:
    """Three rolls, or one when only Seca boxes are left: Seca takes only the first roll."""
    return 1 if only_seca_open(state, state["to_move"]) else dice.MAX_ROLLS


def card_full(state: State, seat: int) -> bool:
    return not any(open_boxes(state, seat, column) for column in state["columns"])


def remaining(state: State) -> list[int]:
    return [seat for seat in range(state["seats"]) if not state["left"][seat]]


def totals(state: State, seat: int) -> dict[str, dict[str, int | bool]]:
    card, max_min = state["cards"][seat], state["options"]["max_min"]
    return {column: column_totals(card[column], max_min=max_min) for column in state["columns"]}


def total(state: State, seat: int) -> int:
    return sum_of(totals(state, seat))


def sum_of(sums: dict[str, dict[str, int | bool]]) -> int:
    """A card's total from its columns' totals (`totals`)."""
    return sum(int(column["total"]) for column in sums.values())


# Checks: each raises IllegalAction with the sentence the player reads.


def check_turn(state: State, seat: int) -> None:
    if seat != state["to_move"]:
        raise IllegalAction(NOT_YOUR_TURN)


def check_name(value: Any, in_play: Sequence[str], what: str) -> str:
    if type(value) is not str or value not in in_play:
        raise IllegalAction(f"{what} inexistente nesta mesa: use {', '.join(in_play)}.")
    return value


def check_allowed(state: State, column: str, box: str) -> None:
    turn = state["turn"]
    if turn["covered"]:
        raise IllegalAction("Levante o copo antes de marcar uma casa.")
    if turn["rolls"] == 0:
        raise IllegalAction("Lance os dados antes de marcar uma casa.")
    where = f"{BOX_NAMES[box]} da coluna {COLUMN_NAMES[column]}"
    open_ = open_boxes(state, state["to_move"], column)
    if box not in open_:
        raise IllegalAction(f"A casa {where} já está preenchida.")
    if box in allowed_in_column(column, open_, first_roll=turn["rolls"] == 1):
        return
    if column == "descida":
        raise IllegalAction(
            f"A Descida se preenche de cima para baixo: a próxima casa é {BOX_NAMES[open_[0]]}."
        )
    if column == "subida":
        raise IllegalAction(
            f"A Subida se preenche de baixo para cima: a próxima casa é {BOX_NAMES[open_[-1]]}."
        )
    raise IllegalAction("A Seca só aceita o resultado do primeiro lance deste turno.")


def check_more_rolls(state: State) -> None:
    turn = state["turn"]
    if rolls_allowed(state) == 1 and turn["rolls"] >= 1 and not turn["covered"]:
        raise IllegalAction(SECA_ONLY)
