"""What the Dozito templates (games/jinja2/games/dozito/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the actions that seat may take now,
and returns plain values: each card's face (colour with its symbol, number, suns, STOP / TURNO
EXTRA / CORINGA) and what a screen reader says of it, the viewer's own grid, the others' grids,
the two discard piles, the draw pile and the card in hand; each grid's groups outlined with
their points (the rules' `groups` and `GROUP_POINTS`, on face-up cards only); a line of what the
turn in play (or the one just ended) did; after a round, its score group by group from the public
`round_end` event of the moves' history, the points of every round and, at the end, how the
winner was found. A face-down card reaches it as a slot with no card (the rules' view hides it),
so a back is all a template can draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presenters import NO_DRAWINGS, no_defs, no_early_end
from games.rules.dozito import COLUMNS, GROUP_POINTS, POINTS_PER_SUN, groups, shown

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
defs = no_defs
ended_by = no_early_end


# Every colour also has a shape, for players who do not tell the colours apart (DESIGN.md).
SYMBOLS = {"amarelo": "★", "azul": "●", "verde": "▲", "vermelho": "♥", "roxo": "◆"}
KIND_MARKS = {"stop": "STOP", "extra": "TURNO EXTRA", "coringa": "CORINGA"}
SHORT_MARKS = {"extra": "EXTRA"}  # on the small cards of the others' grids
SUN = "☀"
ROUND_END_PAUSE = 5.0  # seconds for people to read a round's score before a robot plays on
# The moves that end a turn: a discard, the card kept in a clash, the game won or left.
TURN_ENDS = ("discard", "keep", "twelve", "end")


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
    edges: str = ""  # the sides of a group's outline this cell draws ("t r b l")
    colour: str = ""  # the colour of its group, when in a group of two or more
    badge: int | None = None  # the group's points, on the group's first slot
    source: str = ""  # where the card laid by the latest action came from ("pile-0", "hand")


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
    groups: list[SimpleNamespace]  # size, points, colour: the groups of two or more
    suns: int
    breakdown: str  # "16 + 10 + 2 + 8 ☀"


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
        parts.append(ngettext("%(n)d sol", "%(n)d sóis", suns) % {"n": suns})
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


def placed_slots(events: Sequence[dict[str, Any]], seat: int) -> dict[int, str]:
    """The slots of `seat`'s grid where the latest action laid a card (a place, the card kept
    in a clash), each with where that card came from: a discard pile or the hand."""
    source = "hand"
    laid = {}
    for e in events:
        kind = e.get("type")
        if kind == "take" and e.get("seat") == seat:
            source = f"pile-{e['pile']}"
        elif kind in ("place", "keep") and e.get("seat") == seat and e.get("slot"):
            if kind == "place" or e.get("card") != e.get("discarded"):
                laid[e["slot"]] = source
            source = "hand"
    return laid


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
        label = ngettext(
            "Pilha de descarte %(n)d: %(top)s (%(count)d carta)",
            "Pilha de descarte %(n)d: %(top)s (%(count)d cartas)",
            pile["count"],
        ) % {
            "n": index + 1,
            "top": what,
            "count": pile["count"],
        }
        piles.append(Pile(index, top, pile["count"], takes.get(index), discards.get(index), label))
    keeps = [a for a in legal if a["type"] == "keep"]
    hand = face(turn["hand"]) if turn else None
    phase = turn["phase"] if turn else ""
    history = tuple(history) or ((tuple(events),) if events else ())
    return SimpleNamespace(
        seat=seat,
        own=own,
        others=[g for g in grids if not g.yours],
        piles=piles,
        draw_count=view["draw_count"],
        draw=takes.get("draw"),
        hand=hand,
        phase=phase,
        on_turn=bool(legal),
        choosing=phase == "place" and bool(places),
        prompt=prompt(view, seat, names),
        keeps=keep_buttons(view, seat, keeps),
        place=next(iter(places.values())) if len(places) == 1 else None,
        place_slot=next(iter(places)) if len(places) == 1 else None,
        discards=[discards[p] for p in sorted(discards)],
        turn_line=turn_line(history, names, view),
        round_end=round_end(history, names, view),
        scores=score_table(view, names),
        decided=decided(view, names),
        over=bool(view["finished"]),
        round=view["round"],
        rounds=view["rounds"],
        last_turns=view["last_turns"] is not None,
        hint=hints and bool(legal),
        hint_place=hint_place,
        sun=SUN,
        labels=SimpleNamespace(
            draw=_("Baralho"),
            draw_count=ngettext("%(n)d carta", "%(n)d cartas", view["draw_count"])
            % {"n": view["draw_count"]},
            hand=_("Na mão"),
            piles=_("Pilhas de descarte"),
            pile=_("Pilha %(n)d"),
            take=_("Pegar"),
            buy=_("Comprar"),
            discard=_("Descartar aqui"),
            discard_on=_("Descartar na pilha %(n)d"),
            place=_("Pôr no espaço %(n)d"),
            discard_short=_("Descartar na %(n)d"),
            face_up=_("viradas"),
            log=_("Últimas jogadas"),
            round=_("Rodada %(n)d de %(of)d") % {"n": view["round"], "of": view["rounds"]},
            last=_("Últimos turnos"),
            scores=_("Pontos por rodada"),
            total=_("Total"),
            rules=_(
                "Vence o maior total; no empate, a melhor rodada; se ainda empatar, "
                "a vitória é dividida."
            ),
        ),
    )


def grid(
    view: dict[str, Any],
    seat: int,
    names: list[str],
    places: dict[int, dict[str, Any]],
    recent: dict[int, str],
) -> Grid:
    turn = view["turn"]
    clash = turn["slot"] if turn and turn["phase"] == "clash" and seat == view["to_move"] else None
    yours = seat == view["seat"]
    cells_view = view["grids"][seat]
    found = [g for g in groups(cells_view) if len(g) > 1]
    group_of = {slot: g for g in found for slot in g}
    cells = []
    for c in cells_view:
        slot, f = c["slot"], face(c["card"]) if c["up"] else None
        what = f.label if f else _("virada para baixo")
        label = _("Espaço %(slot)d: %(what)s") % {"slot": slot, "what": what}
        if slot in places:
            label = _("%(label)s. Colocar aqui a carta da mão.") % {"label": label}
        members = group_of.get(slot)
        edges, badge = "", None
        if members:
            edges = " ".join(side for side, near in sides(slot) if near not in members)
            badge = GROUP_POINTS.get(len(members)) if slot == members[0] else None
        cells.append(
            Cell(
                slot,
                f,
                places.get(slot),
                slot in recent,
                slot == clash,
                label,
                edges=edges,
                colour=f.colour if members else "",
                badge=badge,
                source=recent.get(slot, ""),
            )
        )
    title = _("Sua grade") if yours else names[seat]
    shown_groups = [
        SimpleNamespace(
            size=len(g),
            points=GROUP_POINTS.get(len(g)),
            colour=cells_view[g[0] - 1]["card"]["colour"],
        )
        for g in sorted(found, key=len, reverse=True)
    ]
    suns = sum(c["card"]["suns"] for c in cells_view if c["up"])
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
        groups=shown_groups,
        suns=suns,
        breakdown=breakdown([g.points for g in shown_groups], suns),
    )


def sides(slot: int) -> list[tuple[str, int | None]]:
    """The four sides of a slot and the slot across each (None off the grid)."""
    left = slot - 1 if (slot - 1) % COLUMNS else None
    right = slot + 1 if slot % COLUMNS else None
    return [("t", slot - COLUMNS), ("r", right), ("b", slot + COLUMNS), ("l", left)]


def breakdown(points: Sequence[int | None], suns: int) -> str:
    """A grid's score as a sum: each group's points, then the suns ("16 + 2 + 5 ☀")."""
    terms = [str(p) for p in points if p]  # twelve of a colour (None) win instead
    if suns:
        terms.append(f"{suns * POINTS_PER_SUN} {SUN}")
    return " + ".join(terms)


def prompt(view: dict[str, Any], seat: int | None, names: list[str]) -> str:
    """One line on what happens now: the viewer's next step on their turn, else whose turn."""
    turn, mover = view["turn"], view["to_move"]
    if view["finished"] or turn is None:
        return ended(view.get("outcome") or {}, names)
    if seat == mover:
        return _("Sua vez: %(what)s") % {"what": your_step(turn["phase"], turn["slot"])}
    what = their_step(turn["phase"], turn["slot"])
    return _("Vez de %(name)s: %(what)s") % {"name": names[mover], "what": what}


