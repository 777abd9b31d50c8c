"""Yam's moves: roll, lift, hold, score or strike a box, leave and claim inactivity, then who
plays next and how the game ends. Each works on the clone `apply` made and returns the events.

From the Yam's page (seed 003_c47abb5cbfb248f6.txt), settled by issue #3: a turn is the shared
five dice and cup of `dice.py`: up to three rolls, then exactly one allowed box: `score` writes
what the dice give, `strike` ("riscar") writes 0 in any allowed box, even one the dice would
fill. The game ends when every remaining player's card is full; the highest total wins and equal
totals share the win.

House rules where the page and the issue are silent:
    leave             the player's card stays on the table but they get no more turns and cannot
                      win; alone at the table, the game just ends without a winner; when one
                      player of several remains, that player wins.
    claim_inactivity  any other remaining player may claim against the player on turn (the site
                      decides when it is offered); that player is removed as with `leave`.
    reason            the action that ends the game names it: a score "complete", a leave
                      "left", a claim "inactivity".
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import dice
from games.rules.base import (
    Action,
    Event,
    IllegalAction,
    State,
    check_keys,
    event,
    player,
    points_phrase,
)
from games.rules.yams.card import (
    card_full,
    check_allowed,
    check_more_rolls,
    check_name,
    check_turn,
    faces,
    remaining,
    rolls_allowed,
    total,
)
from games.rules.yams.scoring import (
    BONUS,
    BOX_NAMES,
    COLUMN_NAMES,
    FEMININE,
    column_totals,
    score,
)


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
    check_more_rolls(state)
    turn = state["turn"]
    chosen = dice.hold(turn, action, rolls_allowed(state))
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
