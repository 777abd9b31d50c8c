"""The Bozó guide: worked turns played by `games.rules.bozo` with scripted dice, the numbers of
the strategy notes computed from the robot's exact tables (`games.bots.bozo`), and practice
positions judged by the robot's `advise`.

The rules are those of the Bozó page (seed 000_5411d6f7a326aa7a.txt) as the engine plays them;
the options (bônus de boca, general de boca vence) and modes (solo, duelo, duplas) are the
engine's. Every number the page shows comes from the engine or the robot, never from the prose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.translation import gettext as _

from games.bots import bozo as bot
from games.rendering import game_render
from games.rules import bozo as rules
from games.rules.base import with_names
from games.rules.bozo import BOX_NAMES, BOXES, COMBINATIONS, GAME
from guides.content import Page, Position, Question, Round, Step, Verdict
from guides.content.words import below_best, expected_final, points

NAMES = ("Ana", "Bia", "Caio", "Duda")


class Scripted(random.Random):
    """Throws the faces it is given, in order: the dice of a worked turn."""

    def __init__(self, faces: Sequence[int] = ()) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


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


def new_state(options: dict[str, Any] | None = None) -> dict[str, Any]:
    options = {"mode": "solo", **(options or {})}
    seats = rules.MODES[options["mode"]][0]
    return GAME.setup(seats, options, random.Random(0))  # noqa: S311 - no dice thrown


def apply(state, action, faces=()):
    """The player on turn plays `action`; a roll throws `faces`."""
    return GAME.apply(state, state["to_move"], action, Scripted(faces))


def replay_all(scripts: Sequence[Script] = SCRIPTS):
    """For each script, the (state before the decision, state after, events) of each move,
    played by the engine; a script that is not `fresh` continues the previous one's card."""
    rounds, state = [], None
    for script in scripts:
        if script.fresh or state is None:
            state = new_state(dict(script.options))
        played = []
        for move in script.moves:
            before = state  # where the player decides: before the hold, if the move holds
            if move.hold is not None:
                state, _ = apply(state, {"type": "hold", "dice": list(move.hold)})
            state, events = apply(state, move.action, move.faces)
            played.append((before, state, events))
        rounds.append(played)
    return rounds


def render(state, events=(), log=(), names=NAMES) -> str:
    """The live table's game area for a spectator (no buttons that would do nothing here), in
    the table's own wrapper, which carries the felt's and the dice's colours."""
    names = names[: state["seats"]]
    html = game_render("bozo", state, None, names=names, events=tuple(events), log=list(log))
    return f'<div class="mesa guide-mesa">{html}</div>'


def advice(state) -> list[dict[str, Any]]:
    seat = state["to_move"]
    return bot.advise(GAME.view(state, seat), GAME.legal_actions(state, seat))


def number(value: float, places: int = 1) -> str:
    """A number the Brazilian way: 146,9."""
    return f"{value:,.{places}f}".replace(",", " ").replace(".", ",").replace(" ", ".")


def robot_note(before, action) -> str:
    """What the robot thinks of a decision: agreement, or its own choice and the difference."""
    items = advice(before)
    if not items or (action["type"] in ("roll", "lift") and before["turn"]["rolls"] == 0):
        return ""
    mine = next((i for i in items if i["action"] == action), None)
    if mine is None:  # a roll after a hold: the hold is what advise names
        return ""
    best = items[0]
    if mine is best or mine["expected"] >= best["expected"] - bot.TIE:
        return f"O robô faria o mesmo (média final esperada {number(mine['expected'])})."
    return (
        f"O robô preferiria {lower(label(best['action'], before))}: "
        f"{number(best['expected'])} de média final contra {number(mine['expected'])}."
    )


