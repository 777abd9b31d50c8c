"""Dominó de pontos: double-six set, two pairs, the bucho, points on the table, to 200, best of 3.

The rules are those of the Dominó page (seed 001_72d52c451b6344cc.txt: "A mesa", "Quem sai",
"Bucho", "Pontos", "Fim da mão"), as settled by issue #4:

- 28 tiles, seven to each of four seats, no boneyard; seats 0 and 2 (Jade) play against 1 and 3
  (Âmbar); the turn goes to the next seat. A deal where someone holds five doubles is dealt again.
- A new game, a new match and the hand after a jogo fechado open with the 6|6, by its holder;
  other hands are opened by who went out, with any double. Without a double: 20 to the other pair
  (sem carroça) and the opening passes on.
- The opening double is the bucho: left and right first, then up and down. After each play a sum
  of the open ends that is a positive multiple of 5 goes to the player's pair (mesa).
- Passe 20 to the pair of who played last (nothing when the partner passes); galo 50 instead
  when the three others pass. Batida de carroça 20; garagem and jogo fechado score the pips left,
  rounded down to a multiple of 5. A match is decided at the end of a hand once a pair has 200:
  the pair with more wins it (equal: one more hand); two matches win the game.

Choices where the issue is silent:
- Jogo fechado is checked right after each play: when nobody can play, the hand ends at once and
  nobody passes, so no passe or galo is scored for that last round.
- The last play of a hand scores its mesa points before the batida, garagem or jogo fechado.
- The opening tile goes to the centre: its `play` names no "end". A tile that fits several places
  needs one, even when they are alike (the two empty sides of a lone bucho).
- A tile may be named with its halves in either order: [5, 3] is the 3|5.
- After a tied match past 200 the next hand opens as usual (who went out, or the 6|6 after a
  jogo fechado).
- The hand-end event shows what was left in every hand, as players show them at a real table.
  No view ever shows another seat's tiles; which seat must open (the 6|6 holder) and who passed
  on which ends are public, as at the table.

State (a JSON dict):
    game, options, seats
    scores       points of each pair in the current match
    matches      matches won by each pair; match: the number of the match being played
    results      [{"winner": pair, "scores": [a, b]}] for each finished match
    hand         the hand being played (the last one once the game is over):
        number     1, 2, ... in the game
        tiles      each seat's tiles, [a, b] with a <= b
        table      {"bucho": [v, v] or None, "arms": {arm: [[inner, outer], ...]}}
        opening    "sena" (must open with 6|6) or "carroca" (any double)
        to_move    the seat that must play; None once the game is over
        last       {"seat", "tile", "end"} of the last tile played, or None
        log        the public record of the hand: plays, passes (with the ends passed on) and
                   sem carroça, for the table and the robots
        redeals    how many deals were dealt again for five doubles
    next_deals   deals to use, in order, before the rng: always [] at a real table; tests and
                 guides fill it (or pass `next_deals` to `setup_from_deal`) to fix what comes next
    end          None while playing, then {"reason": "complete" or "left", "winners": [seats]}
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.base import (
    NOT_YOUR_TURN,
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

SEATS = 4
HAND_SIZE = 7
TILES = tuple((a, b) for a in range(7) for b in range(a, 7))
SENA = [6, 6]
ARMS = ("left", "right", "up", "down")
SIDES = ("left", "right")  # the bucho's sides: up and down open once both have a tile
ARM_NAMES = {"left": "esquerda", "right": "direita", "up": "cima", "down": "baixo"}
PAIR_NAMES = ("Jade", "Âmbar")
ACTIONS = ("play", "leave")

REDEAL_DOUBLES = 5
SEM_CARROCA = 20
PASSE = 20
GALO = 50
BATIDA_DE_CARROCA = 20
TARGET = 200
MATCHES_TO_WIN = 2

REASONS = {
    "mesa": "Mesa",
    "passe": "Passe",
    "galo": "Galo",
    "batida_de_carroca": "Batida de carroça",
    "garagem": "Garagem",
    "jogo_fechado": "Jogo fechado",
    "sem_carroca": "Sem carroça",
}

Tile = list[int]
Table = dict[str, Any]


# --- Tiles, seats and pairs -----------------------------------------------------------------


def shown(tile: Sequence[int]) -> str:
    return f"{tile[0]}|{tile[1]}"


def is_double(tile: Sequence[int]) -> bool:
    return tile[0] == tile[1]


def pips(tiles: Sequence[Sequence[int]]) -> int:
    return sum(a + b for a, b in tiles)


def down_to_5(points: int) -> int:
    return points - points % 5


def pair_of(seat: int) -> int:
    return seat % 2


def pair_seats(pair: int) -> list[int]:
    return [pair, pair + 2]


def next_seat(seat: int) -> int:
    return (seat + 1) % SEATS


# --- The table: the bucho and its four arms -------------------------------------------------


def new_table() -> Table:
    return {"bucho": None, "arms": {arm: [] for arm in ARMS}}


def open_arms(table: Table) -> list[str]:
    """The arms that take tiles now: none before the opening, the two sides, then all four."""
    if table["bucho"] is None:
        return []
    if all(table["arms"][side] for side in SIDES):
        return list(ARMS)
    return list(SIDES)


def end_pip(table: Table, arm: str) -> int:
    """The number a tile must show to go on `arm`: its last tile's outer half, or the bucho."""
    tiles = table["arms"][arm]
    return tiles[-1][1] if tiles else table["bucho"][0]


