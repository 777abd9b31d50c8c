"""The points of Dominó de pontos as data, and `score`, which credits them to a pair and says why.

From the Dominó page (seed 001_72d52c451b6344cc.txt, "Pontos", "Fim da mão") as settled by issue
#4: passe 20 to the pair of who played last (nothing when the partner passes); galo 50 instead
when the three others pass. Batida de carroça 20; garagem and jogo fechado score the pips left,
rounded down to a multiple of 5. A match is decided at the end of a hand once a pair has 200: the
pair with more wins it (equal: one more hand); two matches win the game.
"""

from __future__ import annotations

from games.rules.base import Event, State, event
from games.rules.domino.tiles import PAIR_NAMES

SEM_CARROCA = 20
PASSE = 20
GALO = 50
BATIDA_DE_CARROCA = 20
TARGET = 200
MATCHES_TO_WIN = 2

REASONS = {
    "mesa": "Mesa",
    "passe": "Passe",
    "galo": "Galo",
    "batida_de_carroca": "Batida de carroça",
    "garagem": "Garagem",
    "jogo_fechado": "Jogo fechado",
    "sem_carroca": "Sem carroça",
}


def score(
    state: State, pair: int, points: int, reason: str, label: str = "", why: str = ""
) -> Event:
    state["scores"][pair] += points
    detail = f" ({why})" if why else ""
    text = f"{label or REASONS[reason]}: {PAIR_NAMES[pair]} marca {points}{detail}."
    scores = list(state["scores"])
    return event("score", text, pair=pair, points=points, reason=reason, scores=scores)
