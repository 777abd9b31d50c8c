"""The Yam's guide: rounds played by games/rules/yams/ with scripted dice and drawn with the
live table's templates (games/jinja2/games/yams/), the robot's numbers (games/bots/yams_*.py),
and practice positions judged by the robot's `advise`.

Here, the page and its questions; the worked rounds are `rounds`, the figures of the notes
`notes`, the practice positions `practice`.
"""

from __future__ import annotations

from functools import cache

from games.bots import yams_exact
from games.rules.yams import BONUS, BONUS_THRESHOLD
from guides.content import Page, Question
from guides.content.yams.notes import (
    chances,
    column_values,
    max_min_values,
    normal_game,
    sheet,
)
from guides.content.yams.practice import judge, position
from guides.content.yams.rounds import SCRIPTS, worked_round

__all__ = ["judge", "page", "position"]


FAQ = (
    Question(
        "O que é a coluna Seca no Yam's?",
        "Uma coluna que só aceita o resultado do primeiro lance do turno, sem relançar nenhum "
        "dado, em qualquer casa e em qualquer ordem. Marcar ali logo depois do primeiro lance é "
        "o anúncio; se você relançar, a Seca fica fora deste turno.",
    ),
    Question(
        "Como funcionam o Máx e o Mín?",
        "Cada uma recebe a soma dos cinco dados. Quando as duas estão marcadas, o Máx tem que "
        "ser estritamente maior que o Mín da mesma coluna; se for igual ou menor, as duas casas "
        "valem 0. Dá para jogar sem elas: a opção é escolhida ao abrir a mesa.",
    ),
    Question(
        "Quanto vale o bônus?",
        f"{BONUS} pontos por coluna, assim que a soma de Uns a Seis dessa coluna chega a "
        f"{BONUS_THRESHOLD}. Três dados de cada face dão exatamente {BONUS_THRESHOLD}.",
    ),
    Question(
        "Posso riscar uma casa?",
        "Sim: qualquer casa que as regras aceitam no momento pode ser riscada e vale 0, até uma "
        "em que os dados marcariam pontos. Na Descida e na Subida você só risca a próxima casa "
        "da ordem.",
    ),
    Question(
        "E se eu não tiver casa boa na Descida?",
        "A Descida só aceita a primeira casa aberta de cima para baixo (e a Subida, a última). "
        "Se os dados não servem para ela, marque em outra coluna ou aceite o que a casa dá, "
        "mesmo que seja 0.",
    ),
    Question(
        "Qual a diferença entre Yam's e Yahtzee?",
        "O Yahtzee tem uma única coluna, preenchida em qualquer ordem. O Yam's junta colunas "
        "com ordem obrigatória (Descida, Subida), a Seca de um lance só e, em geral, as casas "
        "Máx e Mín.",
    ),
    Question(
        "Quantas pessoas podem jogar?",
        "De 1 a 8. Sozinho, o objetivo é bater o próprio recorde; com mais gente, vence o maior "
        "total somando todas as colunas, e totais iguais dividem a vitória.",
    ),
)


@cache
def page() -> Page:
    return Page(
        description=(
            "Regras completas do Yam's, o Yatzy francês em colunas: Descida, Livre, Subida e "
            "Seca, Máx e Mín, bônus dos 63, rodadas comentadas, estratégia e posições para "
            "treinar."
        ),
        rounds=tuple(worked_round(script) for script in SCRIPTS),
        faq=FAQ,
        extra={
            "columns": column_values(),
            # One column without Máx/Mín: the exact optimum the robot plays (bots/yams_exact.py).
            "optimum": yams_exact.optimum() if yams_exact.available() else None,
            "normal": normal_game(),
            "chances": chances(),
            "max_min": max_min_values(),
            "sheet": sheet(),
            "bonus": BONUS,
            "threshold": BONUS_THRESHOLD,
        },
    )