def fits(table: Table, tile: Sequence[int]) -> list[str]:
    return [arm for arm in open_arms(table) if end_pip(table, arm) in tile]


def place(table: Table, tile: Sequence[int], arm: str) -> None:
    """Put `tile` on `arm`, turned so that its matching half faces the table."""
    end = end_pip(table, arm)
    other = tile[1] if tile[0] == end else tile[0]
    table["arms"][arm].append([end, other])


def counted_ends(table: Table, bucho_lado: str) -> dict[str, int]:
    """What each open end adds to the sum (a double at the end counts both halves). The bucho
    alone counts both halves; while one side is still empty, that side counts the bucho again,
    both halves ("dobrado") or one ("simples"); once both sides have a tile it counts no more."""
    bucho = table["bucho"]
    if bucho is None:
        return {}
    arms = table["arms"]
    if not any(arms[side] for side in SIDES):
        return {"bucho": 2 * bucho[0]}
    counted = {}
    for arm in ARMS:
        if arms[arm]:
            inner, outer = arms[arm][-1]
            counted[arm] = 2 * outer if inner == outer else outer
        elif arm in SIDES:
            counted[arm] = 2 * bucho[0] if bucho_lado == "dobrado" else bucho[0]
    return counted


def mesa_points(total: int) -> int:
    return total if total > 0 and total % 5 == 0 else 0


def table_tiles(table: Table) -> list[Tile]:
    """Every tile on the table, as [a, b] with a <= b."""
    tiles = [list(table["bucho"])] if table["bucho"] else []
    return tiles + [sorted(tile) for arm in ARMS for tile in table["arms"][arm]]


# --- Deals and openings ---------------------------------------------------------------------


def too_many_doubles(hands: Sequence[Sequence[Sequence[int]]]) -> bool:
    return any(sum(map(is_double, tiles)) >= REDEAL_DOUBLES for tiles in hands)


def checked_deal(hands: Any) -> list[list[Tile]]:
    """A deal given by a test or a guide: four hands of seven tiles, the 28 tiles once each."""
    deal = [sorted(sorted(tile) for tile in tiles) for tiles in hands]
    if len(deal) != SEATS or any(len(tiles) != HAND_SIZE for tiles in deal):
        raise ValueError("A deal is four hands of seven tiles.")
    if sorted(tuple(tile) for tiles in deal for tile in tiles) != sorted(TILES):
        raise ValueError("A deal holds each of the 28 tiles exactly once.")
    return deal


