"""The Dominó guide's worked rounds. They are first hands of games dealt from fixed seeds: the
deal is the engine's own shuffle of `random.Random(seed)` and every play is the robot's choice
with that same generator, so the rounds, like the practice positions, are the same on every
render. The seeds were picked because their hands show the scoring cases the guide must show
(issue #9); the tests replay every play through the engine.
"""

from __future__ import annotations

import random
import re
from typing import Any

from games.bots import domino as bot
from games.rules import domino as rules
from games.rules.base import clone
from games.rules.domino import GAME, PAIR_NAMES
from guides.content import Round, Step
from guides.content.domino.table import NAMES, action_key, play_label, snapshot
from guides.content.domino.weighing import judged, why

# (seed, title, intro, covers): each a first hand, opened with the 6|6.
ROUNDS = (
    (
        49,
        "Mão 1: pontos na mesa, o bucho com um e com dois lados, batida de carroça com garagem",
        "Quem tem a carroça de sena sai com ela: é o bucho. Veja como a soma das pontas muda "
        "quando o bucho tem um lado ocupado, depois dois, e como uma carroça na ponta conta "
        "dobrado. A mão termina com uma batida de carroça, e a garagem vem junto.",
        (
            "Ponta com carroça",
            "Bucho com um lado",
            "Bucho com dois lados",
            "Passe",
            "Batida de carroça com garagem",
        ),
    ),
    (
        48,
        "Mão 2: o galo",
        "Um galo acontece quando os três outros passam e a vez volta a quem jogou: vale 50 no "
        "lugar dos passes.",
        ("Galo", "Passe", "Garagem"),
    ),
    (
        63,
        "Mão 3: jogo fechado",
        "Às vezes as pontas se fecham num número que já acabou: ninguém mais consegue jogar. "
        "Somam-se as mãos das duplas.",
        ("Jogo fechado", "Bucho com um lado"),
    ),
)


def hand_played(seed: int) -> tuple[list, list[tuple[int, dict, list, dict, dict]]]:
    """The deal of game `seed` and its first hand played by the robot: for each play the seat,
    the action, its events, the state before and after."""
    rng = random.Random(seed)  # noqa: S311 - a fixed deal, not a secret
    state = GAME.setup(4, {}, rng)
    deal = [[list(t) for t in tiles] for tiles in state["hand"]["tiles"]]
    plays = []
    while True:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = bot.choose(GAME.view(state, seat), legal, rng)
        before = state
        state, events = GAME.apply(state, seat, action, rng)
        plays.append((seat, action, events, before, state))
        if any(e["type"] == "hand_end" for e in events):
            return deal, plays


def named(text: str) -> str:
    """An engine text with the players' names for "Jogador 1"... (the engine names no one)."""
    text = re.sub(r"do Jogador (\d)", lambda m: "de " + NAMES[int(m.group(1)) - 1], text)
    return re.sub(r"Jogador (\d)", lambda m: NAMES[int(m.group(1)) - 1], text)


def score_text(events: list[dict]) -> str:
    """What a play scored, short: "Jade +20 (batida de carroça) · Jade +10 (garagem)"."""
    return " · ".join(
        f"{PAIR_NAMES[e['pair']]} +{e['points']} ({rules.REASONS[e['reason']].lower()})"
        for e in events
        if e["type"] == "score"
    )


def score_lines(events: list[dict]) -> str:
    """The engine's own words for what a play scored, with the players' names."""
    return " ".join(named(e["text"]) for e in events if e["type"] == "score")


def notable(events: list[dict], index: int) -> bool:
    return index == 0 or any(e["type"] in ("score", "pass", "hand_end") for e in events)


def step_for(seat: int, action: dict, events: list[dict], before: dict, after: dict) -> Step:
    view = GAME.view(before, seat)
    legal = [a for a in GAME.legal_actions(before, seat) if a["type"] == "play"]
    name = NAMES[seat]
    label = play_label(view, action)
    if action.get("end") is None:
        text = f"{name} tem a carroça de sena e sai com ela: o 6|6 é o bucho."
    elif len(legal) == 1:
        text = f"{name} joga {label}: era a única jogada."
    else:
        ranked = judged(view, legal)
        mine = next(v for v, a in ranked if action_key(a) == action_key(action))
        value, other = next((v, a) for v, a in ranked if action_key(a) != action_key(action))
        if value >= mine - bot.TIE:
            reason = f"tanto faz: {play_label(view, other)} daria o mesmo"
        else:
            reason = f"em vez de {play_label(view, other)}, porque {why(view, action, other)}"
        text = f"{name} joga {label} ({len(legal)} jogadas possíveis), {reason}."
    text += table_notes(before["hand"]["table"], action, before["options"]["bucho_lado"])
    passes = [NAMES[e["seat"]] for e in events if e["type"] == "pass"]
    if passes:
        text += " " + ", ".join(passes) + (" passou." if len(passes) == 1 else " passaram.")
    end = next((e for e in events if e["type"] == "hand_end"), None)
    if end:
        left = ", ".join(
            f"{NAMES[s]} {rules.pips(tiles)}" for s, tiles in enumerate(end["hands"]) if tiles
        )
        text += f" {named(end['text'])} Pontos nas mãos: {left or 'nenhum'}."
    if any(e["type"] == "score" for e in events):
        text += " " + score_lines(events)
    shown_state = after if not end else before_end(before, seat, action, events)
    return Step(snapshot(shown_state, seat, tuple(events)), text, score_text(events))


