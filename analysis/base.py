"""What every game's analysis gives: the decisions a person made, each with its best alternative,
valued by the game's robot (analysis/games/<slug>.py offers `analyze`).

Values are points of the person's side at the game's end (a Bozó or Yam's card, a Dominó team,
a Dozito grid), as the robot expects them from what that person could see then; higher is
better (a game scored downwards gives them negated, and shows them as it counts). Pure Python:
the platform (analysis/jobs.py) reads the log and stores what comes back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Action = dict[str, Any]
State = dict[str, Any]

# A loss under this is no loss: floating sums in another order, a table of float32.
NO_LOSS = 0.005


@dataclass(frozen=True)
class Step:
    """One move of the log: `before` and `after` are whole states (every hand, the dice under
    the cup, the generator); an analysis reads of `before` only what `seat` could see there."""

    number: int  # its place in the log: the replay's step that shows `after`
    seat: int | None  # None: a move of the table itself (a new hand dealt)
    action: Action
    before: State
    after: State


@dataclass(frozen=True)
class Option:
    action: Action
    label: str  # in the player's words, Portuguese ("Guardar 6, 6 e relançar")
    value: float  # the side's expected points at the end if played (higher is better)


@dataclass(frozen=True)
class Decision:
    """A choice that mattered (at least two options of different value, or a mistake)."""

    step: int  # the Step.number of the move that settled it
    seat: int
    chosen: Option
    best: Option
    expected: float  # the side's expected final score after the choice, as the game counts it
    margin: float = 0.0  # the 95% half-width of `loss` when estimated by rollouts; 0 if exact
    exact: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def loss(self) -> float:
        loss = self.best.value - self.chosen.value
        return loss if loss > NO_LOSS else 0.0

    @property
    def counted(self) -> float:
        """The loss the precision and the total count: an estimate's only beyond its noise, so
        that a game played as the robot would comes near 100% despite the rollouts' scatter."""
        return self.loss if self.exact else max(0.0, self.loss - self.margin)

    @property
    def flagged(self) -> bool:
        """A mistake worth showing: exactly a loss, or an estimate clearly above its noise."""
        return self.loss > (self.margin if not self.exact else 0.0)


class Analyzer(Protocol):
    """analysis/games/<slug>.py: the module's names the platform calls."""

    # What the values measure, for the page ("pontos esperados da cartela").
    MEASURE: str
    # What the chart of each person's `Decision.expected` along the game shows.
    SERIES: str
    # The average loss per decision at which the precision falls to 37% (1/e): `precision`.
    SCALE: float

    def analyze(self, steps: Sequence[Step], seed: int) -> list[Decision]: ...


def precision(average_loss: float, scale: float) -> int:
    """A percentage from the average loss per decision: 100 for a game played as the robot
    would, falling smoothly (e^(-loss/scale)) as the losses grow."""
    return round(100 * math.exp(-average_loss / scale))


def half_width(differences: Sequence[float]) -> float:
    """The 95% half-width of the mean of paired differences: a rollout estimate's margin
    (infinite from fewer than two samples, which tell nothing of their spread)."""
    n = len(differences)
    if n < 2:
        return math.inf
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return 1.96 * math.sqrt(variance / n)


def each(steps: Sequence[Step], graded) -> list[Decision]:
    """The decisions `graded` finds in `steps`, one step at a time (None: not a decision)."""
    return [decision for step in steps if (decision := graded(step)) is not None]


def after_a_throw(step: Step, kinds: tuple[str, ...]) -> bool:
    """Whether `step` is a dice game's choice: a move of `kinds` made on dice seen on the felt
    (a turn's first throw chooses nothing, and a throw under the cup is not seen yet)."""
    turn = step.before.get("turn", {})
    return (
        step.seat is not None
        and step.action.get("type") in kinds
        and bool(turn.get("rolls"))
        and not turn.get("covered")
    )