def worked_round(script: Script, played) -> Round:
    steps = []
    for (before, state, events), move in zip(played, script.moves, strict=True):
        log = [with_names(e["text"], NAMES) for e in reversed(events) if e["type"] != "turn"]
        decision = move.action
        if move.hold is not None:
            held = [i for i, is_held in enumerate(before["turn"]["held"]) if is_held]
            if list(move.hold) == held:  # the same dice again: the robot calls it a roll
                decision = {"type": "roll", "cup": True}
            else:
                decision = {"type": "hold", "dice": list(move.hold)}
        note = ""
        if move.action["type"] == "score" or move.hold is not None:
            note = robot_note(before, decision)
        text = f"{move.text} {note}".strip()
        score = ""
        scored = next((e for e in events if e["type"] == "score"), None)
        if scored:
            score = (
                f"+{scored['points']} {rules.in_box(scored['box'])} · {card_line(state, scored)}"
            )
        steps.append(Step(html=render(state, events, log), text=text, score=score))
    return Round(script.title, script.intro, tuple(steps), script.covers)


def total(state) -> int:
    return rules.card_total(state["cards"][0])


def card_line(state, scored) -> str:
    """The total of the card just scored: "total 25", or in duplas "Jade 45"."""
    card = rules.card_of(state)[scored["seat"]]
    points = rules.card_total(state["cards"][card])
    if state["options"]["mode"] == "duplas":
        return f"{rules.TEAM_NAMES[card]} {points}"
    return f"total {points}"


# --- Numbers of the strategy notes --------------------------------------------------------------


def combination_chances() -> list[dict[str, Any]]:
    """For each combination, the chance of making it within one turn (three rolls) when every
    keep aims at it alone, and the chance on the first roll: exact sums over the dice."""
    rows = []
    for box in COMBINATIONS:
        match = [1.0 if rules.MATCHES[box](hand) else 0.0 for hand in bot.HANDS]
        chance = match
        for _roll in range(2):
            reach = [sum(p * chance[h] for h, p in zip(*bot.REACH[k], strict=True)) for k in
                     range(len(bot.KEEPS))]  # fmt: skip
            chance = [
                1.0 if match[h] else max(reach[k] for k in bot.HAND_KEEPS[h])
                for h in range(len(bot.HANDS))
            ]
        first = sum(p * m for p, m in zip(bot.HAND_PROBS, match, strict=True))
        turn = sum(p * c for p, c in zip(bot.HAND_PROBS, chance, strict=True))
        rows.append({"box": box, "name": BOX_NAMES[box], "first": first, "turn": turn})
    return rows


# First rolls on an empty card where the choice is not obvious: what the robot weighs.
DECISIONS = ((4, 4, 4, 4, 1), (3, 3, 3, 5, 5), (1, 2, 3, 4, 6), (6, 6, 6, 2, 1))


def first_roll_choices(count: int = 3) -> list[dict[str, Any]]:
    """For each hand of DECISIONS thrown first on an empty solo card: the robot's best choices
    with the expected final total of each."""
    rows = []
    for faces in DECISIONS:
        state, _ = apply(new_state(), {"type": "roll", "cup": False}, faces)
        items = sorted(advice(state), key=lambda i: -i["expected"])[:count]
        options = [
            {"label": label(i["action"], state), "expected": number(i["expected"])} for i in items
        ]
        rows.append({"hand": rules.shown(faces), "options": options})
    return rows


def scoring_rows() -> list[dict[str, str]]:
    rows = []
    for box in BOXES:
        if box in rules.NUMBER_BOXES:
            face = rules.NUMBER_BOXES[box]
            how = f"cada dado {face} vale {face}"
            points = f"0 a {5 * face}"
            rows.append({"name": BOX_NAMES[box], "how": how, "plain": points, "boca": points})
        else:
            plain, boca = COMBINATIONS[box]
            rows.append(
                {"name": BOX_NAMES[box], "how": HOW[box], "plain": str(plain), "boca": str(boca)}
            )
    return rows


HOW = {
    "full": "três iguais e um par de outra face",
    "seguida": "1-2-3-4-5 ou 2-3-4-5-6",
    "quadrada": "quatro ou cinco iguais",
    "general": "cinco iguais",
}

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


def percent(value: float) -> str:
    return f"{number(100 * value, 2)}%"


# --- Practice positions --------------------------------------------------------------------------


