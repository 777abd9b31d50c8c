"""The Dominó de pontos robot: a one-ply evaluation of each play from what its own view shows.

The rules are those of `games.rules.domino` (seed 001_72d52c451b6344cc.txt, issue #4). The robot
sees only the view of its seat, and reads from it:

- the unseen tiles: the 28 less its hand and the table; with no boneyard, each one is in one of
  the three other hands;
- what the history reveals: a player who passed on ends a and b holds no a and no b; a player who
  had to open and had no double (sem carroça) holds no double;
- from these and the tile counts, the chance that each other seat holds each unseen tile
  (`holding_odds`: the counts spread over the allowed tiles and balanced so that each tile is
  held once and each seat holds its count, by iterative proportional fitting).

Each legal play is then scored, in points, by what it puts on the table and what it leaves:

    value = mesa points now (going out: the batida, +20 with a double, and the garagem expected)
          + 20 x the chance that the next opponent passes (the passe is ours)
          - the points the next opponent is expected to make at once: his best reply on the
            ends left, and if it is his last tile, his batida and the garagem of our hands
          + the partner's expected best play on those ends, counted when the opponent passes
            (then they are exactly his), and - 20 x the chance that the partner cannot follow
            the opponent's play (that passe would score for them)
          + 20 x the chance that the second opponent passes on those ends (suits he lacks)
          - covering an end the partner made (he showed that suit), + covering an opponent's
          + the pips shed, weighed by how close an opponent is to going out (the garagem)
          + the tiles left in hand that still fit, - the doubles still held (a double fits
            one suit only and is the tile most often left stranded)
          + with two tiles left, a double kept for last: 20 x the chance it still fits, the
            batida de carroça to come.

Each tile is taken independently with its chance: that is quick (about 0.2 ms a decision) and
close to exact (averaging the same terms over sampled deals moved values by under a point).
The weights were tuned by self-play against both baselines (tests/bench/bench_domino.py): the
weight on doubles held and on the opponent's reply mattered most; looking one ply further
(the partner's answer to each likely reply) gained nothing measurable and was left out.

`greedy_choose` is the greedy baseline: the play with the most points now (mesa, +20 for a batida de
carroça), ties broken at random. `random_choose` plays any legal tile. None of them ever leaves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.domino import (
    BATIDA_DE_CARROCA,
    PASSE,
    SEATS,
    TILES,
    counted_ends,
    down_to_5,
    end_pip,
    is_double,
    mesa_points,
    open_arms,
    place,
    table_tiles,
)

Action = dict[str, Any]
Tile = tuple[int, int]

TIE = 1e-9
FITTING_ROUNDS = 12

# The weights of the terms in `value`, in points (tuned by self-play, see the module docstring).
WEIGHTS = {
    "next_passes": 1.0,  # x 20 x P(next opponent passes)
    "next_scores": 1.0,  # x his expected best reply
    "partner_scores": 1.0,  # x partner's expected best play when the next opponent passes
    "partner_blocked": 0.5,  # x 20 x P(partner cannot play) x P(next opponent plays)
    "last_passes": 0.4,  # x 20 x P(second opponent passes on the ends left)
    "partner_end": 3.0,  # per end the partner made that gets covered (a malus)
    "opponent_end": 1.5,  # per end an opponent made that gets covered
    "shed": 0.5,  # x pips shed x risk that an opponent goes out first
    "mobility": 1.5,  # per tile left in hand that fits the ends left
    "doubles_left": 8.0,  # per double still in hand (a malus): doubles fit one suit only
    "double_kept": 1.0,  # x 20 x P(a double kept as the last tile still fits next turn)
}
# How likely an opponent is to go out before us, by the fewest tiles an opponent holds.
GOING_OUT = {1: 0.7, 2: 0.4, 3: 0.2}


def as_tile(tile: Sequence[int]) -> Tile:
    a, b = tile
    return (a, b) if a <= b else (b, a)


# --- What the view reveals ------------------------------------------------------------------


def revealed(view: Mapping[str, Any]) -> tuple[dict[int, set[int]], set[int]]:
    """The suits each seat is known to lack (it passed on them) and the seats that hold no
    double (they had to open and could not)."""
    lacks: dict[int, set[int]] = {seat: set() for seat in range(SEATS)}
    no_doubles: set[int] = set()
    for entry in view["history"]:
        if entry["type"] == "pass":
            lacks[entry["seat"]].update(entry["ends"])
        elif entry["type"] == "sem_carroca":
            no_doubles.add(entry["seat"])
    return lacks, no_doubles


def may_hold(tile: Tile, lacks: set[int], no_doubles: bool) -> bool:
    a, b = tile
    return a not in lacks and b not in lacks and not (no_doubles and a == b)


def holding_odds(
    unseen: Sequence[Tile],
    counts: Mapping[int, int],
    lacks: Mapping[int, set[int]],
    no_doubles: set[int] = frozenset(),
) -> dict[int, dict[Tile, float]]:
    """For each seat in `counts`, the chance it holds each unseen tile it may hold.

    What is certain is settled first: a tile that only one seat may hold is his, and a seat that
    may hold just as many tiles as it has holds them all (repeated while it settles more). The
    rest is spread by iterative proportional fitting: each seat's count over the tiles it may
    hold, then in turns each tile's chances scaled to sum to 1 (it is in some hand) and each
    seat's to its count."""
    allowed = {
        seat: {t for t in unseen if may_hold(t, lacks[seat], seat in no_doubles)} for seat in counts
    }
    odds: dict[int, dict[Tile, float]] = {seat: {} for seat in counts}
    left = dict(counts)
    free = set(unseen)
    settled = True
    while settled and free:
        settled = False
        for seat in counts:
            mine = allowed[seat] & free
            if mine and len(mine) <= left[seat]:
                settle(odds, left, free, seat, mine)
                settled = True
        for t in sorted(free):
            holders = [seat for seat in counts if t in allowed[seat] and left[seat]]
            if len(holders) == 1:
                settle(odds, left, free, holders[0], {t})
                settled = True

    spread = {seat: dict.fromkeys(allowed[seat] & free, 1.0) for seat in counts}
    rounds = FITTING_ROUNDS if any(len(held) < len(free) for held in spread.values()) else 1
    for _ in range(rounds):
        for seat, held in spread.items():
            total = sum(held.values())
            scale = left[seat] / total if total else 0.0
            for t in held:
                held[t] *= scale
        for t in free:
            total = sum(spread[seat].get(t, 0.0) for seat in counts)
            for seat in counts:
                if total and t in spread[seat]:
                    spread[seat][t] /= total
    for seat, held in spread.items():
        odds[seat].update((t, min(p, 1.0)) for t, p in held.items())
    return odds


