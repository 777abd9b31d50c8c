"""Dozito: twelve cards on a 4x3 grid, groups of one colour, STOP, TURNO EXTRA and Coringas.

The scoring, the turn and the special cards are those of the Dozito page (seed
002_be05d767234eac8d.txt); the deck and the open points are the house rules of issue #5:

- 75 cards: five colours, each with the numbers 1 to 12 once and three Coringas (`DECK`). In
  each colour one STOP (3 suns), one TURNO EXTRA (no sun), two cards with 2 suns and four with 1.
- 2 to 5 players; each gets 12 cards face down, one per slot, not looked at. Slots 1-12 make
  three rows of four; groups are face-up cards of one colour joined orthogonally. Two discard
  piles start with one card each; the rest is the draw pile. When it runs out, the discard piles
  except their tops are shuffled into a new one.
- A turn: take the top of a discard pile (it goes to the slot of its number, a Coringa to any
  slot) or draw (then discard it, or place it). Placing replaces the slot's card: a face-up one
  is discarded and the turn ends; a face-down one is turned up and may be placed in turn (and so
  on) or discarded to end the turn. A turned-up card whose slot already holds a face-up card
  forces a choice: keep one there, discard the other, the turn ends.
- A STOP placed in the grid: the card it replaces is discarded (turned up if face down) and the
  turn ends. Discarding a TURNO EXTRA (from the grid or the draw) gives another turn at once.
- When a player's twelve cards are face up at the end of their turn, each other player plays one
  last turn and the round is scored: `GROUP_POINTS` per group plus one point per sun, face-up
  cards only. Twelve face-up cards of one colour win the game at once. After 1 or 3 rounds
  (option `rounds`) the highest total wins; then the best single round; then the win is shared.

Actions (`legal_actions` lists every one that applies now):
    {"type": "take", "from": "discard", "pile": 0 | 1}   take that pile's top (start of a turn)
    {"type": "take", "from": "draw"}                    draw the top card of the draw pile
    {"type": "place", "slot": 1-12}                     put the card in hand in that slot
    {"type": "discard", "pile": 0 | 1}                  discard the card in hand (ends the turn)
    {"type": "keep", "card": "hand" | "grid", "pile": 0 | 1}
                                                        two face-up cards for one slot: keep one,
                                                        discard the other on `pile`
    {"type": "leave"}                                   any time, by any player still in
    {"type": "claim_inactivity"}                        by another player, against the one on turn

Choices where the issue is silent:
- Round 1 begins with seat 0; turns go up in seat order.
- A numbered card taken from a discard pile goes to its slot at once ("automaticamente
  colocada"); a Coringa taken from a pile waits in the hand for its slot and cannot go back.
- The card in hand is public: a drawn card is revealed, a turned-up card is face up. Every view
  shows it and where it may go. Face-down cards stay hidden from everyone, their owner included.
- Every turn ends with exactly one discard, on the pile the player names (the card replaced by a
  STOP and the loser of a clash too). Discarding a TURNO EXTRA always gives another turn, also in
  a last turn and also when it is the card a STOP replaced (the STOP ends the turn, the TURNO
  EXTRA starts another). A card taken from a pile is placed, so it is never discarded straight.
- A turned-up Coringa never clashes (it has no slot of its own).
- The end of the round is checked at the end of a turn that gives no extra turn (face-up cards
  never turn back, so an extra turn first changes nothing for the trigger).
- Twelve face-up cards of one colour (Coringas count as their colour) are checked whenever a card
  enters a grid; the game ends at once, that round is not scored, the player wins alone.
- The draw pile is refilled as soon as it is empty (and before a draw from an empty pile).
- Each round is a new shuffle of all 75 cards. Among equal lowest totals, the next round begins
  with the first of them in seat order after the seat that began the previous round.
- leave and claim_inactivity (as in Yam's): the player is out at once. Their grid stays until
  the round ends but is not scored (0 for that round and later ones), a card in their hand goes
  on pile 0, they play no last turn and cannot win. When one player is left, that player wins.

State (a JSON dict):
    game, options, seats
    round         the round being played, 1 to options["rounds"]; first: the seat that began it
    grids         per seat, the slots 1-12 in order as {"card": card, "up": bool}; [] for a seat
                  out before the round was dealt
    discards      two piles, bottom to top; draw_pile: top first
    to_move       the seat on turn, None once the game is over
    turn          {"phase", "hand": card or None, "slot": the clash slot or None}; phases:
                  "start" (take), "place" (a Coringa from a pile), "hand" (place or discard),
                  "clash" (keep), "discard" (a card that must be discarded)
    trigger       the seat whose grid ended the round, or None
    last_turns    None, then the seats still to play their last turn, in order
    round_scores  one list of points per seat for each scored round
    out           per seat, True once the player left or was claimed inactive
    end           None while playing, then {"reason": "complete" | "twelve" | "left" |
                  "inactivity", "winners": [seats]}

View (the same for every seat and spectators, but for "seat" and "moves"):
    grids         per seat, [{"slot": 1-12, "up": bool, "card": card, or None when face down}]
    points        what each grid's face-up cards score now (None: no grid, or twelve of a colour)
    discards      [{"top": card or None, "count": n}] for piles 0 and 1; draw_count: a number
    turn          {"phase", "hand", "slot", "slots": where the card in hand may go,
                  "may_discard"}; None once the game is over
    moves         the seat's own legal moves when it is on turn (leave aside), else []
    round, rounds, first, to_move, trigger, last_turns, out, round_scores, totals, finished,
    outcome
"""

