"""The four games the site offers, as shown on the home page, the lobby and the guides.

Facts come from the rule pages in shared/seeds/; the rules themselves live in games/rules/.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: str
    players: str
    summary: str


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        slug="bozo",
        name=_("Bozó"),
        tagline=_("Cinco dados, um copo e três lances para fechar a cartela."),
        players=_("1 a 4 pessoas: treino, duelo ou duplas"),
        summary=_(
            "Lance os cinco dados até três vezes, guarde os que quiser e marque uma das dez "
            "casas: Ás a Sena, Full, Seguida, Quadrada e General. Com o copo, você ainda pode "
            "cantar embaixo e virar os dados."
        ),
    ),
    GameInfo(
        slug="domino",
        name=_("Dominó de pontos"),
        tagline=_("Duas duplas, sete pedras e as pontas somando múltiplos de 5."),
        players=_("4 pessoas, em duas duplas"),
        summary=_(
            "Parceiros sentam de frente. A carroça de saída é o bucho, que abre para os quatro "
            "lados; a dupla marca sempre que a soma das pontas der múltiplo de 5. A partida vai "
            "a 200 pontos, em melhor de três."
        ),
    ),
    GameInfo(
        slug="dozito",
        name=_("Dozito"),
        tagline=_("Cartas numa grade 4x3: forme os maiores grupos da mesma cor."),
        players=_("2 a 5 pessoas"),
        summary=_(
            "Cada carta de 1 a 12 tem seu lugar na grade. Pegue do descarte ou compre do "
            "baralho, troque as cartas e junte grupos da mesma cor. Cartas STOP, TURNO EXTRA "
            "e CORINGA mudam o rumo da rodada."
        ),
    ),
    GameInfo(
        slug="yams",
        name=_("Yam's"),
        tagline=_("O Yahtzee francês em colunas: descida, livre, subida e seca."),
        players=_("1 a 8 pessoas"),
        summary=_(
            "Três lances por vez e uma cartela com várias colunas, cada uma com sua ordem de "
            "preenchimento. Uns a Seis com bônus aos 63, Máx e Mín, e a seção inferior até o Yam's."
        ),
    ),
)

GAMES_BY_SLUG: dict[str, GameInfo] = {game.slug: game for game in GAMES}
