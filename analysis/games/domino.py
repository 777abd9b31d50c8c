"""Dominó de pontos analysis: each real choice of a finished game valued by playing the hand out.

A play is valued by what the mover's pair scores minus what the other pair scores from that
position to the end of the hand (the mesa, passes, galo, batida de carroça, garagem or jogo
fechado), as the robot (games/bots/domino.py) would play the rest for all four seats. The hidden
hands are not read: each sample deals again what the mover could not see (`redeal`, which agrees
with the public log), and every candidate play is played out on that same deal with the same
generator (common random numbers), so that the differences between plays are sharp even when
the values themselves are noisy. The mean over the samples is the value; the margin is the 95%
half-width of the chosen play's loss, from the paired differences.

A choice is real when the mover had two plays that are not the same play: a tile that fits two
ends that are alike (the two empty sides of a lone bucho, two ends showing the same number,
both empty cross arms) leads to the same game either way, so such plays count as one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from analysis.base import Action, Decision, Option, State, Step, half_width
from games.bots.domino import after, choose
from games.rules.base import clone
from games.rules.domino import (
    ARM_NAMES,
    SEATS,
    SIDES,
    check_play,
    counted_ends,
    end_pip,
    open_arms,
    pair_of,
    put_down,
    redeal,
)
from games.rules.domino.ending import batida, jogo_fechado
from games.rules.domino.plays import can_play, pass_turns, plays

SERIES = _("Placar esperado da dupla no fim de cada mão, menos o que os adversários fariam nela")
MEASURE = _("pontos da dupla menos os dos adversários até o fim da mão (estimativa por simulação)")
# Beyond the noise, the robot loses about 0.4 points a decision (near 90%), a greedy player 1,
# a random one nearly 2 (about half): tests/bench/bench_analysis_domino.py.
SCALE = 3.0

MIN_SAMPLES = 12  # fewer and the standard deviation itself is too rough to stop on
MAX_SAMPLES = 48  # a whole match in about 30 s (tests/bench/bench_analysis_domino.py)
BATCH = 6
PRECISION = 1.5  # points: a loss known this closely needs no more samples


def analyze(steps: Sequence[Step], seed: int) -> list[Decision]:
    """One Decision per real choice of a person (a `play` with two plays that differ), in the
    order of the log."""
    decisions = []
    for step in steps:
        if step.seat is None or step.action.get("type") != "play":
            continue
        decision = judge(step, step.seat, seed)
        if decision is not None:
            decisions.append(decision)
    return decisions


def judge(step: Step, seat: int, seed: int) -> Decision | None:
    state = step.before
    moves = plays(state["hand"], seat)
    keys = [same_play_key(state, a) for a in moves]
    distinct = list(dict.fromkeys(keys))
    if len(distinct) < 2:
        return None
    options = [moves[keys.index(key)] for key in distinct]
    # The log may name the tile the other way round, or leave out the only end it fits.
    tile, end = check_play(state["hand"], seat, step.action)
    said = {"type": "play", "tile": tile, "end": end}
    chosen = distinct.index(same_play_key(state, said))

    samples = sample(state, seat, options, random.Random(seed + step.number))  # noqa: S311
    means = [mean(values) for values in samples]
    best = means.index(max(means))
    # Among plays of like value the highest noisy mean beats the chosen one by chance alone:
    # the platform counts a loss only beyond this margin (`Decision.counted`).
    margin = half_width([a - b for a, b in zip(samples[best], samples[chosen], strict=True)])
    ends = {arm: end_pip(state["hand"]["table"], arm) for arm in open_arms(state["hand"]["table"])}
    mine, other = Option(step.action, label(said, ends), means[chosen]), options[best]
    return Decision(
        step=step.number,
        seat=seat,
        chosen=mine,
        best=mine if best == chosen else Option(other, label(other, ends), means[best]),
        expected=state["scores"][pair_of(seat)] + means[chosen],
        margin=margin,
        exact=False,
        extra={"samples": len(samples[0])},
    )


def sample(state: State, seat: int, options: list[Action], rng: random.Random) -> list[list[float]]:
    """Each option's net points on the same deals, by batches, until every option's loss
    against the leader is settled (clearly positive, or known within PRECISION)."""
    samples: list[list[float]] = [[] for _ in options]
    while len(samples[0]) < MAX_SAMPLES:
        for _sample in range(BATCH):
            deal = redeal(state, seat, rng)
            playout_seed = rng.getrandbits(64)
            for values, action in zip(samples, options, strict=True):
                values.append(playout(deal, seat, action, random.Random(playout_seed)))  # noqa: S311
        if len(samples[0]) >= MIN_SAMPLES and settled(samples):
            break
    return samples


def settled(samples: list[list[float]]) -> bool:
    """Whether each option is clearly below the leader or known within PRECISION of it."""
    leader = max(samples, key=mean)
    for values in samples:
        diffs = [a - b for a, b in zip(leader, values, strict=True)]
        width = half_width(diffs)
        if mean(diffs) <= width and width > PRECISION:
            return False
    return True


def playout(state: State, seat: int, action: Action, rng: random.Random) -> float:
    """The net points of `seat`'s pair from `action` to the end of the hand, the robot playing
    every seat after it. The rules' own steps, as `GAME.apply` takes them, on one copy of the
    state: a copy and a whole view at each move, and the next hand's deal, took over a quarter
    of the time (tests/analysis/test_domino_analysis.py checks that both score alike)."""
    state = clone(state)
    hand = state["hand"]
    pair = pair_of(seat)
    net = 0
    while True:
        tile, end = check_play(hand, seat, action)
        events = put_down(state, seat, tile, end)
        if not hand["tiles"][seat]:
            return net + points(events + batida(state, seat), pair)
        if not any(can_play(hand, s) for s in range(SEATS)):
            return net + points(events + jogo_fechado(state), pair)
        net += points(events + pass_turns(state, seat), pair)
        seat = hand["to_move"]
        legal = plays(hand, seat)
        action = legal[0] if len(legal) == 1 else choose(robot_view(state, seat), legal, rng)


def robot_view(state: State, seat: int) -> dict[str, Any]:
    """What the robot reads of `GAME.view(state, seat)`, not copied: it changes nothing."""
    hand = state["hand"]
    return {
        "seat": seat,
        "options": state["options"],
        "hand": hand["tiles"][seat],
        "tile_counts": [len(tiles) for tiles in hand["tiles"]],
        "table": hand["table"],
        "history": hand["log"],
    }


def points(events: Sequence[dict[str, Any]], pair: int) -> int:
    """`pair`'s points less the other pair's in `events`."""
    return sum(
        e["points"] if e["pair"] == pair else -e["points"] for e in events if e["type"] == "score"
    )


def same_play_key(state: State, action: Action) -> tuple[Any, ...]:
    """What a play leaves for the rest of the game: the tile, and each open end as the rules see
    it (its number, what it adds to the sum, and for an empty arm whether it is a side of the
    bucho). Plays with the same key differ only in the arms' names."""
    tile = sorted(action["tile"])
    table = after(state["hand"]["table"], tile, action.get("end"))
    counted = counted_ends(table, state["options"]["bucho_lado"])
    ends = sorted(
        (
            end_pip(table, arm),
            counted.get(arm, -1),
            "tile" if table["arms"][arm] else "side" if arm in SIDES else "cross",
        )
        for arm in open_arms(table)
    )
    return (tuple(tile), tuple(ends))


def label(action: Action, ends: dict[str, int]) -> str:
    """ "Jogar 6-4 na ponta do 6 (esquerda)", "Sair com 5-5": as the table's list of plays says
    it (games/presenters/domino.py, `play_label`)."""
    a, b = action["tile"]
    end = action.get("end")
    if end is None:
        return f"Sair com {a}-{b}"
    pip = ends[end]
    outer = b if a == pip else a
    return f"Jogar {pip}-{outer} na ponta do {pip} ({ARM_NAMES[end]})"


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)
