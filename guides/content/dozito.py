"""The Dozito guide: the rules of games/rules/dozito.py (seed 002_be05d767234eac8d.txt and the
house rules of issue #5) told in words, worked rounds played by the engine from fixed deals, the
robot's weights (games/bots/dozito.py) and practice positions judged by that robot.

Every worked round is a `Script`: a deal written here and the actions of each step with why the
player chose it. `play` runs the script through the rules engine and draws each step with the
live templates; tests/guides/test_dozito.py replays the same scripts.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.utils.translation import gettext as _

from games.bots import dozito as robot
from games.rendering import game_render
from games.rules.dozito import (
    COLOURS,
    GAME,
    GROUP_POINTS,
    NUMBERED,
    SLOTS,
    card,
    card_key,
    grid_score,
    new_deck,
    setup_from_deal,
    shown,
)
from guides.content import Page, Position, Question, Round, Step, Verdict
from guides.content.words import below_best, signed_points

NAMES = ["Ana", "Bruno"]
Card = dict[str, Any]
Action = dict[str, Any]


# --- Deals written by hand ------------------------------------------------------------------


def c(colour: str, number: int | None = None) -> Card:
    return card(colour, number)


def dealt(
    grids: list[dict[int, Card]],
    piles: list[Card],
    draws: list[Card],
    *,
    up: list[list[int]],
    seed: int,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A deal where the named cards sit where they are named (grid slots, discard tops, the top of
    the draw pile) and the rest of the deck, shuffled by `seed`, fills the other places."""
    named = [x for g in grids for x in g.values()] + piles + draws
    used = Counter(map(card_key, named))
    rest = []
    for one in new_deck():
        key = card_key(one)
        if used[key]:
            used[key] -= 1
        else:
            rest.append(one)
    if +used:
        raise ValueError("A card was named twice.")
    random.Random(seed).shuffle(rest)  # noqa: S311 - a fixed lot: the same guide every time
    full = [[g[s] if s in g else rest.pop() for s in SLOTS] for g in grids]
    return setup_from_deal(full, [[p] for p in piles], draws + rest, options, up=up)


@dataclass(frozen=True)
class Move:
    seat: int
    action: Action
    why: str


@dataclass(frozen=True)
class Script:
    title: str
    intro: str
    covers: tuple[str, ...]
    opening: str  # the text under the table as dealt
    moves: tuple[Move, ...]


SEED = 9  # the lot of the rare refills of the draw pile, and of the unnamed cards


def round_one() -> dict[str, Any]:
    ana = {
        1: c("azul", 1),
        2: c("azul", 2),
        5: c("azul", 6),
        6: c("vermelho", 5),
        9: c("roxo", 8),
    }
    bruno = {
        9: c("roxo", 9),
        10: c("roxo", 10),
        4: c("amarelo", 11),
        3: c("vermelho", 3),
    }
    draws = [
        c("vermelho", 9),
        c("amarelo", 7),
        c("azul"),
        c("azul", 4),
        c("azul", 9),
    ]
    return dealt(
        [ana, bruno],
        [c("azul", 5), c("roxo", 11)],
        draws,
        up=[[1, 2], [3, 9, 10]],
        seed=SEED,
    )


def take(pile: int) -> Action:
    return {"type": "take", "from": "discard", "pile": pile}


DRAW = {"type": "take", "from": "draw"}


def place(slot: int) -> Action:
    return {"type": "place", "slot": slot}


def discard(pile: int) -> Action:
    return {"type": "discard", "pile": pile}


def keep(which: str, pile: int) -> Action:
    return {"type": "keep", "card": which, "pile": pile}


