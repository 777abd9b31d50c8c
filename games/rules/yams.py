"""Yam's: the French Yahtzee played in columns.

Rules from the Yam's page (seed 003_c47abb5cbfb248f6.txt), settled by issue #3: 1 to 8 players,
each with a card of 1, 3 or 4 columns (Livre; Descida, Livre, Subida; and Seca). Descida fills
strictly top to bottom, Subida strictly bottom to top, Livre in any order, Seca only with the
first roll of the turn (a player left with Seca boxes only scores after the first roll). Uns..Seis
score the sum of that face, +35 per column whose subtotal reaches 63; Máx and Mín score the sum of
the dice and, once both are filled, Máx must beat Mín or both count zero. A turn is the shared
five dice and cup of `dice.py`: up to three rolls, then exactly one allowed box: `score` writes
what the dice give, `strike` ("riscar") writes 0 in any allowed box, even one the dice would
fill. The game ends when every remaining player's card is full; the highest total wins and
equal totals share the win.

Options, defaulting to the normal game of the seed page:
    columns  1 | 3 | 4 (default 3: Descida, Livre, Subida; "jogue com 1, 3 ou 4 colunas")
    max_min  true | false (default true: the page plays them and says they "podem ser
             desativados"; off removes both boxes, leaving 13 per column)

House rules where the page and the issue are silent:
    leave             the player's card stays on the table but they get no more turns and cannot
                      win; alone at the table, the game just ends without a winner; when one
                      player of several remains, that player wins.
    claim_inactivity  any other remaining player may claim against the player on turn (the site
                      decides when it is offered); that player is removed as with `leave`.
    reason            the action that ends the game names it: a score "complete", a leave
                      "left", a claim "inactivity".
    seca              "anuncie antes de marcar" needs no action of its own: the score right
                      after the first roll is the announcement; holding without rerolling keeps
                      Seca open.
    potential         the points written in each allowed box of the player on turn for the hand
                      on the table, in every view (that hand is public); Máx and Mín at face
                      value, whether they void each other shows in the totals.

State:
    game, options, seats
    columns, boxes   the column and box names in play, in card order (lists, so the order
                     survives a JSON store that reorders keys)
    cards            per seat {column: {box: points or None}}
    left             per seat, True once the player left or was claimed inactive
    to_move          the seat on turn (None when over); turn: the `dice.py` turn
    turns            scored turns so far; finished, reason
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.rules import base, dice
from games.rules.base import (
    NOT_YOUR_TURN,
    Action,
    Event,
    IllegalAction,
    Rules,
    State,
    check_keys,
    event,
    player,
    points_phrase,
)
from games.rules.dice import counts

BOXES = (
    "uns",
    "dois",
    "tres",
    "quatro",
    "cinco",
    "seis",
    "max",
    "min",
    "trinca",
    "quadra",
    "full",
    "pequena",
    "grande",
    "yams",
    "chance",
)
BOX_NAMES = {
    "uns": "Uns",
    "dois": "Dois",
    "tres": "Três",
    "quatro": "Quatro",
    "cinco": "Cinco",
    "seis": "Seis",
    "max": "Máx",
    "min": "Mín",
    "trinca": "Trinca",
    "quadra": "Quadra",
    "full": "Full",
    "pequena": "Sequência pequena",
    "grande": "Sequência grande",
    "yams": "Yam's",
    "chance": "Chance",
}
UPPER = {"uns": 1, "dois": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6}
BONUS_THRESHOLD = 63
BONUS = 35
COLUMN_SETS = {
    1: ("livre",),
    3: ("descida", "livre", "subida"),
    4: ("descida", "livre", "subida", "seca"),
}
COLUMN_NAMES = {"descida": "Descida", "livre": "Livre", "subida": "Subida", "seca": "Seca"}


def boxes_in_play(max_min: bool) -> tuple[str, ...]:
    """The boxes of a column, top to bottom; without Máx/Mín both are left out."""
    return BOXES if max_min else tuple(box for box in BOXES if box not in ("max", "min"))


def score(box: str, dice: Sequence[int]) -> int:
    """Points `dice` are worth in `box` (Máx/Mín checked only in `column_totals`)."""
    tally = counts(dice)
    if box in UPPER:
        face = UPPER[box]
        return face * tally[face]
    if box in ("max", "min", "chance"):
        return sum(dice)
    if box == "trinca":
        return next((3 * face for face in range(1, 7) if tally[face] >= 3), 0)
    if box == "quadra":
        return next((4 * face for face in range(1, 7) if tally[face] >= 4), 0)
    if box == "full":
        return 25 if sorted(n for n in tally if n) == [2, 3] else 0
    if box == "pequena":
        return 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == "grande":
        return 40 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == "yams":
        return 50 if max(tally) == 5 else 0
    raise KeyError(box)


def column_totals(column: Mapping[str, int | None], *, max_min: bool) -> dict[str, int | bool]:
    """Subtotal, bonus, Máx/Mín standing and total of one column (None = box still open)."""
    upper = sum(column.get(box) or 0 for box in UPPER)
    bonus = BONUS if upper >= BONUS_THRESHOLD else 0
    high, low = column.get("max"), column.get("min")
    max_min_void = bool(max_min and high is not None and low is not None and high <= low)
    middle = 0 if (not max_min or max_min_void) else (high or 0) + (low or 0)
    lower = sum(column.get(box) or 0 for box in BOXES[8:])
    return {
        "upper": upper,
        "bonus": bonus,
        "max_min": middle,
        "max_min_void": max_min_void,
        "lower": lower,
        "total": upper + bonus + middle + lower,
    }


# The game: a card per player, the shared five-dice turn, and who plays next.

SECA_ONLY = "Só restam casas na Seca: marque o resultado do primeiro lance."
ACTIONS = ("roll", "lift", "hold", "score", "strike", "leave", "claim_inactivity")
FEMININE = {"trinca", "quadra", "pequena", "grande"}


def faces(values: Sequence[int]) -> str:
    return ", ".join(str(value) for value in values)


def open_boxes(state: State, seat: int, column: str) -> list[str]:
    """The open boxes of one column, top to bottom (the state's lists keep the order: a JSON
    store such as PostgreSQL's jsonb may reorder the keys of a dict)."""
    filled = state["cards"][seat][column]
    return [box for box in state["boxes"] if filled[box] is None]


def allowed_in_column(column: str, open_: list[str], *, first_roll: bool) -> list[str]:
    """Which of a column's open boxes (top to bottom) may be scored now."""
    if column == "descida":
        return open_[:1]
    if column == "subida":
        return open_[-1:]
    if column == "seca" and not first_roll:
        return []
    return open_


def allowed(state: State) -> dict[str, list[str]]:
    """The boxes the player on turn may score now, per column; none before a revealed roll."""
    turn, seat = state["turn"], state["to_move"]
    if seat is None or not dice.has_hand(turn):
        return {}
    boxes = {}
    for column in state["columns"]:
        open_ = open_boxes(state, seat, column)
        chosen = allowed_in_column(column, open_, first_roll=turn["rolls"] == 1)
        if chosen:
            boxes[column] = chosen
    return boxes


def only_seca_open(state: State, seat: int) -> bool:
    return "seca" in state["columns"] and not any(
        open_boxes(state, seat, column) for column in state["columns"] if column != "seca"
    )


def rolls_allowed(state: State) -> int:
    """Three rolls, or one when only Seca boxes are left: Seca takes only the first roll."""
    return 1 if only_seca_open(state, state["to_move"]) else dice.MAX_ROLLS


def card_full(state: State, seat: int) -> bool:
    return not any(open_boxes(state, seat, column) for column in state["columns"])


def remaining(state: State) -> list[int]:
    return [seat for seat in range(state["seats"]) if not state["left"][seat]]


def totals(state: State, seat: int) -> dict[str, dict[str, int | bool]]:
    card, max_min = state["cards"][seat], state["options"]["max_min"]
    return {column: column_totals(card[column], max_min=max_min) for column in state["columns"]}


def total(state: State, seat: int) -> int:
    return sum(int(column["total"]) for column in totals(state, seat).values())


# Checks: each raises IllegalAction with the sentence the player reads.


def check_turn(state: State, seat: int) -> None:
    if seat != state["to_move"]:
        raise IllegalAction(NOT_YOUR_TURN)


def check_name(value: Any, in_play: Sequence[str], what: str) -> str:
    if type(value) is not str or value not in in_play:
        raise IllegalAction(f"{what} inexistente nesta mesa: use {', '.join(in_play)}.")
    return value


def check_allowed(state: State, column: str, box: str) -> None:
    turn = state["turn"]
    if turn["covered"]:
        raise IllegalAction("Levante o copo antes de marcar uma casa.")
    if turn["rolls"] == 0:
        raise IllegalAction("Lance os dados antes de marcar uma casa.")
    where = f"{BOX_NAMES[box]} da coluna {COLUMN_NAMES[column]}"
    open_ = open_boxes(state, state["to_move"], column)
    if box not in open_:
        raise IllegalAction(f"A casa {where} já está preenchida.")
    if box in allowed_in_column(column, open_, first_roll=turn["rolls"] == 1):
        return
    if column == "descida":
        raise IllegalAction(
            f"A Descida se preenche de cima para baixo: a próxima casa é {BOX_NAMES[open_[0]]}."
        )
    if column == "subida":
        raise IllegalAction(
            f"A Subida se preenche de baixo para cima: a próxima casa é {BOX_NAMES[open_[-1]]}."
        )
    raise IllegalAction("A Seca só aceita o resultado do primeiro lance deste turno.")


def check_more_rolls(state: State) -> None:
    turn = state["turn"]
    if rolls_allowed(state) == 1 and turn["rolls"] >= 1 and not turn["covered"]:
        raise IllegalAction(SECA_ONLY)


# The verbs. Each works on the clone `apply` made and returns the events.


def do_roll(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_turn(state, seat)
    check_keys(action, "cup")
    check_more_rolls(state)
    turn = state["turn"]
    thrown = dice.roll(turn, action, rng, rolls_allowed(state))
    if turn["covered"]:
        count = f"{len(thrown)} dado" + ("s" if len(thrown) > 1 else "")
        text = f"{player(seat)} lançou {count} com o copo."
        return [event("roll", text, seat=seat, cup=True, thrown=thrown)]
    hand = dice.hand(turn)
    text = f"{player(seat)} lançou os dados: {faces(hand)}."
    return [event("roll", text, seat=seat, cup=False, thrown=thrown, dice=hand)]


def do_lift(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_turn(state, seat)
    dice.lift(state["turn"], action)
    hand = dice.hand(state["turn"])
    how = "levantou o copo" if action["from"] == "top" else "cantou embaixo"
    text = f"{player(seat)} {how}: {faces(hand)}."
    return [event("lift", text, seat=seat, side=action["from"], dice=hand)]


def do_hold(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_turn(state, seat)
    chosen = dice.parse_hold(action)
    check_more_rolls(state)
    turn = state["turn"]
    dice.hold(turn, action, rolls_allowed(state))
    kept = [turn["dice"][i] for i in chosen]
    text = f"{player(seat)} guardou {faces(kept)}." if kept else f"{player(seat)} soltou os dados."
    return [event("hold", text, seat=seat, dice=chosen)]


def do_score(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_turn(state, seat)
    check_keys(action, "column", "box")
    column = check_name(action.get("column"), state["columns"], "Coluna")
    box = check_name(action.get("box"), state["boxes"], "Casa")
    strike = action["type"] == "strike"
    check_allowed(state, column, box)
    points = 0 if strike else score(box, dice.hand(state["turn"]))
    return write(state, seat, column, box, points)


def write(state: State, seat: int, column: str, box: str, points: int, **fields) -> list[Event]:
    """Write `points` in `box` of `column` on `seat`'s card (in place), say so with the bonus
    or the voided Máx/Mín it brings, and pass the turn (a live score, a real-dice entry)."""
    before = column_totals(state["cards"][seat][column], max_min=state["options"]["max_min"])
    state["cards"][seat][column][box] = points
    after = column_totals(state["cards"][seat][column], max_min=state["options"]["max_min"])
    name = COLUMN_NAMES[column]
    text = scored_text(seat, column, box, points)
    if after["bonus"] and not before["bonus"]:
        text += f" Bônus de {BONUS} na coluna {name}!"
    if box in ("max", "min") and after["max_min_void"]:
        text += f" O Máx não superou o Mín: as duas casas da coluna {name} valem 0."
    events = [event("score", text, seat=seat, column=column, box=box, points=points, **fields)]
    state["turns"] += 1
    return events + pass_turn(state, "complete")


def scored_text(seat: int, column: str, box: str, points: int) -> str:
    """The log line: "Jogador 2 marcou 25 no Full da coluna Livre", or a box struck for 0."""
    feminine = box in FEMININE
    where = f"{BOX_NAMES[box]} da coluna {COLUMN_NAMES[column]}"
    if points:
        return f"{player(seat)} marcou {points} {'na' if feminine else 'no'} {where}."
    return f"{player(seat)} riscou {'a' if feminine else 'o'} {where} (0 pontos)."


def do_leave(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    events = [event("leave", f"{player(seat)} saiu da partida.", seat=seat)]
    return events + remove(state, seat, "left")


def do_claim(state: State, seat: int, action: Action, rng: random.Random) -> list[Event]:
    check_keys(action)
    mover = state["to_move"]
    if seat == mover:
        raise IllegalAction("Você não pode reivindicar inatividade contra si mesmo.")
    text = f"{player(seat)} reivindicou a inatividade do {player(mover)}, que sai da partida."
    events = [event("claim_inactivity", text, seat=seat, against=mover)]
    return events + remove(state, mover, "inactivity")


HANDLERS = {
    "roll": do_roll,
    "lift": do_lift,
    "hold": do_hold,
    "score": do_score,
    "strike": do_score,
    "leave": do_leave,
    "claim_inactivity": do_claim,
}


def remove(state: State, seat: int, reason: str) -> list[Event]:
    """House rule: a player who leaves (or is claimed inactive) keeps the card but no more turns
    and cannot win; the last player left in a game of several wins."""
    state["left"][seat] = True
    players = remaining(state)
    if not players or (state["seats"] > 1 and len(players) == 1):
        return finish(state, reason)
    if seat == state["to_move"]:
        return pass_turn(state, reason)
    return []


def pass_turn(state: State, reason: str) -> list[Event]:
    """Hand the dice to the next remaining player with an open box, or end the game."""
    state["turn"] = dice.new_turn()
    seats, current = state["seats"], state["to_move"]
    for step in range(1, seats + 1):
        seat = (current + step) % seats
        if not state["left"][seat] and not card_full(state, seat):
            state["to_move"] = seat
            return [event("turn", f"Vez do {player(seat)}.", seat=seat)]
    return finish(state, reason)


def finish(state: State, reason: str) -> list[Event]:
    state.update(finished=True, reason=reason, to_move=None, turn=dice.new_turn())
    return [event("end", outcome_text(outcome(state)), seat=None)]


def outcome(state: State) -> dict[str, Any] | None:
    if not state["finished"]:
        return None
    scores = [total(state, seat) for seat in range(state["seats"])]
    players = remaining(state)
    best = max((scores[seat] for seat in players), default=None)
    winners = [seat for seat in players if scores[seat] == best]
    result = {"winners": winners, "scores": scores, "reason": state["reason"]}
    result["text"] = outcome_text(result)
    return result


def outcome_text(result: dict[str, Any]) -> str:
    winners, scores = result["winners"], result["scores"]
    if not winners:
        return "Partida encerrada sem vencedor."
    points = scores[winners[0]]
    if len(winners) == 1:
        return f"{player(winners[0])} venceu com {points_phrase(points)}."
    names = ", ".join(player(seat) for seat in winners[:-1]) + f" e {player(winners[-1])}"
    return f"Empate: {names} venceram com {points_phrase(points)}."


def potential(state: State) -> dict[str, dict[str, int]]:
    """What each allowed box would get for the hand on the table (the value on its button)."""
    if not dice.has_hand(state["turn"]):
        return {}
    hand = dice.hand(state["turn"])
    return {
        column: {box: score(box, hand) for box in boxes} for column, boxes in allowed(state).items()
    }


def card_view(state: State, seat: int) -> dict[str, Any]:
    card = state["cards"][seat]
    return {
        "columns": {
            column: {box: card[column][box] for box in state["boxes"]}
            for column in state["columns"]
        },
        "totals": totals(state, seat),
        "total": total(state, seat),
        "left": state["left"][seat],
    }


class Yams(Rules):
    slug = "yams"
    move_events = frozenset({"score"})
    name = "Yam's"
    min_seats = 1
    max_seats = 8

    def options(self) -> dict[str, tuple[Any, tuple[Any, ...]]]:
        return {"columns": (3, (1, 3, 4)), "max_min": (True, (True, False))}

    def setup(self, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        seats = base.check_seats(self, seats)
        chosen = base.resolve_options(self.options(), options)
        columns = list(COLUMN_SETS[chosen["columns"]])
        boxes = list(boxes_in_play(chosen["max_min"]))
        return {
            "game": self.slug,
            "options": chosen,
            "seats": seats,
            "columns": columns,
            "boxes": boxes,
            "cards": [{c: {b: None for b in boxes} for c in columns} for _ in range(seats)],
            "left": [False] * seats,
            "to_move": 0,
            "turn": dice.new_turn(),
            "turns": 0,
            "finished": False,
            "reason": None,
        }

    def to_act(self, state: State) -> list[int]:
        return [] if state["to_move"] is None else [state["to_move"]]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        seat = base.check_seat(state, seat)
        if state["finished"] or state["left"][seat]:
            return []
        if seat != state["to_move"]:
            return [{"type": "leave"}, {"type": "claim_inactivity"}]
        actions = dice.dice_actions(state["turn"], rolls_allowed(state))
        for column, boxes in allowed(state).items():
            actions += [{"type": "score", "column": column, "box": box} for box in boxes]
            if dice.has_hand(state["turn"]):
                # Any allowed box may be struck for zero, even one the dice would fill.
                hand = dice.hand(state["turn"])
                actions += [
                    {"type": "strike", "column": column, "box": box}
                    for box in boxes
                    if score(box, hand)
                ]
        return [*actions, {"type": "leave"}]

    def apply(
        self, state: State, seat: int, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        if state["finished"]:
            raise IllegalAction("A partida já terminou.")
        seat = base.check_seat(state, seat)
        kind = base.action_type(action, ACTIONS)
        if state["left"][seat]:
            raise IllegalAction("Você já saiu desta partida.")
        new = base.clone(state)
        return new, HANDLERS[kind](new, seat, action, rng)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            seat = base.check_seat(state, seat)
        mover = state["to_move"]
        turn = dice.visible(state["turn"])
        turn["rolls_left"] = 0 if mover is None else rolls_allowed(state) - turn["rolls"]
        return {
            "game": self.slug,
            "options": dict(state["options"]),
            "seat": seat,
            "seats": state["seats"],
            "columns": list(state["columns"]),
            "boxes": list(state["boxes"]),
            "cards": [card_view(state, s) for s in range(state["seats"])],
            "to_move": mover,
            "turn": turn,
            "potential": potential(state),
            "finished": state["finished"],
            "outcome": outcome(state),
        }

    def outcome(self, state: State) -> dict[str, Any] | None:
        return outcome(state)


GAME = Yams()


def redeal(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` where everything `view(state, seat)` hides from `seat` (None: a
    spectator) is dealt again at random: in Yam's only the dice under the cup, hidden from every
    seat alike. For tests and robots that must not depend on what they cannot see."""
    if seat is not None:
        base.check_seat(state, seat)
    state = base.clone(state)
    dice.redeal_covered(state["turn"], rng)
    return state


# Real dice: the score-keeper ("marcador", /yams/marcador/) writes what dice rolled around a real
# table gave, with no rng and no cup. The same checks as a score at a live table: the player on
# turn, an allowed box of that column, Seca only with the first roll, then the turn passes.


def possible_points(box: str) -> tuple[int, ...]:
    """Every value `box` can hold: what some five dice give there, or 0 when struck."""
    return POSSIBLE[box]


POSSIBLE = {
    box: tuple(sorted({0} | {score(box, hand) for hand, _ in dice.roll_outcomes(dice.DICE)}))
    for box in BOXES
}


def points_text(box: str) -> str:
    """The values of a box in words: "0, 25", "de 5 a 30 (ou 0, riscada)"."""
    values = [value for value in POSSIBLE[box] if value]
    if len(values) > 6:
        return f"de {values[0]} a {values[-1]} (ou 0, riscada)"
    shown = ", ".join(str(value) for value in [0, *values[:-1]])
    return f"{shown} ou {values[-1]}"


def check_dice(values: Any) -> list[int]:
    if (
        not isinstance(values, list)
        or len(values) != dice.DICE
        or any(type(value) is not int or value not in dice.FACES for value in values)
    ):
        raise IllegalAction("Informe os cinco dados, cada um com um valor de 1 a 6.")
    return list(values)


def check_points(box: str, points: Any, hand: list[int] | None) -> int:
    """The points to write: what `hand` gives in `box` (or 0, struck), or a value it can hold."""
    article = "a" if box in FEMININE else "o"
    name = f"a casa {BOX_NAMES[box]}" if box in UPPER else f"{article} {BOX_NAMES[box]}"
    if hand is not None:
        given = score(box, hand)
        if points is None:
            return given
        if type(points) is int and points in (0, given):
            return points
        worth = f"{given} (ou 0, riscada)" if given else "0"
        raise IllegalAction(f"Com os dados {faces(hand)}, {name} vale {worth}.")
    if type(points) is not int or points not in POSSIBLE[box]:
        raise IllegalAction(f"{name[0].upper()}{name[1:]} só pode valer {points_text(box)}.")
    return points


def revealed_turn(hand: list[int] | None, first_roll: bool) -> dice.Turn:
    """The turn the rules' own checks read: a hand on the table, after the first roll or a
    later one (the dice themselves matter only to the text)."""
    turn = dice.new_turn()
    turn["dice"] = hand or [0] * dice.DICE
    turn["rolls"] = 1 if first_roll else dice.MAX_ROLLS
    return turn


def record(
    state: State,
    seat: int,
    column: str,
    box: str,
    dice: Sequence[int] | None = None,
    points: int | None = None,
    first_roll: bool = False,
) -> tuple[State, list[Event]]:
    """Write one turn of real dice: the five `dice` (their points in `box`, or `points` 0 to
    strike it) or, without dice, the `points` the player says the box got. Raises IllegalAction
    and leaves `state` untouched when the rules refuse it; otherwise the turn passes as after a
    score at a live table."""
    if state["finished"]:
        raise IllegalAction("A partida já terminou.")
    seat = base.check_seat(state, seat)
    if state["left"][seat]:
        raise IllegalAction("Você já saiu desta partida.")
    check_turn(state, seat)
    if type(first_roll) is not bool:
        raise IllegalAction("Diga se foi o primeiro lance com verdadeiro ou falso.")
    column = check_name(column, state["columns"], "Coluna")
    box = check_name(box, state["boxes"], "Casa")
    hand = None if dice is None else check_dice(dice)
    if hand is None and points is None:
        raise IllegalAction("Informe os cinco dados ou os pontos da casa.")
    points = check_points(box, points, hand)
    new = base.clone(state)
    new["turn"] = revealed_turn(hand, first_roll)
    check_allowed(new, column, box)
    return new, write(new, seat, column, box, points, dice=hand, first_roll=first_roll)
