"""Bozó benchmark (`make bench`): table build time, random legal games per second through the
rules engine, robot decisions per second, and the robot's mean solo score.

Figures are printed, never asserted, except the mean score: optimal play expects 146.93 (issue
#3, computed independently) and 20,000 solo games must land within 0.5 of it.
"""

from __future__ import annotations

import math
import random
import statistics
import time

import pytest

from games.bots import bozo as bot
from games.rules import bozo as rules

OPTIMAL = 146.93
SOLO_GAMES = 20_000
RANDOM_GAMES = 300  # per mode
SEATS = {"solo": 1, "duelo": 2, "duplas": 4}

pytestmark = pytest.mark.skipif(
    not hasattr(rules, "GAME"), reason="games.rules.bozo.GAME ainda não existe"
)


def test_table_build_time():
    bot.table.cache_clear()
    bot.turn_values.cache_clear()
    started = time.perf_counter()
    value = bot.expected_score(bonus=True)
    elapsed = time.perf_counter() - started
    print(f"\nBozó: tabela do robô (1024 cartelas) em {elapsed:.2f} s; valor esperado {value:.4f}")


@pytest.mark.parametrize("mode", list(SEATS))
def test_random_legal_games_per_second(mode):
    game = rules.GAME
    rng = random.Random(2026)
    actions = 0
    started = time.perf_counter()
    for _ in range(RANDOM_GAMES):
        state = game.setup(SEATS[mode], {"mode": mode}, rng)
        while game.outcome(state) is None:
            [seat] = game.to_act(state)
            legal = [
                a
                for a in game.legal_actions(state, seat)
                if a["type"] not in ("leave", "claim_inactivity")
            ]
            state, _ = game.apply(state, seat, rng.choice(legal), rng)
            actions += 1
    elapsed = time.perf_counter() - started
    print(
        f"\nBozó {mode}: {RANDOM_GAMES / elapsed:.0f} partidas aleatórias/s "
        f"({actions / elapsed:.0f} jogadas/s)"
    )


def test_robot_mean_solo_score():
    game = rules.GAME
    rng = random.Random(146)
    bot.expected_score(bonus=True)  # the table is not part of the decision time
    scores = []
    decisions = 0
    thinking = 0.0
    started = time.perf_counter()
    for _ in range(SOLO_GAMES):
        state = game.setup(1, {"mode": "solo"}, rng)
        while game.outcome(state) is None:
            legal = game.legal_actions(state, 0)
            view = game.view(state, 0)
            before = time.perf_counter()
            action = bot.choose(view, legal, rng)
            thinking += time.perf_counter() - before
            decisions += 1
            state, _ = game.apply(state, 0, action, rng)
        scores.append(game.outcome(state)["scores"][0])
    elapsed = time.perf_counter() - started
    mean = statistics.fmean(scores)
    error = statistics.stdev(scores) / math.sqrt(len(scores))
    print(
        f"\nBozó robô: {decisions / thinking:.0f} decisões/s "
        f"({decisions} decisões em {thinking:.1f} s; partidas completas: "
        f"{SOLO_GAMES / elapsed:.0f}/s)"
    )
    print(
        f"Bozó robô solo: média {mean:.2f} ± {error:.2f} em {SOLO_GAMES} partidas (ótimo {OPTIMAL})"
    )
    assert abs(mean - OPTIMAL) < 0.5