SCRIPTS_ONE = (
    Script(
        title="Pegar da pilha de descarte, a corrente e um choque",
        intro=(
            "Dois jogadores, Ana e Bruno, no meio de uma rodada. Ana tem o 1 e o 2 azuis virados "
            "no alto da grade; Bruno, um grupo roxo embaixo. A grade grande, embaixo, é sempre a "
            "de quem joga; a pequena, acima, a do outro."
        ),
        covers=("pegar da pilha de descarte", "corrente", "choque"),
        opening="A mesa antes do turno de Ana: no topo da pilha 1 está o 5 azul, com um sol.",
        moves=(
            Move(
                0,
                take(0),
                "Ana pega o 5 azul da pilha 1: carta pega de uma pilha vai direto para o espaço "
                "do seu número, e o 5 fica logo abaixo do 1 azul, crescendo o grupo. O espaço 5 "
                "estava virado para baixo: a carta de lá vem para a mão.",
            ),
            Move(
                0,
                place(6),
                "Saiu o 6 azul, que cabe no espaço 6, ao lado do 5: Ana o coloca e a corrente "
                "continua com a carta virada no espaço 6.",
            ),
            Move(
                0,
                keep("grid", 1),
                "Saiu o 5 vermelho, mas o espaço 5 já tem o 5 azul virado: é um choque. Ana fica "
                "com o azul, que está no grupo, descarta o vermelho e o turno termina.",
            ),
        ),
    ),
    Script(
        title="Comprar do baralho: descartar, TURNO EXTRA, Coringa, STOP e uma troca",
        intro="A mesma mesa, na sequência: agora as cartas vêm do baralho de compra.",
        covers=(
            "comprar e descartar",
            "comprar e colocar",
            "TURNO EXTRA",
            "CORINGA",
            "STOP",
            "trocar uma carta virada",
        ),
        opening="",
        moves=(
            Move(
                1,
                DRAW,
                "A pilha 1 ficou vazia e o 5 vermelho da pilha 2 não junta com nada de Bruno: ele "
                "compra. Veio o 9 vermelho.",
            ),
            Move(
                1,
                discard(0),
                "O espaço 9 já tem o 9 roxo virado, no grupo roxo: trocar desmancharia o grupo e "
                "encerraria o turno de qualquer jeito. Bruno descarta o 9 vermelho e o turno "
                "termina.",
            ),
            Move(0, DRAW, "Ana compra e tira o 7 amarelo, um TURNO EXTRA."),
            Move(
                0,
                discard(1),
                "Um amarelo no espaço 7 não junta com nada. Descartado, o TURNO EXTRA dá a Ana "
                "outro turno na hora.",
            ),
            Move(0, DRAW, "No turno extra Ana compra de novo: um Coringa azul."),
            Move(
                0,
                place(9),
                "O Coringa não tem número: vai em qualquer espaço. No 9, embaixo do 5 azul, ele "
                "faz o grupo azul chegar a cinco cartas. A carta virada no 9 vem para a mão.",
            ),
            Move(
                0,
                discard(1),
                "Era o 8 roxo: no espaço 8 ele ficaria sozinho, longe de outros roxos. Ana o "
                "descarta e encerra o turno.",
            ),
            Move(1, DRAW, "Bruno compra o 4 azul, um STOP, com três sóis."),
            Move(
                1,
                place(4),
                "Bruno coloca o STOP no espaço 4: três pontos certos de sóis e uma carta a mais "
                "virada. Mas o STOP encerra o turno: a carta que estava no espaço 4 não pode ser "
                "colocada.",
            ),
            Move(
                1,
                discard(0),
                "Saiu o 11 amarelo; por causa do STOP, Bruno só pode descartá-lo.",
            ),
            Move(0, DRAW, "Ana compra o 9 azul, com dois sóis."),
            Move(
                0,
                place(9),
                "O espaço 9 tem o Coringa azul virado. Trocá-lo pelo 9 azul deixa o grupo do "
                "mesmo tamanho e traz dois sóis; mas uma carta virada que sai da grade é "
                "descartada e o turno acaba.",
            ),
            Move(
                0,
                discard(1),
                "Ana descarta o Coringa na pilha 2. Se Bruno não o pegar, ela mesma pode "
                "buscá-lo no próximo turno e pô-lo em qualquer espaço, como o 10, embaixo do 6 "
                "azul.",
            ),
        ),
    ),
)


