"""The figures of the Dozito guide's rules and strategy notes: the deck table per colour, the
best grid short of twelve of one colour, robot-against-robot games from fixed seeds, and what the
robot reckons a draw is worth."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.bots import dozito as robot
from games.bots.dozito_evaluation import WEIGHTS, Evaluation
from games.rules.dozito import COLOURS, GAME, NUMBERED, SLOTS, grid_score
from guides.content.dozito.deals import Card


def deck_table() -> list[dict[str, Any]]:
    """Per colour: the STOP, the TURNO EXTRA, the cards with 2 and 1 suns, and the suns."""
    rows = []
    for colour in COLOURS:
        cards = [NUMBERED[colour, n] for n in SLOTS]
        rows.append(
            {
                "colour": colour,
                "symbol": robot_symbol(colour),
                "stop": [x["number"] for x in cards if x["kind"] == "stop"],
                "extra": [x["number"] for x in cards if x["kind"] == "extra"],
                "two": [x["number"] for x in cards if x["kind"] == "normal" and x["suns"] == 2],
                "one": [x["number"] for x in cards if x["kind"] == "normal" and x["suns"] == 1],
                "suns": sum(x["suns"] for x in cards),
                "cells": [deck_cell(x) for x in cards],
            }
        )
    return rows


def deck_cell(x: Card) -> tuple[str, str]:
    """A card in the deck table: its mark and its words (for screen readers and the title)."""
    if x["kind"] == "stop":
        return "S", f"{x['number']} {x['colour']}: STOP, 3 sóis"
    if x["kind"] == "extra":
        return "T", f"{x['number']} {x['colour']}: TURNO EXTRA"
    suns = x["suns"]
    words = {0: "sem sol", 1: "1 sol"}.get(suns, f"{suns} sóis")
    return "☀" * suns, f"{x['number']} {x['colour']}: {words}"


def robot_symbol(colour: str) -> str:
    from games.presenters.dozito_cards import SYMBOLS

    return SYMBOLS[colour]


def best_grid_without_twelve() -> int:
    """The most a grid can score: eleven of one colour in one group, the twelfth another
    colour's card, with the most suns."""
    best = 0
    for colour in COLOURS:
        own = sorted((NUMBERED[colour, n] for n in SLOTS), key=lambda x: x["suns"])
        for out_slot in SLOTS:
            kept = [x for x in own if x["number"] != out_slot]
            other = max(
                (NUMBERED[o, out_slot] for o in COLOURS if o != colour), key=lambda x: x["suns"]
            )
            grid = [{"card": x, "up": True} for x in kept]
            grid.insert(out_slot - 1, {"card": other, "up": True})
            best = max(best, grid_score(grid)["points"])
    return best


GAMES_SIMULATED = 40


@cache
def simulation() -> dict[str, Any]:
    """Robot against robot and robot against the greedy baseline, two players, one round each,
    from seeds 1 to GAMES_SIMULATED: the figures of the strategy notes."""
    scores, turns, wins = [], [], 0
    for seed in range(1, GAMES_SIMULATED + 1):
        state, count = run(seed, (robot.choose, robot.choose))
        if state["round_scores"]:
            scores += state["round_scores"][0]
        turns.append(count)
        mine = seed % 2  # the robot's seat, in turn first and second
        players = (
            (robot.greedy_choose, robot.choose) if mine else (robot.choose, robot.greedy_choose)
        )
        other, _count = run(seed, players)
        if other["end"]["winners"] == [mine]:
            wins += 1
    return {
        "games": GAMES_SIMULATED,
        "mean_score": round(sum(scores) / len(scores)),
        "mean_turns": round(sum(turns) / len(turns)),
        "wins_vs_greedy": wins,
    }


def run(seed: int, players) -> tuple[dict[str, Any], int]:
    rng = random.Random(seed)  # noqa: S311 - a fixed lot: the same guide every time
    state = GAME.setup(2, {}, rng)
    turns = 0
    while not state["end"]:
        seat = state["to_move"]
        legal = GAME.legal_actions(state, seat)
        action = players[seat](GAME.view(state, seat), legal, rng)
        state, events = GAME.apply(state, seat, action, rng)
        turns += sum(1 for e in events if e["type"] in ("turn", "extra_turn", "round_end"))
    return state, turns


@cache
def opening_draw_value() -> float:
    """What the robot reckons a draw is worth at the first move of a fresh two-player deal."""
    state = GAME.setup(2, {}, random.Random(1))  # noqa: S311 - a fixed lot: the same guide every time
    view = GAME.view(state, 0)
    return Evaluation(view, WEIGHTS).draw_value()
