"""What the Dozito templates (games/jinja2/games/dozito/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the actions that seat may take now,
and returns plain values: each card's face (colour with its symbol, number, suns, STOP / TURNO
EXTRA / CORINGA) and what a screen reader says of it, the viewer's own grid, the others' grids,
the two discard piles, the draw pile and the card in hand. A face-down card reaches it as a slot
with no card (the rules' view hides it), so a back is all a template can draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _

from games.rules.dozito import COLUMNS, WHAT_NOW, shown

# Every colour also has a shape, for players who do not tell the colours apart (DESIGN.md).
SYMBOLS = {"amarelo": "★", "azul": "●", "verde": "▲", "vermelho": "♥", "roxo": "◆"}
KIND_MARKS = {"stop": "STOP", "extra": "TURNO EXTRA", "coringa": "CORINGA"}
SHORT_MARKS = {"extra": "EXTRA"}  # on the small cards of the others' grids
SUN = "☀"


@dataclass(frozen=True, slots=True)
class Face:
    colour: str
    number: int | None
    suns: int
    kind: str
    symbol: str
    mark: str  # "STOP", "TURNO EXTRA", "CORINGA" or ""
    short: str  # the mark on a small card ("EXTRA")
    label: str  # what a screen reader says: "4 azul, STOP, 3 sóis"


@dataclass(frozen=True, slots=True)
class Cell:
    slot: int
    face: Face | None  # None: face down
    place: dict[str, Any] | None  # the viewer may put the card in hand here
    recent: bool  # a card was laid here by the latest action
    clash: bool  # the slot of a clash now
    label: str


@dataclass(frozen=True, slots=True)
class Grid:
    seat: int
    title: str
    yours: bool
    on_turn: bool
    out: bool
    cells: list[Cell]
    rows: list[list[Cell]]
    points: int | None
    face_up: int
    total: int


@dataclass(frozen=True, slots=True)
class Pile:
    index: int
    top: Face | None
    count: int
    take: dict[str, Any] | None
    discard: dict[str, Any] | None
    label: str


def face(card: dict[str, Any] | None) -> Face | None:
    if card is None:
        return None
    suns = card["suns"]
    parts = [shown(card).replace(" (STOP)", "").replace(" (TURNO EXTRA)", "")]
    mark = KIND_MARKS.get(card["kind"], "")
    if mark and card["kind"] != "coringa":
        parts.append(mark)
    if card["kind"] == "coringa":
        parts.append(_("vale qualquer espaço"))
    if suns:
        parts.append(_("1 sol") if suns == 1 else _("%(n)d sóis") % {"n": suns})
    return Face(
        colour=card["colour"],
        number=card["number"],
        suns=suns,
        kind=card["kind"],
        symbol=SYMBOLS.get(card["colour"], "?"),
        mark=mark,
        short=SHORT_MARKS.get(card["kind"], mark),
        label=", ".join(parts),
    )


def placed_slots(events: tuple[dict[str, Any], ...], seat: int) -> set[int]:
    """The slots of `seat`'s grid where the latest action laid a card (a place, the card kept
    in a clash)."""
    return {
        e["slot"]
        for e in events
        if e.get("type") in ("place", "keep") and e.get("seat") == seat and e.get("slot")
    }


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
    turn = view["turn"]
    places = {a["slot"]: a for a in legal if a["type"] == "place"}
    grids = [
        grid(view, s, names, places if s == seat else {}, placed_slots(events, s))
        for s in range(view["seats"])
        if view["grids"][s]
    ]
    own = next((g for g in grids if g.yours), None)
    takes = {a.get("pile", "draw"): a for a in legal if a["type"] == "take"}
    discards = {a["pile"]: a for a in legal if a["type"] == "discard"}
    piles = []
    for index, pile in enumerate(view["discards"]):
        top = face(pile["top"])
        what = top.label if top else _("vazia")
        label = _("Pilha de descarte %(n)d: %(top)s (%(count)d cartas)") % {
            "n": index + 1,
            "top": what,
            "count": pile["count"],
        }
        piles.append(Pile(index, top, pile["count"], takes.get(index), discards.get(index), label))
    keeps = [a for a in legal if a["type"] == "keep"]
    hand = face(turn["hand"]) if turn else None
    return SimpleNamespace(
        seat=seat,
        own=own,
        others=[g for g in grids if not g.yours],
        piles=piles,
        draw_count=view["draw_count"],
        draw=takes.get("draw"),
        hand=hand,
        phase=turn["phase"] if turn else "",
        prompt=prompt(view, seat, names),
        keeps=keep_buttons(view, seat, keeps),
        over=bool(view["finished"]),
        round=view["round"],
        rounds=view["rounds"],
        last_turns=view["last_turns"] is not None,
        hint=hints and bool(legal),
        hint_place=hint_place,
        sun=SUN,
        labels=SimpleNamespace(
            draw=_("Baralho"),
            draw_count=_("%(n)d cartas") % {"n": view["draw_count"]},
            hand=_("Na mão"),
            piles=_("Pilhas de descarte"),
            pile=_("Pilha %(n)d"),
            take=_("Pegar"),
            buy=_("Comprar"),
            discard=_("Descartar aqui"),
            points=_("pontos"),
            face_up=_("viradas"),
            grid=_("Grade"),
            log=_("Últimas jogadas"),
            round=_("Rodada %(n)d de %(of)d") % {"n": view["round"], "of": view["rounds"]},
            last=_("Últimos turnos"),
        ),
    )


def grid(
    view: dict[str, Any],
    seat: int,
    names: list[str],
    places: dict[int, dict[str, Any]],
    recent: set[int],
) -> Grid:
    turn = view["turn"]
    clash = turn["slot"] if turn and turn["phase"] == "clash" and seat == view["to_move"] else None
    yours = seat == view["seat"]
    cells = []
    for c in view["grids"][seat]:
        slot, f = c["slot"], face(c["card"]) if c["up"] else None
        what = f.label if f else _("virada para baixo")
        label = _("Espaço %(slot)d: %(what)s") % {"slot": slot, "what": what}
        if slot in places:
            label = _("%(label)s. Colocar aqui a carta da mão.") % {"label": label}
        cells.append(Cell(slot, f, places.get(slot), slot in recent, slot == clash, label))
    title = _("Sua grade") if yours else names[seat]
    return Grid(
        seat=seat,
        title=title,
        yours=yours,
        on_turn=seat == view["to_move"],
        out=view["out"][seat],
        cells=cells,
        rows=[cells[i : i + COLUMNS] for i in range(0, len(cells), COLUMNS)],
        points=view["points"][seat],
        face_up=sum(1 for c in cells if c.face),
        total=view["totals"][seat],
    )


def prompt(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """One line on what happens now: the viewer's next step on their turn, else whose turn."""
    turn, mover = view["turn"], view["to_move"]
    if view["finished"] or turn is None:
        outcome = view.get("outcome") or {}
        return outcome.get("text") or _("Fim de jogo")
    what = WHAT_NOW[turn["phase"]].format(slot=turn["slot"])
    if seat == mover:
        return _("Sua vez: %(what)s") % {"what": what}
    return _("Vez de %(name)s: %(what)s") % {"name": names[mover], "what": what}


def keep_buttons(
    view: dict[str, Any], seat: int | None, keeps: list[dict[str, Any]]
) -> list[SimpleNamespace]:
    """In a clash, one button per choice: which card stays, on which pile the other goes."""
    if not keeps:
        return []
    turn = view["turn"]
    there = view["grids"][seat][turn["slot"] - 1]["card"]
    buttons = []
    for action in keeps:
        kept, gone = (turn["hand"], there) if action["card"] == "hand" else (there, turn["hand"])
        text = _("Ficar com o %(kept)s, descartar o %(gone)s na pilha %(n)d") % {
            "kept": shown(kept),
            "gone": shown(gone),
            "n": action["pile"] + 1,
        }
        buttons.append(SimpleNamespace(action=action, text=text))
    return buttons


def hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> SimpleNamespace:
    """The robot's advice in plain words, best first and at most `count` choices."""
    lines = [item["label"] for item in advice[:count]]
    best = advice[0]["action"] if advice else None
    slot = best.get("slot") if best and best["type"] == "place" else None
    return SimpleNamespace(lines=lines, box="", keep=None, slot=slot)