def next_deal(state: State, rng: random.Random | None) -> list[list[Tile]]:
    if state["next_deals"]:
        return checked_deal(state["next_deals"].pop(0))
    if rng is None:
        raise ValueError("No deal left in next_deals and no rng to shuffle with.")
    tiles = [list(tile) for tile in TILES]
    rng.shuffle(tiles)
    return [sorted(tiles[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS)]


def start_hand(
    state: State,
    rng: random.Random | None,
    opener: int | None,
    dealt: list[list[Tile]] | None = None,
) -> list[Event]:
    """Deal a hand (again while someone holds five doubles) and find who opens: the 6|6 holder
    when `opener` is None, else `opener` with any double, sem carroça passing it on."""
    events = []
    tiles = dealt if dealt is not None else next_deal(state, rng)
    redeals = 0
    while too_many_doubles(tiles):
        redeals += 1
        text = "Uma mão veio com 5 carroças ou mais: as pedras foram misturadas de novo."
        events.append(event("redeal", text))
        tiles = next_deal(state, rng)
    number = state["hand"]["number"] + 1 if state["hand"] else 1
    first = next(s for s in range(SEATS) if SENA in tiles[s]) if opener is None else opener
    state["hand"] = {
        "number": number,
        "tiles": tiles,
        "table": new_table(),
        "opening": "sena" if opener is None else "carroca",
        "to_move": first,
        "last": None,
        "log": [],
        "redeals": redeals,
    }
    how = "com a carroça de sena" if opener is None else "com qualquer carroça"
    text = f"{number}ª mão dada: sai o {player(first)} {how}."
    events.append(event("deal", text, hand=number, seat=first))
    return events + find_opener(state, first)


def find_opener(state: State, seat: int) -> list[Event]:
    """Sem carroça: who must open without a double gives 20 and the opening passes on."""
    hand = state["hand"]
    events = []
    while not any(map(is_double, hand["tiles"][seat])):
        hand["log"].append({"type": "sem_carroca", "seat": seat})
        label = f"Sem carroça ({player(seat)} não tem carroça para sair)"
        events.append(score(state, 1 - pair_of(seat), SEM_CARROCA, "sem_carroca", label))
        seat = next_seat(seat)
    hand["to_move"] = seat
    return [*events, turn_event(seat)]


def turn_event(seat: int) -> Event:
    return event("turn", f"Vez do {player(seat)}.", seat=seat)


# --- Plays and what they score ----------------------------------------------------------------


def score(
    state: State, pair: int, points: int, reason: str, label: str = "", why: str = ""
) -> Event:
    state["scores"][pair] += points
    detail = f" ({why})" if why else ""
    text = f"{label or REASONS[reason]}: {PAIR_NAMES[pair]} marca {points}{detail}."
    scores = list(state["scores"])
    return event("score", text, pair=pair, points=points, reason=reason, scores=scores)


def plays(hand: dict[str, Any], seat: int) -> list[Action]:
    """Every tile `seat` may play now, with each place it fits (no place for the opening)."""
    table = hand["table"]
    tiles = hand["tiles"][seat]
    if table["bucho"] is None:
        allowed = [t for t in tiles if is_double(t) and (hand["opening"] == "carroca" or t == SENA)]
        return [{"type": "play", "tile": list(tile)} for tile in allowed]
    return [
        {"type": "play", "tile": list(tile), "end": arm}
        for tile in tiles
        for arm in fits(table, tile)
    ]


def can_play(hand: dict[str, Any], seat: int) -> bool:
    return any(fits(hand["table"], tile) for tile in hand["tiles"][seat])


def parse_tile(value: Any) -> Tile:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(type(n) is not int or not 0 <= n <= 6 for n in value)
    ):
        raise IllegalAction("Informe a pedra como [a, b], com números de 0 a 6.")
    return sorted(value)


def check_opening(hand: dict[str, Any], tile: Tile, end: Any) -> None:
    if end is not None:
        raise IllegalAction("A saída vai no centro da mesa: não informe a ponta.")
    if hand["opening"] == "sena" and tile != SENA:
        raise IllegalAction("Esta mão começa com a carroça de sena (6|6).")
    if not is_double(tile):
        raise IllegalAction("A saída é sempre com carroça.")


def check_place(table: Table, tile: Tile, end: Any) -> str:
    """The arm where `tile` goes: `end`, or the only place it fits when `end` is left out."""
    places = fits(table, tile)
    if end is None:
        if not places:
            raise IllegalAction(f"A pedra {shown(tile)} não encaixa em nenhuma ponta.")
        if len(places) > 1:
            names = ", ".join(ARM_NAMES[arm] for arm in places)
            raise IllegalAction(
                f"A pedra {shown(tile)} encaixa em mais de um lugar: escolha a ponta ({names})."
            )
        return places[0]
    if end not in ARMS:
        raise IllegalAction(f"Ponta desconhecida: {end}. Use left, right, up ou down.")
    if end not in open_arms(table):
        raise IllegalAction("Cima e baixo só abrem depois que os dois lados do bucho têm pedra.")
    if end not in places:
        pip = end_pip(table, end)
        raise IllegalAction(
            f"A pedra {shown(tile)} não encaixa na ponta da {ARM_NAMES[end]} ({pip})."
        )
    return end


