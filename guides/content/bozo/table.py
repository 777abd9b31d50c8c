"""What the parts of the Bozó guide share: the engine as a worked turn plays it (a fresh card,
an action with the dice the guide names), the live table drawn for a reader, the robot's advice,
and a number or an action said in plain Portuguese."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.bots import bozo as bot
from games.rendering import game_render
from games.rules import bozo as rules
from games.rules.bozo import GAME

NAMES = ("Ana", "Bia", "Caio", "Duda")


class Scripted(random.Random):
    """Throws the faces it is given, in order: the dice of a worked turn."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def new_state(options: dict[str, Any] | None = None) -> dict[str, Any]:
    options = {"mode": "solo", **(options or {})}
    seats = rules.MODES[options["mode"]][0]
    return GAME.setup(seats, options, random.Random(0))  # noqa: S311 - no dice thrown


def apply(state, action, faces=()):
    """The player on turn plays `action`; a roll throws `faces`."""
    return GAME.apply(state, state["to_move"], action, Scripted(faces))


def render(state, events=(), log=(), names=NAMES) -> str:
    """The live table's game area for a spectator (no buttons that would do nothing here), in
    the table's own wrapper, which carries the felt's and the dice's colours."""
    names = names[: state["seats"]]
    html = game_render("bozo", state, None, names=names, events=tuple(events), log=list(log))
    return f'<div class="mesa guide-mesa">{html}</div>'


def advice(state) -> list[dict[str, Any]]:
    seat = state["to_move"]
    return bot.advise(GAME.view(state, seat), GAME.legal_actions(state, seat))


def number(value: float, places: int = 1) -> str:
    """A number the Brazilian way: 146,9."""
    return f"{value:,.{places}f}".replace(",", " ").replace(".", ",").replace(" ", ".")


def label(action: dict[str, Any], state) -> str:
    """An action in plain Portuguese: "Marcar 25 no Full", "Guardar 6, 6 e relançar 3 dados"."""
    turn = state["turn"]
    if action["type"] == "score":
        points = rules.potential(state)[action["box"]]
        return f"Marcar {points} {rules.in_box(action['box'])}"
    kept = action["dice"] if action["type"] == "hold" else [i for i in range(5) if turn["held"][i]]
    faces = sorted(turn["dice"][i] for i in kept)
    thrown = 5 - len(faces)
    if not faces:
        return "Relançar os cinco dados"
    dice = f"{thrown} dado{'s' * (thrown > 1)}"
    return f"Guardar {rules.shown(faces)} e relançar {dice}"


def lower(text: str) -> str:
    return text[:1].lower() + text[1:]