def round_end_deal() -> dict[str, Any]:
    """Ana with eleven cards face up (slot 12 down), Bruno with nine (4, 10 and 12 down)."""
    ana = {
        1: c("verde", 1),
        2: c("verde", 2),
        3: c("verde", 3),
        4: c("amarelo", 4),
        5: c("verde", 5),
        6: c("verde", 6),
        7: c("amarelo", 7),
        8: c("amarelo", 8),
        9: c("roxo", 9),
        10: c("roxo", 10),
        11: c("vermelho", 11),
        12: c("azul", 5),
    }
    bruno = {
        1: c("azul", 1),
        2: c("azul", 2),
        3: c("azul", 3),
        4: c("roxo", 12),
        5: c("vermelho", 5),
        6: c("vermelho", 6),
        7: c("vermelho", 7),
        8: c("vermelho", 8),
        9: c("azul", 9),
        11: c("roxo", 11),
        12: c("verde", 11),
    }
    return dealt(
        [ana, bruno],
        [c("amarelo", 12), c("verde", 9)],
        [c("vermelho", 4)],
        up=[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], [1, 2, 3, 5, 6, 7, 8, 9, 11]],
        seed=SEED,
    )


SCRIPT_END = Script(
    title="O fim da rodada e a contagem dos grupos",
    intro=(
        "Fim de rodada: Ana tem onze cartas viradas e só o espaço 12 para baixo; Bruno ainda tem "
        "três para baixo (4, 10 e 12). Quem termina o seu turno com as doze cartas viradas "
        "aciona o fim da rodada, e cada outro jogador faz um último turno."
    ),
    covers=("fim da rodada", "contagem dos grupos", "sóis", "carta para baixo não conta"),
    opening="A mesa antes do turno de Ana: no topo da pilha 1, o 12 amarelo.",
    moves=(
        Move(
            0,
            take(0),
            "Ana pega o 12 amarelo: ele vai para o espaço 12, embaixo do 8 amarelo, e vira a "
            "última carta da grade.",
        ),
        Move(
            0,
            keep("grid", 1),
            "Saiu o 5 azul, do espaço 5, onde já está o 5 verde do grupo: um choque. Ana fica "
            "com o verde e descarta o azul. Com as doze cartas viradas no fim do turno, ela "
            "aciona o fim da rodada; está na frente, então vale a pena encerrar.",
        ),
        Move(
            1,
            DRAW,
            "É o último turno de Bruno. O 5 azul no topo da pilha 2 iria para o espaço 5, que "
            "tem o 5 vermelho do seu grupo: não serve. Ele compra e tira o 4 vermelho.",
        ),
        Move(
            1,
            place(4),
            "O 4 vermelho é um TURNO EXTRA: descartado, daria outro turno. Bruno prefere o "
            "certo: no espaço 4, em cima do 8 vermelho, ele leva o grupo vermelho de quatro a "
            "cinco cartas (de 10 para 16 pontos). A carta virada no espaço 4 é o 12 roxo.",
        ),
        Move(
            1,
            place(12),
            "O 12 roxo é um STOP: ao lado do 11 roxo faz um grupo de dois e traz três sóis, mas "
            "encerra o turno. A carta que ele vira no espaço 12, o 11 verde, tem de ser "
            "descartada.",
        ),
        Move(
            1,
            discard(0),
            "Bruno descarta o 11 verde. O espaço 10 fica para baixo e não conta nada. Fim do "
            "último turno: a rodada é contada.",
        ),
    ),
)


def twelve_deal() -> dict[str, Any]:
    ana = {s: c("verde", s) for s in SLOTS if s != 8}
    ana[8] = c("amarelo", 8)
    return dealt(
        [ana, {}],
        [c("verde", 8), c("azul", 3)],
        [],
        up=[[s for s in SLOTS if s != 8], [2, 5, 7]],
        seed=SEED,
    )


SCRIPT_TWELVE = Script(
    title="Doze cartas da mesma cor: vitória na hora",
    intro=(
        "Uma grade rara: Ana tem onze cartas verdes viradas; só o espaço 8 está para baixo, e o "
        "8 verde está no topo da pilha 1."
    ),
    covers=("doze cartas da mesma cor",),
    opening="A mesa antes do turno de Ana.",
    moves=(
        Move(
            0,
            take(0),
            "Ana pega o 8 verde: ele vai para o espaço 8, e as doze cartas da grade são verdes e "
            "viradas. O jogo acaba na hora, sem contar pontos: Ana vence.",
        ),
    ),
)