from __future__ import annotations

import random
from collections import Counter
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
    points_phrase,
    resolve_options,
)

Card = dict[str, Any]
Grid = list[dict[str, Any]]

# The deck (issue #5), one row per colour, numbers 1 to 12 across:
#   S  STOP, 3 suns      E  TURNO EXTRA, no sun      2 / 1  suns      .  no sun
# No number is the STOP twice, nor the TURNO EXTRA twice. Each colour also has CORINGAS.
DECK = """
              1  2  3  4  5  6  7  8  9 10 11 12
amarelo       S  .  1  2  .  1  E  .  1  2  .  1
azul          1  2  .  S  1  .  .  1  2  E  1  .
verde         E  1  .  1  2  .  S  1  .  1  2  .
vermelho      .  1  2  E  .  1  1  2  .  S  .  1
roxo          1  .  1  .  2  E  .  1  2  .  1  S
"""
CORINGAS = 3  # per colour: no number, no sun
CODES = {
    "S": ("stop", 3),
    "E": ("extra", 0),
    "2": ("normal", 2),
    "1": ("normal", 1),
    ".": ("normal", 0),
}

SLOTS = tuple(range(1, 13))
COLUMNS = 4  # three rows of four: 1-4, 5-8, 9-12
GROUP_POINTS = {1: 0, 2: 2, 3: 5, 4: 10, 5: 16, 6: 25, 7: 35, 8: 45, 9: 55, 10: 65, 11: 75}
TWELVE = 12  # twelve face-up cards of one colour win the game at once
POINTS_PER_SUN = 1
PILES = (0, 1)
ROUNDS = (1, 3)
KEEP = ("hand", "grid")

ACTIONS = ("take", "place", "discard", "keep", "leave", "claim_inactivity")
ANY_TIME = ("leave", "claim_inactivity")
WHAT_NOW = {
    "start": "pegue a carta do topo de uma pilha de descarte ou compre do baralho.",
    "place": "escolha o espaço da grade para o Coringa que você pegou.",
    "hand": "coloque a carta da mão no espaço dela ou descarte-a.",
    "clash": "fique com uma das duas cartas no espaço {slot} e descarte a outra.",
    "discard": "descarte a carta da mão numa das pilhas.",
}


# --- Cards and the deck -----------------------------------------------------------------------


def read_deck(table: str) -> dict[tuple[str, int], Card]:
    """The numbered cards of the `DECK` table, by (colour, number)."""
    header, *rows = table.strip().splitlines()
    numbers = [int(n) for n in header.split()]
    cards = {}
    for row in rows:
        colour, *codes = row.split()
        for number, code in zip(numbers, codes, strict=True):
            kind, suns = CODES[code]
            cards[colour, number] = {"colour": colour, "number": number, "suns": suns, "kind": kind}
    return cards


NUMBERED = read_deck(DECK)
COLOURS = tuple(dict.fromkeys(colour for colour, _ in NUMBERED))


