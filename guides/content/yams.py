"""The Yam's guide: rounds played by games/rules/yams.py with scripted dice and drawn with the
live table's templates (games/jinja2/games/yams/), the robot's numbers (games/bots/yams.py),
and practice positions judged by the robot's `advise`.

Every worked round is a `Script`: the table's options and the moves, each roll with the faces
the dice show (a `Scripted` random source throws them in order). The page plays the script
through the engine and draws the table after each step, so what the page says a box scores is
what the engine wrote; tests/guides/test_yams.py replays the same scripts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import sqrt
from statistics import fmean, stdev
from typing import Any

from django.utils.translation import gettext as _

from games.bots import yams as robot
from games.bots import yams_exact
from games.rendering import game_render
from games.rules.yams import (
    BONUS,
    BONUS_THRESHOLD,
    BOX_NAMES,
    COLUMN_NAMES,
    COLUMN_SETS,
    GAME,
    boxes_in_play,
    totals,
)
from guides.content import Page, Position, Question, Round, Step, Verdict, words
from guides.content.words import below_best, expected_final

SLUG = "yams"

# --- the worked rounds ---

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


# --- the strategy numbers ---

MODES = ((1, False), (1, True), (3, False), (3, True), (4, False), (4, True))


def column_values() -> list[dict[str, Any]]:
    """The robot's estimate of the final total of one empty column of each kind, per mode."""
    rows = []
    for mode in MODES:
        empty = (None,) * len(boxes_in_play(mode[1]))
        kinds = COLUMN_SETS[mode[0]]
        values = {kind: robot.column_plan(mode, kind, empty).estimate for kind in kinds}
        card = robot.plan(mode, tuple(empty for _ in kinds)).base
        rows.append({"columns": mode[0], "max_min": mode[1], "values": values, "total": card})
    return rows


# Games the robot plays alone for the notes, from seeds 0..n-1: enough that the differences the
# notes draw between columns stand well above the noise (the page states the standard error).
PLAYED = {(3, True): 30, (4, True): 16}


def played(mode: tuple[int, bool], games: int) -> dict[str, Any]:
    """What the robot scored per column and per card in `games` solo games from fixed seeds."""
    per: dict[str, list[int]] = {kind: [] for kind in COLUMN_SETS[mode[0]]}
    for seed in range(games):
        rng = random.Random(seed)  # noqa: S311 - a game from its seed
        state = GAME.setup(1, {"columns": mode[0], "max_min": mode[1]}, rng)
        while not state["finished"]:
            state = robot_turn(state, rng)
        for kind, column in totals(state, 0).items():
            per[kind].append(int(column["total"]))
    means = {kind: fmean(scores) for kind, scores in per.items()}
    cards = [sum(scores) for scores in zip(*per.values(), strict=True)]
    return {
        "columns": mode[0],
        "games": games,
        "means": means,
        "card": fmean(cards),
        "error": max(stdev(scores) / sqrt(games) for scores in per.values()) if games > 1 else 0.0,
    }


def normal_game() -> dict[str, Any]:
    """The numbers the notes quote: the robot's own games, normal (three columns and Máx/Mín)
    and with Seca, and the estimate of a Livre with and without Máx/Mín."""
    three, four = (played(mode, games) for mode, games in PLAYED.items())
    means = three["means"]
    with_pair = robot.column_plan((3, True), "livre", (None,) * 15).estimate
    without = robot.column_plan((3, False), "livre", (None,) * 13).estimate
    return {
        "three": three,
        "four": four,
        "played": [three, four],
        "order_cost": means["livre"] - (means["descida"] + means["subida"]) / 2,
        "error": max(three["error"], four["error"]),
        "max_min": with_pair - without,
    }


def chances() -> list[dict[str, Any]]:
    """The chance of each combination in one roll (Seca) and in a turn of three rolls played
    only for it, by the exact search over keeps of the robot (`one_turn_value`)."""
    wanted = {
        "full": "Full",
        "pequena": "Sequência pequena",
        "grande": "Sequência grande",
        "quadra": "Quadra",
        "yams": "Yam's",
    }
    rows = []
    for box, name in wanted.items():
        hit = [1.0 if points else 0.0 for points in robot.SCORES[box]]
        rows.append(
            {
                "name": name,
                "one": 100 * robot.one_turn_value(hit, 1),  # per cent
                "three": 100 * robot.one_turn_value(hit, 3),
            }
        )
    return rows


def max_min_values() -> list[dict[str, Any]]:
    """With Mín already written: the best expected Máx + Mín of one turn (Máx above Mín or 0)."""
    return [{"low": low, "value": robot.max_over(low)} for low in (8, 12, 16, 20, 24)]