SCRIPTS = (
    (round_one, SCRIPTS_ONE),
    (round_end_deal, (SCRIPT_END,)),
    (twelve_deal, (SCRIPT_TWELVE,)),
)


# --- Playing a script -------------------------------------------------------------------------


def apply(state: dict[str, Any], move: Move, rng: random.Random) -> tuple[dict, list[dict]]:
    legal = GAME.legal_actions(state, move.seat)
    if move.action not in legal:
        raise ValueError(f"{move.action} is not legal here: {legal}")
    return GAME.apply(state, move.seat, move.action, rng)


def count_said(detail: dict[str, Any]) -> str:
    """ "grupos de 5, 4 e 2 (16 + 10 + 2) e 7 sóis: 35": a grid's count in words."""
    sizes = [size for size in detail["groups"] if size > 1]
    points = [GROUP_POINTS[size] for size in sizes]
    if sizes:
        said = ", ".join(map(str, sizes[:-1])) + (" e " if len(sizes) > 1 else "") + str(sizes[-1])
        groups = f"grupos de {said} cartas ({' + '.join(map(str, points))})"
    else:
        groups = "nenhum grupo de duas ou mais cartas"
    return f"{groups} e {detail['suns']} sóis: {detail['points']} pontos"


def score_line(state: dict[str, Any], events: list[dict[str, Any]]) -> str:
    """What each grid's face-up cards score now, short (the frame keeps it on one line)."""
    if state["end"] and state["end"]["reason"] == "twelve":
        return "Vitória de " + NAMES[state["end"]["winners"][0]]
    points = [grid_score(g)["points"] for g in state["grids"]]
    return " · ".join(f"{NAMES[s]} {p}" for s, p in enumerate(points))


def count_line(events: list[dict[str, Any]]) -> str:
    """The count of a round that ended with these events, in words ("" otherwise)."""
    ends = [e for e in events if e["type"] == "round_end"]
    if not ends:
        return ""
    counts = [
        f"{NAMES[s]}: {count_said(d)}." for s, d in enumerate(ends[-1]["details"]) if d is not None
    ]
    return "A contagem — " + " ".join(counts)


def named(text: str) -> str:
    """The engine's "Jogador 1" as the guide's players."""
    for seat, name in enumerate(NAMES):
        text = text.replace(f"Jogador {seat + 1}", name)
    return text


def draw_step(state: dict[str, Any], seat: int, events: list[dict[str, Any]], text: str) -> Step:
    log = [named(e["text"]) for e in events if e["type"] not in ("turn", "round_end")]
    html = game_render("dozito", state, seat, names=NAMES, events=tuple(events), log=log)
    # The table is drawn for the one who plays; the guide names them instead of "you".
    html = str(html).replace("Sua grade", NAMES[seat]).replace("Sua vez:", f"Vez de {NAMES[seat]}:")
    said = " ".join(part for part in (text, count_line(events)) if part)
    return Step(html=html, text=said, score=score_line(state, events))


def play(deal, scripts) -> list[Round]:
    state = deal()
    rng = random.Random(SEED)  # noqa: S311 - a fixed lot: the same guide every time
    rounds = []
    for script in scripts:
        steps = []
        if script.opening:
            steps.append(draw_step(state, state["to_move"], [], script.opening))
        for move in script.moves:
            state, events = apply(state, move, rng)
            steps.append(draw_step(state, move.seat, events, move.why))
        rounds.append(Round(script.title, script.intro, tuple(steps), script.covers))
    return rounds


# --- Figures for the rules and the strategy notes -------------------------------------------------


def deck_table() -> list[dict[str, Any]]:
    """Per colour: the STOP, the TURNO EXTRA, the cards with 2 and 1 suns, and the suns."""
    rows = []
    for colour in COLOURS:
        cards = [NUMBERED[colour, n] for n in SLOTS]
        rows.append(
            {
                "colour": colour,
                "symbol": robot_symbol(colour),
                "stop": [x["number"] for x in cards if x["kind"] == "stop"],
                "extra": [x["number"] for x in cards if x["kind"] == "extra"],
                "two": [x["number"] for x in cards if x["kind"] == "normal" and x["suns"] == 2],
                "one": [x["number"] for x in cards if x["kind"] == "normal" and x["suns"] == 1],
                "suns": sum(x["suns"] for x in cards),
                "cells": [deck_cell(x) for x in cards],
            }
        )
    return rows