def card(colour: str, number: int | None = None) -> Card:
    """A fresh copy of the card of `colour` with `number` (None: a Coringa)."""
    if number is None:
        return {"colour": colour, "number": None, "suns": 0, "kind": "coringa"}
    return dict(NUMBERED[colour, number])


def new_deck() -> list[Card]:
    """The 75 cards: each colour's 1 to 12, then its Coringas."""
    return [card(c, n) for c in COLOURS for n in SLOTS] + [
        card(c) for c in COLOURS for _ in range(CORINGAS)
    ]


def card_key(c: Card) -> tuple[str, int, int, str]:
    return (c["colour"], c["number"] or 0, c["suns"], c["kind"])


def shown(c: Card) -> str:
    """ "7 azul", "4 azul (STOP)", "Coringa verde": the card in the log (every name is
    masculine: "o 7 azul", "do Coringa verde")."""
    if c["kind"] == "coringa":
        return f"Coringa {c['colour']}"
    tag = {"stop": " (STOP)", "extra": " (TURNO EXTRA)"}.get(c["kind"], "")
    return f"{c['number']} {c['colour']}{tag}"


def slots_for(c: Card) -> list[int]:
    """Where a card may be placed: the slot of its number, any slot for a Coringa."""
    return list(SLOTS) if c["kind"] == "coringa" else [c["number"]]


def pile_name(pile: int) -> str:
    return f"pilha {pile + 1}"


# --- The grid: groups and points ----------------------------------------------------------------


def neighbours(slot: int) -> list[int]:
    """The slots orthogonally next to `slot` on the three rows of four."""
    near = [slot - COLUMNS, slot + COLUMNS]
    if (slot - 1) % COLUMNS:
        near.append(slot - 1)
    if slot % COLUMNS:
        near.append(slot + 1)
    return [s for s in near if s in SLOTS]


def groups(grid: Grid) -> list[list[int]]:
    """The groups of face-up cards of one colour joined orthogonally, as lists of slots."""
    found, seen = [], set()
    for start in SLOTS:
        if start in seen or not grid[start - 1]["up"]:
            continue
        colour = grid[start - 1]["card"]["colour"]
        group, todo = [], [start]
        seen.add(start)
        while todo:
            slot = todo.pop()
            group.append(slot)
            for near in neighbours(slot):
                cell = grid[near - 1]
                if near not in seen and cell["up"] and cell["card"]["colour"] == colour:
                    seen.add(near)
                    todo.append(near)
        found.append(sorted(group))
    return found


def twelve_of(grid: Grid) -> str | None:
    """The colour of a grid of twelve face-up cards of one colour, or None."""
    colours = {cell["card"]["colour"] for cell in grid if cell["up"]}
    if len(grid) == TWELVE and all_up(grid) and len(colours) == 1:
        return colours.pop()
    return None


def all_up(grid: Grid) -> bool:
    return bool(grid) and all(cell["up"] for cell in grid)


def grid_score(grid: Grid) -> dict[str, Any]:
    """What the face-up cards of `grid` score: the group table plus the suns."""
    sizes = sorted((len(g) for g in groups(grid)), reverse=True)
    suns = sum(cell["card"]["suns"] for cell in grid if cell["up"])
    points = sum(GROUP_POINTS[size] for size in sizes) + POINTS_PER_SUN * suns
    return {"groups": sizes, "suns": suns, "points": points}


def live_points(grid: Grid) -> int | None:
    """What a grid's face-up cards score now, for the view; None for no grid (a player out
    before the deal) and for twelve of one colour (the game is won: no table value)."""
    return grid_score(grid)["points"] if grid and not twelve_of(grid) else None


# --- The piles ----------------------------------------------------------------------------------


def can_draw(state: State) -> bool:
    return bool(state["draw_pile"]) or any(len(pile) > 1 for pile in state["discards"])


def refill(state: State, rng: random.Random) -> list[Event]:
    """The discard piles, except their top cards, shuffled into a new draw pile."""
    pool = [c for pile in state["discards"] for c in pile[:-1]]
    if state["draw_pile"] or not pool:
        return []
    state["discards"] = [pile[-1:] for pile in state["discards"]]
    rng.shuffle(pool)
    state["draw_pile"] = pool
    text = (
        "O baralho de compra acabou: as pilhas de descarte, menos as cartas do topo, "
        f"viraram um novo baralho de {len(pool)} cartas."
    )
    return [event("reshuffle", text, count=len(pool))]