def check_play(hand: dict[str, Any], seat: int, action: Action) -> tuple[Tile, str | None]:
    """The tile and the arm of a `play` (no arm for the opening), or IllegalAction."""
    check_keys(action, "tile", "end")
    if seat != hand["to_move"]:
        raise IllegalAction(NOT_YOUR_TURN)
    tile = parse_tile(action.get("tile"))
    if tile not in hand["tiles"][seat]:
        raise IllegalAction(f"Você não tem a pedra {shown(tile)}.")
    end = action.get("end")
    if hand["table"]["bucho"] is None:
        check_opening(hand, tile, end)
        return tile, None
    return tile, check_place(hand["table"], tile, end)


def put_down(state: State, seat: int, tile: Tile, end: str | None) -> list[Event]:
    """Move `tile` from the hand to the table and score the mesa."""
    hand = state["hand"]
    table = hand["table"]
    hand["tiles"][seat].remove(tile)
    if end is None:
        table["bucho"] = list(tile)
        text = f"{player(seat)} saiu com {shown(tile)}, o bucho."
    else:
        place(table, tile, end)
        text = f"{player(seat)} jogou {shown(tile)} na {ARM_NAMES[end]}."
    hand["last"] = {"seat": seat, "tile": list(tile), "end": end}
    hand["log"].append({"type": "play", "seat": seat, "tile": list(tile), "end": end})
    events = [event("play", text, seat=seat, tile=list(tile), end=end)]
    counted = counted_ends(table, state["options"]["bucho_lado"])
    points = mesa_points(sum(counted.values()))
    if points:
        why = "pontas " + " + ".join(str(n) for n in counted.values())
        events.append(score(state, pair_of(seat), points, "mesa", why=why))
    return events


def pass_turns(state: State, last: int) -> list[Event]:
    """After a play by `last`, when someone can still play: each seat that cannot play passes,
    giving 20 to the pair of `last` (nothing when it is the partner); when the three others
    pass and the turn comes back to `last`, its pair scores the galo instead of those passes."""
    hand = state["hand"]
    table = hand["table"]
    ends = sorted({end_pip(table, arm) for arm in open_arms(table)})
    passers = []
    seat = next_seat(last)
    while not can_play(hand, seat):
        passers.append(seat)
        hand["log"].append({"type": "pass", "seat": seat, "ends": ends})
        seat = next_seat(seat)
    events = [event("pass", f"{player(s)} passou.", seat=s, ends=ends) for s in passers]
    pair = pair_of(last)
    if seat == last:
        events.append(score(state, pair, GALO, "galo", why="os três passaram"))
    else:
        for passer in passers:
            if pair_of(passer) != pair:
                events.append(score(state, pair, PASSE, "passe", f"Passe do {player(passer)}"))
    hand["to_move"] = seat
    return [*events, turn_event(seat)]


# --- End of a hand, a match, the game -------------------------------------------------------


def pair_pips(hand: dict[str, Any], pair: int) -> int:
    return sum(pips(hand["tiles"][seat]) for seat in pair_seats(pair))


def hand_end(hand: dict[str, Any], reason: str, text: str, seat: int | None) -> Event:
    """Reveals what is left in every hand: at a real table the hands are shown now."""
    left = [[list(tile) for tile in tiles] for tiles in hand["tiles"]]
    sums = [pair_pips(hand, pair) for pair in (0, 1)]
    return event("hand_end", text, reason=reason, seat=seat, hands=left, pips=sums)


def batida(state: State, seat: int) -> list[Event]:
    """Batida de carroça (+20) and garagem: the opponents' pips, rounded down to a multiple of 5."""
    hand = state["hand"]
    pair, other = pair_of(seat), 1 - pair_of(seat)
    events = [hand_end(hand, "batida", f"{player(seat)} bateu.", seat)]
    if is_double(hand["last"]["tile"]):
        events.append(score(state, pair, BATIDA_DE_CARROCA, "batida_de_carroca"))
    left = pair_pips(hand, other)
    if down_to_5(left):
        why = f"{left} na mão de {PAIR_NAMES[other]}"
        events.append(score(state, pair, down_to_5(left), "garagem", why=why))
    return events


