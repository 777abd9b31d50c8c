"""Dice thrown by hand in tests: a generator that throws the faces a test names."""

from __future__ import annotations

import random
from collections.abc import Iterable


class Loaded(random.Random):
    """Throws the faces it is given, in order; after them `then` for ever, or, without `then`,
    an IndexError: a test that throws more dice than it named hears of it. Anything else it is
    asked for (a deal, a shuffle) comes from a generator seeded with 0."""

    def __init__(self, faces: Iterable[int] = (), *, then: int | None = None) -> None:
        super().__init__(0)
        self.faces, self.then = list(faces), then

    def randint(self, a: int, b: int) -> int:
        if self.faces or self.then is None:
            return self.faces.pop(0)
        return self.then
