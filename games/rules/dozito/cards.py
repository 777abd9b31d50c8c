"""The Dozito deck: the 75 cards as a table, a fresh card, how the log names one, where it goes.

From the house rules of issue #5: 75 cards: five colours, each with the numbers 1 to 12 once and
three Coringas (`DECK`). In each colour one STOP (3 suns), one TURNO EXTRA (no sun), two cards
with 2 suns and four with 1.
"""

from __future__ import annotations

from typing import Any

Card = dict[str, Any]

# The deck (issue #5), one row per colour, numbers 1 to 12 across:
#   S  STOP, 3 suns      E  TURNO EXTRA, no sun      2 / 1  suns      .  no sun
# No number is the STOP twice, nor the TURNO EXTRA twice. Each colour also has CORINGAS.
DECK = """
              1  2  3  4  5  6  7  8  9 10 11 12
amarelo       S  .  1  2  .  1  E  .  1  2  .  1
azul          1  2  .  S  1  .  .  1  2  E  1  .
verde         E  1  .  1  2  .  S  1  .  1  2  .
vermelho      .  1  2  E  .  1  1  2  .  S  .  1
roxo          1  .  1  .  2  E  .  1  2  .  1  S
"""
CORINGAS = 3  # per colour: no number, no sun
CODES = {
    "S": ("stop", 3),
    "E": ("extra", 0),
    "2": ("normal", 2),
    "1": ("normal", 1),
    ".": ("normal", 0),
}

SLOTS = tuple(range(1, 13))


def read_deck(table: str) -> dict[tuple[str, int], Card]:
    """The numbered cards of the `DECK` table, by (colour, number)."""
    header, *rows = table.strip().splitlines()
    numbers = [int(n) for n in header.split()]
    cards = {}
    for row in rows:
        colour, *codes = row.split()
        for number, code in zip(numbers, codes, strict=True):
            kind, suns = CODES[code]
            cards[colour, number] = {"colour": colour, "number": number, "suns": suns, "kind": kind}
    return cards


NUMBERED = read_deck(DECK)
COLOURS = tuple(dict.fromkeys(colour for colour, _ in NUMBERED))


def card(colour: str, number: int | None = None) -> Card:
    """A fresh copy of the card of `colour` with `number` (None: a Coringa)."""
    if number is None:
        return {"colour": colour, "number": None, "suns": 0, "kind": "coringa"}
    return dict(NUMBERED[colour, number])


def new_deck() -> list[Card]:
    """The 75 cards: each colour's 1 to 12, then its Coringas."""
    return [card(c, n) for c in COLOURS for n in SLOTS] + [
        card(c) for c in COLOURS for _ in range(CORINGAS)
    ]


def card_key(c: Card) -> tuple[str, int, int, str]:
    return (c["colour"], c["number"] or 0, c["suns"], c["kind"])


def shown(c: Card) -> str:
    """ "7 azul", "4 azul (STOP)", "Coringa verde": the card in the log (every name is
    masculine: "o 7 azul", "do Coringa verde")."""
    if c["kind"] == "coringa":
        return f"Coringa {c['colour']}"
    tag = {"stop": " (STOP)", "extra": " (TURNO EXTRA)"}.get(c["kind"], "")
    return f"{c['number']} {c['colour']}{tag}"


def slots_for(c: Card) -> list[int]:
    """Where a card may be placed: the slot of its number, any slot for a Coringa."""
    return list(SLOTS) if c["kind"] == "coringa" else [c["number"]]
