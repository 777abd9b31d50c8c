"""What a seat may play in Dominó de pontos, the checks a play goes through, and what a play
scores: the mesa, then the passes or the galo of the seats that cannot follow it.

Choices where issue #4 is silent:
- The opening tile goes to the centre: its `play` names no "end". A tile that fits several places
  needs one, even when they are alike (the two empty sides of a lone bucho).
- A tile may be named with its halves in either order: [5, 3] is the 3|5.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import (
    NOT_YOUR_TURN,
    Action,
    Event,
    IllegalAction,
    State,
    check_keys,
    event,
    player,
)
from games.rules.domino.deal import turn_event
from games.rules.domino.scoring import GALO, PASSE, score
from games.rules.domino.table import (
    ARM_NAMES,
    ARMS,
    Table,
    counted_ends,
    end_pip,
    fits,
    mesa_points,
    open_arms,
    place,
)
from games.rules.domino.tiles import SENA, Tile, is_double, next_seat, pair_of, shown


def plays(hand: dict[str, Any], seat: int) -> list[Action]:
    """Every tile `seat` may play now, with each place it fits (no place for the opening)."""
    table = hand["table"]
    tiles = hand["tiles"][seat]
    if table["bucho"] is None:
        allowed = [t for t in tiles if is_double(t) and (hand["opening"] == "carroca" or t == SENA)]
        return [{"type": "play", "tile": list(tile)} for tile in allowed]
    return [
        {"type": "play", "tile": list(tile), "end": arm}
        for tile in tiles
        for arm in fits(table, tile)
    ]


def can_play(hand: dict[str, Any], seat: int) -> bool:
    return any(fits(hand["table"], tile) for tile in hand["tiles"][seat])


def parse_tile(value: Any) -> Tile:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(n) is not int or not 0 <= n <= 6 for n in value)
    ):
        raise IllegalAction("Informe a pedra como [a, b], com números de 0 a 6.")
    return sorted(value)


def check_opening(hand: dict[str, Any], tile: Tile, end: Any) -> None:
    if end is not None:
        raise IllegalAction("A saída vai no centro da mesa: não informe a ponta.")
    if hand["opening"] == "sena" and tile != SENA:
        raise IllegalAction("Esta mão começa com a carroça de sena (6|6).")
    if not is_double(tile):
        raise IllegalAction("A saída é sempre com carroça.")


def check_place(table: Table, tile: Tile, end: Any) -> str:
    """The arm where `tile` goes: `end`, or the only place it fits when `end` is left out."""
    places = fits(table, tile)
    if end is None:
        if not places:
            raise IllegalAction(f"A pedra {shown(tile)} não encaixa em nenhuma ponta.")
        if len(places) > 1:
            names = ", ".join(ARM_NAMES[arm] for arm in places)
            raise IllegalAction(
                f"A pedra {shown(tile)} encaixa em mais de um lugar: escolha a ponta ({names})."
            )
        return places[0]
    if end not in ARMS:
        raise IllegalAction(f"Ponta desconhecida: {end}. Use left, right, up ou down.")
    if end not in open_arms(table):
        raise IllegalAction("Cima e baixo só abrem depois que os dois lados do bucho têm pedra.")
    if end not in places:
        pip = end_pip(table, end)
        raise IllegalAction(
            f"A pedra {shown(tile)} não encaixa na ponta da {ARM_NAMES[end]} ({pip})."
        )
    return end


def check_play(hand: dict[str, Any], seat: int, action: Action) -> tuple[Tile, str | None]:
    """The tile and the arm of a `play` (no arm for the opening), or IllegalAction."""
    check_keys(action, "tile", "end")
    if seat != hand["to_move"]:
        raise IllegalAction(NOT_YOUR_TURN)
    tile = parse_tile(action.get("tile"))
    if tile not in hand["tiles"][seat]:
        raise IllegalAction(f"Você não tem a pedra {shown(tile)}.")
    end = action.get("end")
    if hand["table"]["bucho"] is None:
        check_opening(hand, tile, end)
        return tile, None
    return tile, check_place(hand["table"], tile, end)


def put_down(state: State, seat: int, tile: Tile, end: str | None) -> list[Event]:
    """Move `tile` from the hand to the table and score the mesa."""
    hand = state["hand"]
    table = hand["table"]
    hand["tiles"][seat].remove(tile)
    if end is None:
        table["bucho"] = list(tile)
        text = f"{player(seat)} saiu com {shown(tile)}, o bucho."
    else:
        place(table, tile, end)
        text = f"{player(seat)} jogou {shown(tile)} na {ARM_NAMES[end]}."
    hand["last"] = {"seat": seat, "tile": list(tile), "end": end}
    hand["log"].append({"type": "play", "seat": seat, "tile": list(tile), "end": end})
    events = [event("play", text, seat=seat, tile=list(tile), end=end)]
    counted = counted_ends(table, state["options"]["bucho_lado"])
    points = mesa_points(sum(counted.values()))
    if points:
        why = "pontas " + " + ".join(str(n) for n in counted.values())
        events.append(score(state, pair_of(seat), points, "mesa", why=why))
    return events


def pass_turns(state: State, last: int) -> list[Event]:
    """After a play by `last`, when someone can still play: each seat that cannot play passes,
    giving 20 to the pair of `last` (nothing when it is the partner); when the three others
    pass and the turn comes back to `last`, its pair scores the galo instead of those passes."""
    hand = state["hand"]
    table = hand["table"]
    ends = sorted({end_pip(table, arm) for arm in open_arms(table)})
    passers = []
    seat = next_seat(last)
    while not can_play(hand, seat):
        passers.append(seat)
        hand["log"].append({"type": "pass", "seat": seat, "ends": ends})
        seat = next_seat(seat)
    events = [event("pass", f"{player(s)} passou.", seat=s, ends=ends) for s in passers]
    pair = pair_of(last)
    if seat == last:
        events.append(score(state, pair, GALO, "galo", why="os três passaram"))
    else:
        for passer in passers:
            if pair_of(passer) != pair:
                events.append(score(state, pair, PASSE, "passe", f"Passe do {player(passer)}"))
    hand["to_move"] = seat
    return [*events, turn_event(seat)]
