"""Bozó's moves: roll, lift, hold, score a box, leave and claim inactivity, with the log lines
they write. Each takes the copy of the state `apply` made, changes it and returns the events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.rules import dice
from games.rules.base import Action, Event, IllegalAction, State, check_keys, event, player
from games.rules.bozo.cards import card_of, claim_refusal, finish
from games.rules.bozo.scoring import BOX_NAMES, BOXES, COMBINATIONS, is_general, score

FEMININE = frozenset({"quadra", "quina", "sena", "seguida", "quadrada"})


def in_box(box: str) -> str:
    """The box with its contracted article for the log: "no Full", "na Sena"."""
    return f"{'na' if box in FEMININE else 'no'} {BOX_NAMES[box]}"


def shown(faces: Sequence[int]) -> str:
    return ", ".join(str(face) for face in faces)


def roll(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    turn = state["turn"]
    thrown = dice.roll(turn, action, rng)
    how = "com copo" if turn["cup"] else "sem copo"
    text = f"{player(seat)} lançou {len(thrown)} dado{'s' * (len(thrown) > 1)} {how}"
    if turn["cup"]:  # the values stay under the cup: not a word about them
        return [event("roll", f"{text}.", seat=seat, count=len(thrown), cup=True)]
    hand = dice.hand(turn)
    text = f"{text}: {shown(hand)}."
    return [
        event("roll", text, seat=seat, count=len(thrown), cup=False, dice=hand),
        *general_de_boca(state, seat),
    ]


def lift(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    turn = state["turn"]
    dice.lift(turn, action)
    side = action["from"]
    how = "levantou o copo" if side == "top" else "cantou embaixo e levantou o copo"
    hand = dice.hand(turn)
    text = f"{player(seat)} {how}: {shown(hand)}."
    return [
        event("lift", text, seat=seat, dice=hand, **{"from": side}),
        *general_de_boca(state, seat),
    ]


def hold(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    turn = state["turn"]
    held = dice.hold(turn, action)
    text = f"guardou {shown([turn['dice'][i] for i in held])}" if held else "soltou todos os dados"
    return [event("hold", f"{player(seat)} {text}.", seat=seat, dice=held)]


def general_de_boca(state: State, seat: int) -> list[Event]:
    """With the option on, a General revealed by the first roll wins the game at once."""
    turn = state["turn"]
    if (
        state["options"]["general_de_boca_vence"]
        and turn["rolls"] == 1
        and dice.has_hand(turn)
        and is_general(dice.hand(turn))
    ):
        return finish(state, "general_de_boca", card_of(state)[seat])
    return []


def score_box(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action, "box")
    box = action.get("box")
    if not isinstance(box, str):
        raise IllegalAction("Informe a casa a marcar (campo “box”).")
    if box not in BOXES:
        raise IllegalAction(f"Casa desconhecida: {box}.")
    turn = state["turn"]
    if turn["rolls"] == 0:
        raise IllegalAction("Lance os dados antes de marcar uma casa.")
    if dice.is_covered(turn):
        raise IllegalAction("Levante o copo antes de marcar uma casa.")
    card = state["cards"][card_of(state)[seat]]
    if card[box] is not None:  # in duplas, even when the partner scored it, even with zero
        raise IllegalAction(f"A casa {BOX_NAMES[box]} já está preenchida.")
    first_roll = turn["rolls"] == 1
    bonus = state["options"]["bonus_de_boca"]
    points = score(box, dice.hand(turn), first_roll=first_roll, bonus=bonus)
    card[box] = points
    state["turns_taken"][seat] += 1
    de_boca = " (de boca)" if first_roll and bonus and box in COMBINATIONS and points else ""
    text = f"{player(seat)} marcou {points} {in_box(box)}{de_boca}."
    events = [event("score", text, seat=seat, box=box, points=points)]
    if all(None not in card.values() for card in state["cards"]):
        return [*events, *finish(state, "complete", None)]
    mover = state["to_move"] = (seat + 1) % state["seats"]
    state["turn"] = dice.new_turn()
    return [*events, event("turn", f"Vez do {player(mover)}.", seat=mover)]


def leave(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    events = [event("leave", f"{player(seat)} saiu da partida.", seat=seat)]
    if state["options"]["mode"] == "solo":  # the training just ends
        return [*events, *finish(state, "left", None)]
    return [*events, *finish(state, "left", 1 - card_of(state)[seat])]


def claim_inactivity(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    refusal = claim_refusal(state, seat)
    if refusal:
        raise IllegalAction(refusal)
    text = f"{player(seat)} pediu o encerramento por inatividade do {player(state['to_move'])}."
    events = [event("claim_inactivity", text, seat=seat)]
    return [*events, *finish(state, "inactivity", card_of(state)[seat])]


MOVES = {
    "roll": roll,
    "lift": lift,
    "hold": hold,
    "score": score_box,
    "leave": leave,
    "claim_inactivity": claim_inactivity,
}
ANY_TIME = ("leave", "claim_inactivity")  # the other moves belong to the player on turn
