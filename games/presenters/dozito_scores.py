"""The end of a Dozito round and of the game: the round's score group by group from the public
`round_end` event of the moves' history, the points of every round, and at the end who won and
how the winner was found (the highest total, then the best round, then a shared win)."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.presenters.dozito_cards import SUN
from games.rules.dozito import GROUP_POINTS


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