def label(action: dict[str, Any], state) -> str:
    """An action in plain Portuguese: "Marcar 25 no Full", "Guardar 6, 6 e relançar 3 dados"."""
    turn = state["turn"]
    if action["type"] == "score":
        points = rules.potential(state)[action["box"]]
        return f"Marcar {points} {rules.in_box(action['box'])}"
    kept = action["dice"] if action["type"] == "hold" else [i for i in range(5) if turn["held"][i]]
    faces = sorted(turn["dice"][i] for i in kept)
    thrown = 5 - len(faces)
    if not faces:
        return "Relançar os cinco dados"
    dice = f"{thrown} dado{'s' * (thrown > 1)}"
    return f"Guardar {rules.shown(faces)} e relançar {dice}"


def lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def action_key(action: dict[str, Any]) -> str:
    if action["type"] == "score":
        return f"marcar-{action['box']}"
    kept = action.get("dice")
    return "guardar-" + ("".join(map(str, kept)) if kept is not None else "mesmos")


def practice_state(seed: int):
    """A solo card the robot filled for a few turns from a seed, then a roll of a new turn
    (sometimes a second one after the robot's keep): a position with a real choice."""
    rng = random.Random(seed)  # noqa: S311 - a position drawn from its number
    state = new_state()
    for _turn in range(rng.randint(0, 8)):
        turn_taken = state["turns_taken"][0]
        while state["turns_taken"][0] == turn_taken:
            action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
            state, _ = GAME.apply(state, 0, action, rng)
    state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    if rng.random() < 0.4:
        items = advice(state)
        if items[0]["action"]["type"] == "hold":
            state, _ = GAME.apply(state, 0, items[0]["action"], rng)
            state, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, rng)
    return state


def practice_position(number: int):
    """The state of practice position `number`: a seed whose choices all come out equal is no
    question, so the next seed of the same number is drawn."""
    for extra in range(50):
        state = practice_state(number + 10_000 * extra)
        items = advice(state)
        if len(items) > 1 and items[0]["expected"] - items[-1]["expected"] > 0.5:
            break
    return state, items


def pick(items: list[dict[str, Any]], count: int = 5) -> list[dict[str, Any]]:
    """The best, the best score and the best keep, then the next best: at most `count`."""
    chosen = [items[0]]
    for kind in (("score",), ("hold", "roll")):
        item = next((i for i in items if i["action"]["type"] in kind), None)
        if item is not None and item not in chosen:
            chosen.append(item)
    for item in sorted(items[1:], key=lambda i: -i["expected"]):
        if len(chosen) >= count:
            break
        if item not in chosen:
            chosen.append(item)
    return chosen


def position(number: int) -> Position:
    state, items = practice_position(number)
    chosen = pick(items)
    order = list(chosen)
    random.Random(number).shuffle(order)  # noqa: S311 - the best is not always first
    choices = tuple((action_key(i["action"]), label(i["action"], state)) for i in order)
    rolls = state["turn"]["rolls"]
    left = {1: "ainda pode lançar duas vezes", 2: "ainda pode lançar uma vez"}[rolls]
    question = (
        f"Seu {rolls}º lance deu {rules.shown(state['turn']['dice'])} e você {left}. "
        f"Total da cartela: {total(state)}. O que você faz?"
    )
    data = {
        "expected": {action_key(i["action"]): i["expected"] for i in chosen},
        "labels": dict(choices),
        "best": action_key(items[0]["action"]),
    }
    return Position(number, render(state, names=("Você",)), question, choices, data)


def judge(position: Position, answer: str) -> Verdict:
    expected, labels = position.data["expected"], position.data["labels"]
    best = position.data["best"]
    mine = expected[answer]
    top = expected[best]
    if mine >= top - bot.TIE:
        text = _("%(choice)s: a melhor escolha aqui; %(meaning)s, jogando bem daqui em diante.") % {
            "choice": labels[answer],
            "meaning": expected_final(mine),
        }
        return Verdict(True, text)
    text = _(
        "Sua escolha, %(mine)s: %(meaning)s, jogando bem daqui em diante. A do robô, "
        "%(best)s, leva a %(top)s; a sua fica %(gap)s."
    ) % {
        "mine": lower(labels[answer]),
        "meaning": expected_final(mine),
        "best": lower(labels[best]),
        "top": points(top),
        "gap": below_best(top - mine),
    }
    return Verdict(False, text)
