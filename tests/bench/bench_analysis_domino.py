"""Dominó de pontos analysis benchmark (issue 31): how long a game's analysis takes, and what it
says of robots, greedy and random players.

Whole games (best of three) are played from `GAME.setup` with a seeded `random.Random`: two
robots, a greedy and a random player, their seats turning from game to game. Each seat is
analysed as analysis/jobs.py does it (its own steps, the table's id as the seed), one
thread. Printed, never asserted: the CPU and wall seconds of a partida (to 200) and of a game,
the samples per decision, and each kind of player's average loss, precision and mistakes.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

import pytest

from analysis.base import Step, precision
from analysis.games import domino as analysis
from games.bots import domino as bot
from games.rules.domino import GAME

GAMES = 3
PLAYERS = {"robô": bot.choose, "guloso": bot.greedy_choose, "aleatório": bot.random_choose}
SEATING = ["robô", "guloso", "robô", "aleatório"]


def play_game(seed: int) -> tuple[list[str], list[Step]]:
    rng = random.Random(seed)
    kinds = SEATING[seed % 4 :] + SEATING[: seed % 4]
    state, steps = GAME.setup(4, {}, rng), []
    while not state["end"]:
        (seat,) = GAME.to_act(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = PLAYERS[kinds[seat]](view, legal, rng)
        after, _ = GAME.apply(state, seat, action, rng)
        steps.append(Step(len(steps) + 1, seat, action, state, after))
        state = after
    return kinds, steps


@pytest.mark.timeout(1800)
def test_analysis_of_whole_games():
    losses: dict[str, list[float]] = defaultdict(list)
    flagged: dict[str, int] = defaultdict(int)
    cpu = wall = 0.0
    decisions = samples = partidas = 0
    for seed in range(GAMES):
        kinds, steps = play_game(seed)
        partidas += steps[-1].after["match"]
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        for seat in range(4):
            for d in analysis.analyze([s for s in steps if s.seat == seat], 1000 + seed):
                losses[kinds[seat]].append(d.counted)
                flagged[kinds[seat]] += d.flagged
                decisions, samples = decisions + 1, samples + d.extra["samples"]
        cpu += time.process_time() - start_cpu
        wall += time.perf_counter() - start_wall
    print(
        f"\nDominó, análise: {cpu / GAMES:.1f} s de CPU por jogo (melhor de três),"
        f" {cpu / partidas:.1f} s por partida ({wall / partidas:.1f} s de relógio);"
        f" {decisions / partidas:.0f} decisões por partida, {1e3 * cpu / decisions:.0f} ms e"
        f" {samples / decisions:.1f} amostras por decisão ({GAMES} jogos, {partidas} partidas)"
    )
    for kind, values in losses.items():
        average = sum(values) / len(values)
        print(
            f"  {kind}: perda média {average:.2f} por decisão, precisão"
            f" {precision(average, analysis.SCALE)}%, erros marcados"
            f" {100 * flagged[kind] / len(values):.0f}% ({len(values)} decisões)"
        )