def draw(state: State, seat: int, rng: random.Random) -> list[Event]:
    events = refill(state, rng)
    drawn = state["draw_pile"].pop(0)
    state["turn"].update(phase="hand", hand=drawn)
    events.append(event("draw", f"{player(seat)} comprou o {shown(drawn)}.", seat=seat, card=drawn))
    return events + refill(state, rng)


# --- The turn -----------------------------------------------------------------------------------


def new_turn() -> dict[str, Any]:
    return {"phase": "start", "hand": None, "slot": None}


def what_now(turn: dict[str, Any]) -> str:
    return WHAT_NOW[turn["phase"]].format(slot=turn["slot"])


def check_phase(state: State, *phases: str) -> None:
    turn = state["turn"]
    if turn["phase"] not in phases:
        raise IllegalAction(f"Agora não: {what_now(turn)}")


def check_pile(action: Action) -> int:
    pile = action.get("pile")
    if type(pile) is not int or pile not in PILES:
        raise IllegalAction("Informe a pilha de descarte (campo “pile”: 0 ou 1).")
    return pile


def check_slot(action: Action) -> int:
    slot = action.get("slot")
    if type(slot) is not int or slot not in SLOTS:
        raise IllegalAction("Informe o espaço da grade (campo “slot”: 1 a 12).")
    return slot


def put(state: State, seat: int, placed: Card, slot: int) -> list[Event]:
    """Place `placed` face up in `slot`; the card it replaces comes to the hand and says what
    happens next: discarded (it was face up, or a STOP came in), a clash, or the chain goes on."""
    grid = state["grids"][seat]
    old = grid[slot - 1]
    grid[slot - 1] = {"card": placed, "up": True}
    turn = state["turn"]
    turn.update(hand=old["card"], slot=None)
    replaced = old["card"]
    if old["up"]:
        how = f"no lugar do {shown(replaced)}"
    else:
        how = f"e virou o {shown(replaced)}, que estava ali"
    text = f"{player(seat)} colocou o {shown(placed)} no espaço {slot} {how}."
    events = [
        event("place", text, seat=seat, slot=slot, card=placed, replaced=replaced, up=old["up"])
    ]
    won = twelve(state, seat)
    if won:
        return events + won
    own = replaced["number"]
    if placed["kind"] == "stop":
        turn["phase"] = "discard"
        text = f"STOP: {player(seat)} descarta o {shown(replaced)} e o turno termina."
        events.append(event("stop", text, seat=seat))
    elif old["up"]:
        turn["phase"] = "discard"
    elif replaced["kind"] != "coringa" and grid[own - 1]["up"]:
        turn.update(phase="clash", slot=own)
        there = grid[own - 1]["card"]
        text = (
            f"O {shown(replaced)} é do espaço {own}, que já tem o {shown(there)}: "
            f"{player(seat)} fica com uma e descarta a outra."
        )
        events.append(event("clash", text, seat=seat, slot=own))
    else:
        turn["phase"] = "hand"
    return events