# --- the page ---

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


def sheet() -> dict[str, Any]:
    """The blank printable card: the four columns and every box."""
    return {
        "columns": [COLUMN_NAMES[c] for c in COLUMN_SETS[4]],
        "upper": [BOX_NAMES[b] for b in boxes_in_play(True)[:6]],
        "middle": [BOX_NAMES["max"], BOX_NAMES["min"]],
        "lower": [BOX_NAMES[b] for b in boxes_in_play(True)[8:]],
    }


# --- practice ---

CHOICES = 5


def deal(number: int, attempt: int = 0) -> dict[str, Any]:
    """Position `number`: a card part filled by the robot, then a hand of the turn on the table."""
    rng = random.Random(f"{number}:{attempt}")  # noqa: S311 - a position drawn from its number
    columns = rng.choice((1, 3, 3, 4))
    options = {"columns": columns, "max_min": rng.random() < 0.75}
    state = GAME.setup(1, options, rng)
    boxes = columns * len(state["boxes"])
    for _turn in range(rng.randrange(boxes - 1)):
        state = robot_turn(state, rng)
    state, _events = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    for _keep in range(rng.choice((0, 1, 1, 2))):  # the robot's own keeps: a later roll of the turn
        action = robot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
        if action["type"] == "hold":
            state, _events = GAME.apply(state, 0, action, rng)
        elif action["type"] != "roll":
            break
        state, _events = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    return state


def robot_turn(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The robot plays the turn on the table to its end (it never uses the cup)."""
    turns = state["turns"]
    while state["turns"] == turns and not state["finished"]:
        view = GAME.view(state, 0)
        action = robot.choose(view, GAME.legal_actions(state, 0), rng)
        state, _events = GAME.apply(state, 0, action, rng)
    return state


def position(number: int) -> Position:
    for attempt in range(20):  # a position with a real choice: at least three answers
        state = deal(number, attempt)
        view = GAME.view(state, 0)
        # The cup changes nothing the robot weighs: the rolls offered are those without it.
        legal = [a for a in GAME.legal_actions(state, 0) if not a.get("cup")]
        advice = robot.advise(view, legal)
        if len(advice) >= 3:
            break
    rng = random.Random(-number)  # noqa: S311 - which answers are offered, in which order
    picked = advice[:3] + rng.sample(advice[3:], min(CHOICES - 3, len(advice[3:])))
    rng.shuffle(picked)
    options = [(f"r{i}", label(item, view), item["expected"]) for i, item in enumerate(picked)]
    rolls_left = view["turn"]["rolls_left"]
    if rolls_left:
        left = "Resta 1 lançamento" if rolls_left == 1 else f"Restam {rolls_left} lançamentos"
        question = f"{left}. O que você faz?"
    else:
        question = "Acabaram os lançamentos. Em que casa você marca?"
    return Position(
        number=number,
        html=framed(game_render(SLUG, state, None, names=["Você"])),
        question=question,
        choices=tuple((value, label) for value, label, _ in options),
        data={
            "expected": {value: expected for value, _, expected in options},
            "labels": {value: label for value, label, _ in options},
            "best": (label(advice[0], view), advice[0]["expected"]),
            "attempt": attempt,
        },
    )


def label(item: dict[str, Any], view: dict[str, Any]) -> str:
    """The robot's words, but a roll says which dice stay (none held: all five are thrown)."""
    if item["action"]["type"] != "roll":
        return item["label"]
    turn = view["turn"]
    kept = sorted((turn["dice"][i] for i in range(5) if turn["held"][i]), reverse=True)
    if not kept:
        return "Relançar os cinco dados"
    return f"Guardar {', '.join(map(str, kept))} e relançar os outros"


def points(value: float) -> str:
    return f"{value:.1f}".replace(".", ",")


def judge(position: Position, answer: str) -> Verdict:
    expected = position.data["expected"][answer]
    label = position.data["labels"][answer]
    best_label, best = position.data["best"]
    if expected >= best - 0.005:
        text = _("“%(choice)s” é a escolha do robô: %(meaning)s, somando a cartela toda.") % {
            "choice": label,
            "meaning": expected_final(expected),
        }
        return Verdict(best=True, text=text)
    text = _(
        "Com “%(choice)s”, %(meaning)s, somando a cartela toda. O robô escolheria "
        "“%(best)s”, que leva a %(top)s; a sua fica %(gap)s."
    ) % {
        "choice": label,
        "meaning": expected_final(expected),
        "best": best_label,
        "top": words.points(best),
        "gap": below_best(best - expected),
    }
    return Verdict(best=False, text=text)
