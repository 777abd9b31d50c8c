"""What the Dominó robot weighs, in words: its value of a play term by term, each term told
with its numbers, and the terms in which one play beats another (the reasons the worked rounds
and the practice give)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext

from games.bots import domino as bot
from games.rules import domino as rules


def terms(view: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, float]:
    """The robot's `value` of `action`, term by term (the same sum as games.bots.domino.value,
    which the tests check), so that a reason can be told in words."""
    r = bot.Reading(view)
    w = bot.WEIGHTS
    tile = bot.as_tile(action["tile"])
    arm = action.get("end")
    table = bot.after(view["table"], tile, arm)
    now = rules.mesa_points(sum(rules.counted_ends(table, r.lado).values()))
    left = [t for t in r.hand if t != tile]
    if not left:
        garagem = rules.down_to_5(round(r.pips_held[r.next] + r.pips_held[r.last]))
        batida = rules.BATIDA_DE_CARROCA if rules.is_double(tile) else 0
        return {"now": now, "garagem": garagem, "batida": batida}
    ends = {rules.end_pip(table, a) for a in rules.open_arms(table)}
    fit = [t for pip in ends for t in r.by_suit[pip]]
    mesa = {t: points for t, (points, _) in bot.best_places(table, r.lado, fit).items()}
    ours = sum(a + b for a, b in left) + r.pips_held[r.partner]
    reply, next_passes = bot.expected_best(
        bot.going_out(mesa, r.counts[r.next], ours), r.odds[r.next]
    )
    theirs = r.pips_held[r.next] + r.pips_held[r.last]
    partner, partner_blocked = bot.expected_best(
        bot.going_out(mesa, r.counts[r.partner], theirs), r.odds[r.partner]
    )
    _, last_passes = bot.expected_best(dict.fromkeys(fit, 0), r.odds[r.last])
    out = {
        "now": now,
        "next_passes": w["next_passes"] * rules.PASSE * next_passes,
        "next_scores": -w["next_scores"] * reply,
        "partner_scores": w["partner_scores"] * partner * next_passes,
        "partner_blocked": -w["partner_blocked"]
        * rules.PASSE
        * partner_blocked
        * (1 - next_passes),
        "last_passes": w["last_passes"] * rules.PASSE * last_passes,
        "ends": 0.0,
        "shed": w["shed"] * r.risk * (tile[0] + tile[1]),
    }
    if arm is not None:
        maker = r.makers.get(arm, r.makers.get("bucho"))
        if maker == r.partner:
            out["ends"] = -w["partner_end"]
        elif maker is not None and maker != r.seat:
            out["ends"] = w["opponent_end"]
    fitting = [t for t in left if t[0] in ends or t[1] in ends]
    out["mobility"] = w["mobility"] * len(fitting)
    out["doubles"] = 0.0
    if len(left) > 1:
        out["doubles"] = -w["doubles_left"] * sum(map(rules.is_double, left))
    elif rules.is_double(left[0]) and fitting:
        out["doubles"] = (
            w["double_kept"] * rules.BATIDA_DE_CARROCA * bot.double_stays(table, left[0][0], r)
        )
    out["chances"] = {"next_passes": next_passes, "partner_blocked": partner_blocked}
    return out


def total(parts: Mapping[str, Any]) -> float:
    return sum(v for k, v in parts.items() if k != "chances")


def num(value: float) -> str:
    """A number the Portuguese way: 1,8."""
    return f"{value:.1f}".replace(".", ",")


def pct(value: float, weight: float) -> str:
    return f"{round(100 * value / weight)}%"


def reason(key: str, mine: float, theirs: float) -> str:
    """Why a play is better than another on one term of the robot's value, with its numbers."""
    w, passe = bot.WEIGHTS, rules.PASSE
    if key == "now":
        return f"marca {mine:.0f} na mesa agora" + (f", e não {theirs:.0f}" if theirs else "")
    if key == "garagem":
        return f"bate e leva a garagem esperada de {mine:.0f}"
    if key == "batida":
        return f"bate com carroça (+{rules.BATIDA_DE_CARROCA})"
    if key == "next_passes":
        odds = pct(mine, w["next_passes"] * passe), pct(theirs, w["next_passes"] * passe)
        return (
            f"o próximo adversário passa com {odds[0]} de chance, contra {odds[1]} "
            f"(o passe vale {passe})"
        )
    if key == "next_scores":
        return f"o próximo adversário deve marcar {num(-mine)} na resposta, contra {num(-theirs)}"
    if key == "partner_scores":
        return f"o parceiro fica com jogada de ponto ({num(mine)} esperados, contra {num(theirs)})"
    if key == "partner_blocked":
        return "o parceiro corre menos risco de ficar sem jogada"
    if key == "last_passes":
        odds = pct(mine, w["last_passes"] * passe), pct(theirs, w["last_passes"] * passe)
        return f"o outro adversário também pode passar ({odds[0]} de chance, contra {odds[1]})"
    if key == "ends":
        if mine > 0:
            return "cobre uma ponta que um adversário abriu"
        return "não cobre a ponta que o parceiro abriu (ele mostrou que tem esse número)"
    if key == "shed":
        return "livra mais pontos da mão, caso um adversário bata (a garagem)"
    if key == "mobility":
        counts = round(mine / w["mobility"]), round(theirs / w["mobility"])
        return ngettext(
            "fica %(n)d pedra na mão que ainda entra, contra %(other)d",
            "ficam %(n)d pedras na mão que ainda entram, contra %(other)d",
            counts[0],
        ) % {"n": counts[0], "other": counts[1]}
    # doubles: fewer left in hand, or the last one kept to go out with
    if mine > 0:
        return "guarda a carroça para bater com ela (batida de carroça)"
    counts = round(-mine / w["doubles_left"]), round(-theirs / w["doubles_left"])
    return ngettext(
        "sobra %(n)d carroça na mão, contra %(other)d (a carroça só entra num número)",
        "sobram %(n)d carroças na mão, contra %(other)d (a carroça só entra num número)",
        counts[0],
    ) % {"n": counts[0], "other": counts[1]}


KEYS = (
    "now",
    "garagem",
    "batida",
    "next_passes",
    "next_scores",
    "partner_scores",
    "partner_blocked",
    "last_passes",
    "ends",
    "shed",
    "mobility",
    "doubles",
)


def judged(view: Mapping[str, Any], legal: list[dict[str, Any]]) -> list[tuple[float, dict]]:
    """Each play with the robot's value of it, best first (the robot plays one of the best)."""
    plays = [a for a in legal if a["type"] == "play"]
    scored = [(bot.value(bot.Reading(view), view, a), a) for a in plays]
    return sorted(scored, key=lambda item: -item[0])


def why(view: Mapping[str, Any], chosen: Mapping[str, Any], other: Mapping[str, Any]) -> str:
    """The terms in which `chosen` beats `other` most, in words."""
    mine, theirs = terms(view, chosen), terms(view, other)
    gains = sorted(
        ((mine.get(k, 0.0) - theirs.get(k, 0.0), k) for k in KEYS),
        reverse=True,
    )
    words = [
        reason(k, mine.get(k, 0.0), theirs.get(k, 0.0)) for gain, k in gains[:2] if gain > 0.05
    ]
    return " e ".join(words) if words else "dá no mesmo"