def deck_cell(x: Card) -> tuple[str, str]:
    """A card in the deck table: its mark and its words (for screen readers and the title)."""
    if x["kind"] == "stop":
        return "S", f"{x['number']} {x['colour']}: STOP, 3 sóis"
    if x["kind"] == "extra":
        return "T", f"{x['number']} {x['colour']}: TURNO EXTRA"
    suns = x["suns"]
    words = {0: "sem sol", 1: "1 sol"}.get(suns, f"{suns} sóis")
    return "☀" * suns, f"{x['number']} {x['colour']}: {words}"


def robot_symbol(colour: str) -> str:
    from games.presenters.dozito import SYMBOLS

    return SYMBOLS[colour]


def best_grid_without_twelve() -> int:
    """The most a grid can score: eleven of one colour in one group, the twelfth another
    colour's card, with the most suns."""
    best = 0
    for colour in COLOURS:
        own = sorted((NUMBERED[colour, n] for n in SLOTS), key=lambda x: x["suns"])
        for out_slot in SLOTS:
            kept = [x for x in own if x["number"] != out_slot]
            other = max(
                (NUMBERED[o, out_slot] for o in COLOURS if o != colour), key=lambda x: x["suns"]
            )
            grid = [{"card": x, "up": True} for x in kept]
            grid.insert(out_slot - 1, {"card": other, "up": True})
            best = max(best, grid_score(grid)["points"])
    return best


GAMES_SIMULATED = 40


@cache
def simulation() -> dict[str, Any]:
    """Robot against robot and robot against the greedy baseline, two players, one round each,
    from seeds 1 to GAMES_SIMULATED: the figures of the strategy notes."""
    scores, turns, wins = [], [], 0
    for seed in range(1, GAMES_SIMULATED + 1):
        state, count = run(seed, (robot.choose, robot.choose))
        if state["round_scores"]:
            scores += state["round_scores"][0]
        turns.append(count)
        mine = seed % 2  # the robot's seat, in turn first and second
        players = (
            (robot.greedy_choose, robot.choose) if mine else (robot.choose, robot.greedy_choose)
        )
        other, _count = run(seed, players)
        if other["end"]["winners"] == [mine]:
            wins += 1
    return {
        "games": GAMES_SIMULATED,
        "mean_score": round(sum(scores) / len(scores)),
        "mean_turns": round(sum(turns) / len(turns)),
        "wins_vs_greedy": wins,
    }


def run(seed: int, players) -> tuple[dict[str, Any], int]:
    rng = random.Random(seed)  # noqa: S311 - a fixed lot: the same guide every time
    state = GAME.setup(2, {}, rng)
    turns = 0
    while not state["end"]:
        seat = state["to_move"]
        legal = GAME.legal_actions(state, seat)
        action = players[seat](GAME.view(state, seat), legal, rng)
        state, events = GAME.apply(state, seat, action, rng)
        turns += sum(1 for e in events if e["type"] in ("turn", "extra_turn", "round_end"))
    return state, turns


@cache
def opening_draw_value() -> float:
    """What the robot reckons a draw is worth at the first move of a fresh two-player deal."""
    state = GAME.setup(2, {}, random.Random(1))  # noqa: S311 - a fixed lot: the same guide every time
    view = GAME.view(state, 0)
    return robot.Evaluation(view, robot.WEIGHTS).draw_value()


# --- The page ------------------------------------------------------------------------------------


