"""Dozito graded by simulation: each choice of a turn (where to take the card from, where to lay
the card in hand or which pile to discard it on, which card to keep in a clash) against the best
one, each valued by playing the round out many times from what the mover could see then.

What the mover could not see (every face-down card, the draw pile's order) is dealt again for
each sample (`redeal`; the rules: seed 002_be05d767234eac8d.txt); every candidate is played on
the same deals with the same shuffles, so their differences are measured sharper than their
values. The rollouts' players are a quick greedy of the robot's main ideas (`quick`), as strong
as the robot (games/bots/dozito.py), which weighs every unseen card at each move: too slow for
thousands of rounds per game.

A decision is every move of the seat on turn that had another legal move: the take (either pile
or the draw pile), the placing or discarding of the card in hand (a Coringa's slot too), the pile
of a forced discard, and which card stays in a clash.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from analysis.base import Decision, Option, Step, half_width
from games.bots.dozito import ROBOT_MOVES, label, pick
from games.bots.dozito_board import Board
from games.rules.base import clone
from games.rules.dozito import GAME, PILES, redeal
from games.rules.dozito.cards import Card, slots_for
from games.rules.dozito.rounds import players, seats_after
from games.rules.dozito.turn import MOVES, turn_moves

State = dict[str, Any]
Action = dict[str, Any]
Outcome = tuple[float, float]  # the mover's margin over the best rival, the mover's points

# Dozito counts points upwards: nothing is negated. A value is the mover's grid minus the best
# other grid at the round's end: the game is won by having more than every other player, and a
# turn's choice (ending the round early, the card left on a pile) moves both.
SERIES = _("Pontuação esperada no fim de cada rodada")
MEASURE = _(
    "pontos da sua grade menos os do melhor adversário no fim da rodada (estimativa por simulação)"
)
# A grid ends a round near 25 points; a random player gives away about 2 a decision, the robot
# well under 1.
SCALE = 1.0
# Deals per decision: 64 at most, fewer at a bigger table or over more rounds (a round has more
# decisions, each played out longer, as the square of the players), a game near half a minute.
SAMPLES, MIN_SAMPLES = 64, 12
BUDGET = 680  # deals per decision × players² × rounds

# The quick players' weights, in points, the robot's main ideas (games/bots/dozito_evaluation.py):
FLIP = 3.0  # a card laid on a face-down slot turns it up: a card more that counts, and a chain
DRAW = 2.0  # an unknown card: below a known one laid on a face-down slot, above most others
EXTRA = 4.0  # a TURNO EXTRA discarded is another turn
TWELVE_POINTS = 100  # twelve of a colour win the game at once: above any round's grid


def analyze(steps: Sequence[Step], seed: int = 0) -> list[Decision]:
    return [graded(step, moves, seed) for step in steps if (moves := choices(step))]


def samples_for(state: State) -> int:
    size = state["seats"] ** 2 * state["options"]["rounds"]
    return max(MIN_SAMPLES, min(SAMPLES, BUDGET // size))


def choices(step: Step) -> list[Action]:
    """The moves the mover of `step` could choose from; none for a move of the table, a forced
    move, leaving or claiming inactivity."""
    state, seat = step.before, step.seat
    if seat is None or step.action.get("type") not in ROBOT_MOVES or state["end"]:
        return []
    moves = turn_moves(state) if state["to_move"] == seat else []
    return moves if len(moves) > 1 and step.action in moves else []


def graded(step: Step, moves: list[Action], seed: int) -> Decision:
    """The move of `step` (one that `choices` found a choice in) against the best of `moves`."""
    seat, samples = step.seat, samples_for(step.before)
    rng = random.Random(seed + step.number)  # noqa: S311
    outcomes = rollouts(step.before, seat, moves, rng, samples)
    means = [sum(margin for margin, _ in results) / samples for results in outcomes]
    chosen, best = moves.index(step.action), max(range(len(moves)), key=means.__getitem__)
    view = GAME.view(step.before, seat)
    options = [Option(move, label(view, move), means[i]) for i, move in enumerate(moves)]
    own = sum(points for _, points in outcomes[chosen]) / samples
    paired = [b[0] - c[0] for b, c in zip(outcomes[best], outcomes[chosen], strict=True)]
    return Decision(
        step.number,
        seat,
        options[chosen],
        options[best],
        expected=view["totals"][seat] + own,
        margin=half_width(paired),
        exact=False,
    )


def rollouts(
    state: State, seat: int, moves: list[Action], rng: random.Random, samples: int
) -> list[list[Outcome]]:
    """Per move, the outcome of each sample at the round's end."""
    outcomes: list[list[Outcome]] = [[] for _ in moves]
    for _sample in range(samples):
        deal = redeal(state, seat, random.Random(rng.getrandbits(64)))  # noqa: S311
        luck = rng.getrandbits(64)
        for move, results in zip(moves, outcomes, strict=True):
            results.append(play_out(deal, seat, move, random.Random(luck)))  # noqa: S311
    return outcomes


