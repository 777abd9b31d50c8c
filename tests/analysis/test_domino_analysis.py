"""Dominó de pontos analysis (analysis/games/domino.py): each real choice valued by playing the
hand out from deals of what the mover could not see, never from the real hidden hands.

Games are played with the rules themselves (seeded robots and random players, or a deal and
moves in the notation of tests/rules/domino_helpers.py); no mocks.
"""

from __future__ import annotations

import math
import random

import pytest

from analysis.base import Step
from analysis.games import domino as analysis
from games.bots import domino as robot
from games.rules.domino import GAME, pair_of, redeal, setup_from_deal
from tests.rules.domino_helpers import deal

SEED = 31


def played(state, policies, moves, seed=0):
    """The Steps of `moves` moves from `state`, `policies[seat]` choosing for each seat."""
    rng = random.Random(seed)
    steps = []
    for number in range(1, moves + 1):
        (seat,) = GAME.to_act(state)
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = policies[seat](view, legal, rng)
        after, _ = GAME.apply(state, seat, action, rng)
        steps.append(Step(number, seat, action, state, after))
        state = after
    return steps


def replayed(state, moves):
    """The Steps of `moves` ("66, 36 left, 35"), each played by whoever is on turn."""
    steps = []
    for number, move in enumerate(moves.split(","), start=1):
        tile, *end = move.split()
        (seat,) = GAME.to_act(state)
        action = {"type": "play", "tile": [int(tile[0]), int(tile[1])]}
        if end:
            action["end"] = end[0]
        after, _ = GAME.apply(state, seat, action, random.Random(0))
        steps.append(Step(number, seat, action, state, after))
        state = after
    return steps


def plays(step):
    return [a for a in GAME.legal_actions(step.before, step.seat) if a["type"] == "play"]


MIXED = [robot.choose, robot.random_choose, robot.choose, robot.random_choose]


@pytest.fixture(scope="module")
def game():
    """The first 12 moves of a game, robots against random players, and their analysis."""
    steps = played(GAME.setup(4, {}, random.Random(7)), MIXED, 12, seed=7)
    return steps, analysis.analyze(steps, SEED)


def test_dealing_again_what_the_mover_could_not_see_changes_nothing(game):
    steps, decisions = game
    for decision in decisions[:5:2]:
        step = steps[decision.step - 1]
        before = redeal(step.before, step.seat, random.Random(decision.step))
        others = [s for s in range(4) if s != step.seat]
        assert [before["hand"]["tiles"][s] for s in others] != [
            step.before["hand"]["tiles"][s] for s in others
        ], "the test needs hidden hands that differ"
        again = Step(step.number, step.seat, step.action, before, step.after)
        assert analysis.analyze([again], SEED) == [decision]


def test_a_real_choice_gives_one_decision_in_order_with_finite_values(game):
    steps, decisions = game
    numbers = [d.step for d in decisions]
    assert numbers == sorted(set(numbers)) and len(numbers) >= 6
    by_number = {step.number: step for step in steps}
    for d in decisions:
        step = by_number[d.step]
        assert d.seat == step.seat and d.chosen.action == step.action
        assert len(plays(step)) >= 2
        assert not d.exact and d.margin >= 0 and d.extra["samples"] >= analysis.MIN_SAMPLES
        values = (d.chosen.value, d.best.value, d.expected, d.margin)
        assert all(math.isfinite(v) for v in values)
        assert d.best.value >= d.chosen.value
        # A loss within the noise counts for nothing; one beyond it, only beyond it.
        assert d.counted == pytest.approx(max(0.0, d.loss - d.margin))
        assert d.flagged == (d.counted > 0)
        score = step.before["scores"][pair_of(step.seat)]
        assert d.expected == pytest.approx(score + d.chosen.value)
        assert d.chosen.label.startswith(("Jogar ", "Sair com "))
    forced = [step.number for step in steps if len(plays(step)) == 1]
    assert forced and not set(forced) & set(numbers)


def test_leaving_and_the_tables_own_moves_are_no_decisions(game):
    steps, decisions = game
    step = steps[decisions[0].step - 1]
    leave = Step(step.number, step.seat, {"type": "leave"}, step.before, step.after)
    table = Step(step.number, None, step.action, step.before, step.after)
    assert analysis.analyze([leave, table], SEED) == []