FAQ = (
    Question(
        "Posso olhar as minhas cartas viradas para baixo?",
        "Não. Ninguém vê as cartas para baixo, nem o dono da grade; elas só aparecem quando uma "
        "carta colocada no espaço as vira.",
    ),
    Question(
        "Uma carta pega da pilha de descarte pode ser descartada de volta?",
        "Não. A carta pega de uma pilha vai direto para o espaço do seu número (o Coringa, para "
        "o espaço que você escolher). Só a carta comprada do baralho pode ser descartada logo.",
    ),
    Question(
        "O que acontece quando a carta virada é de um espaço que já tem carta virada?",
        "É um choque: você fica com uma das duas nesse espaço, descarta a outra numa pilha e o "
        "turno termina. Um Coringa virado nunca causa choque.",
    ),
    Question(
        "Coringa conta como qual cor?",
        "Como a cor dele: o Coringa azul faz grupo com cartas azuis. Ele não tem número nem sol; "
        "trocar um Coringa virado por uma carta numerada descarta o Coringa e encerra o turno.",
    ),
    Question(
        "Cartas viradas para baixo contam no fim da rodada?",
        "Não: elas não são reveladas e não valem nada, nem grupo, nem sol.",
    ),
    Question(
        "Jogando três rodadas, quem começa a segunda?",
        "Quem tem o menor total. Entre empatados, o primeiro deles na ordem da mesa depois de "
        "quem começou a rodada anterior.",
    ),
    Question(
        "E se o baralho de compra acabar?",
        "As duas pilhas de descarte, menos a carta do topo de cada uma, são embaralhadas e viram "
        "um novo baralho.",
    ),
)


@cache
def page() -> Page:
    rounds = [r for deal, scripts in SCRIPTS for r in play(deal, scripts)]
    sim = simulation()
    return Page(
        description=(
            "Como jogar Dozito: a grade 4x3, os grupos de uma cor, STOP, TURNO EXTRA e Coringas, "
            "o baralho de 75 cartas, a tabela de pontos, rodadas comentadas jogadas pelo motor "
            "do site e posições para treinar contra o robô."
        ),
        rounds=tuple(rounds),
        faq=FAQ,
        extra={
            "deck": deck_table(),
            "numbers": SLOTS,
            "group_points": sorted(GROUP_POINTS.items()),
            "best_grid": best_grid_without_twelve(),
            "weights": robot.WEIGHTS,
            "turn_up": -robot.WEIGHTS.down,
            "sim": sim,
            "draw_value": round(opening_draw_value(), 1),
            "cards": len(new_deck()),
        },
    )


# --- Practice ----------------------------------------------------------------------------------

PRACTICE_SEATS = 2


def practice_state(number: int) -> dict[str, Any]:
    """A two-player deal from `number`, played by robots until the reader (seat 0) is at the
    start of a turn or holds a card, with at least two choices the robot tells apart."""
    rng = random.Random(number)  # noqa: S311 - a fixed lot: the same guide every time
    while True:
        state = GAME.setup(PRACTICE_SEATS, {}, rng)
        moves = rng.randrange(6, 50)
        for done in range(400):
            if state["end"]:
                break
            seat = state["to_move"]
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            if seat == 0 and done >= moves and state["turn"]["phase"] in ("start", "hand"):
                values = sorted({round(v, 6) for _a, v in choice_values(view, legal)})
                if len(values) > 1 and values[-1] - values[-2] > 0.5:
                    return state
            action = robot.choose(view, legal, rng)
            state, _events = GAME.apply(state, seat, action, rng)


def choice_of(action: Action) -> str:
    if action["type"] == "take":
        return "comprar" if action["from"] == "draw" else f"pilha-{action['pile']}"
    if action["type"] == "place":
        return f"espaco-{action['slot']}"
    return "descartar"


def choice_values(view: dict[str, Any], legal: list[Action]) -> list[tuple[str, float]]:
    """The robot's value of each answer (a discard on its better pile)."""
    best: dict[str, float] = {}
    for action, value in robot.rate(view, legal):
        key = choice_of(action)
        best[key] = max(best.get(key, float("-inf")), value)
    return list(best.items())


def choice_label(view: dict[str, Any], key: str) -> str:
    hand = view["turn"]["hand"]
    if key == "comprar":
        return "Comprar do baralho"
    if key.startswith("pilha-"):
        pile = int(key.split("-")[1])
        return f"Pegar o {shown(view['discards'][pile]['top'])} da pilha {pile + 1}"
    if key.startswith("espaco-"):
        return f"Colocar o {shown(hand)} no espaço {key.split('-')[1]}"
    return f"Descartar o {shown(hand)}"


