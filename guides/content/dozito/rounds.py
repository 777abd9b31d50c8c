"""The Dozito guide's worked rounds played: each script run through the rules engine from its
deal, every step drawn with the live table for the one who plays (named, not "you"), with the
grids' scores after it and, when a round ends, its count in words."""

from __future__ import annotations

import random
from typing import Any

from games.rendering import game_render
from games.rules.dozito import GAME, GROUP_POINTS, grid_score
from guides.content import Round, Step
from guides.content.dozito.deals import SEED, Move

NAMES = ["Ana", "Bruno"]


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