def your_step(phase: str, slot: int | None) -> str:
    """The viewer's next step, said to them (the rules' WHAT_NOW, which refusals also say)."""
    steps = {
        "start": _("pegue a carta do topo de uma pilha de descarte ou compre do baralho."),
        "place": _("escolha o espaço da grade para o Coringa que você pegou."),
        "hand": _("coloque a carta da mão no espaço dela ou descarte-a."),
        "clash": _("fique com uma das duas cartas no espaço %(slot)s e descarte a outra."),
        "discard": _("descarte a carta da mão numa das pilhas."),
    }
    return steps[phase] % {"slot": slot}


def their_step(phase: str, slot: int | None) -> str:
    """Another player's step, described: the viewer reads what that player does, not an order."""
    steps = {
        "start": _("pega a carta do topo de uma pilha de descarte ou compra do baralho."),
        "place": _("escolhe o espaço da grade para o Coringa que pegou."),
        "hand": _("coloca a carta da mão no espaço dela ou a descarta."),
        "clash": _("fica com uma das duas cartas no espaço %(slot)s e descarta a outra."),
        "discard": _("descarta a carta da mão numa das pilhas."),
    }
    return steps[phase] % {"slot": slot}


def ended(outcome: dict[str, Any], names: list[str]) -> str:
    """The end of the game in one line, with the players' names."""
    winners = [names[s] for s in outcome.get("winners", [])]
    if not winners:
        return _("Fim de jogo")
    who = join_names(winners)
    if outcome["reason"] == "twelve":
        return _("Fim de jogo: %(who)s juntou doze cartas da mesma cor e venceu.") % {"who": who}
    if len(winners) > 1:
        return _("Fim de jogo: vitória dividida entre %(who)s.") % {"who": who}
    return _("Fim de jogo: %(who)s venceu.") % {"who": who}


