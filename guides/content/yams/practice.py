"""The Yam's guide's practice ("Treine"): position `number` is a card the robot part filled,
drawn from the number, then a hand of the turn on the table; the answers offered, and the
judgement of each, are the robot's `advise`."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext as _

from games.bots import yams as robot
from games.rendering import game_render
from games.rules.yams import GAME
from guides.content import Position, Verdict, words
from guides.content.words import below_best, expected_final
from guides.content.yams.rounds import SLUG, framed

CHOICES = 5


def deal(number: int, attempt: int = 0) -> dict[str, Any]:
    """Position `number`: a card part filled by the robot, then a hand of the turn on the table."""
    rng = random.Random(f"{number}:{attempt}")  # noqa: S311 - a position drawn from its number
    columns = rng.choice((1, 3, 3, 4))
    options = {"columns": columns, "max_min": rng.random() < 0.75}
    state = GAME.setup(1, options, rng)
    boxes = columns * len(state["boxes"])
    for _turn in range(rng.randrange(boxes - 1)):
        state = robot_turn(state, rng)
    state, _events = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    for _keep in range(rng.choice((0, 1, 1, 2))):  # the robot's own keeps: a later roll of the turn
        action = robot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
        if action["type"] == "hold":
            state, _events = GAME.apply(state, 0, action, rng)
        elif action["type"] != "roll":
            break
        state, _events = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    return state


def robot_turn(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The robot plays the turn on the table to its end (it never uses the cup)."""
    turns = state["turns"]
    while state["turns"] == turns and not state["finished"]:
        view = GAME.view(state, 0)
        action = robot.choose(view, GAME.legal_actions(state, 0), rng)
        state, _events = GAME.apply(state, 0, action, rng)
    return state


def position(number: int) -> Position:
    for attempt in range(20):  # a position with a real choice: at least three answers
        state = deal(number, attempt)
        view = GAME.view(state, 0)
        # The cup changes nothing the robot weighs: the rolls offered are those without it.
        legal = [a for a in GAME.legal_actions(state, 0) if not a.get("cup")]
        advice = robot.advise(view, legal)
        if len(advice) >= 3:
            break
    rng = random.Random(-number)  # noqa: S311 - which answers are offered, in which order
    picked = advice[:3] + rng.sample(advice[3:], min(CHOICES - 3, len(advice[3:])))
    rng.shuffle(picked)
    options = [(f"r{i}", label(item, view), item["expected"]) for i, item in enumerate(picked)]
    rolls_left = view["turn"]["rolls_left"]
    if rolls_left:
        left = "Resta 1 lançamento" if rolls_left == 1 else f"Restam {rolls_left} lançamentos"
        question = f"{left}. O que você faz?"
    else:
        question = "Acabaram os lançamentos. Em que casa você marca?"
    return Position(
        number=number,
        html=framed(game_render(SLUG, state, None, names=["Você"])),
        question=question,
        choices=tuple((value, label) for value, label, _ in options),
        data={
            "expected": {value: expected for value, _, expected in options},
            "labels": {value: label for value, label, _ in options},
            "best": (label(advice[0], view), advice[0]["expected"]),
            "attempt": attempt,
        },
    )


def label(item: dict[str, Any], view: dict[str, Any]) -> str:
    """The robot's words, but a roll says which dice stay (none held: all five are thrown)."""
    if item["action"]["type"] != "roll":
        return item["label"]
    turn = view["turn"]
    kept = sorted((turn["dice"][i] for i in range(5) if turn["held"][i]), reverse=True)
    if not kept:
        return "Relançar os cinco dados"
    return f"Guardar {', '.join(map(str, kept))} e relançar os outros"


def points(value: float) -> str:
    return f"{value:.1f}".replace(".", ",")


def judge(position: Position, answer: str) -> Verdict:
    expected = position.data["expected"][answer]
    label = position.data["labels"][answer]
    best_label, best = position.data["best"]
    if expected >= best - 0.005:
        text = _("“%(choice)s” é a escolha do robô: %(meaning)s, somando a cartela toda.") % {
            "choice": label,
            "meaning": expected_final(expected),
        }
        return Verdict(best=True, text=text)
    text = _(
        "Com “%(choice)s”, %(meaning)s, somando a cartela toda. O robô escolheria "
        "“%(best)s”, que leva a %(top)s; a sua fica %(gap)s."
    ) % {
        "choice": label,
        "meaning": expected_final(expected),
        "best": best_label,
        "top": words.points(best),
        "gap": below_best(best - expected),
    }
    return Verdict(best=False, text=text)
