"""Bozó graded exactly: each choice made after seeing the dice (score a box, or keep some dice and
throw the rest) against the best, in expected final points of the card, from the table of
optimal play the robot uses (games/bots/bozo.py). Lifting the cup from the top or after
"cantar embaixo" is worth the same (the faces under the cup are uniform either way), and a
first throw has nothing to choose: neither is a decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from analysis.base import Decision, Option, Step, after_a_throw, each
from games.bots import bozo as robot
from games.rules.bozo import BOX_NAMES, BOXES, GAME

SERIES = _("Pontuação final esperada da cartela")
MEASURE = _("pontos esperados da cartela no fim, jogando o melhor daí em diante (cálculo exato)")
# A point given away per decision, on average, leaves three quarters of the precision.
SCALE = 3.5


def analyze(steps: Sequence[Step], seed: int = 0) -> list[Decision]:
    return each(steps, graded)


def graded(step: Step) -> Decision | None:
    if not after_a_throw(step, ("score", "roll")):
        return None
    kind = step.action["type"]
    seat = robot.read(GAME.view(step.before, step.seat))
    options = choices(seat)
    if kind == "score":
        chosen = next(o for o in options if o.action == step.action)
    else:
        held = seat.held_faces
        chosen = next((o for o in options if o.action.get("keep") == list(held)), None)
        chosen = chosen or keep_option(seat, held)
    best = max(options, key=lambda o: o.value)
    return Decision(step.number, step.seat, chosen, best, expected=chosen.value)


def choices(seat: robot.Seat) -> list[Option]:
    """Every box open to the hand shown, and every keep to throw again with, valued."""
    hand = tuple(sorted(seat.turn["dice"]))
    index = robot.HAND_INDEX[hand]
    options = []
    for box in BOXES:
        if seat.open_boxes >> BOXES.index(box) & 1:
            points, value = robot.score_value(seat, box, index)
            label = f"Marcar {BOX_NAMES[box]} ({points})"
            options.append(Option({"type": "score", "box": box}, label, seat.total + value))
    if seat.turn["rolls_left"] > 0:
        options += [keep_option(seat, keep) for keep in robot.sub_keeps(hand)]
    return options


def keep_option(seat: robot.Seat, keep: tuple[int, ...]) -> Option:
    faces = ", ".join(map(str, sorted(keep, reverse=True)))
    label = f"Guardar {faces} e lançar" if keep else "Lançar os cinco dados"
    value = robot.keep_value(seat, keep, seat.turn["rolls_left"] - 1)
    return Option({"type": "keep", "keep": list(keep)}, label, seat.total + value)
