"""The score-keeper's game: the players, the options, the entries, and what the player on turn
has tapped so far. The card is the entries replayed from the setup through the rules engine
(`yams.record`), which refuses what a live table refuses; "Desfazer" is a replay without the
last entry."""

from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.rules import yams
from games.rules.base import IllegalAction

MAX_PLAYERS = yams.GAME.max_seats
ENTRY_KEYS = {"seat", "column", "box", "dice", "points", "first_roll"}
BROKEN = "O marcador guardado nesta sessão estava danificado e foi descartado."


# States are never changed in place (`yams.record` returns a new one), so they can be shared.
REPLAYS: OrderedDict[str, dict[str, Any]] = OrderedDict()
REPLAYS_KEPT = 64
REPLAYS_LOCK = threading.Lock()


def remember(key: str, state: dict[str, Any]) -> None:
    with REPLAYS_LOCK:
        REPLAYS[key] = state
        REPLAYS.move_to_end(key)
        while len(REPLAYS) > REPLAYS_KEPT:
            REPLAYS.popitem(last=False)


class BadInput(Exception):
    """A request the page cannot take; the message is Portuguese and shown to the player."""


@dataclass
class Pending:
    dice: list[int] = field(default_factory=list)
    box: tuple[str, str] | None = None  # (column, box) picked to type its points
    first_roll: bool = False
    choose: bool = False  # no dice: the pad lists the boxes to pick one and type its points


@dataclass
class Sheet:
    players: list[str]
    options: dict[str, Any]
    entries: list[dict[str, Any]]
    pending: Pending = field(default_factory=Pending)
    saved: int | None = None
    state: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, players: list[str], options: dict[str, Any]) -> Sheet:
        sheet = cls(players=players, options=options, entries=[])
        sheet.replay()
        return sheet

    def key(self) -> str:
        return json.dumps([self.players, self.options, self.entries], sort_keys=True)

    def replay(self) -> None:
        """The state is the setup plus every entry, through the rules: a tampered entry fails.
        A whole game of 8 players in 4 columns is 480 entries, a fifth of a second: the states
        of the sheets in play are kept, keyed by all they come from, so a tap replays nothing."""
        key = self.key()
        with REPLAYS_LOCK:
            known = REPLAYS.get(key)
            if known is not None:
                REPLAYS.move_to_end(key)
                self.state = known
                return
        rng = random.Random(0)  # noqa: S311 - a Yam's setup throws no dice
        state = yams.GAME.setup(len(self.players), self.options, rng)
        for entry in self.entries:
            if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
                raise IllegalAction(BROKEN)
            state, _events = yams.record(state, **entry)
        self.state = state
        remember(key, state)

    def add(self, entry: dict[str, Any]) -> None:
        """Write one entry through the rules (IllegalAction leaves the sheet as it was)."""
        self.state, _events = yams.record(self.state, **entry)
        self.entries.append(entry)
        self.pending = Pending()
        self.saved = None
        remember(self.key(), self.state)

    def undo(self) -> None:
        if not self.entries:
            raise BadInput(_("Ainda não há lançamento para desfazer."))
        self.entries.pop()
        self.replay()
        self.pending = Pending()
        self.saved = None

    @property
    def mover(self) -> int | None:
        return self.state["to_move"]

    def allowed(self, first_roll: bool) -> dict[str, list[str]]:
        """The boxes the player on turn may fill now, per column, as the rules say."""
        seat = self.mover
        if seat is None:
            return {}
        return {
            column: yams.allowed_in_column(
                column, yams.open_boxes(self.state, seat, column), first_roll=first_roll
            )
            for column in self.state["columns"]
        }

    def to_session(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "options": self.options,
            "entries": self.entries,
            "pending": {
                "dice": self.pending.dice,
                "box": list(self.pending.box) if self.pending.box else None,
                "first_roll": self.pending.first_roll,
                "choose": self.pending.choose,
            },
            "saved": self.saved,
        }
