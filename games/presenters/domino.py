"""What the Dominó templates (games/jinja2/games/domino/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the plays that seat may make now,
and returns plain values: the line of play (the bucho and its four arms, each tile turned as it
lies, doubles across the line), the viewer's own hand face up, the other hands as backs with
their counts, the sum of the open ends and the scores. It never sees the state itself, so no
other seat's tiles can reach a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _

from games.rules.domino import ARM_NAMES, PAIR_NAMES, SEATS

# Where the pips of each number sit on a half of a tile, in a 100 x 100 square (a real domino's
# 3 x 3 layout: the six as two columns of three).
LOW, MID, HIGH = 26, 50, 74
PIPS = {
    0: (),
    1: ((MID, MID),),
    2: ((LOW, LOW), (HIGH, HIGH)),
    3: ((LOW, LOW), (MID, MID), (HIGH, HIGH)),
    4: ((LOW, LOW), (HIGH, LOW), (LOW, HIGH), (HIGH, HIGH)),
    5: ((LOW, LOW), (HIGH, LOW), (MID, MID), (LOW, HIGH), (HIGH, HIGH)),
    6: ((LOW, LOW), (LOW, MID), (LOW, HIGH), (HIGH, LOW), (HIGH, MID), (HIGH, HIGH)),
}
PLACES = {
    "partner": lambda: _("parceiro"),
    "left": lambda: _("à esquerda"),
    "right": lambda: _("à direita"),
    "self": lambda: "",
}
# The arms as the table draws them: which way each runs from the bucho.
LINE = {"left": "row", "right": "row", "up": "column", "down": "column"}


@dataclass(frozen=True, slots=True)
class Tile:
    first: int  # the half drawn left (or on top)
    second: int
    vertical: bool
    label: str
    pips: tuple[tuple[int, int], ...]  # every pip, in the tile's own viewBox
    last: str = ""  # the initial of who played it, when it is the last tile played
    pair: int | None = None  # that player's pair


@dataclass(frozen=True, slots=True)
class Arm:
    name: str  # left, right, up, down
    title: str  # "esquerda"...
    tiles: list[Tile]  # from the bucho out (the stylesheet lays each arm its own way)
    open: bool
    end: int | None  # the number a tile must show to go here
    counted: int | None  # what this end adds to the sum


@dataclass(frozen=True, slots=True)
class Other:
    seat: int
    name: str
    pair: int
    pair_name: str
    count: int
    where: str  # "partner", "left", "right" around the viewer
    place: str  # said: "parceiro", "à esquerda"...
    on_turn: bool


@dataclass(frozen=True, slots=True)
class Move:
    action: dict[str, Any]
    label: str


def tile_label(a: int, b: int) -> str:
    return _("Peça %(a)d e %(b)d") % {"a": a, "b": b}


def draw(first: int, second: int, vertical: bool, **marks: Any) -> Tile:
    """A tile with its halves in drawing order: across (vertical) or along (horizontal)."""
    pips = []
    for half, number in enumerate((first, second)):
        for x, y in PIPS[number]:
            if vertical:
                pips.append((x, y + 100 * half))
            else:  # a half turned a quarter: the six as two rows of three
                pips.append((y + 100 * half, x))
    high, low = max(first, second), min(first, second)
    return Tile(first, second, vertical, tile_label(high, low), tuple(pips), **marks)


def play_label(tile: list[int], end: str | None, ends: dict[str, int]) -> str:
    """ "6-4 na ponta do 6 (esquerda)", "Sair com 6-6": a play said as players say it."""
    a, b = tile
    if end is None:
        return _("Sair com %(a)d-%(b)d") % {"a": a, "b": b}
    pip = ends[end]
    outer = b if a == pip else a
    return _("%(pip)d-%(outer)d na ponta do %(pip)d (%(arm)s)") % {
        "pip": pip,
        "outer": outer,
        "arm": ARM_NAMES[end],
    }


def line(view: dict[str, Any], names: list[str]) -> tuple[Tile | None, list[Arm]]:
    """The bucho and its arms, each tile turned as it lies on the table."""
    table, last = view["table"], view["last"]
    bucho = table["bucho"]
    if bucho is None:
        return None, []

    def marks(arm: str | None, index: int, length: int) -> dict[str, Any]:
        if not last or last["end"] != arm or index != length - 1:
            return {}
        return {"last": names[last["seat"]][:1].upper(), "pair": view["pair_of"][last["seat"]]}

    center = draw(bucho[0], bucho[1], True, **marks(None, 0, 1))
    arms = []
    for arm, tiles in table["arms"].items():
        along = LINE[arm] == "row"
        drawn = []
        for index, (inner, outer) in enumerate(tiles):
            double = inner == outer
            toward_bucho = arm in ("left", "up")  # drawn from the far end in
            first, second = (outer, inner) if toward_bucho else (inner, outer)
            vertical = double if along else not double
            drawn.append(draw(first, second, vertical, **marks(arm, index, len(tiles))))
        is_open = arm in view["open"]
        arms.append(
            Arm(
                name=arm,
                title=ARM_NAMES[arm],
                tiles=drawn,
                open=is_open,
                end=view["ends"].get(arm),
                counted=view["counted"].get(arm),
            )
        )
    return center, arms


def others(view: dict[str, Any], seat: int | None, names: list[str]) -> list[Other]:
    """The other hands, around the viewer: the partner across, the next seat on the left (the
    turn goes to the left), the last one on the right. A spectator sees all four as backs."""
    base = 0 if seat is None else seat
    places = {1: "left", 2: "partner", 3: "right"}
    around = [(base + step) % SEATS for step in (2, 1, 3)]
    if seat is None:
        around = [base, *around]
    result = []
    for s in around:
        pair = view["pair_of"][s]
        result.append(
            Other(
                seat=s,
                name=names[s],
                pair=pair,
                pair_name=PAIR_NAMES[pair],
                count=view["tile_counts"][s],
                where=places.get((s - base) % SEATS, "self"),
                place=PLACES[places.get((s - base) % SEATS, "self")](),
                on_turn=view["to_move"] == s,
            )
        )
    return result


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
    plays = [a for a in legal if a["type"] == "play"]
    playable = {tuple(sorted(a["tile"])) for a in plays}
    hand = [draw(a, b, True) for a, b in sorted(view["hand"] or [], key=lambda t: (t[0] + t[1], t))]
    bucho, arms = line(view, names)
    by_name = {arm.name: arm for arm in arms}
    counted = [(ARM_NAMES.get(k, _("bucho")), v) for k, v in view["counted"].items()]
    scored = next((e for e in reversed(events) if e.get("type") == "score"), None)
    return SimpleNamespace(
        bucho=bucho,
        arms=by_name,
        lone=bucho is not None and not any(arm.tiles for arm in arms),
        hand=hand,
        playable=[(t.first, t.second) in playable or (t.second, t.first) in playable for t in hand],
        others=others(view, seat, names),
        seat=seat,
        name=names[seat] if seat is not None else "",
        pair=view["pair_of"][seat] if seat is not None else None,
        pairs=[
            SimpleNamespace(index=p["seats"][0] % 2, name=p["name"], score=view["scores"][i])
            for i, p in enumerate(view["pairs"])
        ],
        matches=view["matches"],
        match=view["match"],
        hand_number=view["hand_number"],
        target=view["target"],
        counted=counted,
        sum=view["sum"],
        points=view["points"],
        opening=view["opening"],
        moves=[Move(a, play_label(a["tile"], a.get("end"), view["ends"])) for a in plays],
        to_move=view["to_move"],
        on_turn=names[view["to_move"]] if view["to_move"] is not None else "",
        scored=scored["text"] if scored else "",
        over=bool(view["finished"]),
        hint_place=hint_place,
        labels=SimpleNamespace(
            table=_("Mesa do dominó"),
            hand=_("Sua mão"),
            tiles=_("pedras"),
            sum=_("Soma das pontas"),
            scores=_("Placar"),
            plays=_("Suas jogadas"),
            match=_("Partida"),
            empty=_("A mesa está vazia: a saída é com carroça."),
        ),
    )
