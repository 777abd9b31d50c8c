"""Dozito analysis (analysis/games/dozito.py): each real choice of a turn valued by playing the
round out from deals of what the mover could not see, never from the real face-down cards.

Games are played with the rules themselves (seeded robots, or a deal in the notation of
tests/rules/dozito_helpers.py); no mocks.
"""

from __future__ import annotations

import math
import random

import pytest

from analysis.base import Step
from analysis.games import dozito as analysis
from games.bots import dozito as robot
from games.rules.dozito import GAME, redeal
from tests.rules.dozito_helpers import DRAW, discard, do, place, table

SEED = 31
CLAIM = {"type": "claim_inactivity"}
LEAVE = {"type": "leave"}


def played(state, moves, seed=0, *, instead=None):
    """The Steps of up to `moves` robot moves from `state`; `instead` maps a move's number to
    the (seat, action) played then (leaving, claiming inactivity)."""
    rng, instead = random.Random(seed), instead or {}
    steps = []
    for number in range(1, moves + 1):
        if state["end"]:
            break
        if number in instead:
            seat, action = instead[number]
        else:
            (seat,) = GAME.to_act(state)
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            action = robot.choose(view, legal, rng)
        after, _ = GAME.apply(state, seat, action, rng)
        steps.append(Step(number, seat, action, state, after))
        state = after
    return steps


def hidden(state):
    """The face-down cards of every grid and the draw pile, in their places."""
    down = [cell["card"] for grid in state["grids"] for cell in grid if not cell["up"]]
    return down, state["draw_pile"]


@pytest.fixture(scope="module")
def game():
    """A three-player game of robots: at move 12 a seat not on turn claims inactivity against
    the one on turn, at move 20 it leaves, which ends the game; and its analysis."""
    state = GAME.setup(3, {}, random.Random(5))
    mover = GAME.to_act(played(state, 11, seed=5)[-1].after)[0]
    claimer = (mover + 1) % 3
    steps = played(state, 24, seed=5, instead={12: (claimer, CLAIM), 20: (claimer, LEAVE)})
    return steps, analysis.analyze(steps, SEED)


def test_dealing_again_what_the_mover_could_not_see_changes_nothing():
    steps = played(GAME.setup(2, {}, random.Random(11)), 30, seed=11)
    for step in steps[2::9]:
        before = redeal(step.before, step.seat, random.Random(step.number))
        assert hidden(before) != hidden(step.before), "the test needs hidden cards that differ"
        again = Step(step.number, step.seat, step.action, before, step.after)
        [decision] = analysis.analyze([step], SEED)
        assert analysis.analyze([again], SEED) == [decision]


def test_the_same_seed_gives_the_same_analysis_and_another_seed_another():
    steps = played(GAME.setup(2, {}, random.Random(3)), 2, seed=3)
    decisions = analysis.analyze(steps, SEED)
    assert analysis.analyze(steps, SEED) == decisions
    assert analysis.analyze(steps, SEED + 1) != decisions


# Seat 0: the azul 1 to 8 face up, one group of eight (45 points and the suns); slots 9 to 12
# face down. The vermelho 6 comes from the draw pile: laid in slot 6 it pushes out the azul 6 and
# splits the group (a group of seven, and the azul 6 offered on a pile to the next player).
EIGHT = "az1^ az2^ az3^ az4^ az5^ az6^ az7^ az8^ vm9 rx10 ve11 am12"


def test_breaking_up_a_big_group_is_flagged_against_discarding_the_card():
    state, _ = do(table(EIGHT, None, piles=("vm2", "vm3"), draw="vm6"), DRAW)
    after, _ = GAME.apply(state, 0, place(6), random.Random(0))
    [decision] = analysis.analyze([Step(7, 0, place(6), state, after)], SEED)
    assert decision.chosen.label == "Colocar o 6 vermelho no espaço 6"
    assert decision.best.action in (discard(0), discard(1))
    assert decision.best.label.startswith("Descartar o 6 vermelho na pilha")
    assert decision.loss > 5, "a group of eight lost its sixth card"
    assert decision.loss > decision.margin > 0
    assert decision.flagged


def test_discarding_the_card_instead_is_no_mistake():
    state, _ = do(table(EIGHT, None, piles=("vm2", "vm3"), draw="vm6"), DRAW)
    after, _ = GAME.apply(state, 0, discard(1), random.Random(0))
    [decision] = analysis.analyze([Step(7, 0, discard(1), state, after)], SEED)
    assert decision.chosen.value > decision.best.value - decision.margin
    assert not decision.flagged


def test_only_the_turns_own_moves_are_decisions_in_order(game):
    steps, decisions = game
    moves = [s.number for s in steps if s.action["type"] not in ("leave", "claim_inactivity")]
    assert [d.step for d in decisions] == moves, "every move of a Dozito turn has another"
    assert {12, 20} <= {s.number for s in steps} - set(moves)
    table_move = Step(99, None, steps[0].action, steps[0].before, steps[0].after)
    assert analysis.analyze([table_move], SEED) == []
    steps_by_number = {s.number: s for s in steps}
    for decision in decisions:
        step = steps_by_number[decision.step]
        assert decision.seat == step.seat
        assert decision.chosen.action == step.action
        assert decision.best.value >= decision.chosen.value
        assert not decision.exact and decision.margin >= 0


def test_values_are_finite_and_expected_is_the_grid_s_points(game):
    _, decisions = game
    for decision in decisions:
        numbers = (decision.chosen.value, decision.best.value, decision.expected, decision.margin)
        assert all(math.isfinite(n) for n in numbers)
        assert 0 <= decision.expected <= 100, "a round's points for one grid, nothing scored yet"
        assert decision.chosen.label and decision.best.label


def test_the_robot_s_own_choices_are_seldom_flagged(game):
    _, decisions = game
    flagged = [d for d in decisions if d.flagged]
    assert len(flagged) <= len(decisions) // 5, [(d.chosen.label, d.best.label) for d in flagged]


def test_a_random_player_is_flagged_more_often_and_loses_more_than_the_robot():
    state = GAME.setup(2, {}, random.Random(2))
    rng, steps = random.Random(2), []
    for number in range(1, 21):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        policy = robot.random_choose if seat == 0 else robot.choose
        action = policy(GAME.view(state, seat), legal, rng)
        after, _ = GAME.apply(state, seat, action, rng)
        steps.append(Step(number, seat, action, state, after))
        state = after
    decisions = analysis.analyze(steps, SEED)
    by_seat = [[d for d in decisions if d.seat == s] for s in (0, 1)]
    losses = [sum(d.loss for d in mine) / len(mine) for mine in by_seat]
    flagged = [sum(d.flagged for d in mine) for mine in by_seat]
    assert losses[0] > losses[1] and flagged[0] > flagged[1]