def take(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_phase(state, "start")
    source = action.get("from")
    if source == "draw":
        check_keys(action, "from")
        if not can_draw(state):
            raise IllegalAction("Não há cartas para comprar.")
        return draw(state, seat, rng)
    if source != "discard":
        raise IllegalAction("Informe de onde pegar a carta (campo “from”: discard ou draw).")
    check_keys(action, "from", "pile")
    pile = check_pile(action)
    if not state["discards"][pile]:
        raise IllegalAction(f"A {pile_name(pile)} de descarte está vazia.")
    taken = state["discards"][pile].pop()
    text = f"{player(seat)} pegou o {shown(taken)} da {pile_name(pile)}."
    events = [event("take", text, seat=seat, card=taken, pile=pile)]
    if taken["kind"] == "coringa":
        state["turn"].update(phase="place", hand=taken)
        return events
    return events + put(state, seat, taken, taken["number"])


def place(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action, "slot")
    check_phase(state, "place", "hand")
    slot = check_slot(action)
    held = state["turn"]["hand"]
    if slot not in slots_for(held):
        raise IllegalAction(f"O {shown(held)} só pode ir para o espaço {held['number']}.")
    return put(state, seat, held, slot)


def discard(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action, "pile")
    check_phase(state, "hand", "discard")
    pile = check_pile(action)
    gone = state["turn"]["hand"]
    state["discards"][pile].append(gone)
    text = f"{player(seat)} descartou o {shown(gone)} na {pile_name(pile)}."
    events = [event("discard", text, seat=seat, card=gone, pile=pile)]
    return events + end_turn(state, seat, rng, extra=gone["kind"] == "extra")


def keep(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action, "card", "pile")
    check_phase(state, "clash")
    which = action.get("card")
    if which not in KEEP:
        raise IllegalAction("Informe a carta que fica (campo “card”: hand ou grid).")
    pile = check_pile(action)
    turn, grid = state["turn"], state["grids"][seat]
    slot = turn["slot"]
    kept, gone = grid[slot - 1]["card"], turn["hand"]
    if which == "hand":
        kept, gone = gone, kept
        grid[slot - 1] = {"card": kept, "up": True}
    state["discards"][pile].append(gone)
    text = (
        f"{player(seat)} ficou com o {shown(kept)} no espaço {slot} "
        f"e descartou o {shown(gone)} na {pile_name(pile)}."
    )
    events = [event("keep", text, seat=seat, slot=slot, card=kept, discarded=gone, pile=pile)]
    won = twelve(state, seat)
    if won:
        return events + won
    return events + end_turn(state, seat, rng, extra=gone["kind"] == "extra")


def twelve(state: State, seat: int) -> list[Event]:
    """Twelve face-up cards of one colour end the game at once; nothing otherwise."""
    colour = twelve_of(state["grids"][seat])
    if not colour:
        return []
    text = f"{player(seat)} tem as doze cartas em {colour}, viradas: vence o jogo na hora!"
    return [event("twelve", text, seat=seat, colour=colour), *finish(state, "twelve")]


def end_turn(state: State, seat: int, rng: random.Random, *, extra: bool) -> list[Event]:
    """After the discard: another turn for a TURNO EXTRA; else the end of the round may be
    triggered (or a last turn is over) and the next player goes."""
    state["turn"] = new_turn()
    if extra:
        text = f"TURNO EXTRA: {player(seat)} joga outra vez."
        return [event("extra_turn", text, seat=seat)]
    events = []
    last = state["last_turns"]
    if last is None and all_up(state["grids"][seat]):
        state["trigger"] = seat
        state["last_turns"] = [s for s in seats_after(state, seat) if s != seat]
        text = f"{player(seat)} virou as doze cartas: cada outro jogador faz um último turno."
        events.append(event("trigger", text, seat=seat))
    elif last is not None and seat in last:
        last.remove(seat)
    return events + next_turn(state, seat, rng)


def players(state: State) -> list[int]:
    """The seats still in the game."""
    return [s for s in range(state["seats"]) if not state["out"][s]]


def seats_after(state: State, seat: int) -> list[int]:
    """The players still in, in turn order starting after `seat` (`seat` last, if still in)."""
    seats = state["seats"]
    order = [(seat + step) % seats for step in range(1, seats + 1)]
    return [s for s in order if not state["out"][s]]


def next_turn(state: State, seat: int, rng: random.Random) -> list[Event]:
    last = state["last_turns"]
    if last == []:
        return end_round(state, rng)
    mover = last[0] if last is not None else seats_after(state, seat)[0]
    state["to_move"] = mover
    text = f"Último turno do {player(mover)}." if last is not None else f"Vez do {player(mover)}."
    return [event("turn", text, seat=mover)]


# --- Rounds and the end of the game -----------------------------------------------------------


def deal(state: State, cards: list[Card], first: int) -> None:
    """Lay out a round from the shuffled `cards`: twelve face down to each player still in, one
    on each discard pile, the rest is the draw pile."""
    grids = []
    for seat in range(state["seats"]):
        dealt = [] if state["out"][seat] else cards[:TWELVE]
        cards = cards[len(dealt) :]
        grids.append([{"card": c, "up": False} for c in dealt])
    lay_out(state, grids, [cards[:1], cards[1:2]], cards[2:], first)


def lay_out(
    state: State, grids: list[Grid], discards: list[list[Card]], draw_pile: list[Card], first: int
) -> None:
    state.update(
        grids=grids,
        discards=discards,
        draw_pile=draw_pile,
        first=first,
        to_move=first,
        turn=new_turn(),
        trigger=None,
        last_turns=None,
    )


def totals(state: State) -> list[int]:
    return [sum(r[seat] for r in state["round_scores"]) for seat in range(state["seats"])]


def next_first(state: State) -> int:
    """The player still in with the lowest total; among equals, the first after the seat that
    began the round just scored."""
    points = totals(state)
    order = seats_after(state, state["first"])
    return min(order, key=lambda s: (points[s], order.index(s)))


def end_round(state: State, rng: random.Random) -> list[Event]:
    """Score every grid still in play, then deal the next round or end the game."""
    number = state["round"]
    details = [
        grid_score(grid) if not state["out"][s] else None for s, grid in enumerate(state["grids"])
    ]
    scores = [d["points"] if d else 0 for d in details]
    state["round_scores"].append(scores)
    said = ", ".join(f"{player(s)} {scores[s]}" for s in range(state["seats"]) if details[s])
    text = f"Fim da {number}ª rodada: {said}."
    events = [event("round_end", text, round=number, scores=scores, details=details)]
    if number == state["options"]["rounds"]:
        return events + finish(state, "complete")
    first = next_first(state)
    cards = new_deck()
    rng.shuffle(cards)
    state["round"] = number + 1
    deal(state, cards, first)
    text = f"{number + 1}ª rodada: começa o {player(first)}, com o menor total."
    return [*events, event("round_start", text, round=number + 1, seat=first)]


def best(state: State) -> list[int]:
    """The winners of a complete game: highest total, then best single round, else shared."""
    points = totals(state)

    def rank(seat: int) -> tuple[int, int]:
        return points[seat], max(r[seat] for r in state["round_scores"])

    top = max(rank(s) for s in players(state))
    return [s for s in players(state) if rank(s) == top]


def finish(state: State, reason: str) -> list[Event]:
    if reason == "twelve":
        winners = [state["to_move"]]
    elif reason == "complete":
        winners = best(state)
    else:
        winners = players(state)
    state["end"] = {"reason": reason, "winners": winners}
    state["to_move"] = None
    return [event("end", outcome(state)["text"], reason=reason, winners=winners)]


def names(seats: Sequence[int]) -> str:
    parts = [player(s) for s in seats]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} e {parts[-1]}"


