"""The Yam's guide's worked rounds. Every worked round is a `Script`: the table's options and
the moves, each roll with the faces the dice show (a `Scripted` random source throws them in
order). The page plays the script through the engine and draws the table after each step, so
what the page says a box scores is what the engine wrote; tests/guides/test_yams.py replays the
same scripts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.rendering import game_render
from games.rules.yams import BONUS, BONUS_THRESHOLD, GAME
from guides.content import Round, Step

SLUG = "yams"


Move = tuple[Any, ...]  # ("roll", faces) | ("hold", dice indices) | ("score"|"strike", column, box)


class Scripted(random.Random):
    """Throws the faces it is given, in order (as tests/games/conftest.py's `Loaded`)."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


@dataclass(frozen=True)
class Script:
    title: str
    intro: str
    options: dict[str, Any]
    seats: int
    covers: tuple[str, ...]
    steps: tuple[tuple[tuple[Move, ...], str], ...]  # (moves, what they show), drawn after


def action_of(move: Move) -> tuple[dict[str, Any], random.Random]:
    kind = move[0]
    if kind == "roll":
        return {"type": "roll", "cup": False}, Scripted(move[1])
    if kind == "hold":
        return {"type": "hold", "dice": list(move[1])}, Scripted(())
    return {"type": kind, "column": move[1], "box": move[2]}, Scripted(())


def play(script: Script) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The state after each step of `script` and the events of its moves."""
    state = GAME.setup(script.seats, script.options, random.Random(0))  # noqa: S311 - no dice
    result = []
    for moves, _text in script.steps:
        events: list[dict[str, Any]] = []
        for move in moves:
            action, rng = action_of(move)
            state, new = GAME.apply(state, state["to_move"], action, rng)
            events += new
        result.append((state, events))
    return result


def scored(events: Sequence[dict[str, Any]]) -> str:
    """What the engine said of the boxes scored in a step (its own log lines)."""
    return " ".join(e["text"] for e in events if e["type"] == "score")


def names(seats: int) -> list[str]:
    return [f"Jogador {n + 1}" for n in range(seats)]


SCRIPTS = (
    Script(
        title="Descida, Livre e Subida: cada coluna com a sua ordem",
        intro=(
            "Partida normal de três colunas, com Máx e Mín, e cartela vazia. As casas com "
            "moldura tracejada são as que as regras aceitam agora, com os pontos que os dados "
            "dariam ali."
        ),
        options={"columns": 3, "max_min": True},
        seats=1,
        covers=("descida", "livre", "subida"),
        steps=(
            (
                (("roll", (6, 6, 6, 6, 2)),),
                "Primeiro lance: quatro Seis. A Descida só aceita a casa de cima (Uns, que "
                "daria 0), a Subida só a de baixo (Chance, 26); a Livre aceita qualquer casa.",
            ),
            (
                (("hold", (0, 1, 2, 3)), ("roll", (6,))),
                "Guardamos os quatro Seis e relançamos o 2: saiu outro Seis. Cinco iguais!",
            ),
            (
                (("score", "livre", "yams"),),
                "O Yam's só cabe na Livre agora (na Descida e na Subida ele está no meio da "
                "coluna): 50 pontos na Livre.",
            ),
            (
                (("roll", (1, 1, 4, 5, 3)), ("hold", (0, 1)), ("roll", (1, 2, 6))),
                "Vez seguinte: guardamos os dois Uns e relançamos o resto; saiu mais um Um. É a "
                "hora de abrir a Descida, que só aceita Uns.",
            ),
            (
                (("score", "descida", "uns"),),
                "Três Uns na Descida. Agora a próxima casa dela é Dois.",
            ),
            (
                (("roll", (6, 5, 6, 4, 5)), ("score", "subida", "chance")),
                "Um lance com soma 26: bom para a Chance, e a Chance é justamente a primeira "
                "casa da Subida, que se preenche de baixo para cima.",
            ),
            (
                (("roll", (2, 2, 3, 5, 6)),),
                "Próximo lance: a Descida agora pede Dois e a Subida pede Yam's (a casa logo "
                "acima da Chance). A Livre continua aceitando qualquer casa aberta.",
            ),
        ),
    ),
    Script(
        title="Seca: só vale o primeiro lance",
        intro=(
            "Com quatro colunas entra a Seca: qualquer casa em qualquer ordem, mas só com o "
            "resultado do primeiro lance do turno, sem relançar nada."
        ),
        options={"columns": 4, "max_min": True},
        seats=1,
        covers=("seca",),
        steps=(
            (
                (("roll", (3, 3, 3, 5, 5)),),
                "Full de saída! Com o primeiro lance a Seca aceita qualquer casa, inclusive o "
                "Full.",
            ),
            (
                (("score", "seca", "full"),),
                "Marcar agora é o anúncio: 25 no Full da Seca, sem gastar nenhum relançamento.",
            ),
            (
                (("roll", (4, 4, 1, 2, 6)), ("hold", (0, 1)), ("roll", (4, 3, 5))),
                "Vez seguinte: guardamos os dois Quatro e relançamos. Depois de relançar, a "
                "Seca sai das opções: ela não aceita mais nada neste turno.",
            ),
            (
                (("score", "livre", "quatro"),),
                "Três Quatro na Livre: 12 pontos.",
            ),
        ),
    ),
    Script(
        title="Máx e Mín: o Máx tem que superar o Mín",
        intro=(
            "Dois jogadores, uma coluna (a Livre), com Máx e Mín. O Jogador 1 deixa o Mín bem "
            "baixo; o Jogador 2 arrisca um Mín alto e depois não consegue superá-lo."
        ),
        options={"columns": 1, "max_min": True},
        seats=2,
        covers=("max_min",),
        steps=(
            (
                (("roll", (1, 2, 2, 3, 1)), ("score", "livre", "min")),
                "Jogador 1: soma 9 no primeiro lance. Ótimo Mín: qualquer Máx acima de 9 vale.",
            ),
            (
                (("roll", (6, 5, 4, 3, 2)), ("score", "livre", "min")),
                "Jogador 2: soma 20, e ele marca no Mín. Agora o seu Máx precisa passar de 20.",
            ),
            (
                (("roll", (6, 6, 5, 5, 4)), ("score", "livre", "max")),
                "Jogador 1: soma 26 no Máx. Máx 26 acima de Mín 9: as duas casas valem, 35 pontos.",
            ),
            (
                (("roll", (6, 4, 3, 3, 2)), ("hold", (0,)), ("roll", (2, 1, 3, 2))),
                "Jogador 2: precisa de mais de 20. Guarda o Seis e relança; a soma caiu para 14.",
            ),
            (
                (("roll", (4, 2, 1, 1)), ("score", "livre", "max")),
                "Último lance: 14, e ele marca o Máx. Máx 14 não supera Mín 20: as duas casas "
                "valem 0 (os números ficam escritos, mas a linha Máx + Mín mostra 0). Riscar "
                "outra casa teria custado menos.",
            ),
        ),
    ),
    Script(
        title="O bônus dos 63",
        intro=(
            "Uma coluna, sem Máx e Mín. Três dados de cada face em Uns a Seis somam exatamente "
            "63 (3 + 6 + 9 + 12 + 15 + 18): é o que o bônus pede."
        ),
        options={"columns": 1, "max_min": False},
        seats=1,
        covers=("bonus",),
        steps=(
            (
                (("roll", (1, 1, 1, 2, 3)), ("score", "livre", "uns")),
                "Três Uns: 3 pontos. Parece pouco, mas três de cada face é a meta do bônus.",
            ),
            (
                (
                    ("roll", (2, 2, 2, 5, 6)),
                    ("score", "livre", "dois"),
                    ("roll", (3, 3, 3, 1, 6)),
                    ("score", "livre", "tres"),
                    ("roll", (4, 4, 4, 2, 1)),
                    ("score", "livre", "quatro"),
                    ("roll", (5, 5, 5, 6, 2)),
                    ("score", "livre", "cinco"),
                ),
                "Quatro turnos com três dados iguais: Dois, Três, Quatro e Cinco. Subtotal 45.",
            ),
            (
                (("roll", (6, 6, 6, 1, 2)),),
                "Três Seis: 18 pontos levariam o subtotal a 63.",
            ),
            (
                (("score", "livre", "seis"),),
                f"Subtotal {BONUS_THRESHOLD}: a coluna ganha {BONUS} pontos de bônus.",
            ),
        ),
    ),
)


def framed(html: str) -> str:
    """A snapshot of the table's game area, inside the `mesa` that carries the table's colours
    (felt, dice, ink: games/bozo.css declares them there), as the Bozó guide does."""
    return f'<div class="mesa guide-mesa">{html}</div>'


def worked_round(script: Script) -> Round:
    steps = []
    for (state, events), (_moves, text) in zip(play(script), script.steps, strict=True):
        html = framed(
            game_render(SLUG, state, None, names=names(script.seats), events=tuple(events))
        )
        steps.append(Step(html=html, text=text, score=scored(events)))
    return Round(script.title, script.intro, tuple(steps), script.covers)
