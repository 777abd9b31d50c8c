"""A game's state in Dominó de pontos, the deal of each hand and who opens it.

From the Dominó page (seed 001_72d52c451b6344cc.txt, "Quem sai") as settled by issue #4:
- A deal where someone holds five doubles is dealt again.
- A new game, a new match and the hand after a jogo fechado open with the 6|6, by its holder;
  other hands are opened by who went out, with any double. Without a double: 20 to the other pair
  (sem carroça) and the opening passes on.

State (a JSON dict):
    game, options, seats
    scores       points of each pair in the current match
    matches      matches won by each pair; match: the number of the match being played
    results      [{"winner": pair, "scores": [a, b]}] for each finished match
    hand         the hand being played (the last one once the game is over):
        number     1, 2, ... in the game
        tiles      each seat's tiles, [a, b] with a <= b
        table      {"bucho": [v, v] or None, "arms": {arm: [[inner, outer], ...]}}
        opening    "sena" (must open with 6|6) or "carroca" (any double)
        to_move    the seat that must play; None once the game is over
        last       {"seat", "tile", "end"} of the last tile played, or None
        log        the public record of the hand: plays, passes (with the ends passed on) and
                   sem carroça, for the table and the robots
        redeals    how many deals were dealt again for five doubles
    next_deals   deals to use, in order, before the rng: always [] at a real table; tests and
                 guides fill it (or pass `next_deals` to `setup_from_deal`) to fix what comes next
    end          None while playing, then {"reason": "complete" or "left", "winners": [seats]}
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Event, State, event, player
from games.rules.domino.scoring import SEM_CARROCA, score
from games.rules.domino.table import new_table
from games.rules.domino.tiles import (
    HAND_SIZE,
    SEATS,
    SENA,
    TILES,
    Tile,
    is_double,
    next_seat,
    pair_of,
)

REDEAL_DOUBLES = 5


def new_state(options: dict[str, Any]) -> State:
    return {
        "game": "domino",
        "options": options,
        "seats": SEATS,
        "scores": [0, 0],
        "matches": [0, 0],
        "match": 1,
        "results": [],
        "hand": None,
        "next_deals": [],
        "end": None,
    }


def too_many_doubles(hands: Sequence[Sequence[Sequence[int]]]) -> bool:
    return any(sum(map(is_double, tiles)) >= REDEAL_DOUBLES for tiles in hands)


def checked_deal(hands: Any) -> list[list[Tile]]:
    """A deal given by a test or a guide: four hands of seven tiles, the 28 tiles once each."""
    deal = [sorted(sorted(tile) for tile in tiles) for tiles in hands]
    if len(deal) != SEATS or any(len(tiles) != HAND_SIZE for tiles in deal):
        raise ValueError("A deal is four hands of seven tiles.")
    if sorted(tuple(tile) for tiles in deal for tile in tiles) != sorted(TILES):
        raise ValueError("A deal holds each of the 28 tiles exactly once.")
    return deal


def next_deal(state: State, rng: random.Random | None) -> list[list[Tile]]:
    if state["next_deals"]:
        return checked_deal(state["next_deals"].pop(0))
    if rng is None:
        raise ValueError("No deal left in next_deals and no rng to shuffle with.")
    tiles = [list(tile) for tile in TILES]
    rng.shuffle(tiles)
    return [sorted(tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS)]


def start_hand(
    state: State,
    rng: random.Random | None,
    opener: int | None,
    dealt: list[list[Tile]] | None = None,
) -> list[Event]:
    """Deal a hand (again while someone holds five doubles) and find who opens: the 6|6 holder
    when `opener` is None, else `opener` with any double, sem carroça passing it on."""
    events = []
    tiles = dealt if dealt is not None else next_deal(state, rng)
    redeals = 0
    while too_many_doubles(tiles):
        redeals += 1
        text = "Uma mão veio com 5 carroças ou mais: as pedras foram misturadas de novo."
        events.append(event("redeal", text))
        tiles = next_deal(state, rng)
    number = state["hand"]["number"] + 1 if state["hand"] else 1
    first = next(s for s in range(SEATS) if SENA in tiles[s]) if opener is None else opener
    state["hand"] = {
        "number": number,
        "tiles": tiles,
        "table": new_table(),
        "opening": "sena" if opener is None else "carroca",
        "to_move": first,
        "last": None,
        "log": [],
        "redeals": redeals,
    }
    how = "com a carroça de sena" if opener is None else "com qualquer carroça"
    text = f"{number}ª mão dada: sai o {player(first)} {how}."
    events.append(event("deal", text, hand=number, seat=first))
    return events + find_opener(state, first)


def find_opener(state: State, seat: int) -> list[Event]:
    """Sem carroça: who must open without a double gives 20 and the opening passes on."""
    hand = state["hand"]
    events = []
    while not any(map(is_double, hand["tiles"][seat])):
        hand["log"].append({"type": "sem_carroca", "seat": seat})
        label = f"Sem carroça ({player(seat)} não tem carroça para sair)"
        events.append(score(state, 1 - pair_of(seat), SEM_CARROCA, "sem_carroca", label))
        seat = next_seat(seat)
    hand["to_move"] = seat
    return [*events, turn_event(seat)]


def turn_event(seat: int) -> Event:
    return event("turn", f"Vez do {player(seat)}.", seat=seat)
