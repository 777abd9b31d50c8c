"""The figures of the Yam's guide's notes: the robot's estimate of each empty column per mode,
its own solo games from fixed seeds, the chance of each combination in one roll and in a turn,
the best Máx + Mín over a written Mín, and the blank printable card."""

from __future__ import annotations

import random
from math import sqrt
from statistics import fmean, stdev
from typing import Any

from games.bots.yams_hands import SCORES, one_turn_value
from games.bots.yams_heuristic import column_plan, max_over
from games.bots.yams_plan import plan
from games.rules.yams import (
    BOX_NAMES,
    COLUMN_NAMES,
    COLUMN_SETS,
    GAME,
    boxes_in_play,
    totals,
)
from guides.content.yams.practice import robot_turn

MODES = ((1, False), (1, True), (3, False), (3, True), (4, False), (4, True))


def column_values() -> list[dict[str, Any]]:
    """The robot's estimate of the final total of one empty column of each kind, per mode."""
    rows = []
    for mode in MODES:
        empty = (None,) * len(boxes_in_play(mode[1]))
        kinds = COLUMN_SETS[mode[0]]
        values = {kind: column_plan(mode, kind, empty).estimate for kind in kinds}
        card = plan(mode, tuple(empty for _ in kinds)).base
        rows.append({"columns": mode[0], "max_min": mode[1], "values": values, "total": card})
    return rows


# Games the robot plays alone for the notes, from seeds 0..n-1: enough that the differences the
# notes draw between columns stand well above the noise (the page states the standard error).
PLAYED = {(3, True): 30, (4, True): 16}


def played(mode: tuple[int, bool], games: int) -> dict[str, Any]:
    """What the robot scored per column and per card in `games` solo games from fixed seeds."""
    per: dict[str, list[int]] = {kind: [] for kind in COLUMN_SETS[mode[0]]}
    for seed in range(games):
        rng = random.Random(seed)  # noqa: S311 - a game from its seed
        state = GAME.setup(1, {"columns": mode[0], "max_min": mode[1]}, rng)
        while not state["finished"]:
            state = robot_turn(state, rng)
        for kind, column in totals(state, 0).items():
            per[kind].append(int(column["total"]))
    means = {kind: fmean(scores) for kind, scores in per.items()}
    cards = [sum(scores) for scores in zip(*per.values(), strict=True)]
    return {
        "columns": mode[0],
        "games": games,
        "means": means,
        "card": fmean(cards),
        "error": max(stdev(scores) / sqrt(games) for scores in per.values()) if games > 1 else 0.0,
    }


def normal_game() -> dict[str, Any]:
    """The numbers the notes quote: the robot's own games, normal (three columns and Máx/Mín)
    and with Seca, and the estimate of a Livre with and without Máx/Mín."""
    three, four = (played(mode, games) for mode, games in PLAYED.items())
    means = three["means"]
    with_pair = column_plan((3, True), "livre", (None,) * 15).estimate
    without = column_plan((3, False), "livre", (None,) * 13).estimate
    return {
        "three": three,
        "four": four,
        "played": [three, four],
        "order_cost": means["livre"] - (means["descida"] + means["subida"]) / 2,
        "error": max(three["error"], four["error"]),
        "max_min": with_pair - without,
    }


def chances() -> list[dict[str, Any]]:
    """The chance of each combination in one roll (Seca) and in a turn of three rolls played
    only for it, by the exact search over keeps of the robot (`one_turn_value`)."""
    wanted = {
        "full": "Full",
        "pequena": "Sequência pequena",
        "grande": "Sequência grande",
        "quadra": "Quadra",
        "yams": "Yam's",
    }
    rows = []
    for box, name in wanted.items():
        hit = [1.0 if points else 0.0 for points in SCORES[box]]
        rows.append(
            {
                "name": name,
                "one": 100 * one_turn_value(hit, 1),  # per cent
                "three": 100 * one_turn_value(hit, 3),
            }
        )
    return rows


def max_min_values() -> list[dict[str, Any]]:
    """With Mín already written: the best expected Máx + Mín of one turn (Máx above Mín or 0)."""
    return [{"low": low, "value": max_over(low)} for low in (8, 12, 16, 20, 24)]


def sheet() -> dict[str, Any]:
    """The blank printable card: the four columns and every box."""
    return {
        "columns": [COLUMN_NAMES[c] for c in COLUMN_SETS[4]],
        "upper": [BOX_NAMES[b] for b in boxes_in_play(True)[:6]],
        "middle": [BOX_NAMES["max"], BOX_NAMES["min"]],
        "lower": [BOX_NAMES[b] for b in boxes_in_play(True)[8:]],
    }
