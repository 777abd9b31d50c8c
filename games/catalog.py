"""The four games the site offers, as shown on the home page, the lobby and the guides.

Facts come from the rule pages in shared/seeds/; the rules themselves live in games/rules/.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Mode:
    """A way to sit at a table: how many seats (a range when `max_seats` is more than
    `min_seats`: the game starts with those seated), which team each seat plays for, and whether
    the robot's hint is offered (solo training)."""

    slug: str
    label: str
    min_seats: int
    teams: tuple[int, ...] | None = None
    team_names: tuple[str, ...] = ()
    max_seats: int = 0  # 0: exactly min_seats
    hints: bool = False

    def __post_init__(self) -> None:
        if self.max_seats < self.min_seats:
            object.__setattr__(self, "max_seats", self.min_seats)


@dataclass(frozen=True)
class Option:
    """How the table-creation form shows one of the rules' options."""

    name: str
    label: str
    help: str = ""
    choices: tuple[tuple[object, str], ...] = ()


@dataclass(frozen=True)
class Link:
    """A page of the game's own beyond its tables, offered beside them (Yam's score-keeper)."""

    url_name: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    tagline: str
    players: str
    summary: str
    modes: tuple[Mode, ...] = ()
    options: tuple[Option, ...] = ()
    links: tuple[Link, ...] = ()

    @property
    def playable(self) -> bool:
        """Whether tables of this game can be opened on the site yet."""
        return bool(self.modes)

    def mode(self, slug: str) -> Mode | None:
        return next((mode for mode in self.modes if mode.slug == slug), None)

    @property
    def robot_mode(self) -> Mode | None:
        """The mode of the lobby's one-tap start against robots: the duel, else the first mode
        with other seats (Dominó's pairs: a partner and two opponents, all robots)."""
        return self.mode("duelo") or next((m for m in self.modes if m.min_seats > 1), None)


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
        modes=(
            Mode("solo", _("Treino solo"), 1, hints=True),
            Mode("duelo", _("Duelo"), 2),
            Mode("duplas", _("Duplas"), 4, teams=(0, 1, 0, 1), team_names=(_("Jade"), _("Âmbar"))),
        ),
        options=(
            Option(
                "bonus_de_boca",
                _("Bônus de boca"),
                _("Full, Seguida, Quadrada e General valem 5 a mais marcados no primeiro lance."),
            ),
            Option(
                "general_de_boca_vence",
                _("General de boca vence"),
                _(
                    "Cinco iguais no primeiro lance ganham a partida na hora "
                    "(regra de algumas mesas)."
                ),
            ),
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
        modes=(
            Mode("duplas", _("Duplas"), 4, teams=(0, 1, 0, 1), team_names=(_("Jade"), _("Âmbar"))),
        ),
        options=(
            Option(
                "bucho_lado",
                _("O bucho na contagem"),
                _(
                    "Enquanto um lado do bucho está sem pedra, ele conta nas pontas: a carroça "
                    "inteira (dobrado) ou só uma metade (simples)."
                ),
                choices=(("dobrado", _("Dobrado")), ("simples", _("Simples"))),
            ),
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
        modes=(Mode("mesa", _("Mesa"), 2, max_seats=5),),
        options=(
            Option(
                "rounds",
                _("Rodadas"),
                _("Uma rodada é uma partida rápida; em três, vence a maior soma das três."),
                choices=((1, _("1 rodada")), (3, _("3 rodadas"))),
            ),
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
        modes=(
            Mode("solo", _("Treino solo"), 1, hints=True),
            Mode("mesa", _("Mesa"), 2, max_seats=8),
        ),
        options=(
            Option(
                "columns",
                _("Colunas"),
                _(
                    "Livre em qualquer ordem; Descida de cima para baixo; Subida de baixo para "
                    "cima; Seca só com o primeiro lance."
                ),
                choices=(
                    (1, _("1 coluna: Livre")),
                    (3, _("3 colunas: Descida, Livre, Subida")),
                    (4, _("4 colunas: com a Seca")),
                ),
            ),
            Option(
                "max_min",
                _("Máx e Mín"),
                _("O Máx precisa passar do Mín, senão os dois valem zero."),
            ),
        ),
        links=(
            Link(
                "marcador:sheet",
                _("Marcador para dados de verdade"),
                _("Dados na mão e um celular na mesa: a cartela se preenche sozinha."),
            ),
        ),
    ),
)

GAMES_BY_SLUG: dict[str, GameInfo] = {game.slug: game for game in GAMES}


def register(info: GameInfo) -> None:
    """Offer tables of a game beside the site's own (its rules and presenter are registered
    with `games.rules.register` and `games.presenters.register`): the tests' fifth game. It is
    not listed on the site's pages, which show GAMES."""
    GAMES_BY_SLUG[info.slug] = info


def unregister(slug: str) -> None:
    if slug not in {game.slug for game in GAMES}:
        GAMES_BY_SLUG.pop(slug, None)
