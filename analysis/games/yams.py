"""Yam's graded by the robot's own search (games/bots/yams.py): each choice made after seeing the
dice (score or strike a box, or keep some dice and throw again) against the best, in expected
final points of the person's card. With one column (and Máx/Mín off, or both filled) the values
come from the table of optimal play and are exact; otherwise they are the robot's estimate.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from analysis.base import Decision, Option, Step, after_a_throw, each
from games.bots import yams as robot
from games.bots.yams_plan import is_exact, robot_plan
from games.rules.yams import GAME

SERIES = _("Pontuação final esperada da cartela")
MEASURE = _("pontos esperados da sua cartela no fim, jogando o melhor daí em diante")
# A point given away per decision, on average, leaves three quarters of the precision.
SCALE = 3.5


def analyze(steps: Sequence[Step], seed: int = 0) -> list[Decision]:
    return each(steps, graded)


def graded(step: Step) -> Decision | None:
    if not after_a_throw(step, ("score", "strike", "roll")):
        return None
    kind = step.action["type"]
    view = GAME.view(step.before, step.seat)
    legal = GAME.legal_actions(step.before, step.seat)
    dice = view["turn"]["dice"]
    held = [dice[i] for i in range(5) if view["turn"]["held"][i]]
    options = [option(action, value, dice, held) for value, action in robot.ranked(view, legal)]
    if kind == "strike":
        chosen = Option(step.action, robot.label(step.action, dice), final_value(step))
    elif kind == "roll":
        chosen = next(o for o in options if o.action.get("keep") == sorted(held))
    else:
        chosen = next(o for o in options if o.action == step.action)
    best = max([*options, chosen], key=lambda o: o.value)
    exact = is_exact(*robot.read_card(view))
    return Decision(step.number, step.seat, chosen, best, expected=chosen.value, exact=exact)


def option(action: dict, value: float, dice: list, held: list) -> Option:
    """A ranked action as a choice: a roll or a hold is the keep it throws again with."""
    if action["type"] == "score":
        return Option(action, robot.label(action, dice), value)
    keep = held if action["type"] == "roll" else [dice[i] for i in action["dice"]]
    faces = ", ".join(map(str, sorted(keep, reverse=True)))
    label = f"Guardar {faces} e relançar" if keep else "Relançar os cinco dados"
    return Option({"type": "keep", "keep": sorted(keep)}, label, value)


def final_value(step: Step) -> float:
    """The card after a strike, valued as the robot values the card at a turn's start."""
    view = GAME.view(step.after, step.seat)
    mode, card = robot.read_card(view)
    if all(value is not None for column in card for value in column):
        return float(view["cards"][step.seat]["total"])
    return robot_plan(mode, card).base
