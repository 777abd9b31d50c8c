"""Dozito deals written by hand in tests: the deck without the cards a test names."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.rules.dozito import new_deck


def key(one: dict[str, Any]) -> tuple[str, int]:
    """What tells two cards apart (a wild card has no number)."""
    return (one["colour"], one["number"] or 0)


def rest_of_deck(named: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The deck in its order without the `named` cards; a card named twice is a test's mistake."""
    used = Counter(key(one) for one in named)
    left = []
    for one in new_deck():
        if used[key(one)]:
            used[key(one)] -= 1
        else:
            left.append(one)
    assert not +used, "a card was written twice"
    return left