def outcome(state: State) -> dict[str, Any] | None:
    if not state["end"]:
        return None
    reason, winners = state["end"]["reason"], state["end"]["winners"]
    points = totals(state)
    who = names(winners)
    if reason == "twelve":
        text = f"{who} juntou doze cartas da mesma cor e venceu o jogo."
    elif reason in ("left", "inactivity"):
        why = "saída" if reason == "left" else "inatividade"
        text = f"Partida encerrada por {why}: {who} venceu."
    elif len(winners) > 1:
        text = f"Empate: {who} venceram com {points_phrase(points[winners[0]])}."
    elif [s for s in players(state) if points[s] == points[winners[0]]] != winners:
        text = f"{who} venceu com {points[winners[0]]} pontos, no desempate pela melhor rodada."
    else:
        text = f"{who} venceu com {points_phrase(points[winners[0]])}."
    return {
        "winners": list(winners),
        "scores": points,
        "reason": reason,
        "rounds": [list(r) for r in state["round_scores"]],
        "text": text,
    }


# --- Leaving ------------------------------------------------------------------------------------


def remove(state: State, seat: int, reason: str, rng: random.Random) -> list[Event]:
    """The player is out: no more turns, no last turn, no score, no win."""
    state["out"][seat] = True
    if len(players(state)) == 1:
        return finish(state, reason)
    if state["last_turns"] is not None and seat in state["last_turns"]:
        state["last_turns"].remove(seat)
    if seat != state["to_move"]:
        return []
    events = []
    held = state["turn"]["hand"]
    if held is not None:
        state["discards"][0].append(held)
        text = f"O {shown(held)}, que estava na mão, foi para a {pile_name(0)}."
        events.append(event("discard", text, seat=seat, card=held, pile=0))
    state["turn"] = new_turn()
    return events + next_turn(state, seat, rng)