def test_the_best_play_chosen_loses_nothing(game):
    steps, decisions = game
    mistakes = [d for d in decisions if d.flagged]
    assert mistakes, "the test needs a mistake"
    for d in [*mistakes[:2], decisions[0]]:
        step = steps[d.step - 1]
        best = Step(step.number, step.seat, d.best.action, step.before, step.after)
        (again,) = analysis.analyze([best], SEED)
        assert again.loss == 0 and not again.flagged
        assert again.chosen == again.best == d.best


def test_plays_that_are_the_same_but_for_the_arm_are_no_choice():
    """6|6 is forced; 1|6 on either side of the lone bucho leaves the same table; 2|6 fits one
    side only; then seat 3 has tiles to choose from."""
    state = setup_from_deal(
        deal(
            "66 00 01 02 03 04 05",
            "16 11 12 13 14 15 22",
            "26 23 24 25 33 34 35",
            "36 46 56 06 44 45 55",
        )
    )
    steps = replayed(state, "66, 16 left, 26 right, 36 up")
    assert len(plays(steps[1])) == 2
    assert [d.step for d in analysis.analyze(steps, SEED)] == [4]


# Seat 1 holds 0|3 and 1|1: the 1|1 goes out next turn far more often than the 1|1 left alone,
# and with it the batida de carroça and the garagem.
BLUNDER_DEAL = deal(
    "01 05 06 14 26 35 45",
    "02 03 11 13 22 34 46",
    "00 16 23 33 44 56 66",
    "04 12 15 24 25 36 55",
)
BLUNDER_MOVES = (
    "66, 36 left, 35 left, 46 right, 56 left, 04 right, 06 right, 16 left, 15 left, 45 left,"
    " 34 left, 33 left, 26 right, 22 right, 23 right, 13 left, 12 left, 02 left, 00 left,"
    " 01 left"
)


def test_a_clear_blunder_is_flagged():
    steps = replayed(setup_from_deal(BLUNDER_DEAL), BLUNDER_MOVES)
    state = steps[-1].after
    (seat,) = GAME.to_act(state)
    assert seat == 1 and state["hand"]["tiles"][1] == [[0, 3], [1, 1]]
    bad = {"type": "play", "tile": [0, 3], "end": "right"}
    (d,) = analysis.analyze([Step(99, seat, bad, state, state)], SEED)
    assert d.best.action["tile"] == [1, 1]
    assert d.loss > 20 and d.loss > 2 * d.margin and d.flagged
    assert d.chosen.label == "Jogar 3-0 na ponta do 3 (direita)"
    assert d.best.label == "Jogar 1-1 na ponta do 1 (esquerda)"


def test_the_last_tile_on_the_wrong_end_loses_exactly_the_mesa():
    """Going out ends the hand at once: no sampling noise, the loss is the mesa given away."""
    state = setup_from_deal(
        deal(
            "11 16 33 35 36 45 66",
            "02 05 06 12 14 26 34",
            "00 03 22 24 25 55 56",
            "01 04 13 15 23 44 46",
        )
    )
    moves = (
        "66, 26 left, 22 left, 23 left, 33 left, 06 right, 00 right, 04 right, 36 left,"
        " 14 right, 56 up, 15 up, 11 right, 12 up, 25 up, 01 right, 45 up, 05 right, 55 right,"
        " 46 up, 35 right, 34 right, 24 right"
    )
    state = replayed(state, moves)[-1].after
    assert state["hand"]["tiles"][0] == [[1, 6]]
    (d,) = analysis.analyze(
        [Step(99, 0, {"type": "play", "tile": [1, 6], "end": "left"}, state, state)], SEED
    )
    assert d.best.action == {"type": "play", "tile": [1, 6], "end": "down"}
    assert d.loss == 15 and d.margin == 0 and d.flagged


def reference_playout(state, seat, action, rng):
    """A playout through the platform's own calls (`GAME.apply`, `GAME.view`), to the hand's end."""
    pair, number = pair_of(seat), state["hand"]["number"]
    net = 0
    while True:
        state, events = GAME.apply(state, seat, action, rng)
        for e in events:
            if e["type"] == "deal":
                break  # the next hand's sem carroça is not this hand's
            if e["type"] == "score":
                net += e["points"] if e["pair"] == pair else -e["points"]
        if state["end"] or state["hand"]["number"] != number:
            return net
        (seat,) = GAME.to_act(state)
        action = robot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)


def test_playouts_score_as_the_rules_play_them(game):
    steps, _ = game
    for step in steps[::3]:
        deal_ = redeal(step.before, step.seat, random.Random(step.number))
        for action in plays(step):
            ours = analysis.playout(deal_, step.seat, action, random.Random(5))
            assert ours == reference_playout(deal_, step.seat, action, random.Random(5))
