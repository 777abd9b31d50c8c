"""What the Dominó templates (games/jinja2/games/domino/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the plays that seat may make now,
and returns plain values: the line of play laid out on a board (the bucho and its four arms, each
tile turned as it lies, doubles across the line, each arm turning a corner at the board's edge as
a real line bends round the table), the open places, the viewer's own hand face up with where
each tile fits, the other hands as backs with their counts, the sum of the open ends, the scores,
a line saying what the latest move did, and after a hand the tiles that were left (from the
public `hand_end` event). It never sees the state itself, so no other seat's tiles can reach a
page. The seed's "Como jogar aqui" is what the table does (games/static/games/domino.js).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presenters import NO_DRAWINGS, no_early_end, no_hint
from games.presenters.domino_series import series
from games.rules.domino import ARM_NAMES, PAIR_NAMES, SEATS

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
hint = no_hint
ended_by = no_early_end


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
ARM_SAID = {
    "left": lambda: _("na esquerda"),
    "right": lambda: _("na direita"),
    "up": lambda: _("em cima"),
    "down": lambda: _("embaixo"),
    "center": lambda: _("no centro"),
}

# The board the line is laid on, in halves of a tile from the bucho's centre (y grows down).
# Each arm runs out from the bucho and turns two corners before the board's edges; the four
# turn the same way round (a pinwheel), so no two arms ever meet and a whole hand fits a phone
# held upright. An arm longer than its lap leaves the board outward where nothing lies (the
# board grows and the tiles shrink). Each leg: its direction and the coordinate its tiles may
# not pass.
EDGE_X, EDGE_Y, INNER = 7.0, 8.0, 1.25
STEP = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
LEGS: dict[str, tuple[tuple[str, float | None], ...]] = {
    "right": (("E", EDGE_X), ("S", EDGE_Y), ("W", INNER), ("S", None)),
    "down": (("S", EDGE_Y), ("W", -EDGE_X), ("N", INNER), ("W", None)),
    "left": (("W", -EDGE_X), ("N", -EDGE_Y), ("E", -INNER), ("N", None)),
    "up": (("N", -EDGE_Y), ("E", EDGE_X), ("S", -INNER), ("E", None)),
}
START = {"right": (0.5, 0.0), "left": (-0.5, 0.0), "up": (-1.0, 0.0), "down": (1.0, 0.0)}
HAND_END_SHOWN = 4  # moves after a hand's end during which its last tiles stay on show


@dataclass(frozen=True, slots=True)
class Tile:
    first: int  # the half drawn left (or on top)
    second: int
    vertical: bool
    label: str
    pips: tuple[tuple[int, int], ...]  # every pip, in the tile's own viewBox
    last: str = ""  # the initial of who played it, when it is the last tile played
    pair: int | None = None  # that player's pair

    @property
    def key(self) -> str:
        """The tile as the page names it: "4-6", low half first (a form's data-tile)."""
        return f"{min(self.first, self.second)}-{max(self.first, self.second)}"


@dataclass(frozen=True, slots=True)
class Laid:
    """A tile or an open place on the board: its top-left corner in halves of a tile."""

    x: float
    y: float
    vertical: bool
    tile: Tile | None = None
    arm: str = ""  # an open place: the arm it ends ("center" before the opening)
    end: int | None = None  # the number a tile must show to go there
    label: str = ""


@dataclass(frozen=True, slots=True)
class Board:
    width: float
    height: float
    tiles: list[Laid]
    places: list[Laid]


@dataclass(frozen=True, slots=True)
class HandTile:
    tile: Tile
    places: list[str]  # the arms it fits now (on the viewer's turn), "center" for the opening
    label: str


@dataclass(frozen=True, slots=True)
class Other:
    seat: int
    name: str
    pair: int
    pair_name: str
    count: int
    where: str  # "partner", "left", "right" around the viewer; "self" for a spectator's seat 0
    place: str  # said: "parceiro", "à esquerda"...
    on_turn: bool


@dataclass(frozen=True, slots=True)
class Move:
    action: dict[str, Any]
    label: str
    tile: str  # "4-6"
    place: str  # the arm, "center" for the opening


@dataclass(frozen=True, slots=True)
class Shown:
    """One seat's tiles at the end of a hand, face up."""

    seat: int
    name: str
    pair: int
    tiles: list[Tile]
    pips: int
    went_out: bool


def defs() -> dict[str, Any]:
    """What the page's _defs.html draws once: the pips of each number on a half."""
    return {"halves": sorted(PIPS.items())}


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


def shown(tile: Sequence[int]) -> str:
    return f"{max(tile)}|{min(tile)}"


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


# --- The line of play on its board ------------------------------------------------------------


def _lay(arm: str, lengths: Sequence[tuple[float, float]]) -> list[tuple[str, tuple]]:
    """Where each tile of `arm` goes, given each tile's (length along the line, width across):
    its direction and its rectangle (left, top, right, bottom), from the bucho out."""
    legs = LEGS[arm]
    index = 0
    front, across = START[arm]
    out: list[tuple[str, tuple]] = []
    for length, width in lengths:
        while True:
            way, limit = legs[index]
            dx, dy = STEP[way]
            far = front + length * (dx + dy)
            if limit is None or (far - limit) * (dx + dy) <= 0 or not out:
                break
            # A corner: the next leg starts beside the outer half of the last tile.
            left, top, right, bottom = out[-1][1]
            index += 1
            new_way = legs[index][0]
            front = {"E": right, "W": left, "S": bottom, "N": top}[new_way]
            across = {"E": right - 0.5, "W": left + 0.5, "S": bottom - 0.5, "N": top + 0.5}[way]
        lo, hi = sorted((front, far))
        if dx:  # along x
            rect = (lo, across - width / 2, hi, across + width / 2)
        else:
            rect = (across - width / 2, lo, across + width / 2, hi)
        out.append((way, rect))
        front = far
    return out


def board(view: dict[str, Any], names: list[str]) -> Board:
    """The bucho, each arm's tiles and each open place, cropped to what is on the table."""
    table, last = view["table"], view["last"]
    bucho = table["bucho"]
    tiles: list[tuple[tuple, Tile]] = []
    places: list[tuple[tuple, bool, str]] = []
    if bucho is None:
        places.append(((-0.5, -1.0, 0.5, 1.0), True, "center"))
    else:

        def marks(arm: str | None, index: int, length: int) -> dict[str, Any]:
            if not last or last["end"] != arm or index != length - 1:
                return {}
            return {"last": initial(names[last["seat"]]), "pair": view["pair_of"][last["seat"]]}

        tiles.append(((-0.5, -1.0, 0.5, 1.0), draw(bucho[0], bucho[1], True, **marks(None, 0, 1))))
        for arm, laid in table["arms"].items():
            sizes = [(1.0, 2.0) if a == b else (2.0, 1.0) for a, b in laid]
            is_open = arm in view["open"]
            spots = _lay(arm, sizes + ([(2.0, 1.0)] if is_open else []))
            for index, ((inner, outer), (way, rect)) in enumerate(zip(laid, spots, strict=False)):
                double = inner == outer
                first, second = (outer, inner) if way in ("W", "N") else (inner, outer)
                vertical = double if way in ("E", "W") else not double
                tiles.append((rect, draw(first, second, vertical, **marks(arm, index, len(laid)))))
            if is_open:
                way, rect = spots[-1]
                places.append((rect, way in ("N", "S"), arm))
    rects = [r for r, _t in tiles] + [r for r, _v, _a in places]
    left, top = min(r[0] for r in rects), min(r[1] for r in rects)
    right, bottom = max(r[2] for r in rects), max(r[3] for r in rects)

    def at(rect: tuple) -> tuple[float, float]:
        return round(rect[0] - left, 2), round(rect[1] - top, 2)

    return Board(
        width=round(right - left, 2),
        height=round(bottom - top, 2),
        tiles=[Laid(*at(r), t.vertical, tile=t) for r, t in tiles],
        places=[
            Laid(
                *at(r),
                vertical,
                arm=arm,
                end=view["ends"].get(arm),
                label=place_label(arm, view["ends"].get(arm)),
            )
            for r, vertical, arm in places
        ],
    )


def initial(name: str) -> str:
    """Who played the last tile, in a letter: "A" for Ana; "R3" for the Robô 3 (robots all begin
    with R)."""
    number = re.search(r"\s(\d+)$", name)
    return name[:1].upper() + (number.group(1) if number else "")


def place_label(arm: str, end: int | None) -> str:
    if end is None:
        return _("Centro da mesa: a saída")
    return _("Ponta %(arm)s: %(n)d") % {"arm": ARM_NAMES[arm], "n": end}


def fits_label(places: list[str]) -> str:
    """ ", cabe na esquerda e na direita": where a tile of the hand goes, said."""
    if not places:
        return _(", não cabe")
    said = [ARM_SAID[p]() for p in places]
    joined = (
        said[0]
        if len(said) == 1
        else _("%(a)s e %(b)s")
        % {
            "a": ", ".join(said[:-1]),
            "b": said[-1],
        }
    )
    return _(", cabe %(where)s") % {"where": joined}


# --- The seats around the viewer ------------------------------------------------------------------


def others(view: dict[str, Any], seat: int | None, names: list[str]) -> list[Other]:
    """The other hands, around the viewer: the partner across, the next seat on the left (the
    turn goes to the left), the last one on the right. A spectator sees all four as backs, the
    first seat at the foot of the table."""
    base = 0 if seat is None else seat
    places = {1: "left", 2: "partner", 3: "right"}
    around = [(base + step) % SEATS for step in (2, 1, 3)]
    if seat is None:
        around = [*around, base]
    result = []
    for s in around:
        pair = view["pair_of"][s]
        where = places.get((s - base) % SEATS, "self")
        result.append(
            Other(
                seat=s,
                name=names[s],
                pair=pair,
                pair_name=PAIR_NAMES[pair],
                count=view["tile_counts"][s],
                where=where,
                place=PLACES[where](),
                on_turn=view["to_move"] == s,
            )
        )
    return result


# --- What the latest move did, said at the foot of the table ----------------------------------


def points_for(points: int, pair: int) -> str:
    return _("+%(n)d para %(pair)s") % {"n": points, "pair": PAIR_NAMES[pair]}


def foot(events: Sequence[dict[str, Any]], names: list[str]) -> list[str]:
    """The latest move in a few short phrases: "Ana jogou 6|4: +10 para Jade", "Bia passou:
    +20 para Jade", "Galo: +50 para Jade", "Caio bateu", "Garagem: +15 para Âmbar"."""
    phrases: list[str] = []
    scores = [e for e in events if e.get("type") == "score"]
    mesa = [e for e in scores if e["reason"] == "mesa"]
    passes = [e for e in scores if e["reason"] == "passe"]
    opener = None
    for e in events:
        kind = e.get("type")
        if kind == "play":
            who = names[e["seat"]]
            if e.get("end") is None:
                text = _("%(who)s saiu com %(tile)s") % {"who": who, "tile": shown(e["tile"])}
            else:
                text = _("%(who)s jogou %(tile)s") % {"who": who, "tile": shown(e["tile"])}
            if mesa:
                text += ": " + points_for(mesa[0]["points"], mesa[0]["pair"])
            phrases.append(text)
        elif kind == "pass":
            text = _("%(who)s passou") % {"who": names[e["seat"]]}
            scored = next((p for p in passes if p["pair"] != e["seat"] % 2), None)
            if scored is not None:
                passes.remove(scored)
                text += ": " + points_for(scored["points"], scored["pair"])
            phrases.append(text)
        elif kind == "score" and e["reason"] in ("galo", "batida_de_carroca", "garagem"):
            label = {
                "galo": _("Galo"),
                "batida_de_carroca": _("Batida de carroça"),
                "garagem": _("Garagem"),
            }[e["reason"]]
            phrases.append(f"{label}: {points_for(e['points'], e['pair'])}")
        elif kind == "score" and e["reason"] == "jogo_fechado":
            phrases.append(_("Jogo fechado") + ": " + points_for(e["points"], e["pair"]))
        elif kind == "hand_end":
            if e["reason"] == "batida":
                phrases.append(_("%(who)s bateu") % {"who": names[e["seat"]]})
            elif not any(s["reason"] == "jogo_fechado" for s in scores):
                phrases.append(_("Jogo fechado: ninguém marca"))
        elif kind == "deal":
            opener = e["seat"]
        elif kind == "score" and e["reason"] == "sem_carroca" and opener is not None:
            who = names[opener]
            phrases.append(
                _("%(who)s sem carroça: %(points)s")
                % {"who": who, "points": points_for(e["points"], e["pair"])}
            )
            opener = (opener + 1) % SEATS
        elif kind == "match_end":
            phrases.append(_("%(pair)s venceu a partida") % {"pair": PAIR_NAMES[e["pair"]]})
    return phrases


# --- The end of a hand: every hand's tiles, face up --------------------------------------------


def hand_end(
    history: Sequence[Sequence[dict[str, Any]]],
    names: list[str],
    pair_of: list[int],
    finished: bool,
) -> SimpleNamespace | None:
    """The latest hand's end from the moves' `history` (newest first), while the next hand is
    young (its first few moves) or the game is over: who went out or that the game closed, the
    points it gave, and each seat's last tiles (public: the rules put them in `hand_end`)."""
    for age, events in enumerate(history):
        if age >= HAND_END_SHOWN and not finished:
            return None
        end = next((e for e in events if e.get("type") == "hand_end"), None)
        if end is None:
            continue
        deal = next((e for e in events if e.get("type") == "deal"), None)
        points = [
            SimpleNamespace(
                label=REASON_LABELS[e["reason"]](), text=points_for(e["points"], e["pair"])
            )
            for e in events
            if e.get("type") == "score" and e["reason"] in REASON_LABELS
        ]
        if end["reason"] == "batida":
            how = _("%(who)s bateu.") % {"who": names[end["seat"]]}
        else:
            how = _("Jogo fechado: ninguém podia jogar.")
        hands = [
            Shown(
                seat=s,
                name=names[s],
                pair=pair_of[s],
                tiles=[draw(max(t), min(t), True) for t in tiles],
                pips=sum(a + b for a, b in tiles),
                went_out=end["reason"] == "batida" and end["seat"] == s,
            )
            for s, tiles in enumerate(end["hands"])
        ]
        return SimpleNamespace(
            title=_("Fim da mão %(n)d") % {"n": deal["hand"] - 1} if deal else _("Fim da mão"),
            how=how,
            points=points,
            hands=hands,
            pips=[SimpleNamespace(pair=p, name=PAIR_NAMES[p], pips=end["pips"][p]) for p in (0, 1)],
            key=f"{len(history) - age}",
        )
    return None


REASON_LABELS = {
    "mesa": lambda: _("Mesa"),
    "batida_de_carroca": lambda: _("Batida de carroça"),
    "garagem": lambda: _("Garagem"),
    "jogo_fechado": lambda: _("Jogo fechado"),
}


def pause_after(events: Sequence[dict[str, Any]]) -> float:
    """Seconds a robot waits after a move, beyond its usual pause: long enough after a hand's
    end to look at the tiles that were left."""
    return 4.0 if any(e.get("type") == "hand_end" for e in events) else 0.0


# --- The context ----------------------------------------------------------------------------


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
    where: dict[tuple[int, ...], list[str]] = {}
    for a in plays:
        where.setdefault(tuple(sorted(a["tile"])), []).append(a.get("end") or "center")
    on_turn = seat is not None and view["to_move"] == seat and bool(plays)
    hand = []
    for a, b in sorted(view["hand"] or [], key=lambda t: (t[0] + t[1], t)):
        tile = draw(b, a, True)
        fits = where.get((a, b), [])
        hand.append(HandTile(tile, fits, tile.label + (fits_label(fits) if on_turn else "")))
    laid = board(view, names)
    counted = [(ARM_NAMES.get(k, _("bucho")), v) for k, v in view["counted"].items()]
    scored = next((e for e in reversed(events) if e.get("type") == "score"), None)
    return SimpleNamespace(
        board=laid,
        empty=view["table"]["bucho"] is None,
        hand=hand,
        on_turn=on_turn,
        others=others(view, seat, names),
        seat=seat,
        name=names[seat] if seat is not None else "",
        pair=view["pair_of"][seat] if seat is not None else None,
        pairs=[
            SimpleNamespace(
                index=i,
                name=p["name"],
                score=view["scores"][i],
                matches=view["matches"][i],
                dots=[n < view["matches"][i] for n in range(view["matches_to_win"])],
            )
            for i, p in enumerate(view["pairs"])
        ],
        matches=view["matches"],
        match=view["match"],
        matches_to_win=view["matches_to_win"],
        hand_number=view["hand_number"],
        target=view["target"],
        counted=counted,
        sum=view["sum"],
        points=view["points"],
        opening=view["opening"],
        moves=[
            Move(
                a,
                play_label(a["tile"], a.get("end"), view["ends"]),
                "-".join(str(n) for n in sorted(a["tile"])),
                a.get("end") or "center",
            )
            for a in plays
        ],
        to_move=view["to_move"],
        mover=names[view["to_move"]] if view["to_move"] is not None else "",
        foot=foot(events, names),
        scored=scored["text"] if scored else "",
        reveal=hand_end(history, names, view["pair_of"], bool(view["finished"])),
        over=bool(view["finished"]),
        series=series(view),
        hint_place=hint_place,
        labels=SimpleNamespace(
            table=_("Mesa do dominó"),
            hand=_("Sua mão"),
            sum=_("Pontas"),
            scores=_("Placar"),
            plays=_("Suas jogadas"),
            match=_("Partida"),
            sort=_("Organizar"),
            sort_title=_("Organizar por naipe: a maior metade primeiro"),
            empty=_("A mesa está vazia: a saída é com carroça."),
            count=lambda n: ngettext("%(num)d pedra", "%(num)d pedras", n) % {"num": n},
        ),
    )
