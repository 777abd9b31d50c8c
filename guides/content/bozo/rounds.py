"""The Bozó guide's worked turns played: each script replayed through the engine (one that is
not `fresh` continues the previous one's card) and every step drawn with the live table, with
the robot's word on each decision and the card's total after each box scored."""

from __future__ import annotations

from collections.abc import Sequence

from games.bots import bozo as bot
from games.rules import bozo as rules
from games.rules.base import with_names
from guides.content import Round, Step
from guides.content.bozo.scripts import SCRIPTS, Script
from guides.content.bozo.table import (
    NAMES,
    advice,
    apply,
    label,
    lower,
    new_state,
    number,
    render,
)


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


def card_line(state, scored) -> str:
    """The total of the card just scored: "total 25", or in duplas "Jade 45"."""
    card = rules.card_of(state)[scored["seat"]]
    points = rules.card_total(state["cards"][card])
    if state["options"]["mode"] == "duplas":
        return f"{rules.TEAM_NAMES[card]} {points}"
    return f"total {points}"
