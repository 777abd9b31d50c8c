"""The Dozito robot: a one-ply evaluation of every legal action, from the seat's own view only.

The rules are those of `games.rules.dozito` (seed 002_be05d767234eac8d.txt and the house rules
of issue #5). The robot reads its grid (face-down slots as backs), the face-up cards of the other
grids, the two discard tops, the card in hand and whether the round's end has been triggered.
The cards it has not seen are the 75 of the deck minus every visible card; a drawn or turned-up
card is one of them, all equally likely.

Each legal action is worth, in points, the sum of these terms:

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

`greedy_choose` takes the action whose resulting face-up grid scores most now; `random_choose`
any legal move. No robot ever leaves or claims inactivity.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.rules.dozito import (
    COLOURS,
    GROUP_POINTS,
    PILES,
    SLOTS,
    card_key,
    groups,
    new_deck,
    pile_name,
    shown,
)

Action = dict[str, Any]
Card = dict[str, Any]

ROBOT_MOVES = ("take", "place", "discard", "keep")
TWELVE_OF_A_COLOUR = 1000  # twelve face-up cards of one colour win the game: above any score
TIE = 1e-9


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


@lru_cache(maxsize=1 << len(SLOTS))
def mask_points(mask: int) -> int:
    """The group table's points for face-up cards of one colour in the slots of the bit set
    `mask` (bit i for slot i + 1), by the rules' own `groups`; twelve is the instant win."""
    grid = [{"up": bool(mask >> i & 1), "card": {"colour": "c"}} for i in range(len(SLOTS))]
    return sum(GROUP_POINTS.get(len(group), TWELVE_OF_A_COLOUR) for group in groups(grid))


class Board:
    """A grid as any seat sees it: per slot (index 0 to 11) the face-up card, or None, and the
    slots of each colour as a bit set (the groups of a grid are those of each colour apart)."""

    __slots__ = ("cards", "down", "groups", "masks", "suns")

    def __init__(self, cells: Sequence[dict[str, Any]]) -> None:
        self.cards: tuple[Card | None, ...] = tuple(c["card"] if c["up"] else None for c in cells)
        self.masks = dict.fromkeys(COLOURS, 0)
        for i, c in enumerate(self.cards):
            if c:
                self.masks[c["colour"]] |= 1 << i
        self.groups = sum(mask_points(m) for m in self.masks.values())
        self.suns = sum(c["suns"] for c in self.cards if c)
        self.down = [i for i, c in enumerate(self.cards) if c is None]

    @property
    def score(self) -> int:
        return self.groups + self.suns

    def gain(self, card: Card, slot: int) -> int:
        """How much the face-up score grows when `card` is laid face up in `slot`."""
        bit = 1 << (slot - 1)
        old = self.cards[slot - 1]
        suns = card["suns"] - (old["suns"] if old else 0)
        colour = card["colour"]
        if old and old["colour"] == colour:
            return suns
        mask = self.masks[colour]
        gain = mask_points(mask | bit) - mask_points(mask) + suns
        if old:
            mask = self.masks[old["colour"]]
            gain += mask_points(mask & ~bit) - mask_points(mask)
        return gain

    def colour_gain(self, colour: str, slot: int) -> int:
        """The group points a card of `colour` would add on the face-down `slot`."""
        mask = self.masks[colour]
        return mask_points(mask | 1 << (slot - 1)) - mask_points(mask)

    def best_gain(self, card: Card, flip: float = 0.0) -> float:
        """The most `card` adds to this grid, in its own slot or (a Coringa) in any slot;
        `flip` more when it goes on a face-down slot."""
        slots = SLOTS if card["kind"] == "coringa" else (card["number"],)
        return max(self.gain(card, s) + (flip if self.cards[s - 1] is None else 0) for s in slots)


def unseen_cards(view: dict[str, Any]) -> list[tuple[Card, int]]:
    """The cards no one can see (face down, in the draw pile, under the discard tops), with
    their counts: the Coringas of a colour are alike."""
    visible = [c["card"] for grid in view["grids"] for c in grid if c["up"]]
    visible += [pile["top"] for pile in view["discards"] if pile["top"]]
    turn = view.get("turn") or {}
    if turn.get("hand"):
        visible.append(turn["hand"])
    left = DECK_COUNTS - Counter(map(card_key, visible))
    return [(DECK_CARDS[key], n) for key, n in left.items()]


