"""The Bozó guide's worked turns as written: each `Script` a title, an intro and its moves (the
faces each roll throws, the dice held before it, what the guide says of it); two solo games told
in rounds that continue the same card, and a game of duplas. `CASES` is what the rounds must
show between them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.bozo import BOX_NAMES, BOXES, COMBINATIONS


@dataclass(frozen=True)
class Move:
    """One action of a worked turn: the faces the roll throws (top faces, as the dice fell),
    the dice held before it (positions), and what the guide says of it."""

    action: dict[str, Any]
    text: str
    faces: tuple[int, ...] = ()
    hold: tuple[int, ...] | None = None  # set the held dice first (shown with the roll)


@dataclass(frozen=True)
class Script:
    title: str
    intro: str
    fresh: bool  # a new card; otherwise the card the previous script left
    moves: tuple[Move, ...]
    covers: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


def roll(faces: Sequence[int], text: str, *, cup: bool = False, hold=None) -> Move:
    return Move({"type": "roll", "cup": cup}, text, tuple(faces), None if hold is None else hold)


def lift(side: str, text: str) -> Move:
    return Move({"type": "lift", "from": side}, text)


def mark(box: str, text: str) -> Move:
    return Move({"type": "score", "box": box}, text)


# The worked turns: two solo games, each told in a few rounds that continue the same card.
SCRIPTS = (
    Script(
        "Primeiro turno: um Full de boca",
        "Cartela vazia. Ana lança com copo: os cinco dados ficam cobertos até ela levantar.",
        True,
        (
            roll(
                (3, 3, 3, 5, 5),
                "Ana lança os cinco dados com copo. Ninguém vê nada ainda.",
                cup=True,
            ),
            lift("top", "Ela levanta por cima: três 3 e dois 5, um Full logo no primeiro lance."),
            mark(
                "full",
                "Marcar já vale o bônus de boca: 25 em vez de 20. Relançar atrás de uma Quadrada "
                "ou de um General arriscaria perder o Full.",
            ),
        ),
        ("Full de boca",),
    ),
    Script(
        "Cantar embaixo: três 5 guardados e um General",
        "Ana já marcou o Full. No primeiro lance sai 5, 5, 5, 2, 1.",
        False,
        (
            roll((5, 5, 5, 2, 1), "Primeiro lance, sem copo: 5, 5, 5, 2, 1."),
            roll(
                (2, 2),
                "Ela guarda os três 5 e relança os outros dois com copo.",
                cup=True,
                hold=(0, 1, 2),
            ),
            lift(
                "bottom",
                "Antes de ver, ela canta embaixo: valem as faces de baixo dos dois dados lançados. "
                "Por cima eles mostravam 2 e 2 (seria um Full); por baixo, 7 − 2 = 5 cada um.",
            ),
            mark(
                "general",
                "Cinco 5 no segundo lance: General sem bônus de boca, 50. Foi sorte, não técnica: "
                "a face de baixo de um dado é tão aleatória quanto a de cima.",
            ),
        ),
        ("cantar embaixo", "General"),
    ),
    Script(
        "Quadrada de boca, ou 24 na Sena?",
        "Quatro 6 logo no primeiro lance. As duas casas estão livres; só uma pode ser marcada.",
        False,
        (
            roll((6, 6, 6, 6, 2), "Primeiro lance: 6, 6, 6, 6, 2."),
            mark(
                "quadrada",
                "A Quadrada de boca dá 45. A Sena daria 24, mas a Sena se completa bem em outros "
                "turnos; quatro iguais não aparecem toda hora.",
            ),
        ),
        ("Quadrada de boca",),
    ),
    Script(
        "Uma Seguida em três lances",
        "Ana caça a Seguida: precisa de 1-2-3-4-5 ou 2-3-4-5-6.",
        False,
        (
            roll((2, 3, 4, 5, 5), "Primeiro lance: 2, 3, 4, 5, 5. Falta um 1 ou um 6."),
            roll(
                (5,),
                "Ela guarda 2, 3, 4, 5, aberta nas duas pontas, e relança o outro 5: sai outro 5.",
                hold=(0, 1, 2, 3),
            ),
            roll((6,), "Guarda os mesmos quatro e relança: sai o 6.", hold=(0, 1, 2, 3)),
            mark("seguida", "2-3-4-5-6 no terceiro lance: Seguida, 30 (sem bônus de boca)."),
        ),
        ("Seguida",),
    ),
    Script(
        "Guardar os 6 e marcar a Sena",
        "Com as combinações grandes já marcadas, Ana vai atrás das casas de números.",
        False,
        (
            roll((6, 2, 6, 1, 4), "Primeiro lance: 6, 2, 6, 1, 4."),
            roll((6, 3, 1), "Ela guarda os dois 6 e relança três dados: 6, 3, 1.", hold=(0, 2)),
            roll((6, 5), "Guarda os três 6 e relança dois: 6 e 5.", hold=(0, 1, 2)),
            mark("sena", "Quatro 6: 24 na Sena (6 pontos por dado de face 6)."),
        ),
        ("Sena",),
    ),
    Script(
        "Casas de números: Quina e Ás",
        "Nem todo turno dá combinação: aqui Ana junta dados iguais para as casas de números.",
        False,
        (
            roll((5, 1, 5, 3, 2), "Primeiro lance: 5, 1, 5, 3, 2."),
            roll((5, 1, 4), "Guarda os dois 5 e relança três: 5, 1, 4.", hold=(0, 2)),
            roll((2, 1), "Guarda os três 5 e relança dois: 2 e 1.", hold=(0, 1, 2)),
            mark("quina", "Três 5: 15 na Quina."),
            roll((1, 1, 1, 5, 6), "No turno seguinte, primeiro lance: 1, 1, 1, 5, 6."),
            roll((3, 6), "Guarda os três 1 e relança dois: 3 e 6.", hold=(0, 1, 2)),
            roll((1, 4), "Guarda os três 1 e relança de novo: 1 e 4.", hold=(0, 1, 2)),
            mark("as", "Quatro 1: 4 no Ás, a casa que menos vale; é onde se guardam os restos."),
        ),
        ("Quina", "Ás"),
    ),
    Script(
        "Quando nada dá certo: um zero",
        "Faltam Duque, Terno e Quadra, e os dados só mostram 1, 5 e 6.",
        False,
        (
            roll((1, 5, 6, 6, 1), "Primeiro lance: 1, 5, 6, 6, 1. Nada de 2, 3 ou 4."),
            roll(
                (5, 6, 1, 5, 1),
                "Não há o que guardar: ela relança os cinco. 5, 6, 1, 5, 1.",
                hold=(),
            ),
            roll((6, 5, 1, 6, 5), "Relança os cinco de novo: 6, 5, 1, 6, 5.", hold=()),
            mark(
                "duque",
                "Depois do terceiro lance é preciso marcar, e a mão não vale nada nas casas "
                "livres. Ela risca o Duque, a que menos poderia render: zero.",
            ),
        ),
        ("zero",),
    ),
    Script(
        "Outra partida: General de boca",
        "Nova cartela vazia. Às vezes o primeiro lance faz tudo sozinho.",
        True,
        (
            roll((4, 4, 4, 4, 4), "Primeiro lance: cinco 4."),
            mark(
                "general",
                "General no primeiro lance: 55 com o bônus de boca. Com a opção “general de boca "
                "vence” ligada, a partida terminaria aqui mesmo.",
            ),
        ),
        ("General de boca",),
    ),
    Script(
        "Seguida de boca e Full depois de relançar",
        "Dois turnos da mesma cartela, um em cada ritmo.",
        False,
        (
            roll((1, 2, 3, 4, 5), "Primeiro lance: 1, 2, 3, 4, 5."),
            mark("seguida", "Seguida no primeiro lance: 35 com o bônus de boca."),
            roll((2, 2, 2, 6, 3), "Turno seguinte, primeiro lance: 2, 2, 2, 6, 3."),
            roll((3, 6), "Ela guarda os três 2 e relança dois: 3 e 6.", hold=(0, 1, 2)),
            roll((3, 3), "Guarda os três 2 e relança de novo: 3 e 3.", hold=(0, 1, 2)),
            mark("full", "Três 2 e dois 3 no terceiro lance: Full sem bônus, 20."),
        ),
        ("Seguida de boca", "Full"),
    ),
    Script(
        "Quadrada depois de relançar, e as casas de números",
        "A mesma cartela, agora com Duque, Terno e Quadra.",
        False,
        (
            roll((3, 3, 3, 1, 6), "Primeiro lance: 3, 3, 3, 1, 6."),
            roll((3, 2), "Ela guarda os três 3 e relança dois: 3 e 2.", hold=(0, 1, 2)),
            mark(
                "quadrada",
                "Quatro 3 no segundo lance: Quadrada sem bônus, 40. O Terno daria só 12.",
            ),
            roll((4, 4, 1, 2, 5), "Turno seguinte, primeiro lance: 4, 4, 1, 2, 5."),
            roll((4, 6, 3), "Guarda os dois 4 e relança três: 4, 6, 3.", hold=(0, 1)),
            roll((4, 2), "Guarda os três 4 e relança dois: 4 e 2.", hold=(0, 1, 2)),
            mark("quadra", "Quatro 4: 16 na Quadra."),
            roll((2, 2, 6, 5, 1), "Turno seguinte: 2, 2, 6, 5, 1."),
            roll((2, 4, 3), "Guarda os dois 2 e relança três: 2, 4, 3.", hold=(0, 1)),
            roll((6, 1), "Guarda os três 2 e relança dois: 6 e 1.", hold=(0, 1, 2)),
            mark("duque", "Três 2: 6 no Duque."),
            roll((3, 3, 5, 1, 6), "Turno seguinte: 3, 3, 5, 1, 6."),
            roll((3, 2, 4), "Guarda os dois 3 e relança três: 3, 2, 4.", hold=(0, 1)),
            roll((3, 6), "Guarda os três 3 e relança dois: 3 e 6.", hold=(0, 1, 2)),
            mark("terno", "Quatro 3: 12 no Terno."),
        ),
        ("Quadrada", "Quadra", "Duque", "Terno"),
    ),
    Script(
        "Duplas: a cartela é da equipe",
        "Ana e Caio jogam por Jade, Bia e Duda por Âmbar. A ordem é Ana, Bia, Caio, Duda; cada "
        "dupla preenche uma cartela só.",
        True,
        (
            roll(
                (4, 4, 4, 4, 1),
                "Ana (Jade) abre com 4, 4, 4, 4, 1: Quadrada de boca, 45, se marcar já.",
            ),
            roll(
                (2,),
                "Com o General ainda livre, ela arrisca: guarda os quatro 4 e relança o 1. "
                "A Quadrada não foge, quatro 4 continuam na mesa. Sai 2.",
                hold=(0, 1, 2, 3),
            ),
            roll((1,), "Mais uma tentativa: sai 1.", hold=(0, 1, 2, 3)),
            mark("quadrada", "Sem o quinto 4, fica a Quadrada sem bônus: 40 para Jade."),
            roll((2, 2, 6, 6, 6), "Bia (Âmbar): 2, 2, 6, 6, 6."),
            mark("full", "Full de boca para Âmbar: 25."),
            roll(
                (3, 3, 3, 3, 5),
                "Caio (Jade): 3, 3, 3, 3, 5. Seria Quadrada, mas a parceira já marcou essa casa: "
                "para ele ela está fechada.",
            ),
            roll((3,), "Ele guarda os quatro 3 e relança o 5: sai 3.", hold=(0, 1, 2, 3)),
            mark("general", "Cinco 3 no segundo lance: General para Jade, 50."),
        ),
        ("duplas", "Quadrada", "Full de boca", "General"),
        (("mode", "duplas"),),
    ),
)

# What the issue asks the rounds to show, all of it.
CASES = frozenset(
    {
        *(BOX_NAMES[box] for box in BOXES),
        *(f"{BOX_NAMES[box]} de boca" for box in COMBINATIONS),
        "cantar embaixo",
        "duplas",
        "zero",
    }
)
