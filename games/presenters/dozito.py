"""What the Dozito templates (games/jinja2/games/dozito/) show, from `view(state, seat)`.

`context` takes the view of one seat (None: a spectator) and the actions that seat may take now,
and returns plain values: each card's face (dozito_cards.py), the viewer's own grid and the
others' grids with their groups outlined (dozito_grid.py), the two discard piles, the draw pile
and the card in hand, what to do now; a line of what the turn in play (or the one just ended)
did (dozito_turn.py); after a round, its score group by group from the public `round_end` event
of the moves' history, the points of every round and, at the end, how the winner was found
(dozito_scores.py). A face-down card reaches it as a slot with no card (the rules' view hides
it), so a back is all a template can draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.presenters import NO_DRAWINGS, no_defs, no_early_end
from games.presenters.dozito_cards import SUN, Face, face
from games.presenters.dozito_grid import grid_part, placed_slots
from games.presenters.dozito_scores import decided, ended, round_end, score_table
from games.presenters.dozito_turn import turn_line
from games.rules.dozito import shown

# The contract's hooks it has nothing of its own for (games/presenters/__init__.py).
DRAWS_WITH = NO_DRAWINGS
defs = no_defs
ended_by = no_early_end

ROUND_END_PAUSE = 5.0  # seconds for people to read a round's score before a robot plays on


@dataclass(frozen=True, slots=True)
class Pile:
    index: int
    top: Face | None
    count: int
    take: dict[str, Any] | None
    discard: dict[str, Any] | None
    label: str


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
    grids = {
        s: grid_part(view, s, names, places if s == seat else {}, placed_slots(events, s))
        for s in range(view["seats"])
        if view["grids"][s]
    }
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
        own=grids.get(view["seat"]),
        others=[part for s, part in grids.items() if s != view["seat"]],
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
        to_move=view["to_move"],
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
    return _(YOUR_STEPS[phase]) % {"slot": slot}


def their_step(phase: str, slot: int | None) -> str:
    """Another player's step, described: the viewer reads what that player does, not an order."""
    return _(THEIR_STEPS[phase]) % {"slot": slot}


YOUR_STEPS = {
    "start": gettext_noop("pegue a carta do topo de uma pilha de descarte ou compre do baralho."),
    "place": gettext_noop("escolha o espaço da grade para o Coringa que você pegou."),
    "hand": gettext_noop("coloque a carta da mão no espaço dela ou descarte-a."),
    "clash": gettext_noop("fique com uma das duas cartas no espaço %(slot)s e descarte a outra."),
    "discard": gettext_noop("descarte a carta da mão numa das pilhas."),
}
THEIR_STEPS = {
    "start": gettext_noop("pega a carta do topo de uma pilha de descarte ou compra do baralho."),
    "place": gettext_noop("escolhe o espaço da grade para o Coringa que pegou."),
    "hand": gettext_noop("coloca a carta da mão no espaço dela ou a descarta."),
    "clash": gettext_noop("fica com uma das duas cartas no espaço %(slot)s e descarta a outra."),
    "discard": gettext_noop("descarta a carta da mão numa das pilhas."),
}


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


def pause_after(events: Sequence[dict[str, Any]]) -> float:
    """Seconds a robot waits after a move, beyond its usual pause: time to read a round's score."""
    return ROUND_END_PAUSE if any(e.get("type") == "round_end" for e in events) else 0.0


def hint(view: dict[str, Any], advice: list[dict[str, Any]], count: int = 3) -> SimpleNamespace:
    """The robot's advice in plain words, best first and at most `count` choices."""
    lines = [item["label"] for item in advice[:count]]
    best = advice[0]["action"] if advice else None
    slot = best.get("slot") if best and best["type"] == "place" else None
    return SimpleNamespace(lines=lines, box="", keep=None, slot=slot)
