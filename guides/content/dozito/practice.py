"""The Dozito guide's practice ("Treine"): position `number` is a two-player deal played by the
robots until the reader has a choice the robot tells apart; each answer (where to take a card
from, what to do with the one in hand) is judged, with its reason, by the robot's figures."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from games.bots import dozito as robot
from games.bots.dozito_board import Board
from games.bots.dozito_evaluation import WEIGHTS, Evaluation
from games.rendering import game_render
from games.rules.dozito import GAME, SLOTS, shown
from guides.content import Position, Verdict
from guides.content.dozito.deals import Action, Card
from guides.content.words import below_best, signed_points

PRACTICE_SEATS = 2


def practice_state(number: int) -> dict[str, Any]:
    """A two-player deal from `number`, played by robots until the reader (seat 0) is at the
    start of a turn or holds a card, with at least two choices the robot tells apart."""
    rng = random.Random(number)  # noqa: S311 - a fixed lot: the same guide every time
    while True:
        state = GAME.setup(PRACTICE_SEATS, {}, rng)
        moves = rng.randrange(6, 50)
        for done in range(400):
            if state["end"]:
                break
            seat = state["to_move"]
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            if seat == 0 and done >= moves and state["turn"]["phase"] in ("start", "hand"):
                values = sorted({round(v, 6) for _a, v in choice_values(view, legal)})
                if len(values) > 1 and values[-1] - values[-2] > 0.5:
                    return state
            action = robot.choose(view, legal, rng)
            state, _events = GAME.apply(state, seat, action, rng)


def choice_of(action: Action) -> str:
    if action["type"] == "take":
        return "comprar" if action["from"] == "draw" else f"pilha-{action['pile']}"
    if action["type"] == "place":
        return f"espaco-{action['slot']}"
    return "descartar"


def choice_values(view: dict[str, Any], legal: list[Action]) -> list[tuple[str, float]]:
    """The robot's value of each answer (a discard on its better pile)."""
    best: dict[str, float] = {}
    for action, value in robot.rate(view, legal):
        key = choice_of(action)
        best[key] = max(best.get(key, float("-inf")), value)
    return list(best.items())


def choice_label(view: dict[str, Any], key: str) -> str:
    hand = view["turn"]["hand"]
    if key == "comprar":
        return "Comprar do baralho"
    if key.startswith("pilha-"):
        pile = int(key.split("-")[1])
        return f"Pegar o {shown(view['discards'][pile]['top'])} da pilha {pile + 1}"
    if key.startswith("espaco-"):
        return f"Colocar o {shown(hand)} no espaço {key.split('-')[1]}"
    return f"Descartar o {shown(hand)}"


@lru_cache(maxsize=256)
def position(number: int) -> Position:
    state = practice_state(number)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    values = dict(choice_values(view, legal))
    # No move buttons: the live table's forms send on its socket, which a guide has not; the
    # answers are the practice form's own radios, posted to the guide (JavaScript or not).
    html = game_render("dozito", state, 0, names=["Você", "Robô"], buttons=False)
    if view["turn"]["phase"] == "start":
        question = "Sua vez: de onde você pega a carta?"
    else:
        question = f"Você está com o {shown(view['turn']['hand'])} na mão. O que faz com ele?"
    choices = tuple((key, choice_label(view, key)) for key in values)
    return Position(number, str(html), question, choices, {"state": state, "values": values})


def judge(position: Position, answer: str) -> Verdict:
    values = position.data["values"]
    state = position.data["state"]
    view = GAME.view(state, 0)
    best = max(values, key=lambda k: values[k])
    mine = values.get(answer, float("-inf"))
    good = mine >= values[best] - robot.TIE
    label = choice_label(view, best)
    text = f"Ele escolhe: {label}. {reason(view, best)}"
    if not good:
        text += " " + _(
            "Na conta do robô, a sua escolha dá %(gap)s, somando os pontos que a jogada faz "
            "agora e os que ela deixa para os próximos turnos."
        ) % {"gap": below_best(values[best] - mine)}
    return Verdict(best=good, text=text)


def decimal(value: float) -> str:
    """ "2,6": a figure the Brazilian way."""
    return f"{value:.1f}".replace(".", ",")


def reason(view: dict[str, Any], key: str) -> str:
    """Why the robot's choice, in plain words, from the same figures it weighs."""
    me = Board(view["grids"][0])
    turn = view["turn"]
    if key == "comprar":
        draw = Evaluation(view, WEIGHTS).draw_value()
        tops = [p["top"] for p in view["discards"] if p["top"]]
        gains = [(me.best_gain(top), top) for top in tops]
        said = ""
        if gains:
            gain, top = max(gains, key=lambda gt: gt[0])
            # A gain on a face-down slot is a float (the flip term): a whole number all the same.
            said = _("O melhor topo, o %(card)s, mudaria a grade em %(gain)s agora. ") % {
                "card": shown(top),
                "gain": signed_points(round(gain)),
            }
        return (
            f"{said}Uma carta comprada vale em média {decimal(draw)} na conta do robô: ela pode "
            "continuar uma corrente, ser um TURNO EXTRA, ou ser descartada se não servir."
        )
    if key.startswith("pilha-"):
        top = view["discards"][int(key.split("-")[1])]["top"]
        return placing_reason(me, top)
    if key.startswith("espaco-"):
        return placing_reason(me, turn["hand"], int(key.split("-")[1]))
    hand = turn["hand"]
    if hand["kind"] == "extra":
        return "Descartar um TURNO EXTRA dá outro turno na hora."
    return (
        "Colocada, a carta não ganharia pontos (ou desmancharia um grupo); descartada, ela "
        "encerra o turno sem estragar nada. O robô também olha se a carta ajuda o adversário "
        "antes de escolher a pilha."
    )


def placing_reason(me: Board, card_: Card, slot: int | None = None) -> str:
    if slot is None:
        slots = SLOTS if card_["kind"] == "coringa" else (card_["number"],)
        slot = max(slots, key=lambda s: me.gain(card_, s))
    gain = me.gain(card_, slot)
    down = me.cards[slot - 1] is None
    parts = [
        f"No espaço {slot}, o {shown(card_)} leva a grade de {me.score} a {me.score + gain} pontos"
    ]
    if card_["kind"] == "stop":
        parts.append("(os três sóis do STOP contam, mas ele encerra o turno)")
    elif down:
        parts.append("e vira mais uma carta, que pode continuar a corrente")
    return " ".join(parts) + "."
