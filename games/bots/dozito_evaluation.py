"""The Dozito robot's evaluation: what each legal action is worth, in points, for the seat on
turn, from that seat's own view only (`Evaluation`), with the weights of its terms (`Weights`).

    grid      the change in what the robot's face-up cards score: the group table
              (`GROUP_POINTS`, imported from the rules) plus the suns
    slots     laying a card on a face-down slot gives up what the slot was still worth: `down`
              (below zero: a face-up card beats a face-down one, turn them up early) plus
              `adjacent` times the best group gain a card of some colour would make there (a
              slot next to a big group is kept a little for its colour)
    chain     the card turned up comes to the hand: worth the mean best play of an unseen card,
              the same figure as drawing. A STOP laid on a face-down slot ends the turn instead
    discard   a TURNO EXTRA discarded is another turn (`extra`); a discard pile's new top is
              worth to the players still to play what they gain from it over what they already
              had (`gift`): a card that completes an opponent's group is not handed over, and
              taking or covering a card an opponent wants counts in the robot's favour
    end       an action that leaves all twelve cards face up ends the round: `lead_bonus` when
              the robot's total is then at least every other player's (with what their face-up
              cards score now: their face-down cards will count nothing), else minus
              `behind_penalty`: behind, it keeps a card face down and plays on. No allowance for
              the others' last turn: two robots that each wait for the other would never end
    last turn once another player has ended the round, face-down slots are worth nothing

Drawing is worth the mean over the unseen cards of the best play of each, with the fixed `chain`
for a chain inside that mean. `WEIGHTS` were tuned by simulation against the greedy baseline
(hundreds of 2-player games per setting): tempo matters most. Keeping face-down slots for later
(`down` +1) won about half the games, turning them up (`down` -1, `adjacent` 0.3) about three in
four; the gift term is worth a few points of win rate, the other weights moved it by less than
the noise. `make bench` (tests/bench/bench_dozito.py) measures the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.bots.dozito_board import Board, Card, unseen_cards
from games.rules.dozito import COLOURS, PILES, SLOTS, card_key

Action = dict[str, Any]


@dataclass(frozen=True)
class Weights:
    """The terms of the evaluation (see the module docstring), in points."""

    down: float = -1.0  # below nothing: a face-up card beats a face-down one, turn them up
    adjacent: float = 0.3
    chain: float = 3.0
    extra: float = 4.0
    gift: float = 1.0
    rival_draw: float = 2.0  # what a rival expects from the draw pile: a gift is above that
    rival_flip: float = 2.0  # a card laid on a rival's face-down slot gives the rival a chain
    lead_bonus: float = 30.0
    behind_penalty: float = 15.0


WEIGHTS = Weights()


class Evaluation:
    """The value of each action for the seat on turn, with the figures shared between them."""

    def __init__(self, view: dict[str, Any], weights: Weights) -> None:
        seat = view["seat"]
        if seat is None or view.get("to_move") != seat or not view.get("turn"):
            raise ValueError("O robô do Dozito só joga na sua vez.")
        self.w = weights
        self.seat = seat
        self.turn = view["turn"]
        self.me = Board(view["grids"][seat])
        self.tops: list[Card | None] = [pile["top"] for pile in view["discards"]]
        self.unseen = unseen_cards(view)
        last = view["last_turns"]
        self.final = last is not None  # someone ended the round: this is the robot's last turn
        self.may_trigger = view["trigger"] is None and last is None
        still = [s for s in range(view["seats"]) if not view["out"][s] and s != seat]
        later = still if last is None else [s for s in last if s != seat]
        self.rivals = [Board(view["grids"][s]) for s in later if view["grids"][s]]
        totals = view["totals"]
        self.rival_total = max(
            (totals[s] + (view["points"][s] or 0) for s in still), default=float("-inf")
        )
        self.total = totals[seat]
        self.pot = self._slot_values()
        self._rival_cache: dict[tuple, list[float]] = {}
        self.gift_now = self._rival_best(self.tops)
        # What each rival gets from the other pile's top or a draw, when `pile` is covered.
        self._rest = [self._rival_best_each(self.tops[1 - p : 2 - p]) for p in PILES]
        self._gifts: dict[tuple, tuple[float, int]] = {}
        self._draw: float | None = None
        hidden = sum(n for _, n in self.unseen)
        extras = sum(n for c, n in self.unseen if c["kind"] == "extra")
        self.extra_chance = extras / hidden if hidden else 0.0

    # Figures shared by the actions

    def _slot_values(self) -> list[float]:
        """What each face-down slot is still worth: nothing on the last turn."""
        values = [0.0] * len(SLOTS)
        if self.final:
            return values
        me = self.me
        for i in me.down:
            best = max(me.colour_gain(colour, i + 1) for colour in COLOURS)
            values[i] = self.w.down + self.w.adjacent * best
        return values

    def _rival_gains(self, card: Card) -> list[float]:
        """What `card` on a discard top is worth to each player still to play."""
        key = card_key(card)
        if key not in self._rival_cache:
            flip = self.w.rival_flip
            self._rival_cache[key] = [rival.best_gain(card, flip) for rival in self.rivals]
        return self._rival_cache[key]

    def _rival_best_each(self, tops: Sequence[Card | None]) -> list[float]:
        """What each player still to play gets from these discard tops (or from a draw)."""
        best = [self.w.rival_draw] * len(self.rivals)
        for top in tops:
            if top is not None:
                best = list(map(max, best, self._rival_gains(top)))
        return best

    def _rival_best(self, tops: Sequence[Card | None]) -> float:
        """The most any player still to play gets from these discard tops (or from a draw)."""
        return max(self._rival_best_each(tops), default=0.0)

    def gift(self, card: Card, pile: int) -> float:
        """The change for the robot when `card` becomes the top of `pile`: below 0 for a card
        the players still to play want, above 0 when it covers one they wanted more."""
        if not self.rivals:
            return 0.0
        rest = self._rest[pile]
        after = max(map(max, rest, self._rival_gains(card)))
        return -self.w.gift * (after - self.gift_now)

    def best_discard(self, card: Card) -> tuple[float, int]:
        """The value of discarding `card` on its better pile (a TURNO EXTRA: another turn)."""
        key = card_key(card)
        if key not in self._gifts:
            values = [(self.gift(card, p), p) for p in PILES]
            value, pile = max(values, key=lambda vp: (vp[0], -vp[1]))
            self._gifts[key] = (value + self.extra_turn(card), pile)
        return self._gifts[key]

    def discard_value(self, card: Card, pile: int) -> float:
        return self.gift(card, pile) + self.extra_turn(card)

    def extra_turn(self, card: Card) -> float:
        return self.w.extra if card["kind"] == "extra" else 0.0

    def end(self, score: float, down_after: int) -> float:
        """The end of the round, when the turn leaves every card face up."""
        if down_after or not self.may_trigger:
            return 0.0
        ahead = self.total + score >= self.rival_total
        return self.w.lead_bonus if ahead else -self.w.behind_penalty

    def draw_value(self) -> float:
        """The mean best play of an unseen card in hand (a draw, or a card turned up)."""
        if self._draw is None:
            count = sum(n for _, n in self.unseen)
            total = sum(n * self.hand_value(c, self.w.chain) for c, n in self.unseen)
            self._draw = total / count if count else 0.0
        return self._draw

    # The actions

    def place(self, card: Card, slot: int, chain: float) -> float:
        """Lay `card` in `slot`: the grid's gain, the slot given up, then what follows."""
        me, i = self.me, slot - 1
        old = me.cards[i]
        gain = me.gain(card, slot)
        down_after = len(me.down) - (old is None)
        value = gain + self.end(me.score + gain, down_after)
        if old is not None:
            return value + self.best_discard(old)[0]
        value -= self.pot[i]
        if card["kind"] == "stop":  # the turned-up card is discarded: no chain
            return value + self.extra_chance * self.w.extra
        return value + chain

    def hand_value(self, card: Card, chain: float) -> float:
        """The best play of `card` in hand: laid in a slot it may go to, or discarded."""
        down = len(self.me.down)
        value = self.best_discard(card)[0] + self.end(self.me.score, down)
        slots = SLOTS if card["kind"] == "coringa" else (card["number"],)
        for slot in slots:
            value = max(value, self.place(card, slot, chain))
        return value

    def take(self, pile: int) -> float:
        """Take a discard top: it is laid at once (a Coringa where it is worth most); the pile
        shows the card below, which no one knows yet."""
        card = self.tops[pile]
        tops = list(self.tops)
        tops[pile] = None
        denied = -self.w.gift * (self._rival_best(tops) - self.gift_now) if self.rivals else 0.0
        slots = SLOTS if card["kind"] == "coringa" else (card["number"],)
        return denied + max(self.place(card, s, self.draw_value()) for s in slots)

    def keep(self, which: str, pile: int) -> float:
        me, slot, hand = self.me, self.turn["slot"], self.turn["hand"]
        down = len(me.down)
        if which == "grid":
            return self.discard_value(hand, pile) + self.end(me.score, down)
        gain = me.gain(hand, slot)
        return gain + self.discard_value(me.cards[slot - 1], pile) + self.end(me.score + gain, down)

    def value(self, action: Action) -> float:
        kind, hand = action["type"], self.turn["hand"]
        if kind == "take":
            return self.draw_value() if action["from"] == "draw" else self.take(action["pile"])
        if kind == "place":
            return self.place(hand, action["slot"], self.draw_value())
        if kind == "discard":
            return self.discard_value(hand, action["pile"]) + self.end(
                self.me.score, len(self.me.down)
            )
        if kind == "keep":
            return self.keep(action["card"], action["pile"])
        raise ValueError(f"O robô do Dozito não faz esta jogada: {action}.")
