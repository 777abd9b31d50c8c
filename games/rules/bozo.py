"""Bozó: five dice, a cup and a card of ten boxes.

The scoring table is the one of the Bozó page (seed 000_5411d6f7a326aa7a.txt, "Pontuação desta
mesa"): the six number boxes score face x dice showing it; Full, Seguida, Quadrada and General
score a fixed value, five more when scored right after the first roll ("bônus de boca"). Five
equal dice count as Quadrada but not as Full; 1-3-4-5-6 is not a Seguida; there is no Chance, no
subtotal bonus and no automatic win (the option `general_de_boca_vence` adds the last one for
tables that play it).

The game follows the same page and issue #3: a turn is the shared dice turn of `dice.py` (up to
three rolls, holds, the cup and cantar embaixo); the player scores one open box after any revealed
roll and must score after the third, zero if need be. Modes: solo (one card, 10 turns), duelo (a
card each, 10 turns each) and duplas (Jade = seats 0 and 2, Âmbar = seats 1 and 3, one card per
team, order Jade 1, Âmbar 1, Jade 2, Âmbar 2, five turns each; a box a partner scored is closed).
When every card is full the best total wins and equal totals share the win; `leave` gives the game
to the other side (solo just ends) and `claim_inactivity` to the claimer's side.

State (a JSON dict):
    game, options, seats
    cards        one {box: points or None} per card (solo 1, duelo 2, duplas 2)
    to_move      the seat on turn, None once the game is over
    turn         the dice turn of the player on turn (`dice.new_turn()`)
    turns_taken  boxes scored by each seat
    end          None while playing, then {"reason": ..., "winners": [seats]}
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.rules import dice
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
from games.rules.dice import counts

BOXES = (
    "as",
    "duque",
    "terno",
    "quadra",
    "quina",
    "sena",
    "full",
    "seguida",
    "quadrada",
    "general",
)
BOX_NAMES = {
    "as": "Ás",
    "duque": "Duque",
    "terno": "Terno",
    "quadra": "Quadra",
    "quina": "Quina",
    "sena": "Sena",
    "full": "Full",
    "seguida": "Seguida",
    "quadrada": "Quadrada",
    "general": "General",
}
NUMBER_BOXES = {"as": 1, "duque": 2, "terno": 3, "quadra": 4, "quina": 5, "sena": 6}
# box -> (points, points right after the first roll)
COMBINATIONS = {"full": (20, 25), "seguida": (30, 35), "quadrada": (40, 45), "general": (50, 55)}
SEGUIDAS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def is_full(dice: Sequence[int]) -> bool:
    """Three equal and a pair of another face (five equal is not a Full)."""
    return sorted(n for n in counts(dice) if n) == [2, 3]


def is_seguida(dice: Sequence[int]) -> bool:
    return tuple(sorted(dice)) in SEGUIDAS


def is_quadrada(dice: Sequence[int]) -> bool:
    """At least four equal: five equal count too."""
    return max(counts(dice)) >= 4


def is_general(dice: Sequence[int]) -> bool:
    return max(counts(dice)) == 5


MATCHES = {"full": is_full, "seguida": is_seguida, "quadrada": is_quadrada, "general": is_general}


def score(box: str, dice: Sequence[int], *, first_roll: bool, bonus: bool = True) -> int:
    """Points `dice` are worth in `box`; `first_roll` adds the bônus de boca to combinations."""
    if box in NUMBER_BOXES:
        face = NUMBER_BOXES[box]
        return face * counts(dice)[face]
    if not MATCHES[box](dice):
        return 0
    plain, from_the_mouth = COMBINATIONS[box]
    return from_the_mouth if (first_roll and bonus) else plain


def scores(
    dice: Sequence[int], boxes: Iterable[str], *, first_roll: bool, bonus: bool = True
) -> dict[str, int]:
    """What each of `boxes` would give for `dice`: the values on the score buttons."""
    return {box: score(box, dice, first_roll=first_roll, bonus=bonus) for box in boxes}


# --- The game: modes, turns, ending -------------------------------------------------------------

# mode -> (seats, cards). Seat s plays card s % cards: solo [0], duelo [0, 1], duplas [0, 1, 0, 1],
# so in duplas Jade (seats 0 and 2) and Âmbar (seats 1 and 3) each share one card, and the plain
# seat order 0, 1, 2, 3 is Jade 1, Âmbar 1, Jade 2, Âmbar 2.
MODES = {"solo": (1, 1), "duelo": (2, 2), "duplas": (4, 2)}
TEAM_NAMES = ("Jade", "Âmbar")
REASONS = ("complete", "left", "inactivity", "general_de_boca")
FEMININE = frozenset({"quadra", "quina", "sena", "seguida", "quadrada"})


def in_box(box: str) -> str:
    """The box with its contracted article for the log: "no Full", "na Sena"."""
    return f"{'na' if box in FEMININE else 'no'} {BOX_NAMES[box]}"


def shown(faces: Sequence[int]) -> str:
    return ", ".join(str(face) for face in faces)


def card_total(card: dict[str, int | None]) -> int:
    return sum(points or 0 for points in card.values())


def open_boxes(card: dict[str, int | None]) -> list[str]:
    return [box for box in BOXES if card[box] is None]


def card_of(state: State) -> list[int]:
    cards = MODES[state["options"]["mode"]][1]
    return [seat % cards for seat in range(state["seats"])]


def side_seats(state: State, side: int) -> list[int]:
    return [seat for seat, card in enumerate(card_of(state)) if card == side]


def side_name(state: State, side: int) -> str:
    if state["options"]["mode"] == "duplas":
        return TEAM_NAMES[side]
    return player(side)


def names(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} e {parts[-1]}"


def turns_per_seat(state: State) -> int:
    seats, cards = MODES[state["options"]["mode"]]
    return len(BOXES) * cards // seats


def claim_refusal(state: State, seat: int) -> str | None:
    """Why `seat` may not claim inactivity now, or None when it may: only the side opposite the
    player on turn can claim (never that player, never a partner, never in solo)."""
    if state["options"]["mode"] == "solo":
        return "No treino solo não há reclamação por inatividade."
    if seat == state["to_move"]:
        return "Você está na vez: não pode reclamar inatividade."
    cards = card_of(state)
    if cards[seat] == cards[state["to_move"]]:
        return "Um parceiro não pode reclamar vitória contra a própria equipe."
    return None


# --- The moves: each takes a copy of the state, changes it and returns the events --------------


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


def finish(state: State, reason: str, side: int | None) -> list[Event]:
    """End the game. `side` is the winning card for leave, inactivity and General de boca;
    None for a complete game (the best totals win) and for leaving the solo training."""
    if reason == "complete":
        totals = [card_total(card) for card in state["cards"]]
        winners = [s for s, card in enumerate(card_of(state)) if totals[card] == max(totals)]
    else:
        winners = [] if side is None else side_seats(state, side)
    state["end"] = {"reason": reason, "winners": winners}
    state["to_move"] = None
    return [event("end", outcome(state)["text"], reason=reason, winners=winners)]


def outcome(state: State) -> dict[str, Any] | None:
    if not state["end"]:
        return None
    reason, winners = state["end"]["reason"], state["end"]["winners"]
    cards = card_of(state)
    totals = [card_total(card) for card in state["cards"]]
    scores = [totals[card] for card in cards]
    sides = sorted({cards[seat] for seat in winners})
    winner_names = names([side_name(state, side) for side in sides]) if sides else ""
    solo = state["options"]["mode"] == "solo"
    if reason == "complete" and solo:
        text = f"Treino concluído com {points_phrase(scores[0])}."
    elif reason == "complete" and len(sides) > 1:
        text = f"Empate em {max(totals)} pontos: vitória compartilhada entre {winner_names}."
    elif reason == "complete":
        text = f"{winner_names} venceu com {points_phrase(max(totals))}."
    elif reason == "left" and solo:
        text = "Treino encerrado."
    elif reason == "left":
        text = f"Partida encerrada por saída: {winner_names} venceu."
    elif reason == "inactivity":
        text = f"Partida encerrada por inatividade: {winner_names} venceu."
    else:
        text = f"General de boca: {winner_names} venceu."
    return {"winners": list(winners), "scores": scores, "reason": reason, "text": text}


def potential(state: State) -> dict[str, int]:
    """What each open box of the mover's card would give for the hand on the table: the values
    on the score buttons. Empty before the first roll, under the cup and after the game."""
    turn, mover = state["turn"], state["to_move"]
    if mover is None or not dice.has_hand(turn):
        return {}
    card = state["cards"][card_of(state)[mover]]
    bonus = state["options"]["bonus_de_boca"]
    return scores(dice.hand(turn), open_boxes(card), first_roll=turn["rolls"] == 1, bonus=bonus)


class Bozo(Rules):
    """Bozó for 1, 2 or 4 seats (modes solo, duelo, duplas).

    Options:
        mode                   "solo" (default, 1 seat), "duelo" (2 seats, a card each) or
                               "duplas" (4 seats, Jade = 0 and 2, Âmbar = 1 and 3, one card each).
        bonus_de_boca          True (default, as the seed): Full, Seguida, Quadrada and General
                               scored right after the first roll of the turn get five more points.
        general_de_boca_vence  False (default, as the seed: no automatic win). A variant some
                               tables play: a General revealed by the first roll of a turn (cup
                               lifted from the top or sung from below, or rolled without the cup)
                               wins the game at once for that player's side; nothing is scored.
    """

    slug = "bozo"
    move_events = frozenset({"score"})
    name = "Bozó"
    min_seats = 1
    max_seats = 4

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {
            "mode": ("solo", tuple(MODES)),
            "bonus_de_boca": (True, (True, False)),
            "general_de_boca_vence": (False, (False, True)),
        }

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        options = resolve_options(self.options(), options)
        check_seats(self, seats)
        mode = options["mode"]
        needed, cards = MODES[mode]
        if seats != needed:
            raise IllegalAction(f"O modo {mode} se joga com {needed} lugar{'es' * (needed > 1)}.")
        return {
            "game": self.slug,
            "options": options,
            "seats": seats,
            "cards": [dict.fromkeys(BOXES) for _ in range(cards)],
            "to_move": 0,
            "turn": dice.new_turn(),
            "turns_taken": [0] * seats,
            "end": None,  # {"reason": one of REASONS, "winners": [seats]} once the game is over
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["end"] else [state["to_move"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        check_seat(state, seat)
        if state["end"]:
            return []
        if seat != state["to_move"]:
            claim = [] if claim_refusal(state, seat) else [{"type": "claim_inactivity"}]
            return [{"type": "leave"}, *claim]
        turn = state["turn"]
        actions = dice.dice_actions(turn)
        if dice.has_hand(turn):
            card = state["cards"][card_of(state)[seat]]
            actions += [{"type": "score", "box": box} for box in open_boxes(card)]
        return [*actions, {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        check_seat(state, seat)
        kind = action_type(action, MOVES)
        if state["end"]:
            raise IllegalAction("A partida já terminou.")
        if kind not in ANY_TIME and seat != state["to_move"]:
            raise IllegalAction(NOT_YOUR_TURN)
        state = clone(state)
        return state, MOVES[kind](state, seat, action, rng)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) sees. Everything is public except the dice under the
        cup, which nobody sees, the roller included; so the view is the same for every seat."""
        if seat is not None:
            check_seat(state, seat)
        mode = state["options"]["mode"]
        teams = None
        if mode == "duplas":
            teams = [
                {"name": name, "seats": side_seats(state, side)}
                for side, name in enumerate(TEAM_NAMES)
            ]
        turn = state["turn"]
        return {
            "game": self.slug,
            "mode": mode,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "card_of": card_of(state),
            "teams": teams,
            "cards": [
                {"boxes": {box: card[box] for box in BOXES}, "total": card_total(card)}
                for card in state["cards"]
            ],
            "to_move": state["to_move"],
            "turn": {**dice.visible(turn), "rolls_left": dice.MAX_ROLLS - turn["rolls"]},
            "potential": potential(state),
            "turns_taken": list(state["turns_taken"]),
            "turns_per_seat": turns_per_seat(state),
            "finished": state["end"] is not None,
            "outcome": outcome(state),
        }


GAME = Bozo()


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: in Bozó only the dice under the cup, hidden from every
    seat alike. For tests and robots that must not depend on what they cannot see."""
    if seat is not None:
        check_seat(state, seat)
    state = clone(state)
    dice.redeal_covered(state["turn"], rng)
    return state
