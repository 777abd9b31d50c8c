"""The Dozito guide: the rules of games/rules/dozito/ (seed 002_be05d767234eac8d.txt and the
house rules of issue #5) told in words, worked rounds played by the engine from fixed deals, the
robot's weights (games/bots/dozito_evaluation.py) and practice positions judged by that robot.

Here, the page and its questions; the worked rounds are written in `scripts` (with the pieces of
`deals`) and played in `rounds`, the figures of the notes are `notes`, the practice positions
`practice`.
"""

from __future__ import annotations

from functools import cache

from games.bots.dozito_evaluation import WEIGHTS
from games.rules.dozito import GROUP_POINTS, SLOTS, new_deck
from guides.content import Page, Question
from guides.content.dozito.notes import (
    best_grid_without_twelve,
    deck_table,
    opening_draw_value,
    simulation,
)
from guides.content.dozito.practice import judge, position
from guides.content.dozito.rounds import play
from guides.content.dozito.scripts import SCRIPTS

__all__ = ["judge", "page", "position"]


FAQ = (
    Question(
        "Posso olhar as minhas cartas viradas para baixo?",
        "Não. Ninguém vê as cartas para baixo, nem o dono da grade; elas só aparecem quando uma "
        "carta colocada no espaço as vira.",
    ),
    Question(
        "Uma carta pega da pilha de descarte pode ser descartada de volta?",
        "Não. A carta pega de uma pilha vai direto para o espaço do seu número (o Coringa, para "
        "o espaço que você escolher). Só a carta comprada do baralho pode ser descartada logo.",
    ),
    Question(
        "O que acontece quando a carta virada é de um espaço que já tem carta virada?",
        "É um choque: você fica com uma das duas nesse espaço, descarta a outra numa pilha e o "
        "turno termina. Um Coringa virado nunca causa choque.",
    ),
    Question(
        "Coringa conta como qual cor?",
        "Como a cor dele: o Coringa azul faz grupo com cartas azuis. Ele não tem número nem sol; "
        "trocar um Coringa virado por uma carta numerada descarta o Coringa e encerra o turno.",
    ),
    Question(
        "Cartas viradas para baixo contam no fim da rodada?",
        "Não: elas não são reveladas e não valem nada, nem grupo, nem sol.",
    ),
    Question(
        "Jogando três rodadas, quem começa a segunda?",
        "Quem tem o menor total. Entre empatados, o primeiro deles na ordem da mesa depois de "
        "quem começou a rodada anterior.",
    ),
    Question(
        "E se o baralho de compra acabar?",
        "As duas pilhas de descarte, menos a carta do topo de cada uma, são embaralhadas e viram "
        "um novo baralho.",
    ),
)


@cache
def page() -> Page:
    rounds = [r for deal, scripts in SCRIPTS for r in play(deal, scripts)]
    sim = simulation()
    return Page(
        description=(
            "Como jogar Dozito: a grade 4x3, os grupos de uma cor, STOP, TURNO EXTRA e Coringas, "
            "o baralho de 75 cartas, a tabela de pontos, rodadas comentadas jogadas pelo motor "
            "do site e posições para treinar contra o robô."
        ),
        rounds=tuple(rounds),
        faq=FAQ,
        extra={
            "deck": deck_table(),
            "numbers": SLOTS,
            "group_points": sorted(GROUP_POINTS.items()),
            "best_grid": best_grid_without_twelve(),
            "weights": WEIGHTS,
            "turn_up": -WEIGHTS.down,
            "sim": sim,
            "draw_value": round(opening_draw_value(), 1),
            "cards": len(new_deck()),
        },
    )