def keep_buttons(
    view: dict[str, Any], seat: int | None, keeps: list[dict[str, Any]]
) -> list[SimpleNamespace]:
    """In a clash, one row per card that may stay, with a button per pile for the other."""
    if not keeps:
        return []
    turn = view["turn"]
    there = view["grids"][seat][turn["slot"] - 1]["card"]
    rows = []
    for which in ("hand", "grid"):
        kept, gone = (turn["hand"], there) if which == "hand" else (there, turn["hand"])
        where = _("da mão") if which == "hand" else _("da grade")
        buttons = []
        for action in keeps:
            if action["card"] != which:
                continue
            text = _("Ficar com o %(kept)s, descartar o %(gone)s na pilha %(n)d") % {
                "kept": shown(kept),
                "gone": shown(gone),
                "n": action["pile"] + 1,
            }
            short = _("Pilha %(n)d") % {"n": action["pile"] + 1}
            buttons.append(SimpleNamespace(action=action, text=text, short=short))
        title = _("Fica o %(kept)s %(where)s; o %(gone)s vai para:") % {
            "kept": shown(kept),
            "where": where,
            "gone": shown(gone),
        }
        rows.append(SimpleNamespace(kept=face(kept), title=title, buttons=buttons))
    return rows


# --- What the turn did -------------------------------------------------------------------------