def settle(
    odds: dict[int, dict[Tile, float]],
    left: dict[int, int],
    free: set[Tile],
    seat: int,
    tiles: set[Tile],
) -> None:
    """`seat` surely holds `tiles`."""
    for t in tiles:
        odds[seat][t] = 1.0
    left[seat] -= len(tiles)
    free -= tiles


class Reading:
    """What the robot knows at a decision: its seat, hand, the unseen tiles and who may hold
    them, each seat's tile count, and who made each open end."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seat = view["seat"]
        self.partner = (self.seat + 2) % SEATS
        self.next = (self.seat + 1) % SEATS
        self.last = (self.seat + 3) % SEATS
        self.lado = view["options"]["bucho_lado"]
        self.hand = [as_tile(t) for t in view["hand"]]
        self.counts = list(view["tile_counts"])
        seen = set(self.hand) | {as_tile(t) for t in table_tiles(view["table"])}
        self.unseen = [t for t in TILES if t not in seen]
        self.lacks, no_doubles = revealed(view)
        others = {s: self.counts[s] for s in range(SEATS) if s != self.seat}
        self.odds = holding_odds(self.unseen, others, self.lacks, no_doubles)
        self.by_suit: dict[int, list[Tile]] = {pip: [] for pip in range(7)}
        for t in self.unseen:
            self.by_suit[t[0]].append(t)
            if t[1] != t[0]:
                self.by_suit[t[1]].append(t)
        self.pips_held = {
            s: sum(p * (t[0] + t[1]) for t, p in held.items()) for s, held in self.odds.items()
        }
        self.makers = end_makers(view)
        fewest = min(self.counts[self.next], self.counts[self.last])
        self.risk = GOING_OUT.get(fewest, 0.05)


def end_makers(view: Mapping[str, Any]) -> dict[str, int]:
    """Who put the outer tile of each arm (the bucho's opener for an empty side)."""
    makers: dict[str, int] = {}
    for entry in view["history"]:
        if entry["type"] == "play":
            makers[entry["end"] or "bucho"] = entry["seat"]
    return makers


# --- Tables after a play ---------------------------------------------------------------------


def after(table: Mapping[str, Any], tile: Sequence[int], arm: str | None) -> dict[str, Any]:
    """The table once `tile` is played on `arm` (None: the opening), leaving `table` as is."""
    if arm is None:
        return {"bucho": list(tile), "arms": {name: [] for name in table["arms"]}}
    arms = dict(table["arms"])
    arms[arm] = list(arms[arm])
    new = {"bucho": table["bucho"], "arms": arms}
    place(new, tile, arm)
    return new


def best_places(
    table: Mapping[str, Any], lado: str, tiles: Sequence[Tile]
) -> dict[Tile, tuple[int, str]]:
    """For each of `tiles` that fits: the most mesa points it makes and where."""
    best: dict[Tile, tuple[int, str]] = {}
    wanted = set(tiles)
    for arm in open_arms(table):
        pip = end_pip(table, arm)
        # The sum after a tile with outer half y lands here: the other ends plus y (2y a double).
        probe = after(table, (pip, pip), arm)
        rest = sum(counted_ends(probe, lado).values()) - 2 * pip
        for t in wanted:
            if pip in t:
                outer = t[1] if t[0] == pip else t[0]
                points = mesa_points(rest + (2 * outer if outer == pip else outer))
                if t not in best or points > best[t][0]:
                    best[t] = (points, arm)
    return best


def expected_best(values: Mapping[Tile, float], odds: Mapping[Tile, float]) -> tuple[float, float]:
    """(expected best value, chance of holding none) for a player who holds each tile with its
    chance, independently, and plays the one worth most to him."""
    expected, none = 0.0, 1.0
    for t, v in sorted(values.items(), key=lambda item: -item[1]):
        p = odds.get(t, 0.0)
        if p:
            expected += none * p * v
            none *= 1.0 - p
    return expected, none


# --- The robot -------------------------------------------------------------------------------


def value(
    reading: Reading, view: Mapping[str, Any], action: Action, w: Mapping[str, float] = WEIGHTS
) -> float:
    """What `action` is worth to the robot's pair, in points (the sum in the module docstring)."""
    r = reading
    tile = as_tile(action["tile"])
    arm = action.get("end")
    table = after(view["table"], tile, arm)
    now = mesa_points(sum(counted_ends(table, r.lado).values()))
    left = [t for t in r.hand if t != tile]
    if not left:
        garagem = down_to_5(round(r.pips_held[r.next] + r.pips_held[r.last]))
        return now + garagem + (BATIDA_DE_CARROCA if is_double(tile) else 0)

    ends = {end_pip(table, a) for a in open_arms(table)}
    fit = [t for pip in ends for t in r.by_suit[pip]]
    mesa = {t: points for t, (points, _) in best_places(table, r.lado, fit).items()}
    # The next opponent: his best reply (going out if it is his last tile), or his passe.
    ours = sum(a + b for a, b in left) + r.pips_held[r.partner]
    reply, next_passes = expected_best(going_out(mesa, r.counts[r.next], ours), r.odds[r.next])
    # The partner on the same ends: exactly his position when the opponent passes.
    theirs = r.pips_held[r.next] + r.pips_held[r.last]
    partner, partner_blocked = expected_best(
        going_out(mesa, r.counts[r.partner], theirs), r.odds[r.partner]
    )
    _, last_passes = expected_best(dict.fromkeys(fit, 0), r.odds[r.last])

    total = now
    total += w["next_passes"] * PASSE * next_passes
    total -= w["next_scores"] * reply
    total += w["partner_scores"] * partner * next_passes
    total -= w["partner_blocked"] * PASSE * partner_blocked * (1 - next_passes)
    total += w["last_passes"] * PASSE * last_passes
    if arm is not None:
        maker = r.makers.get(arm, r.makers.get("bucho"))
        if maker == r.partner:
            total -= w["partner_end"]
        elif maker is not None and maker != r.seat:
            total += w["opponent_end"]
    total += w["shed"] * r.risk * (tile[0] + tile[1])
    fitting = [t for t in left if t[0] in ends or t[1] in ends]
    total += w["mobility"] * len(fitting)
    if len(left) > 1:
        total -= w["doubles_left"] * sum(map(is_double, left))
    elif is_double(left[0]) and fitting:
        total += w["double_kept"] * BATIDA_DE_CARROCA * double_stays(table, left[0][0], r)
    return total


def going_out(mesa: dict[Tile, int], count: int, pips: float) -> dict[Tile, float]:
    """The worth of each tile to a player holding `count` tiles: its mesa points, and when it
    is his last one, the batida too (+20 with a double, the garagem of `pips`)."""
    if count != 1:
        return mesa
    garagem = down_to_5(round(pips))
    return {t: v + garagem + BATIDA_DE_CARROCA * is_double(t) for t, v in mesa.items()}


def double_stays(table: Mapping[str, Any], pip: int, reading: Reading) -> float:
    """The chance that an end showing `pip` is still open at our next turn: certain when two
    ends show it or nobody else can hold that suit, an even chance otherwise."""
    showing = sum(end_pip(table, arm) == pip for arm in open_arms(table))
    if showing >= 2 or not reading.by_suit[pip]:
        return 1.0
    return 0.5


def choose(
    view: Mapping[str, Any],
    legal_actions: Sequence[Action],
    rng: random.Random,
    weights: Mapping[str, float] = WEIGHTS,
) -> Action:
    """The robot's play: the legal play of highest `value`, ties at random; never leaves."""
    plays = [a for a in legal_actions if a["type"] == "play"]
    if len(plays) == 1:
        return plays[0]
    reading = Reading(view)
    values = [value(reading, view, a, weights) for a in plays]
    best = max(values)
    return rng.choice([a for a, v in zip(plays, values, strict=True) if v >= best - TIE])


def advise(view: Mapping[str, Any], legal_actions: Sequence[Action]) -> list[dict[str, Any]]:
    """No advice: a Dominó table has no solo training, where the robot's hint is offered."""
    return []


def greedy_choose(
    view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random
) -> Action:
    """The baseline: the most points now (mesa, +20 for a batida de carroça), ties at random."""
    plays = [a for a in legal_actions if a["type"] == "play"]
    lado = view["options"]["bucho_lado"]
    out = len(view["hand"]) == 1

    def points(action: Action) -> int:
        tile = action["tile"]
        table = after(view["table"], tile, action.get("end"))
        mesa = mesa_points(sum(counted_ends(table, lado).values()))
        return mesa + (BATIDA_DE_CARROCA if out and is_double(tile) else 0)

    values = [points(a) for a in plays]
    best = max(values)
    return rng.choice([a for a, v in zip(plays, values, strict=True) if v == best])


def random_choose(
    view: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random
) -> Action:
    """Any legal tile, at random; never leaves."""
    return rng.choice([a for a in legal_actions if a["type"] == "play"])
