"""Analysis benchmark (`make bench`, issue #31): how long a finished game's analysis takes, and
what it says of the robot and of worse players, for Bozó, Yam's and Dozito (Dominó:
bench_analysis_domino.py).

Whole games are played with the rules from a seeded generator, each seat by the robot or a
random player, and each seat's own moves are analysed as analysis/jobs.py does it (one
thread). A worker picks a finished game up within `jobs.IDLE_SECONDS` of its end; what follows
is this computation, which the issue wants within 2 s for Bozó and Yam's and 30 s for a Dominó
match. Printed, never asserted: seconds of CPU per game, decisions, and each kind of player's
precision.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict

import pytest

from analysis import jobs
from analysis.base import Step, precision
from analysis.games import bozo, dozito, yams
from games.bots import bozo as bozo_robot
from games.bots import dozito as dozito_robot
from games.bots import yams as yams_robot
from games.rules import bozo as bozo_rules
from games.rules import dozito as dozito_rules
from games.rules import yams as yams_rules

PASSIVE = ("leave", "claim_inactivity")
GAMES = {
    # name: (rules, robot, analysis, seats, options, mode of the seats: robot or random)
    "Bozó duelo": (bozo_rules.GAME, bozo_robot, bozo, 2, {"mode": "duelo"}, ("robô", "aleatório")),
    "Yam's 1 coluna": (
        yams_rules.GAME, yams_robot, yams, 1, {"columns": 1, "max_min": False}, ("robô",)
    ),
    "Yam's 3 colunas, 3 lugares": (
        yams_rules.GAME, yams_robot, yams, 3, {"columns": 3}, ("robô", "aleatório", "robô")
    ),
    "Dozito, 3 lugares, 1 rodada": (
        dozito_rules.GAME, dozito_robot, dozito, 3, {"rounds": 1}, ("robô", "aleatório", "robô")
    ),
}  # fmt: skip


def play(game, robot, seats: int, options: dict, kinds, seed: int) -> list[Step]:
    rng = random.Random(seed)
    state, steps = game.setup(seats, options, rng), []
    while game.to_act(state):
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if a["type"] not in PASSIVE]
        if kinds[seat] == "robô":
            action = robot.choose(game.view(state, seat), legal, rng)
        else:
            action = rng.choice(legal)
        after, _ = game.apply(state, seat, action, rng)
        steps.append(Step(len(steps) + 1, seat, action, state, after))
        state = after
    return steps


@pytest.mark.parametrize("name", list(GAMES))
def test_analysis_of_a_whole_game(name):
    game, robot, module, seats, options, kinds = GAMES[name]
    losses: dict[str, list[float]] = defaultdict(list)
    runs = 3
    cpu = 0.0
    for seed in range(runs):
        steps = play(game, robot, seats, options, kinds, seed)
        started = time.process_time()
        for seat in range(seats):
            own = [s for s in steps if s.seat == seat]
            losses[kinds[seat]] += [d.counted for d in module.analyze(own, seed)]
        cpu += time.process_time() - started
    print(f"\n{name}: {cpu / runs:.2f} s de CPU por partida (média de {runs}), depois de até"
          f" {jobs.IDLE_SECONDS} s para um trabalhador a pegar")  # fmt: skip
    for kind, values in losses.items():
        average = sum(values) / len(values)
        print(
            f"  {kind}: {len(values) / runs:.0f} decisões por partida, perda média"
            f" {average:.2f}, precisão {precision(average, module.SCALE)}%"
        )
