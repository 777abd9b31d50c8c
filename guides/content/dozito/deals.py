"""The pieces the Dozito guide's worked rounds are written with: a card named by colour and
number, a deal with the named cards in named places and the rest of the deck shuffled by a fixed
lot (`dealt`), a script's moves and the actions they play."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.rules.dozito import SLOTS, card, card_key, new_deck, setup_from_deal

Card = dict[str, Any]
Action = dict[str, Any]


def c(colour: str, number: int | None = None) -> Card:
    return card(colour, number)


def dealt(
    grids: list[dict[int, Card]],
    piles: list[Card],
    draws: list[Card],
    *,
    up: list[list[int]],
    seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A deal where the named cards sit where they are named (grid slots, discard tops, the top of
    the draw pile) and the rest of the deck, shuffled by `seed`, fills the other places."""
    named = [x for g in grids for x in g.values()] + piles + draws
    used = Counter(map(card_key, named))
    rest = []
    for one in new_deck():
        key = card_key(one)
        if used[key]:
            used[key] -= 1
        else:
            rest.append(one)
    if +used:
        raise ValueError("A card was named twice.")
    random.Random(seed).shuffle(rest)  # noqa: S311 - a fixed lot: the same guide every time
    full = [[g[s] if s in g else rest.pop() for s in SLOTS] for g in grids]
    return setup_from_deal(full, [[p] for p in piles], draws + rest, options, up=up)


@dataclass(frozen=True)
class Move:
    seat: int
    action: Action
    why: str


@dataclass(frozen=True)
class Script:
    title: str
    intro: str
    covers: tuple[str, ...]
    opening: str  # the text under the table as dealt
    moves: tuple[Move, ...]


SEED = 9  # the lot of the rare refills of the draw pile, and of the unnamed cards


def take(pile: int) -> Action:
    return {"type": "take", "from": "discard", "pile": pile}


DRAW = {"type": "take", "from": "draw"}


def place(slot: int) -> Action:
    return {"type": "place", "slot": slot}


def discard(pile: int) -> Action:
    return {"type": "discard", "pile": pile}


def keep(which: str, pile: int) -> Action:
    return {"type": "keep", "card": which, "pile": pile}
