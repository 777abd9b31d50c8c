"""What the Bozó templates (games/jinja2/games/bozo/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the actions that seat may take now,
and returns plain values: each die, the cup, the action bar, each score card with its rows. It
never sees the state itself, so nothing the view hides can reach a page.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from games.partials import Lazy
from games.presenters import NO_DRAWINGS, action_json, no_defs, no_pause
from games.presenters.dice import felt
from games.rules.bozo import BOX_NAMES

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
defs = no_defs
pause_after = no_pause


@dataclass(frozen=True, slots=True)
class Row:
    box: str
    name: str
    value: int | None
    points: int | None  # what marking it now would give, when the viewer may
    action: str | None  # the score action as its button sends it, when the viewer may take it
    label: str


class Tab(NamedTuple):  # a card's tab above the row of cards
    index: int
    title: str
    team: int | None
    yours: bool
    total: int


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    title: str
    team: int | None
    yours: bool
    rows: tuple[Row, ...]
    total: int


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
    to_move = view["to_move"]
    turn_key = f"{to_move}:{'.'.join(map(str, view['turns_taken']))}"
    # A team's shared card in pairs; none once the game is over.
    turn_card = None if to_move is None or view["finished"] else view["card_of"][to_move]
    return SimpleNamespace(
        **felt(view["turn"], legal, events, turn_key=turn_key, turn_card=turn_card, hints=hints),
        over=bool(view["finished"]),
        hint_place=hint_place,
        cards=cards(view, seat, legal, names),
        tabs=tabs(view, seat, names),
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


def tabs(view: dict[str, Any], seat: int | None, names: list[str]) -> list[Tab]:
    yours = None if seat is None else view["card_of"][seat]
    return [
        Tab(
            index,
            title(view, index, yours, names),
            index if view["teams"] else None,
            index == yours,
            card["total"],
        )
        for index, card in enumerate(view["cards"])
    ]


def title(view: dict[str, Any], index: int, yours: int | None, names: list[str]) -> str:
    if view["teams"]:
        return view["teams"][index]["name"]
    if index == yours:
        return _("Sua cartela")
    return names[view["card_of"].index(index)]


def cards(view: dict[str, Any], seat: int | None, legal, names: list[str]) -> list[Lazy]:
    """Each card as `cached_include` draws it: made only when no card drawn before has the same
    key (its boxes, its title, and on the viewer's own card the buttons and what they give)."""
    buttons = {a["box"]: a for a in legal if a["type"] == "score"}
    yours = None if seat is None else view["card_of"][seat]
    result = []
    for index, card in enumerate(view["cards"]):
        mine = buttons if index == yours else {}
        name = title(view, index, yours, names)
        offers = view["potential"] if mine else None
        key = (index, name, bool(view["teams"]), index == yours, card["boxes"], mine, offers)
        result.append(Lazy(key, functools.partial(card_of, view, index, yours, mine, name)))
    return result


def card_of(
    view: dict[str, Any],
    index: int,
    yours: int | None,
    buttons: dict[str, dict[str, Any]],
    title: str,
) -> Card:
    card, potential = view["cards"][index], view["potential"]
    mark = _("Marcar %(points)s em %(name)s")
    rows = []
    for box, value in card["boxes"].items():
        points = potential.get(box, 0) if box in buttons else None
        name = BOX_NAMES[box]
        label = mark % {"points": points, "name": name} if points is not None else ""
        action = buttons.get(box)
        sent = action_json(action) if action else None
        rows.append(Row(box, name, value, points, sent, label))
    return Card(
        index=index,
        title=title,
        team=index if view["teams"] else None,
        yours=index == yours,
        rows=tuple(rows),
        total=card["total"],
    )


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
