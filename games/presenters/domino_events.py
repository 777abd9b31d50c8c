"""What the Dominó table says of the latest moves, from their public events: the line at the
foot of the table ("Ana jogou 6|4: +10 para Jade"), and after a hand the tiles every seat was
left with, face up, with the points the hand gave (the rules put them in `hand_end`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _

from games.presenters.domino_tiles import Tile, draw, shown
from games.rules.domino import PAIR_NAMES, SEATS

HAND_END_SHOWN = 4  # moves after a hand's end during which its last tiles stay on show


@dataclass(frozen=True, slots=True)
class Shown:
    """One seat's tiles at the end of a hand, face up."""

    seat: int
    name: str
    pair: int
    tiles: list[Tile]
    pips: int
    went_out: bool


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
