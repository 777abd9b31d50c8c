"""The end of a table's game for one viewer, and its latest moves in words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from analysis import jobs as analyses
from games import presenters
from games.catalog import GAMES_BY_SLUG
from games.rules.base import with_names
from games.snapshots import TableCopy


def result(copy: TableCopy, you, names) -> SimpleNamespace | None:
    """The end of the game for one viewer, said once: a title ("Você venceu!", "Vencedor: Ana",
    "Empate", the solo score), what ended it when it was not a complete game, the scores."""
    if copy.is_open:
        return None
    outcome = copy.outcome or {}
    reason = outcome.get("reason", "")
    winners = [i for i in outcome.get("winners") or [] if 0 <= i < len(names)]
    teams = GAMES_BY_SLUG[copy.game].mode(copy.mode)
    team_names = teams.team_names if teams else ()
    sides = _sides(copy, names, team_names, outcome.get("scores") or [], winners)
    won = [side for side in sides if side.won]
    solo = len(copy.seats) == 1
    detail = ""
    if reason == "closed":
        yours = you is not None and copy.seats[you].user_id == copy.host_id
        if outcome.get("closed_by") == "host" and yours:
            title = _("Você encerrou a mesa.")
        else:
            title = with_names(str(outcome.get("text", "")), names)
        sides = []
    elif solo:
        score = sides[0].score if sides else 0
        if reason == "complete":
            title = ngettext(
                "Treino concluído: %(n)d ponto",
                "Treino concluído: %(n)d pontos",
                score,
            )
            title %= {"n": score}
            best = outcome.get("best_before")
            if best is None:
                detail = _("Sua primeira marca neste treino.")
            elif score > best:
                detail = _("Novo recorde! Sua melhor marca era %(best)d.") % {"best": best}
            else:
                detail = _("Sua melhor marca: %(best)d.") % {"best": best}
        else:
            title = _("Treino encerrado")
        sides = []
    elif len(won) > 1:
        title = _("Empate: vitória compartilhada") if you in winners else _("Empate")
    elif you is not None and you in winners:
        title = _("Você venceu!")
    elif won:
        if team_names:
            title = _("Dupla vencedora: %(name)s") % {"name": won[0].name}
        else:
            title = _("Vencedor: %(name)s") % {"name": won[0].name}
    else:
        title = with_names(str(outcome.get("text", "")), names)
    if not solo:
        detail = _ended_by(reason, copy, names, winners)
    return SimpleNamespace(
        title=title,
        detail=detail,
        sides=sides,
        you_won=you is not None and you in winners and len(won) == 1 and not solo,
        next_table=copy.next_table_id,
        can_replay=you is not None and copy.status == "finished",
        # Its replay: open to all for a public table, to those who played a private one.
        replay=copy.id if copy.status == "finished" and (you is not None or copy.is_public) else 0,
        analysed=analyses.analyzer(copy.game) is not None,
    )


def _sides(copy: TableCopy, names, team_names, scores, winners) -> list[SimpleNamespace]:
    """Each side's name and score, best first: a team in a team mode, else each seat."""
    sides: dict[Any, SimpleNamespace] = {}
    for seat in copy.seats:
        key = seat.team if team_names and seat.team is not None else seat.index
        if key in sides:
            sides[key].won = sides[key].won or seat.index in winners
            continue
        name = str(team_names[key]) if team_names and seat.team is not None else names[seat.index]
        score = scores[seat.index] if seat.index < len(scores) else 0
        sides[key] = SimpleNamespace(name=name, score=score, won=seat.index in winners)
    return sorted(sides.values(), key=lambda side: -side.score)


def _ended_by(reason: str, copy: TableCopy, names, winners) -> str:
    """What ended a game before its end, when something did: one person named when it can only
    be them, or the game's own way to end early (its presenter's `ended_by`)."""
    losers = [names[s.index] for s in copy.seats if s.index not in winners and s.user_id]
    who = losers[0] if len(losers) == 1 else ""
    if reason == "left":
        return _("%(who)s saiu da partida.") % {"who": who} if who else _("Alguém saiu da partida.")
    if reason == "inactivity":
        if who:
            return _("Vitória por inatividade de %(who)s.") % {"who": who}
        return _("Vitória por inatividade do outro lado.")
    return presenters.get(copy.game).ended_by(reason)


def recent_log(log: tuple[tuple[dict[str, Any], ...], ...], names, count: int = 6) -> list[str]:
    """The public text of the latest events, newest first (the rules never put secrets there)."""
    lines: list[str] = []
    for events in log:
        lines.extend(with_names(str(e["text"]), names) for e in reversed(events) if e.get("text"))
        if len(lines) >= count:
            break
    return lines[:count]
