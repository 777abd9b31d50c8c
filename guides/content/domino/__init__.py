"""The Dominó de pontos guide: hands played by the rules engine (games.rules.domino) and its
robot (games.bots.domino), drawn with the live table's templates (games/jinja2/games/domino/).

Here, the page and its questions; the worked rounds are `rounds`, what the robot weighs, in
words, is `weighing`, the figures of the notes are `notes`, the practice positions `practice`,
and `table` holds what they share.
"""

from __future__ import annotations

import functools

from games.bots import domino as bot
from games.rules import domino as rules
from games.rules.domino import PAIR_NAMES
from guides.content import Page, Question
from guides.content.domino.notes import bucho_example, strategy_numbers
from guides.content.domino.practice import judge, position
from guides.content.domino.rounds import ROUNDS, simples_round, worked_round

__all__ = ["judge", "page", "position"]


FAQ = (
    Question(
        "Quantos pontos vale uma partida?",
        "A partida vai a 200. Ela é decidida no fim da mão: quando uma dupla tem 200 ou mais, "
        "vence a dupla com mais pontos; empatadas, joga-se mais uma mão. O jogo é melhor de 3 "
        "partidas.",
    ),
    Question(
        "Quando a soma das pontas marca?",
        "Depois de cada jogada, somam-se as pontas abertas. Se a soma for múltiplo de 5 (5, 10, "
        "15...), a dupla de quem jogou marca a soma. Uma carroça na ponta conta os dois lados.",
    ),
    Question(
        "O bucho conta na soma?",
        "Sozinho, o bucho conta inteiro (o 6|6 vale 12). Enquanto só um lado dele tem pedra, o "
        "lado vazio conta o bucho de novo: dobrado (12) na regra da mesa padrão, ou simples (6) "
        "na opção 'bucho simples'. Quando os dois lados têm pedra, o bucho sai da conta e abrem "
        "cima e baixo.",
    ),
    Question(
        "O que é o galo?",
        "Você joga e os três outros passam, e a vez volta para você: sua dupla marca 50, no "
        "lugar dos passes.",
    ),
    Question(
        "Se meu parceiro passa, a gente perde pontos?",
        "O passe dá 20 à dupla de quem jogou por último. Se quem passa é o parceiro de quem "
        "jogou, ninguém marca.",
    ),
    Question(
        "O que é a garagem?",
        "Quando alguém bate (fica sem pedras), a dupla dele leva os pontos que sobraram nas "
        "mãos da dupla adversária, arredondados para baixo no múltiplo de 5. Batendo com uma "
        "carroça, ganha mais 20: a batida de carroça.",
    ),
    Question(
        "E se ninguém conseguir jogar?",
        "É o jogo fechado: soma-se a mão de cada dupla, e a dupla com mais pontos dá essa soma, "
        "arredondada para baixo no múltiplo de 5, para a outra. Empate: ninguém marca. A mão "
        "seguinte começa de novo com a carroça de sena.",
    ),
)


@functools.cache
def page() -> Page:
    rounds = (*(worked_round(*spec) for spec in ROUNDS), simples_round())
    extra = {
        "constants": {
            "passe": rules.PASSE,
            "galo": rules.GALO,
            "batida": rules.BATIDA_DE_CARROCA,
            "sem_carroca": rules.SEM_CARROCA,
            "target": rules.TARGET,
            "matches": rules.MATCHES_TO_WIN,
            "redeal": rules.REDEAL_DOUBLES,
        },
        "bucho": {lado: bucho_example(lado) for lado in ("dobrado", "simples")},
        "weights": dict(bot.WEIGHTS),
        "going_out": dict(bot.GOING_OUT),
        "strategy": strategy_numbers(),
        "pairs": PAIR_NAMES,
    }
    description = (
        "Como jogar Dominó de pontos em duplas: a soma das pontas em múltiplos de 5, o bucho, "
        "passe, galo, batida de carroça, garagem e jogo fechado, com mãos comentadas e "
        "posições para treinar."
    )
    return Page(description, rounds, FAQ, extra)
