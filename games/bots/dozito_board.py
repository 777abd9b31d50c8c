"""What the Dozito robot sees, as it counts it: a grid's face-up cards with the group table's
points of each colour's slots (`GROUP_POINTS`, imported from the rules, on a bit set per colour)
plus the suns, and the cards no one can see: the 75 of the deck minus every visible card, a
drawn or turned-up card being one of them, all equally likely."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.rules.dozito import COLOURS, GROUP_POINTS, SLOTS, card_key, groups, new_deck

Card = dict[str, Any]

TWELVE_OF_A_COLOUR = 1000  # twelve face-up cards of one colour win the game: above any score


@lru_cache(maxsize=1 << len(SLOTS))
def mask_points(mask: int) -> int:
    """The group table's points for face-up cards of one colour in the slots of the bit set
    `mask` (bit i for slot i + 1), by the rules' own `groups`; twelve is the instant win."""
    grid = [{"up": bool(mask >> i & 1), "card": {"colour": "c"}} for i in range(len(SLOTS))]
    return sum(GROUP_POINTS.get(len(group), TWELVE_OF_A_COLOUR) for group in groups(grid))


class Board:
    """A grid as any seat sees it: per slot (index 0 to 11) the face-up card, or None, and the
    slots of each colour as a bit set (the groups of a grid are those of each colour apart)."""

    __slots__ = ("cards", "down", "groups", "masks", "suns")

    def __init__(self, cells: Sequence[dict[str, Any]]) -> None:
        self.cards: tuple[Card | None, ...] = tuple(c["card"] if c["up"] else None for c in cells)
        self.masks = dict.fromkeys(COLOURS, 0)
        for i, c in enumerate(self.cards):
            if c:
                self.masks[c["colour"]] |= 1 << i
        self.groups = sum(mask_points(m) for m in self.masks.values())
        self.suns = sum(c["suns"] for c in self.cards if c)
        self.down = [i for i, c in enumerate(self.cards) if c is None]

    @property
    def score(self) -> int:
        return self.groups + self.suns

    def gain(self, card: Card, slot: int) -> int:
        """How much the face-up score grows when `card` is laid face up in `slot`."""
        bit = 1 << (slot - 1)
        old = self.cards[slot - 1]
        suns = card["suns"] - (old["suns"] if old else 0)
        colour = card["colour"]
        if old and old["colour"] == colour:
            return suns
        mask = self.masks[colour]
        gain = mask_points(mask | bit) - mask_points(mask) + suns
        if old:
            mask = self.masks[old["colour"]]
            gain += mask_points(mask & ~bit) - mask_points(mask)
        return gain

    def colour_gain(self, colour: str, slot: int) -> int:
        """The group points a card of `colour` would add on the face-down `slot`."""
        mask = self.masks[colour]
        return mask_points(mask | 1 << (slot - 1)) - mask_points(mask)

    def best_gain(self, card: Card, flip: float = 0.0) -> float:
        """The most `card` adds to this grid, in its own slot or (a Coringa) in any slot;
        `flip` more when it goes on a face-down slot."""
        slots = SLOTS if card["kind"] == "coringa" else (card["number"],)
        return max(self.gain(card, s) + (flip if self.cards[s - 1] is None else 0) for s in slots)


def unseen_cards(view: dict[str, Any]) -> list[tuple[Card, int]]:
    """The cards no one can see (face down, in the draw pile, under the discard tops), with
    their counts: the Coringas of a colour are alike."""
    visible = [c["card"] for grid in view["grids"] for c in grid if c["up"]]
    visible += [pile["top"] for pile in view["discards"] if pile["top"]]
    turn = view.get("turn") or {}
    if turn.get("hand"):
        visible.append(turn["hand"])
    left = DECK_COUNTS - Counter(map(card_key, visible))
    return [(DECK_CARDS[key], n) for key, n in left.items()]


DECK_CARDS = {card_key(c): c for c in new_deck()}
DECK_COUNTS = Counter(map(card_key, new_deck()))
