"""What the Bozó templates (games/jinja2/games/bozo/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the actions that seat may take now,
and returns plain values: each die, the cup, the action bar, each score card with its rows. It
never sees the state itself, so nothing the view hides can reach a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from games.i18n import gettext as _
from games.presenters import NO_DRAWINGS, no_defs, no_pause
from games.rules.bozo import BOX_NAMES

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
defs = no_defs
pause_after = no_pause


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


@dataclass(frozen=True, slots=True)
class Row:
    box: str
    name: str
    value: int | None
    points: int | None  # what marking it now would give, when the viewer may
    action: dict[str, Any] | None
    label: str


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    title: str
    team: int | None
    yours: bool
    on_turn: bool
    rows: list[Row]
    total: int


def held_after_tap(held: list[bool], index: int) -> list[int]:
    """The dice held once die `index` is tapped (held or released): what a hold action names."""
    return [i for i, is_held in enumerate(held) if is_held != (i == index)]


def context(
    view: dict[str, Any],
    seat: int | None,
    legal: list[dict[str, Any]],
    *,
    names: list[str],
    events: tuple[dict[str, Any], ...] = (),
    hints: bool = False,
    hint_place: bool = False,
    history: tuple[tuple[dict[str, Any], ...], ...] = (),
) -> SimpleNamespace:
    turn_key = f"{view['to_move']}:{'.'.join(map(str, view['turns_taken']))}"
    return SimpleNamespace(
        **felt(view["turn"], legal, events, turn_key=turn_key, hints=hints),
        over=bool(view["finished"]),
        hint_place=hint_place,
        cards=cards(view, seat, legal, names),
        # Said on every card and row: translated once per render.
        labels=SimpleNamespace(
            cards=_("Cartelas"),
            on_turn=_("na vez"),
            box=_("Casa"),
            points=_("Pontos"),
            total=_("Total"),
            zero=_("zero"),
            open=_("livre"),
        ),
    )


def felt(
    turn: dict[str, Any],
    legal: list[dict[str, Any]],
    events: tuple[dict[str, Any], ...],
    *,
    turn_key: str,
    hints: bool = False,
) -> dict[str, Any]:
    """What games/bozo/_dice.html and _controls.html read of a dice turn: the dice, the cup,
    the throws and the action bar. Every dice game draws its felt with these (Yam's too)."""
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
        "lift": lifted_from(events),
        "controls": controls,
    }


DIE_LABELS = {
    "covered": lambda: _("Dado %(n)s: coberto pelo copo"),
    "blank": lambda: _("Dado %(n)s: ainda não lançado"),
    "shown": lambda: _("Dado %(n)s: %(value)s"),
    "held": lambda: _("Dado %(n)s: %(value)s, guardado"),
    "tap": lambda: _("Dado %(n)s: %(value)s. Toque para guardar."),
    "tap_held": lambda: _("Dado %(n)s: %(value)s, guardado. Toque para soltar."),
}


def dice(turn: dict[str, Any], can_hold: bool) -> list[Die]:
    """Each die with what a screen reader says of it (one translation per kind of label)."""
    labels: dict[str, str] = {}
    result = []
    for i, value in enumerate(turn["dice"]):
        held, covered = turn["held"][i], i in turn["covered"]
        if covered:
            kind = "covered"
        elif not value:
            kind = "blank"
        elif can_hold:
            kind = "tap_held" if held else "tap"
        else:
            kind = "held" if held else "shown"
        hold = None
        if can_hold and value:
            hold = {"type": "hold", "dice": held_after_tap(turn["held"], i)}
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


def cards(view: dict[str, Any], seat: int | None, legal, names: list[str]) -> list[Card]:
    card_of, teams, to_move = view["card_of"], view["teams"], view["to_move"]
    potential = view["potential"]
    buttons = {a["box"]: a for a in legal if a["type"] == "score"}
    turn_card = None if to_move is None or view["finished"] else card_of[to_move]
    yours = None if seat is None else card_of[seat]
    mark = _("Marcar %(points)s em %(name)s")
    result = []
    for index, card in enumerate(view["cards"]):
        owners = [s for s, c in enumerate(card_of) if c == index]
        if teams:
            title = teams[index]["name"]
        elif index == yours:
            title = _("Sua cartela")
        else:
            title = names[owners[0]]
        mine = buttons if index == yours else {}
        rows = []
        for box, value in card["boxes"].items():
            points = potential.get(box, 0) if box in mine else None
            name = BOX_NAMES[box]
            label = mark % {"points": points, "name": name} if points is not None else ""
            rows.append(Row(box, name, value, points, mine.get(box), label))
        result.append(
            Card(
                index=index,
                title=title,
                team=index if teams else None,
                yours=index == yours,
                on_turn=index == turn_card,
                rows=rows,
                total=card["total"],
            )
        )
    return result


def ended_by(reason: str) -> str:
    """The general de boca ends a game at once, won by whoever threw it."""
    if reason == "general_de_boca":
        return _("General de boca: cinco dados iguais de uma vez, vitória na hora.")
    return ""


def hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> SimpleNamespace:
    """The robot's advice in plain words, best first and at most `count` choices, with where the
    best one is on the table: the box to mark (`box`) or the dice to keep (`keep`, positions)."""
    turn = view["turn"]
    lines = []
    for item in advice[:count]:
        action, expected = item["action"], round(item["expected"])
        if action["type"] == "score":
            choice = _("Se marcar %(box)s agora") % {"box": BOX_NAMES[action["box"]]}
        else:
            kept = action["dice"] if action["type"] == "hold" else _held(turn)
            faces = [str(turn["dice"][i]) for i in sorted(kept, key=lambda i: turn["dice"][i])]
            if faces:
                choice = _("Se lançar de novo guardando %(faces)s") % {"faces": _and(faces)}
            else:
                choice = _("Se lançar de novo os cinco dados")
        lines.append(
            _("%(choice)s, sua média final esperada é %(expected)d.")
            % {"choice": choice, "expected": expected}
        )
    best = advice[0]["action"] if advice else None
    box = best["box"] if best and best["type"] == "score" else ""
    keep = None
    if best and best["type"] == "hold":
        keep = sorted(best["dice"])
    elif best and best["type"] == "roll":
        keep = _held(turn)
    return SimpleNamespace(lines=lines, box=box, keep=keep)


def _held(turn: dict[str, Any]) -> list[int]:
    return [i for i, held in enumerate(turn["held"]) if held]


def _and(items: list[str]) -> str:
    """ "4, 4 e 6": a list said the Portuguese way."""
    if len(items) == 1:
        return items[0]
    return _("%(first)s e %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}
