"""The end of a hand (batida, garagem, jogo fechado), of a match and of the game in Dominó de
pontos, and the outcome the table shows.

A choice where issue #4 is silent: after a tied match past 200 the next hand opens as usual (who
went out, or the 6|6 after a jogo fechado).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.rules.base import Event, State, event, player
from games.rules.domino.deal import start_hand
from games.rules.domino.scoring import BATIDA_DE_CARROCA, MATCHES_TO_WIN, TARGET, score
from games.rules.domino.tiles import (
    PAIR_NAMES,
    SEATS,
    down_to_5,
    is_double,
    pair_of,
    pair_seats,
    pips,
)


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
