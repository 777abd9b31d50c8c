"""Helpers of the live partials (games/jinja2/, installed in config/jinja2.py): actions as the
JSON a button sends, and the arguments of the pieces a Bozó table is made of (each die, each
score card, each box of a card), which `fragments` renders once per look and keeps."""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any, NamedTuple


def action_json(action: dict[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"), ensure_ascii=False)


def held_after_tap(held: list[bool], index: int) -> list[int]:
    """The dice held once die `index` is tapped (held or released): what a hold action names."""
    return [i for i, is_held in enumerate(held) if is_held != (i == index)]


class SeatPiece(NamedTuple):
    """What the seat list shows of a seat (`seat_list` in games/_seat_list.html)."""

    index: int
    name: str
    empty: bool
    is_you: bool
    on_turn: bool
    team: int | None
    team_name: str
    robot: bool
    has_user: bool
    is_host: bool


def seat_pieces(seats) -> tuple[SeatPiece, ...]:
    """The arguments of the seat list, from games.render.SeatInfo."""
    return tuple(
        SeatPiece(
            index=s.index,
            name=s.name,
            empty=s.empty,
            is_you=s.is_you,
            on_turn=s.on_turn,
            team=s.team,
            team_name=s.team_name,
            robot=s.robot,
            has_user=s.user_id is not None,
            is_host=s.is_host,
        )
        for s in seats
    )


def dice_pieces(turn: dict[str, Any], holder: int | None) -> list[tuple]:
    """The arguments of each die of the felt (`die` in games/bozo/_die.html). `holder` is the
    seat that may hold dice now, if any."""
    held, covered = turn["held"], turn["covered"]
    return [
        (
            i,
            value,
            held[i],
            i in covered,
            holder,
            None if holder is None else held_after_tap(held, i),
        )
        for i, value in enumerate(turn["dice"])
    ]


def card_pieces(game: str, view: dict[str, Any], actor: int | None, legal, seats) -> list[tuple]:
    """The arguments of each score card (`score_card` in games/bozo/_card.html): the seats that
    play it, its title, whether it is on turn, and the score buttons of the seat on turn
    (`actor`) on its own card."""
    buttons = score_buttons(legal, view["potential"])
    card_of, teams, to_move = view["card_of"], view["teams"], view["to_move"]
    turn_card = None if to_move is None else card_of[to_move]
    pieces = []
    for index, card in enumerate(view["cards"]):
        owners = seats_with(card_of, index)
        title = teams[index]["name"] if teams else seats[owners[0]].name
        mine = buttons if actor is not None and card_of[actor] == index else {}
        team, on_turn = teams is not None, turn_card == index
        pieces.append(
            (game, card, index, owners, title, team, on_turn, mine, actor if mine else None)
        )
    return pieces


def card_rows(game: str, card: dict[str, Any], buttons: dict[str, int], actor: int | None):
    """The arguments of each box of a card (`score_row` in games/bozo/_card.html)."""
    names = import_module(f"games.rules.{game}").BOX_NAMES
    return [
        (box, names[box], value, buttons.get(box), actor if box in buttons else None)
        for box, value in card["boxes"].items()
    ]


def score_buttons(legal: list[dict[str, Any]], potential: dict[str, int]) -> dict[str, int]:
    """Each box a legal `score` action may mark, with the points it would give now."""
    return {
        action["box"]: potential.get(action["box"], 0)
        for action in legal
        if action.get("type") == "score"
    }


def seats_with(values: list[Any], value: Any) -> list[int]:
    """The seats whose entry is `value`: who plays card 0 is `seats_with(view["card_of"], 0)`."""
    return [seat for seat, entry in enumerate(values) if entry == value]
