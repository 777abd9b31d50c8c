"""The Bozó guide: worked turns played by `games.rules.bozo` with scripted dice, the numbers of
the strategy notes computed from the robot's exact tables (`games.bots.bozo`), and practice
positions judged by the robot's `advise`.

The rules are those of the Bozó page (seed 000_5411d6f7a326aa7a.txt) as the engine plays them;
the options (bônus de boca, general de boca vence) and modes (solo, duelo, duplas) are the
engine's. Every number the page shows comes from the engine or the robot, never from the prose.

Here, the page and its questions; the worked turns are written in `scripts` and played in
`rounds`, the figures of the notes are `notes`, the practice positions `practice`, and `table`
holds what they share.
"""

from __future__ import annotations

from functools import cache

from games.bots import bozo as bot
from games.rules.bozo import BOX_NAMES, BOXES
from guides.content import Page, Question
from guides.content.bozo.notes import (
    combination_chances,
    first_roll_choices,
    percent,
    scoring_rows,
)
from guides.content.bozo.practice import judge, position
from guides.content.bozo.rounds import replay_all, worked_round
from guides.content.bozo.scripts import SCRIPTS
from guides.content.bozo.table import number

__all__ = ["judge", "page", "position"]


FAQ = (
    Question(
        "Cantar embaixo aumenta a chance de tirar uma combinação?",
        "Não. A face de baixo de um dado é 7 menos a de cima, e como cada face de cima sai com a "
        "mesma chance, cada face de baixo também. Você escolhe antes de ver, então cantar embaixo "
        "é só um costume da mesa: muda o lance, não as probabilidades.",
    ),
    Question(
        "Posso marcar uma casa depois do primeiro lance?",
        "Sim. Você pode marcar depois de qualquer lance revelado. Depois do terceiro, é "
        "obrigatório marcar uma casa livre, nem que seja com zero.",
    ),
    Question(
        "Cinco dados iguais valem como Full?",
        "Não. Cinco iguais valem como General e também como Quadrada, mas não como Full; "
        "nas casas de números valem a soma, como qualquer mão.",
    ),
    Question(
        "O que é o bônus de boca?",
        "Cinco pontos a mais para Full, Seguida, Quadrada e General marcados logo depois do "
        "primeiro lance do turno. As casas de números não têm bônus. A mesa pode desligar o "
        "bônus nas opções.",
    ),
    Question(
        "1-3-4-5-6 é Seguida?",
        "Não. Só 1-2-3-4-5 e 2-3-4-5-6 são Seguida.",
    ),
    Question(
        "Este Bozó é o jogo de blefe com dados?",
        "Não. O Bozó de blefe (da família do Dudo e do Perudo) é outro jogo, de apostas sobre "
        "dados escondidos. Este é o Bozó de cartela, parente do General e do Yam's.",
    ),
    Question(
        "Nas duplas, posso marcar uma casa que meu parceiro já marcou?",
        "Não. A cartela é da dupla: uma casa marcada pelo parceiro, mesmo com zero, está fechada "
        "para você também.",
    ),
)


@cache
def page() -> Page:
    rounds = tuple(
        worked_round(script, played) for script, played in zip(SCRIPTS, replay_all(), strict=True)
    )
    sheet = [BOX_NAMES[box] for box in BOXES]
    extra = {
        "average": number(bot.expected_score(True), 2),
        "average_plain": number(bot.expected_score(False), 2),
        "chances": [
            {**row, "first_pct": percent(row["first"]), "turn_pct": percent(row["turn"])}
            for row in combination_chances()
        ],
        "scoring": scoring_rows(),
        "bonus_worth": number(bot.expected_score(True) - bot.expected_score(False), 2),
        "decisions": first_roll_choices(),
        "sheet": sheet,
        "sheet_columns": range(1, 5),
    }
    description = (
        "Como jogar Bozó, o jogo de cinco dados e cartela de dez casas: regras completas, "
        "bônus de boca, cantar embaixo, tabela de pontos, rodadas comentadas e posições para "
        "treinar com o robô."
    )
    return Page(description=description, rounds=rounds, faq=FAQ, extra=extra)