def jogo_fechado(state: State) -> list[Event]:
    """Nobody can play: the pair with more pips gives that sum, rounded down, to the other."""
    hand = state["hand"]
    sums = [pair_pips(hand, pair) for pair in (0, 1)]
    text = "Jogo fechado: ninguém pode jogar."
    if sums[0] == sums[1]:
        return [hand_end(hand, "jogo_fechado", f"{text} Empate nas mãos: ninguém marca.", None)]
    heavy, light = (0, 1) if sums[0] > sums[1] else (1, 0)
    events = [hand_end(hand, "jogo_fechado", text, None)]
    if down_to_5(sums[heavy]):
        why = f"{PAIR_NAMES[heavy]} {sums[heavy]} na mão, {PAIR_NAMES[light]} {sums[light]}"
        events.append(score(state, light, down_to_5(sums[heavy]), "jogo_fechado", why=why))
    return events


def match_winner(scores: Sequence[int]) -> int | None:
    """The pair that wins the match at the end of this hand, if any: 200 reached, more points."""
    if max(scores) < TARGET or scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def after_hand(state: State, went_out: int | None, rng: random.Random | None) -> list[Event]:
    """Decide the match, maybe the game; otherwise deal the next hand."""
    scores = state["scores"]
    winner = match_winner(scores)
    if winner is None:
        text = f"Empate em {scores[0]} pontos: joga-se mais uma mão."
        tied = [event("match_tied", text, scores=list(scores))] if max(scores) >= TARGET else []
        return tied + start_hand(state, rng, went_out)
    state["matches"][winner] += 1
    state["results"].append({"winner": winner, "scores": list(scores)})
    high, low = max(scores), min(scores)
    text = f"{PAIR_NAMES[winner]} venceu a {state['match']}ª partida por {high} a {low}."
    events = [
        event("match_end", text, pair=winner, scores=list(scores), matches=list(state["matches"]))
    ]
    if state["matches"][winner] == MATCHES_TO_WIN:
        return events + finish(state, "complete", winner)
    state["match"] += 1
    state["scores"] = [0, 0]
    return events + start_hand(state, rng, None)


def finish(state: State, reason: str, pair: int) -> list[Event]:
    state["end"] = {"reason": reason, "winners": pair_seats(pair)}
    state["hand"]["to_move"] = None
    result = outcome(state)
    return [event("end", result["text"], reason=reason, winners=result["winners"])]


def outcome(state: State) -> dict[str, Any] | None:
    if not state["end"]:
        return None
    reason, winners = state["end"]["reason"], state["end"]["winners"]
    name = PAIR_NAMES[pair_of(winners[0])]
    if reason == "left":
        text = f"Saída do jogo: vitória de {name}."
    else:
        won = state["matches"][pair_of(winners[0])]
        lost = state["matches"][1 - pair_of(winners[0])]
        text = f"Vitória de {name} por {won} partidas a {lost}."
    return {
        "winners": list(winners),
        "scores": [state["scores"][pair_of(seat)] for seat in range(SEATS)],
        "matches": [state["matches"][pair_of(seat)] for seat in range(SEATS)],
        "reason": reason,
        "text": text,
    }


# --- The game -----------------------------------------------------------------------------------


def new_state(options: dict[str, Any]) -> State:
    return {
        "game": "domino",
        "options": options,
        "seats": SEATS,
        "scores": [0, 0],
        "matches": [0, 0],
        "match": 1,
        "results": [],
        "hand": None,
        "next_deals": [],
        "end": None,
    }


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


# --- Dealing the hidden tiles again ------------------------------------------------------------


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: the hands of the other seats (all four for a
    spectator), each keeping its count; there is no boneyard. The new deal agrees with what the
    table saw: a seat that passed holds nothing of the ends it passed on, a seat that had no
    double to open with holds none, the seat on turn can play, and no hand of the deal held five
    doubles. `next_deals` (empty at a real table) is kept."""
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

    tiles = list(pool)
    rng.shuffle(tiles)
    # The tiles fewest seats may hold go first, so that dead ends show early.
    tiles.sort(key=lambda t: sum(may_hold(s, t) for s in room))
    if not deal(tiles):
        raise ValueError("No deal agrees with this hand's log: the state is not one of a game.")
    return hands
