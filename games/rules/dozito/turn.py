"""A Dozito turn: taking a card, placing it, clashes, discards, STOP and TURNO EXTRA, the last
turns, and leaving. Each move takes the copy of the state `apply` made and returns the events.

From the Dozito page (seed 002_be05d767234eac8d.txt) and issue #5:
- A turn: take the top of a discard pile (it goes to the slot of its number, a Coringa to any
  slot) or draw (then discard it, or place it). Placing replaces the slot's card: a face-up one
  is discarded and the turn ends; a face-down one is turned up and may be placed in turn (and so
  on) or discarded to end the turn. A turned-up card whose slot already holds a face-up card
  forces a choice: keep one there, discard the other, the turn ends.
- A STOP placed in the grid: the card it replaces is discarded (turned up if face down) and the
  turn ends. Discarding a TURNO EXTRA (from the grid or the draw) gives another turn at once.
- When a player's twelve cards are face up at the end of their turn, each other player plays one
  last turn and the round is scored.

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
- A numbered card taken from a discard pile goes to its slot at once ("automaticamente
  colocada"); a Coringa taken from a pile waits in the hand for its slot and cannot go back.
- Every turn ends with exactly one discard, on the pile the player names (the card replaced by a
  STOP and the loser of a clash too). Discarding a TURNO EXTRA always gives another turn, also in
  a last turn and also when it is the card a STOP replaced (the STOP ends the turn, the TURNO
  EXTRA starts another). A card taken from a pile is placed, so it is never discarded straight.
- A turned-up Coringa never clashes (it has no slot of its own).
- The end of the round is checked at the end of a turn that gives no extra turn (face-up cards
  never turn back, so an extra turn first changes nothing for the trigger).
- Twelve face-up cards of one colour (Coringas count as their colour) are checked whenever a card
  enters a grid; the game ends at once, that round is not scored, the player wins alone.
- leave and claim_inactivity (as in Yam's): the player is out at once. Their grid stays until
  the round ends but is not scored (0 for that round and later ones), a card in their hand goes
  on pile 0, they play no last turn and cannot win. When one player is left, that player wins.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Action, Event, IllegalAction, State, check_keys, event, player
from games.rules.dozito.cards import SLOTS, Card, shown, slots_for
from games.rules.dozito.grid import all_up, twelve_of
from games.rules.dozito.piles import PILES, can_draw, check_pile, draw, pile_name
from games.rules.dozito.rounds import end_round, finish, new_turn, players, seats_after

KEEP = ("hand", "grid")

WHAT_NOW = {
    "start": "pegue a carta do topo de uma pilha de descarte ou compre do baralho.",
    "place": "escolha o espaço da grade para o Coringa que você pegou.",
    "hand": "coloque a carta da mão no espaço dela ou descarte-a.",
    "clash": "fique com uma das duas cartas no espaço {slot} e descarte a outra.",
    "discard": "descarte a carta da mão numa das pilhas.",
}


def what_now(turn: dict[str, Any]) -> str:
    return WHAT_NOW[turn["phase"]].format(slot=turn["slot"])


def check_phase(state: State, *phases: str) -> None:
    turn = state["turn"]
    if turn["phase"] not in phases:
        raise IllegalAction(f"Agora não: {what_now(turn)}")


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


def next_turn(state: State, seat: int, rng: random.Random) -> list[Event]:
    last = state["last_turns"]
    if last == []:
        return end_round(state, rng)
    mover = last[0] if last is not None else seats_after(state, seat)[0]
    state["to_move"] = mover
    text = f"Último turno do {player(mover)}." if last is not None else f"Vez do {player(mover)}."
    return [event("turn", text, seat=mover)]


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