def phrase(e: dict[str, Any], names: list[str]) -> str:
    """One event in a few words, its player named at the start of the line ("comprou o 7
    azul"); "" for what the line does not say."""
    kind = e.get("type")
    if kind == "take":
        return _("pegou o %(card)s da pilha %(n)d") % {"card": shown(e["card"]), "n": e["pile"] + 1}
    if kind == "draw":
        return _("comprou o %(card)s") % {"card": shown(e["card"])}
    if kind == "place":
        what = {"card": shown(e["card"]), "slot": e["slot"], "old": shown(e["replaced"])}
        if e["up"]:
            return _("pôs o %(card)s no espaço %(slot)d, no lugar do %(old)s") % what
        return _("pôs o %(card)s no espaço %(slot)d e virou o %(old)s") % what
    if kind == "stop":
        return _("STOP: o turno termina")
    if kind == "clash":
        return _("choque no espaço %(slot)d") % {"slot": e["slot"]}
    if kind == "discard":
        return _("descartou o %(card)s na pilha %(n)d") % {
            "card": shown(e["card"]),
            "n": e["pile"] + 1,
        }
    if kind == "keep":
        return _(
            "ficou com o %(card)s no espaço %(slot)d e descartou o %(gone)s na pilha %(n)d"
        ) % {
            "card": shown(e["card"]),
            "slot": e["slot"],
            "gone": shown(e["discarded"]),
            "n": e["pile"] + 1,
        }
    if kind == "extra_turn":
        return _("TURNO EXTRA: joga outra vez")
    if kind == "trigger":
        return _("virou as doze cartas: os outros fazem um último turno")
    if kind == "twelve":
        return _("juntou doze cartas de %(colour)s e venceu") % {"colour": e["colour"]}
    if kind == "leave":
        return _("saiu da partida")
    if kind == "reshuffle":
        return ngettext(
            "o descarte virou um novo baralho de %(n)d carta",
            "o descarte virou um novo baralho de %(n)d cartas",
            e["count"],
        ) % {"n": e["count"]}
    return ""


def turn_line(
    history: Sequence[Sequence[dict[str, Any]]], names: list[str], view: dict[str, Any]
) -> SimpleNamespace | None:
    """The turn in play so far, or the one just ended when the next has not begun: who, what
    each of its moves did, and how it ended (the discard, a STOP, a TURNO EXTRA)."""
    moves: list[Sequence[dict[str, Any]]] = []
    for events in history:
        if moves and any(e.get("type") in TURN_ENDS for e in events):
            break  # an older turn's end: the turn shown began after it
        moves.insert(0, events)
    if not moves:
        return None
    first = next((e for m in moves for e in m if "seat" in e and e.get("type") != "turn"), None)
    if first is None:
        return None
    seat = first["seat"]
    phrases = []
    taken = None
    for e in (e for m in moves for e in m if e.get("seat") == seat):
        if e.get("type") == "take" and e["card"]["kind"] != "coringa":
            taken = e  # said with the place that follows it
            continue
        text = phrase(e, names)
        if taken is not None and e.get("type") == "place":
            text = _("pegou o %(card)s da pilha %(n)d: %(place)s") % {
                "card": shown(taken["card"]),
                "n": taken["pile"] + 1,
                "place": text,
            }
            taken = None
        if text:
            phrases.append(text)
    last = moves[-1]
    ended = any(e.get("type") in TURN_ENDS for e in last)
    extra = any(e.get("type") == "extra_turn" for e in last)
    stop = any(e.get("type") == "stop" for m in moves for e in m)
    if extra:
        how = _("TURNO EXTRA: %(who)s joga outra vez.") % {"who": names[seat]}
    elif ended and stop:
        how = _("Fim do turno de %(who)s, por STOP.") % {"who": names[seat]}
    elif ended:
        how = _("Fim do turno de %(who)s.") % {"who": names[seat]}
    else:
        how = ""
    return SimpleNamespace(who=names[seat], phrases=phrases, ended=ended, how=how, extra=extra)


# --- The end of a round and of the game -------------------------------------------------------