def leave(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    events = [event("leave", f"{player(seat)} saiu da partida.", seat=seat)]
    return events + remove(state, seat, "left", rng)


def claim_inactivity(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    mover = state["to_move"]
    if seat == mover:
        raise IllegalAction("Você está na vez: não pode reclamar inatividade.")
    text = f"{player(seat)} reclamou a inatividade do {player(mover)}, que sai da partida."
    events = [event("claim_inactivity", text, seat=seat, against=mover)]
    return events + remove(state, mover, "inactivity", rng)


MOVES = {
    "take": take,
    "place": place,
    "discard": discard,
    "keep": keep,
    "leave": leave,
    "claim_inactivity": claim_inactivity,
}


def turn_moves(state: State) -> list[Action]:
    """Every move the player on turn may make now (leaving aside)."""
    turn = state["turn"]
    phase = turn["phase"]
    if phase == "start":
        takes = [
            {"type": "take", "from": "discard", "pile": p} for p in PILES if state["discards"][p]
        ]
        return takes + ([{"type": "take", "from": "draw"}] if can_draw(state) else [])
    places = [{"type": "place", "slot": s} for s in hand_slots(turn)]
    discards = [{"type": "discard", "pile": p} for p in PILES]
    if phase == "clash":
        return [{"type": "keep", "card": c, "pile": p} for c in KEEP for p in PILES]
    return {"place": places, "hand": places + discards, "discard": discards}[phase]


def hand_slots(turn: dict[str, Any]) -> list[int]:
    """Where the card in hand may go now."""
    if turn["phase"] in ("place", "hand"):
        return slots_for(turn["hand"])
    if turn["phase"] == "clash":
        return [turn["slot"]]
    return []


# --- The game -----------------------------------------------------------------------------------


def new_state(options: dict[str, Any], seats: int) -> State:
    return {
        "game": "dozito",
        "options": options,
        "seats": seats,
        "round": 1,
        "first": 0,
        "grids": [],
        "discards": [[], []],
        "draw_pile": [],
        "to_move": 0,
        "turn": new_turn(),
        "trigger": None,
        "last_turns": None,
        "round_scores": [],
        "out": [False] * seats,
        "end": None,
    }


def grid_view(grid: Grid) -> list[dict[str, Any]]:
    """Face-up cards as they are; face-down ones as backs, with nothing of the card."""
    return [
        {"slot": slot, "up": cell["up"], "card": dict(cell["card"]) if cell["up"] else None}
        for slot, cell in zip(SLOTS, grid, strict=False)
    ]


def turn_view(turn: dict[str, Any]) -> dict[str, Any]:
    """The turn as everybody sees it: the phase, the card in hand (public: drawn cards are
    revealed, turned-up cards are face up), the slots it may go to, whether it may be discarded
    and the slot of a clash."""
    return {
        "phase": turn["phase"],
        "hand": dict(turn["hand"]) if turn["hand"] else None,
        "slot": turn["slot"],
        "slots": hand_slots(turn),
        "may_discard": turn["phase"] in ("hand", "discard"),
    }


class Dozito(Rules):
    """Dozito for 2 to 5 seats.

    Options:
        rounds  1 (default) or 3: the game is the sum of that many rounds.
    """

    slug = "dozito"
    move_events = frozenset({"place", "keep", "discard"})
    name = "Dozito"
    min_seats = 2
    max_seats = 5

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {"rounds": (1, ROUNDS)}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        options = resolve_options(self.options(), options)
        check_seats(self, seats)
        state = new_state(options, seats)
        cards = new_deck()
        rng.shuffle(cards)
        deal(state, cards, 0)
        return state

    def to_act(self, state: State) -> list[int]:
        return [] if state["end"] else [state["to_move"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state, seat)
        if state["end"] or state["out"][seat]:
            return []
        if seat != state["to_move"]:
            return [{"type": "leave"}, {"type": "claim_inactivity"}]
        return [*turn_moves(state), {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        check_seat(state, seat)
        kind = action_type(action, ACTIONS)
        if state["end"]:
            raise IllegalAction("A partida já terminou.")
        if state["out"][seat]:
            raise IllegalAction("Você já saiu desta partida.")
        if kind not in ANY_TIME and seat != state["to_move"]:
            raise IllegalAction(NOT_YOUR_TURN)
        state = clone(state)
        return state, MOVES[kind](state, seat, action, rng)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees; the same for everyone but `seat` and `moves`.
        No face-down card (its owner's included) and nothing of the draw pile but its size."""
        if seat is not None:
            check_seat(state, seat)
        mover, playing = state["to_move"], not state["end"]
        return {
            "game": self.slug,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "round": state["round"],
            "rounds": state["options"]["rounds"],
            "first": state["first"],
            "to_move": mover,
            "grids": [grid_view(grid) for grid in state["grids"]],
            "points": [live_points(grid) for grid in state["grids"]],
            "discards": [
                {"top": dict(pile[-1]) if pile else None, "count": len(pile)}
                for pile in state["discards"]
            ],
            "draw_count": len(state["draw_pile"]),
            "turn": turn_view(state["turn"]) if playing else None,
            "moves": turn_moves(state) if playing and seat == mover else [],
            "trigger": state["trigger"],
            "last_turns": None if state["last_turns"] is None else list(state["last_turns"]),
            "out": list(state["out"]),
            "round_scores": [list(r) for r in state["round_scores"]],
            "totals": totals(state),
            "finished": not playing,
            "outcome": outcome(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)


GAME = Dozito()


def pile_of(cards: Any) -> list[Card]:
    """A discard pile given to `setup_from_deal`: a card alone, or a list from bottom to top."""
    return [dict(cards)] if isinstance(cards, Mapping) else [dict(c) for c in cards]


def setup_from_deal(
    grids: Sequence[Sequence[Card]],
    discards: Sequence[Any],
    draw_pile: Sequence[Card],
    options: Mapping[str, Any] | None = None,
    *,
    up: Sequence[Sequence[int]] = (),
    to_move: int = 0,
    round_scores: Sequence[Sequence[int]] = (),
) -> State:
    """A state dealt as given, for tests and guides; never reachable from a table's options.

    `grids` holds each seat's twelve cards for slots 1 to 12 (face down unless their slot is in
    `up[seat]`); `discards` the two piles (a card, or a list bottom to top); `draw_pile` the rest,
    top first: together the 75 cards once each. `round_scores` starts the game part-way (one list
    per round already scored); `to_move` is the seat that begins this round.
    """
    options = resolve_options(GAME.options(), options)
    check_seats(GAME, len(grids))
    if any(len(grid) != TWELVE for grid in grids):
        raise ValueError("Each grid holds twelve cards, one per slot.")
    if len(discards) != len(PILES):
        raise ValueError("There are two discard piles.")
    piles = [pile_of(p) for p in discards]
    cards = [dict(c) for grid in grids for c in grid] + [c for p in piles for c in p]
    cards += [dict(c) for c in draw_pile]
    if Counter(map(card_key, cards)) != Counter(map(card_key, new_deck())):
        raise ValueError("A deal holds the 75 cards of the deck exactly once each.")
    if type(to_move) is not int or not 0 <= to_move < len(grids):
        raise ValueError("to_move must be one of the seats.")
    if len(round_scores) >= options["rounds"]:
        raise ValueError("The round being dealt must be one of the game's rounds.")
    state = new_state(options, len(grids))
    state["round"] = len(round_scores) + 1
    state["round_scores"] = [list(r) for r in round_scores]
    face_up = [set(slots) for slots in up] + [set()] * (len(grids) - len(up))
    laid = [
        [{"card": dict(c), "up": slot in face_up[s]} for slot, c in zip(SLOTS, grid, strict=True)]
        for s, grid in enumerate(grids)
    ]
    lay_out(state, laid, piles, [dict(c) for c in draw_pile], to_move)
    return state


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: the face-down cards of every grid (their owner never
    sees them either, so the seat changes nothing) and the draw pile are shuffled together and
    laid back in the same places, each grid keeping its face-down slots and the draw pile its
    size. Face-up cards, the card in hand and the discard piles stay: the cards under a pile's
    top were seen face up when they were discarded, and come back to view as the top is taken."""
    if seat is not None:
        check_seat(state, seat)
    state = clone(state)
    down = [cell for grid in state["grids"] for cell in grid if not cell["up"]]
    pool = [cell["card"] for cell in down] + state["draw_pile"]
    rng.shuffle(pool)
    for cell in down:
        cell["card"] = pool.pop()
    state["draw_pile"] = pool
    return state
