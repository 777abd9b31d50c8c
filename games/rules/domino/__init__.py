"""Dominó de pontos: double-six set, two pairs, the bucho, points on the table, to 200, best of 3.

The rules are those of the Dominó page (seed 001_72d52c451b6344cc.txt: "A mesa", "Quem sai",
"Bucho", "Pontos", "Fim da mão"), as settled by issue #4; each module sums up its part of them:
`tiles.py` the tiles, seats and pairs, `deal.py` the deal and who opens, `table.py` the bucho and
the mesa, `plays.py` what may be played, `scoring.py` the points, `ending.py` the end of a hand,
a match and the game, `hidden.py` dealing again what a seat cannot see. The state is described
in `deal.py`. Here is the game the platform drives.

Choices where the issue is silent:
- Jogo fechado is checked right after each play: when nobody can play, the hand ends at once and
  nobody passes, so no passe or galo is scored for that last round.
- The last play of a hand scores its mesa points before the batida, garagem or jogo fechado.
- The hand-end event shows what was left in every hand, as players show them at a real table.
  No view ever shows another seat's tiles; which seat must open (the 6|6 holder) and who passed
  on which ends are public, as at the table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import (
    Action,
    Event,
    IllegalAction,
    Rules,
    State,
    action_type,
    check_keys,
    check_seat,
    check_seats,
    clone,
    event,
    player,
    resolve_options,
)
from games.rules.domino.deal import REDEAL_DOUBLES, checked_deal, new_state, start_hand
from games.rules.domino.ending import after_hand, batida, finish, jogo_fechado, outcome
from games.rules.domino.hidden import redeal
from games.rules.domino.plays import can_play, check_play, pass_turns, plays, put_down
from games.rules.domino.scoring import (
    BATIDA_DE_CARROCA,
    GALO,
    MATCHES_TO_WIN,
    PASSE,
    REASONS,
    SEM_CARROCA,
    TARGET,
)
from games.rules.domino.table import (
    ARM_NAMES,
    ARMS,
    SIDES,
    counted_ends,
    end_pip,
    fits,
    mesa_points,
    new_table,
    open_arms,
    place,
    table_tiles,
)
from games.rules.domino.tiles import (
    PAIR_NAMES,
    SEATS,
    TILES,
    Tile,
    down_to_5,
    is_double,
    pair_of,
    pair_seats,
    pips,
    shown,
)

# What the bots, presenters, guides and tests import from `games.rules.domino`.
__all__ = [
    "ARMS",
    "ARM_NAMES",
    "BATIDA_DE_CARROCA",
    "GALO",
    "GAME",
    "MATCHES_TO_WIN",
    "PAIR_NAMES",
    "PASSE",
    "REASONS",
    "REDEAL_DOUBLES",
    "SEATS",
    "SEM_CARROCA",
    "SIDES",
    "TARGET",
    "TILES",
    "Domino",
    "check_play",
    "counted_ends",
    "down_to_5",
    "draw_winner",
    "end_pip",
    "is_double",
    "mesa_points",
    "new_table",
    "open_arms",
    "pair_of",
    "pair_seats",
    "pips",
    "place",
    "put_down",
    "redeal",
    "setup_from_deal",
    "shown",
    "table_tiles",
]

ACTIONS = ("play", "leave")


class Domino(Rules):
    """Dominó de pontos for four seats in two pairs (Jade: 0 and 2, Âmbar: 1 and 3).

    Options:
        bucho_lado  "dobrado" (default): while one side of the bucho is still empty, that side
                    counts both halves of the bucho; "simples": it counts one half.
    """

    queue = True  # people waiting sit at the end of a hand or a match (`breaks`)

    slug = "domino"
    move_events = frozenset({"play", "pass"})
    name = "Dominó de pontos"
    min_seats = SEATS
    max_seats = SEATS

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {"bucho_lado": ("dobrado", ("dobrado", "simples"))}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        options = resolve_options(self.options(), options)
        check_seats(self, seats)
        state = new_state(options)
        start_hand(state, rng, None)
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["end"] else [state["hand"]["to_move"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state, seat)
        if state["end"]:
            return []
        moves = plays(state["hand"], seat) if seat == state["hand"]["to_move"] else []
        return [*moves, {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        check_seat(state, seat)
        kind = action_type(action, ACTIONS)
        if state["end"]:
            raise IllegalAction("O jogo já terminou.")
        if kind == "leave":
            check_keys(action)
            state = clone(state)
            text = f"{player(seat)} saiu do jogo."
            return state, [
                event("leave", text, seat=seat),
                *finish(state, "left", 1 - pair_of(seat)),
            ]
        tile, end = check_play(state["hand"], seat, action)
        state = clone(state)
        hand = state["hand"]
        events = put_down(state, seat, tile, end)
        if not hand["tiles"][seat]:
            events += batida(state, seat)
            events += after_hand(state, seat, rng)
        elif not any(can_play(hand, s) for s in range(SEATS)):
            events += jogo_fechado(state)
            events += after_hand(state, None, rng)
        else:
            events += pass_turns(state, seat)
        return state, events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees: its own tiles only, how many the others hold,
        the table, the public log of the hand, the scores."""
        if seat is not None:
            check_seat(state, seat)
        hand = state["hand"]
        table = hand["table"]
        own = None if seat is None else [list(tile) for tile in hand["tiles"][seat]]
        counted = counted_ends(table, state["options"]["bucho_lado"])
        total = sum(counted.values())
        on_turn = seat is not None and seat == hand["to_move"]
        return {
            "game": self.slug,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": SEATS,
            "pairs": [{"name": name, "seats": pair_seats(p)} for p, name in enumerate(PAIR_NAMES)],
            "pair_of": [pair_of(s) for s in range(SEATS)],
            "scores": list(state["scores"]),
            "matches": list(state["matches"]),
            "match": state["match"],
            "results": [{**r, "scores": list(r["scores"])} for r in state["results"]],
            "target": TARGET,
            "matches_to_win": MATCHES_TO_WIN,
            "hand_number": hand["number"],
            "hand": own,
            "tile_counts": [len(tiles) for tiles in hand["tiles"]],
            "table": {
                "bucho": table["bucho"] and list(table["bucho"]),
                "arms": {arm: [list(tile) for tile in table["arms"][arm]] for arm in ARMS},
            },
            "open": open_arms(table),
            "ends": {arm: end_pip(table, arm) for arm in open_arms(table)},
            "counted": counted,
            "sum": total,
            "points": mesa_points(total),
            "opening": hand["opening"] if table["bucho"] is None else None,
            "places": [{"tile": tile, "ends": fits(table, tile)} for tile in own or []],
            "moves": plays(hand, seat) if on_turn else [],
            "last": dict(hand["last"]) if hand["last"] else None,
            "history": [
                {key: list(v) if isinstance(v, list) else v for key, v in entry.items()}
                for entry in hand["log"]
            ],
            "redeals": hand["redeals"],
            "to_move": hand["to_move"],
            "finished": state["end"] is not None,
            "outcome": self.outcome(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def breaks(self, events: Sequence[Event]) -> dict[str, Any] | None:
        """Where a move's events leave the game for the platform's queue ("Fila (online)"):
        after a match, {"at": "match", "losers": seats of the pair that lost} (the table may
        change players and start a new game); after a hand, {"at": "hand"} (a robot's seat may
        go to a person); else None. Someone leaving ends the game: no break."""
        kinds = {e["type"]: e for e in events}
        if "leave" in kinds:
            return None
        if "match_end" in kinds:
            return {"at": "match", "losers": pair_seats(1 - kinds["match_end"]["pair"])}
        return {"at": "hand"} if "hand_end" in kinds else None

    def make_room(
        self, at: Mapping[str, Any], people: Sequence[int], waiting: int, rng: random.Random
    ) -> tuple[list[int], list[Event]]:
        """After a match the pair that lost makes room: with one person waiting its two players
        draw a tile each and the loser of the draw goes, with two or more the whole pair goes."""
        if at["at"] != "match":
            return [], []
        losers = [seat for seat in at["losers"] if seat in people]
        if waiting != 1 or len(losers) != 2:
            return losers[:waiting], []
        stays, rounds = self.draw_to_stay(losers, rng)
        one, other = (player(seat) for seat in losers)
        events = [
            event(
                "draw",
                f"Sorteio: {one} tirou {a[0]}|{a[1]}, {other} tirou {b[0]}|{b[1]}.",
                seats=losers,
                tiles=[a, b],
            )
            for a, b in rounds
        ]
        events.append(event("draw", f"{player(stays)} fica na mesa."))
        return [seat for seat in losers if seat != stays], events

    def rematch(
        self, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> tuple[State, list[Event]]:
        return self.setup(seats, options, rng), [
            event("new_game", "Começa um jogo novo, em melhor de três.")
        ]

    def draw_to_stay(
        self, seats: Sequence[int], rng: random.Random
    ) -> tuple[int, list[list[Tile]]]:
        """The two players of the pair that lost draw a face-down tile each; the higher sum
        stays, the 6|6 beats every tile but the 0|0, which beats it; equal sums draw again.
        Returns the seat that stays and every draw's two tiles (in `seats` order)."""
        first, second = seats
        rounds = []
        while True:
            a, b = ([*tile] for tile in rng.sample(TILES, 2))
            rounds.append([a, b])
            winner = draw_winner(a, b)
            if winner is not None:
                return (first, second)[winner], rounds


def draw_winner(a: Sequence[int], b: Sequence[int]) -> int | None:
    """Which of two drawn tiles wins (0 or 1), None for equal sums (draw again)."""
    blank, sena = [0, 0], [6, 6]
    if sorted(a) == blank and sorted(b) == sena:
        return 0
    if sorted(b) == blank and sorted(a) == sena:
        return 1
    if pips([a]) == pips([b]):
        return None
    return 0 if pips([a]) > pips([b]) else 1


GAME = Domino()


def setup_from_deal(
    hands: Sequence[Sequence[Sequence[int]]],
    options: Mapping[str, Any] | None = None,
    *,
    opener: int | None = None,
    scores: Sequence[int] = (0, 0),
    matches: Sequence[int] = (0, 0),
    next_deals: Sequence[Any] = (),
    rng: random.Random | None = None,
) -> State:
    """A state whose current hand is `hands` (seat by seat), for tests and guides; never
    reachable from a table's options, so a host cannot choose the deal.

    `opener` None opens with the 6|6 as a new game does; a seat opens with any double as who
    went out of the previous hand (sem carroça if it has none). `scores` and `matches` start the
    match part-way. `next_deals` are used, in order, for the next deals (a redeal of `hands`
    included) before `rng`, which is only needed once they run out.
    """
    state = new_state(resolve_options(GAME.options(), options))
    state["scores"] = list(scores)
    state["matches"] = list(matches)
    state["match"] = sum(matches) + 1
    state["next_deals"] = [checked_deal(deal) for deal in next_deals]
    start_hand(state, rng, opener, checked_deal(hands))
    return state