DECK_CARDS = {card_key(c): c for c in new_deck()}
DECK_COUNTS = Counter(map(card_key, new_deck()))


# --- The evaluation -----------------------------------------------------------------------------


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


def robot_moves(legal_actions: Iterable[Action]) -> list[Action]:
    """The legal moves a robot considers: never leaving, never claiming."""
    return [a for a in legal_actions if a["type"] in ROBOT_MOVES]


def rate(
    view: dict[str, Any], legal_actions: Sequence[Action], weights: Weights = WEIGHTS
) -> list[tuple[Action, float]]:
    """Every move the robot considers, with its value."""
    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    evaluation = Evaluation(view, weights)
    return [(a, evaluation.value(a)) for a in moves]


def pick(rated: list[tuple[Action, float]], rng: random.Random) -> Action:
    """The best-valued action; equal ones by lot."""
    top = max(value for _, value in rated)
    return rng.choice([a for a, value in rated if value >= top - TIE])


# --- The contract -------------------------------------------------------------------------------


def choose(
    view: dict[str, Any],
    legal_actions: list[Action],
    rng: random.Random,
    weights: Weights = WEIGHTS,
) -> Action:
    """The robot's action for the seat `view` belongs to (see the module docstring)."""
    moves = robot_moves(legal_actions)
    if len(moves) == 1 and view.get("to_move") == view.get("seat"):
        return moves[0]
    return pick(rate(view, moves, weights), rng)


def advise(view: dict[str, Any], legal_actions: list[Action]) -> list[dict[str, Any]]:
    """Each move with its value and a label in Portuguese, best first. Nothing to advise when it
    is not this seat's turn."""
    if not robot_moves(legal_actions) or view.get("to_move") != view.get("seat"):
        return []
    rated = rate(view, legal_actions)
    rated.sort(key=lambda av: -av[1])
    return [{"action": a, "value": v, "label": label(view, a)} for a, v in rated]


def label(view: dict[str, Any], action: Action) -> str:
    turn, kind = view["turn"], action["type"]
    hand = turn["hand"]
    if kind == "take":
        if action["from"] == "draw":
            return "Comprar do baralho"
        top = view["discards"][action["pile"]]["top"]
        return f"Pegar o {shown(top)} da {pile_name(action['pile'])}"
    if kind == "place":
        return f"Colocar o {shown(hand)} no espaço {action['slot']}"
    if kind == "discard":
        return f"Descartar o {shown(hand)} na {pile_name(action['pile'])}"
    there = view["grids"][view["seat"]][turn["slot"] - 1]["card"]
    kept, gone = (hand, there) if action["card"] == "hand" else (there, hand)
    return f"Ficar com o {shown(kept)} e descartar o {shown(gone)} na {pile_name(action['pile'])}"


# --- Baselines ----------------------------------------------------------------------------------


def greedy_choose(view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
    """The action whose resulting face-up grid scores most now (a draw or a discard changes
    nothing); equal ones by lot."""
    me = Board(view["grids"][view["seat"]])
    turn = view["turn"]

    def now(action: Action) -> float:
        kind = action["type"]
        if kind == "take" and action["from"] == "discard":
            top = view["discards"][action["pile"]]["top"]
            return 0 if top["kind"] == "coringa" else me.gain(top, top["number"])
        if kind == "place":
            return me.gain(turn["hand"], action["slot"])
        if kind == "keep" and action["card"] == "hand":
            return me.gain(turn["hand"], turn["slot"])
        return 0

    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    return pick([(a, now(a)) for a in moves], rng)


def random_choose(view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
    """Any legal move, by lot (never leaving, never claiming)."""
    moves = robot_moves(legal_actions)
    if not moves:
        raise ValueError("O robô do Dozito só joga na sua vez.")
    return rng.choice(moves)
