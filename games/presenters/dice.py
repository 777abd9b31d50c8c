"""The felt of a dice game (five dice, the cup, the throws left, the action bar): what
games/jinja2/games/dice/_dice.html and _controls.html read of a turn. Bozó and Yam's draw their
felt with these, each with its own card beside it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _


@dataclass(frozen=True, slots=True)
class Die:
    index: int
    value: int | None
    held: bool
    covered: bool
    hold: dict[str, Any] | None  # the hold action of a tap, when the viewer may hold dice
    label: str


@dataclass(frozen=True, slots=True)
class Controls:
    lifts: list[dict[str, Any]]
    rolls: list[dict[str, Any]]
    rolled: bool
    rolls_left: int
    can_hold: bool
    hint: bool


def felt(
    turn: dict[str, Any],
    legal: list[dict[str, Any]],
    events: tuple[dict[str, Any], ...],
    *,
    turn_key: str,
    turn_card: int | None,
    hints: bool = False,
) -> dict[str, Any]:
    """The dice, the cup, the throws and the action bar of a dice turn; `turn_card`: the index
    of the card on turn (None once the game is over), which the throws' line names."""
    can_hold = any(action["type"] == "hold" for action in legal)
    rolled = turn["rolls"] > 0 and not turn["covered"]
    controls = None
    if legal:
        controls = Controls(
            lifts=[a for a in legal if a["type"] == "lift"],
            rolls=[a for a in legal if a["type"] == "roll"],
            rolled=rolled,
            rolls_left=turn["rolls_left"],
            can_hold=can_hold,
            hint=hints and rolled,
        )
    return {
        "dice": dice(turn, can_hold),
        "cup": turn["covered"],
        "rolls": turn["rolls"],
        "rolls_left": turn["rolls_left"],
        "turn_key": turn_key,
        "turn_card": turn_card,
        "lift": lifted_from(events),
        "controls": controls,
    }


DIE_LABELS = {
    "covered": lambda: _("Dado %(n)s: coberto pelo copo"),
    "shown": lambda: _("Dado %(n)s: %(value)s"),
    "held": lambda: _("Dado %(n)s: %(value)s, guardado"),
}


def dice(turn: dict[str, Any], can_hold: bool) -> list[Die]:
    """Each die with what a screen reader says of it (one translation per kind of label). A die
    the viewer may tap is a toggle button: `aria-pressed` says whether it is held."""
    labels: dict[str, str] = {}
    result = []
    for i, value in enumerate(turn["dice"]):
        held, covered = turn["held"][i], i in turn["covered"]
        if covered:
            kind = "covered"
        elif not value:
            result.append(Die(i, value, held, covered, None, ""))  # not thrown: no label
            continue
        else:
            kind = "held" if held and not can_hold else "shown"
        hold = None
        if can_hold and value:
            hold = {"type": "hold", "toggle": i}
        if kind not in labels:
            labels[kind] = DIE_LABELS[kind]()
        label = labels[kind] % {"n": i + 1, "value": value}
        result.append(Die(i, value, held, covered, hold, label))
    return result


def lifted_from(events: tuple[dict[str, Any], ...]) -> str:
    """Where the latest action lifted the cup from ("top", "bottom"), if it lifted it: the
    dice of a lift from below make a half-turn as they appear."""
    lift = next((e for e in events if e.get("type") == "lift"), None)
    return str(lift.get("from", "top")) if lift else ""