@lru_cache(maxsize=256)
def position(number: int) -> Position:
    state = practice_state(number)
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    values = dict(choice_values(view, legal))
    # No move buttons: the live table's forms send on its socket, which a guide has not; the
    # answers are the practice form's own radios, posted to the guide (JavaScript or not).
    html = game_render("dozito", state, 0, names=["Você", "Robô"], buttons=False)
    if view["turn"]["phase"] == "start":
        question = "Sua vez: de onde você pega a carta?"
    else:
        question = f"Você está com o {shown(view['turn']['hand'])} na mão. O que faz com ele?"
    choices = tuple((key, choice_label(view, key)) for key in values)
    return Position(number, str(html), question, choices, {"state": state, "values": values})


def judge(position: Position, answer: str) -> Verdict:
    values = position.data["values"]
    state = position.data["state"]
    view = GAME.view(state, 0)
    best = max(values, key=lambda k: values[k])
    mine = values.get(answer, float("-inf"))
    good = mine >= values[best] - robot.TIE
    label = choice_label(view, best)
    text = f"Ele escolhe: {label}. {reason(view, best)}"
    if not good:
        text += " " + _(
            "Na conta do robô, a sua escolha dá %(gap)s, somando os pontos que a jogada faz "
            "agora e os que ela deixa para os próximos turnos."
        ) % {"gap": below_best(values[best] - mine)}
    return Verdict(best=good, text=text)


def decimal(value: float) -> str:
    """ "2,6": a figure the Brazilian way."""
    return f"{value:.1f}".replace(".", ",")


def reason(view: dict[str, Any], key: str) -> str:
    """Why the robot's choice, in plain words, from the same figures it weighs."""
    me = robot.Board(view["grids"][0])
    turn = view["turn"]
    if key == "comprar":
        draw = robot.Evaluation(view, robot.WEIGHTS).draw_value()
        tops = [p["top"] for p in view["discards"] if p["top"]]
        gains = [(me.best_gain(top), top) for top in tops]
        said = ""
        if gains:
            gain, top = max(gains, key=lambda gt: gt[0])
            # A gain on a face-down slot is a float (the flip term): a whole number all the same.
            said = _("O melhor topo, o %(card)s, mudaria a grade em %(gain)s agora. ") % {
                "card": shown(top),
                "gain": signed_points(round(gain)),
            }
        return (
            f"{said}Uma carta comprada vale em média {decimal(draw)} na conta do robô: ela pode "
            "continuar uma corrente, ser um TURNO EXTRA, ou ser descartada se não servir."
        )
    if key.startswith("pilha-"):
        top = view["discards"][int(key.split("-")[1])]["top"]
        return placing_reason(me, top)
    if key.startswith("espaco-"):
        return placing_reason(me, turn["hand"], int(key.split("-")[1]))
    hand = turn["hand"]
    if hand["kind"] == "extra":
        return "Descartar um TURNO EXTRA dá outro turno na hora."
    return (
        "Colocada, a carta não ganharia pontos (ou desmancharia um grupo); descartada, ela "
        "encerra o turno sem estragar nada. O robô também olha se a carta ajuda o adversário "
        "antes de escolher a pilha."
    )


def placing_reason(me: robot.Board, card_: Card, slot: int | None = None) -> str:
    if slot is None:
        slots = SLOTS if card_["kind"] == "coringa" else (card_["number"],)
        slot = max(slots, key=lambda s: me.gain(card_, s))
    gain = me.gain(card_, slot)
    down = me.cards[slot - 1] is None
    parts = [
        f"No espaço {slot}, o {shown(card_)} leva a grade de {me.score} a {me.score + gain} pontos"
    ]
    if card_["kind"] == "stop":
        parts.append("(os três sóis do STOP contam, mas ele encerra o turno)")
    elif down:
        parts.append("e vira mais uma carta, que pode continuar a corrente")
    return " ".join(parts) + "."