def table_notes(table: dict, action: dict, lado: str) -> str:
    """What the play shows of the count: the bucho with one side or two, a double at an end."""
    end = action.get("end")
    if end is None:
        return ""
    now = bot.after(table, action["tile"], end)
    sides = [bool(now["arms"][side]) for side in rules.SIDES]
    had = [bool(table["arms"][side]) for side in rules.SIDES]
    notes = []
    if sides.count(True) == 1:
        counted = rules.counted_ends(now, lado)
        empty = next(side for side, full in zip(rules.SIDES, sides, strict=True) if not full)
        notes.append(
            f"O bucho tem um lado só ocupado: o lado vazio ({rules.ARM_NAMES[empty]}) ainda "
            f"conta o bucho, {counted[empty]}."
        )
    elif all(sides) and not all(had):
        notes.append(
            "Agora os dois lados do bucho têm pedra: ele sai da conta, e abrem cima e baixo."
        )
    if rules.is_double(action["tile"]):
        pip = action["tile"][0]
        notes.append(f"A carroça {pip}|{pip} na ponta conta dobrado: {2 * pip}.")
    return "".join(" " + note for note in notes)


def before_end(before: dict, seat: int, action: dict, events: list[dict]) -> dict:
    """The table as the hand ended (the engine has already dealt the next hand): the last play
    put down, and the scores once the hand is counted."""
    state = clone(before)
    tile, end = rules.check_play(state["hand"], seat, action)
    rules.put_down(state, seat, tile, end)
    counted = [e["scores"] for e in events if e["type"] == "score"]
    if counted:
        state["scores"] = list(counted[-1])
    return state


def worked_round(seed: int, title: str, intro: str, covers: tuple[str, ...]) -> Round:
    _deal, plays = hand_played(seed)
    steps = []
    quiet = []
    for index, (seat, action, events, before, after) in enumerate(plays):
        if not notable(events, index):
            quiet.append(f"{NAMES[seat]} {shown_play(action)}")
            continue
        step = step_for(seat, action, events, before, after)
        if quiet:
            step = Step(step.html, "Antes: " + "; ".join(quiet) + ". " + step.text, step.score)
            quiet = []
        steps.append(step)
    return Round(title, intro, tuple(steps), covers)


WHERE = {"left": "na esquerda", "right": "na direita", "up": "em cima", "down": "embaixo"}


def shown_play(action: dict) -> str:
    end = action.get("end")
    where = f" {WHERE[end]}" if end else ""
    return f"jogou {rules.shown(action['tile'])}{where}"


def scripts() -> list[dict[str, Any]]:
    """What the tests replay: each round's deal and its plays, with the points they scored."""
    result = []
    for seed, *_rest in ROUNDS:
        deal, plays = hand_played(seed)
        result.append(
            {
                "seed": seed,
                "deal": deal,
                "plays": [(seat, action) for seat, action, *_ in plays],
                "scores": [score_text(events) for _s, _a, events, *_ in plays],
                "options": {},
                "whole": True,
            }
        )
    deal, plays = simples_played()
    result.append(
        {
            "seed": ROUNDS[0][0],
            "deal": deal,
            "plays": [(seat, action) for seat, action, *_ in plays],
            "scores": [score_text(events) for _s, _a, events, *_ in plays],
            "options": {"bucho_lado": "simples"},
            "whole": False,
        }
    )
    return result


SIMPLES_PLAYS = 3  # the opening and the first two plays: the bucho with one side taken


def simples_played() -> tuple[list, list[tuple[int, dict, list, dict, dict]]]:
    """The first plays of the first round's hand again, with the option "bucho simples"."""
    deal, plays = hand_played(ROUNDS[0][0])
    state = rules.setup_from_deal(deal, {"bucho_lado": "simples"})
    replayed = []
    for seat, action, *_rest in plays[:SIMPLES_PLAYS]:
        before = state
        state, events = GAME.apply(state, seat, action, random.Random(0))  # noqa: S311
        replayed.append((seat, action, events, before, state))
    return deal, replayed


def simples_round() -> Round:
    _deal, plays = simples_played()
    seat, action, events, before, after = plays[-1]
    dobrado = score_text(hand_played(ROUNDS[0][0])[1][SIMPLES_PLAYS - 1][2])
    view = GAME.view(after, seat)
    text = (
        f"Na mesma mão com a opção bucho simples, {NAMES[seat]} joga de novo "
        f"{play_label(GAME.view(before, seat), action)}. O lado vazio do bucho agora conta só "
        f"metade: as pontas somam {' + '.join(map(str, view['counted'].values()))} = "
        f"{view['sum']}, que não é múltiplo de 5. Com o bucho dobrado, a mesma jogada deu "
        f"{dobrado}."
    )
    step = Step(snapshot(after, seat, tuple(events)), text, score_text(events))
    title = "A mesma jogada com o bucho simples"
    intro = (
        "O anfitrião pode escolher, ao abrir a mesa, que o lado vazio do bucho conte só metade. "
        "Veja o segundo passo da mão 1 com essa opção."
    )
    return Round(title, intro, (step,), ("Bucho simples",))
