"""The Bozó guide's practice ("Treine"): position `number` is a solo card the robot filled for a
few turns from a seed, then a roll with a real choice; the answers offered, and the judgement of
each, are the robot's `advise`."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext as _

from games.bots import bozo as bot
from games.rules import bozo as rules
from games.rules.bozo import GAME
from guides.content import Position, Verdict
from guides.content.bozo.table import advice, label, lower, new_state, render
from guides.content.words import below_best, expected_final, points


def total(state) -> int:
    return rules.card_total(state["cards"][0])


def action_key(action: dict[str, Any]) -> str:
    if action["type"] == "score":
        return f"marcar-{action['box']}"
    kept = action.get("dice")
    return "guardar-" + ("".join(map(str, kept)) if kept is not None else "mesmos")


def practice_state(seed: int):
    """A solo card the robot filled for a few turns from a seed, then a roll of a new turn
    (sometimes a second one after the robot's keep): a position with a real choice."""
    rng = random.Random(seed)  # noqa: S311 - a position drawn from its number
    state = new_state()
    for _turn in range(rng.randint(0, 8)):
        turn_taken = state["turns_taken"][0]
        while state["turns_taken"][0] == turn_taken:
            action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
            state, _ = GAME.apply(state, 0, action, rng)
    state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    if rng.random() < 0.4:
        items = advice(state)
        if items[0]["action"]["type"] == "hold":
            state, _ = GAME.apply(state, 0, items[0]["action"], rng)
            state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    return state


def practice_position(number: int):
    """The state of practice position `number`: a seed whose choices all come out equal is no
    question, so the next seed of the same number is drawn."""
    for extra in range(50):
        state = practice_state(number + 10_000 * extra)
        items = advice(state)
        if len(items) > 1 and items[0]["expected"] - items[-1]["expected"] > 0.5:
            break
    return state, items


def pick(items: list[dict[str, Any]], count: int = 5) -> list[dict[str, Any]]:
    """The best, the best score and the best keep, then the next best: at most `count`."""
    chosen = [items[0]]
    for kind in (("score",), ("hold", "roll")):
        item = next((i for i in items if i["action"]["type"] in kind), None)
        if item is not None and item not in chosen:
            chosen.append(item)
    for item in sorted(items[1:], key=lambda i: -i["expected"]):
        if len(chosen) >= count:
            break
        if item not in chosen:
            chosen.append(item)
    return chosen


def position(number: int) -> Position:
    state, items = practice_position(number)
    chosen = pick(items)
    order = list(chosen)
    random.Random(number).shuffle(order)  # noqa: S311 - the best is not always first
    choices = tuple((action_key(i["action"]), label(i["action"], state)) for i in order)
    rolls = state["turn"]["rolls"]
    left = {1: "ainda pode lançar duas vezes", 2: "ainda pode lançar uma vez"}[rolls]
    question = (
        f"Seu {rolls}º lance deu {rules.shown(state['turn']['dice'])} e você {left}. "
        f"Total da cartela: {total(state)}. O que você faz?"
    )
    data = {
        "expected": {action_key(i["action"]): i["expected"] for i in chosen},
        "labels": dict(choices),
        "best": action_key(items[0]["action"]),
    }
    return Position(number, render(state, names=("Você",)), question, choices, data)


def judge(position: Position, answer: str) -> Verdict:
    expected, labels = position.data["expected"], position.data["labels"]
    best = position.data["best"]
    mine = expected[answer]
    top = expected[best]
    if mine >= top - bot.TIE:
        text = _("%(choice)s: a melhor escolha aqui; %(meaning)s, jogando bem daqui em diante.") % {
            "choice": labels[answer],
            "meaning": expected_final(mine),
        }
        return Verdict(True, text)
    text = _(
        "Sua escolha, %(mine)s: %(meaning)s, jogando bem daqui em diante. A do robô, "
        "%(best)s, leva a %(top)s; a sua fica %(gap)s."
    ) % {
        "mine": lower(labels[answer]),
        "meaning": expected_final(mine),
        "best": lower(labels[best]),
        "top": points(top),
        "gap": below_best(top - mine),
    }
    return Verdict(False, text)