def play_out(deal: State, seat: int, move: Action, rng: random.Random) -> Outcome:
    """`move`, then every seat plays `quick` to the end of the round. The rules' own moves run on
    one private copy: `GAME.apply` copies the whole state at each move, most of a rollout's time."""
    state = clone(deal)
    number = state["round"]
    mover, action = seat, move
    while True:
        MOVES[action["type"]](state, mover, action, rng)
        if state["end"] or len(state["round_scores"]) >= number:
            break
        mover = state["to_move"]
        action = quick(state, mover, turn_moves(state), rng)
    points = round_points(state, number)
    rivals = [points[s] for s in players(state) if s != seat]
    return points[seat] - max(rivals, default=0), points[seat]


def round_points(state: State, number: int) -> list[float]:
    """Each seat's points for round `number`, just ended. Twelve of a colour end the game with
    the round unscored: the winner gets `TWELVE_POINTS`, the others nothing."""
    if len(state["round_scores"]) >= number:
        return state["round_scores"][number - 1]
    winners = state["end"]["winners"]
    return [TWELVE_POINTS if s in winners else 0 for s in range(state["seats"])]


# --- The rollouts' players ----------------------------------------------------------------------


def quick(state: State, seat: int, moves: list[Action], rng: random.Random) -> Action:
    """The move worth most now by the grid's gain, with `FLIP` for a face-down slot turned up;
    every discard goes on the pile whose top the next player wants most. Equal ones by lot."""
    if len(moves) == 1:
        return moves[0]
    board, turn = Board(state["grids"][seat]), state["turn"]
    hand = turn["hand"]
    if turn["phase"] in ("hand", "clash", "discard"):  # the moves that end with a discard
        pile = pile_to_cover(state, seat)
        moves = [action for action in moves if action.get("pile", pile) == pile]

    def worth(action: Action) -> float:
        kind = action["type"]
        if kind == "take":
            if action["from"] == "draw":
                return DRAW
            top = state["discards"][action["pile"]][-1]
            return max(laid(board, top, slot) for slot in slots_for(top))
        if kind == "place":
            return laid(board, hand, action["slot"])
        if kind == "discard" or action["card"] == "grid":
            return extra(hand)
        return board.gain(hand, turn["slot"]) + extra(board.cards[turn["slot"] - 1])

    return pick([(action, worth(action)) for action in moves], rng)


def laid(board: Board, card: Card, slot: int) -> float:
    return board.gain(card, slot) + (FLIP if board.cards[slot - 1] is None else 0)


def extra(card: Card) -> float:
    return EXTRA if card["kind"] == "extra" else 0.0


def pile_to_cover(state: State, seat: int) -> int:
    """The discard pile whose top the next player would gain most from (the first if alike)."""
    rival = Board(state["grids"][seats_after(state, seat)[0]])

    def wanted(pile: int) -> float:
        cards = state["discards"][pile]
        top = cards[-1] if cards else None
        return max(laid(rival, top, slot) for slot in slots_for(top)) if top else -1.0

    return max(PILES, key=wanted)
