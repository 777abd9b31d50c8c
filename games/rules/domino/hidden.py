"""Dealing again what a seat cannot see in Dominó de pontos (`redeal`), for tests and robots that
must not depend on it: the other seats' tiles, dealt so as to agree with the public log.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import State, check_seat, clone
from games.rules.domino.deal import REDEAL_DOUBLES
from games.rules.domino.table import fits
from games.rules.domino.tiles import SEATS, SENA, Tile, is_double


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: the hands of the other seats (all four for a
    spectator), each keeping its count; there is no boneyard. The new deal agrees with what the
    table saw: a seat that passed holds nothing of the ends it passed on, a seat that had no
    double to open with holds none, the seat on turn can play, and no hand of the deal held five
    doubles. `next_deals` (empty at a real table) is kept. The new deal depends on the generator
    and on what `seat` sees, never on who really held what."""
    if seat is not None:
        check_seat(state, seat)
    state = clone(state)
    hand = state["hand"]
    room = {s: len(hand["tiles"][s]) for s in range(SEATS) if s != seat}
    pool = [tile for s in room for tile in hand["tiles"][s]]
    dealt = deal_consistently(hand, pool, room, rng)
    for s, tiles in dealt.items():
        hand["tiles"][s] = sorted(tiles)
    return state


def known_from_log(hand: dict[str, Any]) -> tuple[list[set[int]], list[bool], list[int]]:
    """What the public log of the hand tells of each seat's tiles: the pips it passed on, whether
    it had no double to open with, and how many doubles it may still hold (a deal with five
    doubles in one hand is dealt again)."""
    void: list[set[int]] = [set() for _ in range(SEATS)]
    no_double = [False] * SEATS
    doubles = [REDEAL_DOUBLES - 1] * SEATS
    for entry in hand["log"]:
        seat = entry["seat"]
        if entry["type"] == "pass":
            void[seat].update(entry["ends"])
        elif entry["type"] == "sem_carroca":
            no_double[seat] = True
        elif is_double(entry["tile"]):
            doubles[seat] -= 1
    return void, no_double, doubles


def playable_now(hand: dict[str, Any], tile: Sequence[int]) -> bool:
    """Whether whoever is on turn could play `tile`, were it in their hand."""
    if hand["table"]["bucho"] is None:
        return is_double(tile) and (hand["opening"] == "carroca" or list(tile) == SENA)
    return bool(fits(hand["table"], tile))


def deal_consistently(
    hand: dict[str, Any], pool: list[Tile], room: dict[int, int], rng: random.Random
) -> dict[int, list[Tile]]:
    """`pool` dealt at random to the seats of `room` (how many tiles each gets), agreeing with
    `known_from_log` and with the seat on turn having a play. Each tile goes to a seat with
    probability in proportion to the room it has left, which is a uniform deal when nothing is
    known; a dead end backtracks, and the deal on the table agrees, so a deal is always found."""
    void, no_double, doubles = known_from_log(hand)
    mover = hand["to_move"] if hand["to_move"] in room else None
    hands: dict[int, list[Tile]] = {s: [] for s in room}
    free = dict(room)

    def may_hold(s: int, tile: Tile) -> bool:
        double = is_double(tile)
        return not (void[s] & set(tile)) and not (double and (no_double[s] or doubles[s] <= 0))

    def mover_served(rest: list[Tile]) -> bool:
        if mover is None or any(playable_now(hand, t) for t in hands[mover]):
            return True
        return free[mover] > 0 and any(playable_now(hand, t) and may_hold(mover, t) for t in rest)

    def deal(rest: list[Tile]) -> bool:
        if not mover_served(rest):
            return False
        if not rest:
            return True
        tile, rest = rest[0], rest[1:]
        seats = [s for s in room if free[s] and may_hold(s, tile)]
        # A weighted shuffle (Efraimidis-Spirakis): the first seat is drawn in proportion to
        # its room, and the others follow in the same way should it lead to a dead end.
        seats.sort(key=lambda s: rng.random() ** (1 / free[s]), reverse=True)
        for s in seats:
            hands[s].append(tile)
            free[s] -= 1
            doubles[s] -= is_double(tile)
            if deal(rest):
                return True
            hands[s].pop()
            free[s] += 1
            doubles[s] += is_double(tile)
        return False

    tiles = sorted(pool)  # the pool in a fixed order: the deal tells nothing of the real one
    rng.shuffle(tiles)
    # The tiles fewest seats may hold go first, so that dead ends show early.
    tiles.sort(key=lambda t: sum(may_hold(s, t) for s in room))
    if not deal(tiles):
        raise ValueError("No deal agrees with this hand's log: the state is not one of a game.")
    return hands