def round_end(
    history: Sequence[Sequence[dict[str, Any]]], names: list[str], view: dict[str, Any]
) -> SimpleNamespace | None:
    """The latest round's score from the moves' history (the public `round_end` event): each
    player's groups with their points, the suns, the round's points."""
    for events in history:
        end = next((e for e in events if e.get("type") == "round_end"), None)
        if end is None:
            continue
        seats = []
        for s, detail in enumerate(end["details"]):
            if detail is None:
                seats.append(SimpleNamespace(name=names[s], out=True, terms=[], points=0))
                continue
            terms = [
                SimpleNamespace(
                    text=ngettext("grupo de %(n)d carta", "grupo de %(n)d cartas", size)
                    % {"n": size},
                    points=GROUP_POINTS.get(size, 0),
                )
                for size in detail["groups"]
                if GROUP_POINTS.get(size)
            ]
            alone = sum(1 for size in detail["groups"] if size == 1)
            if alone:
                text = ngettext("%(n)d carta sozinha", "%(n)d cartas sozinhas", alone) % {
                    "n": alone
                }
                terms.append(SimpleNamespace(text=text, points=0))
            if detail["suns"]:
                text = ngettext("%(n)d sol", "%(n)d sóis", detail["suns"]) % {"n": detail["suns"]}
                terms.append(SimpleNamespace(text=f"{SUN} {text}", points=detail["suns"]))
            seats.append(
                SimpleNamespace(name=names[s], out=False, terms=terms, points=detail["points"])
            )
        best = max((s.points for s in seats if not s.out), default=0)
        for s in seats:
            s.best = not s.out and s.points == best
        return SimpleNamespace(
            title=_("Fim da rodada %(n)d") % {"n": end["round"]},
            round=end["round"],
            seats=seats,
        )
    return None


def score_table(view: dict[str, Any], names: list[str]) -> SimpleNamespace | None:
    """Points per player per round and the totals, once a round has been scored."""
    rounds = view["round_scores"]
    if not rounds:
        return None
    rows = [
        SimpleNamespace(
            name=names[s],
            points=[r[s] for r in rounds],
            total=view["totals"][s],
            out=view["out"][s],
        )
        for s in range(view["seats"])
    ]
    return SimpleNamespace(rounds=list(range(1, len(rounds) + 1)), rows=rows)


def decided(view: dict[str, Any], names: list[str]) -> list[str]:
    """At the end of a game played to its last round, how the winner was found, step by step:
    the highest total, then the best single round, then a shared win."""
    outcome = view.get("outcome")
    if not outcome or outcome["reason"] != "complete":
        return []
    players = [s for s in range(view["seats"]) if not view["out"][s]]
    totals, rounds = view["totals"], view["round_scores"]
    top = max(totals[s] for s in players)
    tied = [s for s in players if totals[s] == top]
    lines = []
    if len(tied) == 1:
        lines.append(
            ngettext(
                "Maior total: %(who)s, com %(n)d ponto.",
                "Maior total: %(who)s, com %(n)d pontos.",
                top,
            )
            % {"who": names[tied[0]], "n": top}
        )
        return lines
    who = join_names([names[s] for s in tied])
    lines.append(
        ngettext(
            "Empate no maior total (%(n)d ponto): %(who)s.",
            "Empate no maior total (%(n)d pontos): %(who)s.",
            top,
        )
        % {"n": top, "who": who}
    )
    bests = {s: max(r[s] for r in rounds) for s in tied}
    said = ", ".join(f"{names[s]} {bests[s]}" for s in tied)
    lines.append(_("Desempate pela melhor rodada: %(said)s.") % {"said": said})
    high = max(bests.values())
    still = [s for s in tied if bests[s] == high]
    if len(still) == 1:
        lines.append(_("%(who)s vence pela melhor rodada.") % {"who": names[still[0]]})
    else:
        lines.append(
            _("Empate também na melhor rodada: a vitória é dividida entre %(who)s.")
            % {"who": join_names([names[s] for s in still])}
        )
    return lines


def join_names(parts: list[str]) -> str:
    return (
        parts[0]
        if len(parts) == 1
        else _("%(a)s e %(b)s") % {"a": ", ".join(parts[:-1]), "b": parts[-1]}
    )


def pause_after(events: Sequence[dict[str, Any]]) -> float:
    """Seconds a robot waits after a move, beyond its usual pause: time to read a round's score."""
    return ROUND_END_PAUSE if any(e.get("type") == "round_end" for e in events) else 0.0


def hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> SimpleNamespace:
    """The robot's advice in plain words, best first and at most `count` choices."""
    lines = [item["label"] for item in advice[:count]]
    best = advice[0]["action"] if advice else None
    slot = best.get("slot") if best and best["type"] == "place" else None
    return SimpleNamespace(lines=lines, box="", keep=None, slot=slot)
