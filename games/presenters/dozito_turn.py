"""What the Dozito turn in play (or the one just ended) did, in one line: who, each of its moves
in a few words, and how it ended (the discard, a STOP, a TURNO EXTRA), from the moves' public
events."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules.dozito import shown

# The moves that end a turn: a discard, the card kept in a clash, the game won or left.
TURN_ENDS = ("discard", "keep", "twelve", "end")


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
