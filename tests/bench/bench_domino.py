"""Dominó de pontos benchmark (issue #4): the robots' win rates, random games and robot decisions
per second.

What is counted as a match: a new game from `GAME.setup` with a seeded `random.Random`, played
through `GAME.legal_actions`, `GAME.view` and `GAME.apply` until its first partida to 200 is
decided (`state["matches"]` changes); the pair that won it wins the match. The robots play each
deal twice: match 2k and match 2k + 1 share a seed, with the robots as pair 0 (Jade, seats 0
and 2) in the first and pair 1 (Âmbar, seats 1 and 3) in the second, so seats alternate and
luck of the first deal cancels out. The same generator deals and breaks the players' ties.

Targets (asserted; timings are printed, never asserted): robots win at least 95% of the matches
against a pair of random legal players and at least 55% against a pair of greedy players.
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from math import sqrt
from multiprocessing import get_context

import pytest

from games.bots import domino as bot
from games.rules.domino import GAME

MATCHES = 4000
TARGETS = {"random": 0.95, "greedy": 0.55}
OPPONENTS = {"random": bot.random_choose, "greedy": bot.greedy_choose}
WORKERS = max(1, min(2, os.cpu_count() or 1))
CHUNK = 250


def play_match(policies, seed: int) -> int:
    """One match as counted above, `policies[pair]` playing both seats of a pair; the winner."""
    rng = random.Random(seed)
    state = GAME.setup(4, {}, rng)
    while state["matches"] == [0, 0]:
        (seat,) = GAME.to_act(state)
        action = policies[seat % 2](GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, action, rng)
    return state["results"][-1]["winner"]


def robot_wins(opponent: str, first: int) -> int:
    """The robots' wins in matches `first` .. `first + CHUNK - 1`."""
    wins = 0
    for match in range(first, first + CHUNK):
        robots = match % 2
        policies = [OPPONENTS[opponent]] * 2
        policies[robots] = bot.choose
        wins += play_match(policies, 1000 + match // 2) == robots
    return wins


def _chunk(args: tuple[str, int]) -> int:
    return robot_wins(*args)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_wilson_interval():
    low, high = wilson(95, 100)
    assert round(low, 4) == 0.8882 and round(high, 4) == 0.9785


def test_random_games_per_second():
    """Whole best-of-three games, random legal plays, through `legal_actions` and `apply`."""
    rng, games, actions, start = random.Random(7), 0, 0, time.perf_counter()
    while games < 20 or time.perf_counter() - start < 3:
        state = GAME.setup(4, {}, rng)
        while not state["end"]:
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, bot.random_choose(None, legal, rng), rng)
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    print(
        f"\nDominó: {games / elapsed:.1f} jogos aleatórios (melhor de três) por segundo,"
        f" {actions / elapsed:.0f} jogadas por segundo ({games} jogos)"
    )


def test_robot_decisions_per_second():
    """CPU time inside `choose` only, over whole matches of robots against greedy players:
    every decision, and those with more than one legal play (the others return at once)."""
    decisions, choices, thinking, choosing = 0, 0, 0.0, 0.0

    def timed(view, legal, rng):
        nonlocal decisions, choices, thinking, choosing
        start = time.process_time()
        action = bot.choose(view, legal, rng)
        spent = time.process_time() - start
        decisions, thinking = decisions + 1, thinking + spent
        if len(legal) > 2:
            choices, choosing = choices + 1, choosing + spent
        return action

    for seed in range(40):
        play_match([timed, bot.greedy_choose], seed)
    print(
        f"\nDominó: robô {decisions / thinking:.0f} decisões por segundo de CPU"
        f" ({1e3 * thinking / decisions:.2f} ms por decisão, {decisions} decisões);"
        f" com escolha: {1e3 * choosing / choices:.2f} ms por decisão ({choices} decisões)"
    )


@pytest.mark.parametrize("opponent", list(TARGETS))
def test_robots_win_against(opponent):
    start = time.perf_counter()
    jobs = [(opponent, first) for first in range(0, MATCHES, CHUNK)]
    with ProcessPoolExecutor(WORKERS, mp_context=get_context("fork")) as pool:
        wins = sum(pool.map(_chunk, jobs))
    rate, (low, high) = wins / MATCHES, wilson(wins, MATCHES)
    names = {"random": "aleatórios", "greedy": "gulosos"}
    print(
        f"\nDominó: robôs × {names[opponent]}: {100 * rate:.1f}% das partidas"
        f" (IC 95% de Wilson {100 * low:.1f}–{100 * high:.1f}%; {wins}/{MATCHES},"
        f" meta ≥ {100 * TARGETS[opponent]:.0f}%; {time.perf_counter() - start:.0f} s)"
    )
    assert rate >= TARGETS[opponent]
