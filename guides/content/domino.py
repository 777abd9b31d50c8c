"""The Dominó de pontos guide: hands played by the rules engine (games.rules.domino) and its
robot (games.bots.domino), drawn with the live table's templates (games/jinja2/games/domino/).

The worked rounds are first hands of games dealt from fixed seeds: the deal is the engine's own
shuffle of `random.Random(seed)` and every play is the robot's choice with that same generator,
so the rounds, like the practice positions, are the same on every render. The seeds were picked
because their hands show the scoring cases the guide must show (issue #9); the tests replay
every play through the engine.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.bots import domino as bot
from games.presenters import domino as presenter
from games.rendering import game_render
from games.rules import domino as rules
from games.rules.domino import GAME, PAIR_NAMES
from guides.content import Page, Position, Question, Round, Step, Verdict
from guides.content.words import below_best, points

STRATEGY_POSITION = 7  # not 1: the practice box opens on position 1
NAMES = ["Ana", "Beto", "Cida", "Davi"]  # Ana and Cida are Jade, Beto and Davi are Âmbar

# (seed, title, intro, covers): each a first hand, opened with the 6|6.
ROUNDS = (
    (
        49,
        "Mão 1: pontos na mesa, o bucho com um e com dois lados, batida de carroça com garagem",
        "Quem tem a carroça de sena sai com ela: é o bucho. Veja como a soma das pontas muda "
        "quando o bucho tem um lado ocupado, depois dois, e como uma carroça na ponta conta "
        "dobrado. A mão termina com uma batida de carroça, e a garagem vem junto.",
        (
            "Ponta com carroça",
            "Bucho com um lado",
            "Bucho com dois lados",
            "Passe",
            "Batida de carroça com garagem",
        ),
    ),
    (
        48,
        "Mão 2: o galo",
        "Um galo acontece quando os três outros passam e a vez volta a quem jogou: vale 50 no "
        "lugar dos passes.",
        ("Galo", "Passe", "Garagem"),
    ),
    (
        63,
        "Mão 3: jogo fechado",
        "Às vezes as pontas se fecham num número que já acabou: ninguém mais consegue jogar. "
        "Somam-se as mãos das duplas.",
        ("Jogo fechado", "Bucho com um lado"),
    ),
)


# --- Drawing --------------------------------------------------------------------------------


def snapshot(state: dict[str, Any], seat: int | None, events: tuple = ()) -> str:
    """The live table's game area for `seat`, without its play buttons (a guide is read, not
    played: the practice box has its own choices)."""
    return game_render("domino", state, seat, names=NAMES, events=events, buttons=False)


def play_label(view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    return presenter.play_label(action["tile"], action.get("end"), view["ends"])


def action_key(action: Mapping[str, Any]) -> str:
    a, b = action["tile"]
    return f"{a}-{b}-{action.get('end') or 'centro'}"


# --- What the robot weighs --------------------------------------------------------------------


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


# --- The worked rounds -------------------------------------------------------------------------


def hand_played(seed: int) -> tuple[list, list[tuple[int, dict, list, dict, dict]]]:
    """The deal of game `seed` and its first hand played by the robot: for each play the seat,
    the action, its events, the state before and after."""
    rng = random.Random(seed)  # noqa: S311 - a fixed deal, not a secret
    state = GAME.setup(4, {}, rng)
    deal = [[list(t) for t in tiles] for tiles in state["hand"]["tiles"]]
    plays = []
    while True:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        action = bot.choose(GAME.view(state, seat), legal, rng)
        before = state
        state, events = GAME.apply(state, seat, action, rng)
        plays.append((seat, action, events, before, state))
        if any(e["type"] == "hand_end" for e in events):
            return deal, plays


def named(text: str) -> str:
    """An engine text with the players' names for "Jogador 1"... (the engine names no one)."""
    text = re.sub(r"do Jogador (\d)", lambda m: "de " + NAMES[int(m.group(1)) - 1], text)
    return re.sub(r"Jogador (\d)", lambda m: NAMES[int(m.group(1)) - 1], text)


def score_text(events: list[dict]) -> str:
    """What a play scored, short: "Jade +20 (batida de carroça) · Jade +10 (garagem)"."""
    return " · ".join(
        f"{PAIR_NAMES[e['pair']]} +{e['points']} ({rules.REASONS[e['reason']].lower()})"
        for e in events
        if e["type"] == "score"
    )


def score_lines(events: list[dict]) -> str:
    """The engine's own words for what a play scored, with the players' names."""
    return " ".join(named(e["text"]) for e in events if e["type"] == "score")


def notable(events: list[dict], index: int) -> bool:
    return index == 0 or any(e["type"] in ("score", "pass", "hand_end") for e in events)


def step_for(seat: int, action: dict, events: list[dict], before: dict, after: dict) -> Step:
    view = GAME.view(before, seat)
    legal = [a for a in GAME.legal_actions(before, seat) if a["type"] == "play"]
    name = NAMES[seat]
    label = play_label(view, action)
    if action.get("end") is None:
        text = f"{name} tem a carroça de sena e sai com ela: o 6|6 é o bucho."
    elif len(legal) == 1:
        text = f"{name} joga {label}: era a única jogada."
    else:
        ranked = judged(view, legal)
        mine = next(v for v, a in ranked if action_key(a) == action_key(action))
        value, other = next((v, a) for v, a in ranked if action_key(a) != action_key(action))
        if value >= mine - bot.TIE:
            reason = f"tanto faz: {play_label(view, other)} daria o mesmo"
        else:
            reason = f"em vez de {play_label(view, other)}, porque {why(view, action, other)}"
        text = f"{name} joga {label} ({len(legal)} jogadas possíveis), {reason}."
    text += table_notes(before["hand"]["table"], action, before["options"]["bucho_lado"])
    passes = [NAMES[e["seat"]] for e in events if e["type"] == "pass"]
    if passes:
        text += " " + ", ".join(passes) + (" passou." if len(passes) == 1 else " passaram.")
    end = next((e for e in events if e["type"] == "hand_end"), None)
    if end:
        left = ", ".join(
            f"{NAMES[s]} {rules.pips(tiles)}" for s, tiles in enumerate(end["hands"]) if tiles
        )
        text += f" {named(end['text'])} Pontos nas mãos: {left or 'nenhum'}."
    if any(e["type"] == "score" for e in events):
        text += " " + score_lines(events)
    shown_state = after if not end else before_end(before, seat, action, events)
    return Step(snapshot(shown_state, seat, tuple(events)), text, score_text(events))


def table_notes(table: dict, action: dict, lado: str) -> str:
    """What the play shows of the count: the bucho with one side or two, a double at an end."""
    end = action.get("end")
    if end is None:
        return ""
    now = bot.after(table, action["tile"], end)
    sides = [bool(now["arms"][side]) for side in rules.SIDES]
    had = [bool(table["arms"][side]) for side in rules.SIDES]
    notes = []
    if sides.count(True) == 1:
        counted = rules.counted_ends(now, lado)
        empty = next(side for side, full in zip(rules.SIDES, sides, strict=True) if not full)
        notes.append(
            f"O bucho tem um lado só ocupado: o lado vazio ({rules.ARM_NAMES[empty]}) ainda "
            f"conta o bucho, {counted[empty]}."
        )
    elif all(sides) and not all(had):
        notes.append(
            "Agora os dois lados do bucho têm pedra: ele sai da conta, e abrem cima e baixo."
        )
    if rules.is_double(action["tile"]):
        pip = action["tile"][0]
        notes.append(f"A carroça {pip}|{pip} na ponta conta dobrado: {2 * pip}.")
    return "".join(" " + note for note in notes)


def before_end(before: dict, seat: int, action: dict, events: list[dict]) -> dict:
    """The table as the hand ended (the engine has already dealt the next hand): the last play
    put down, and the scores once the hand is counted."""
    state = rules.clone(before)
    tile, end = rules.check_play(state["hand"], seat, action)
    rules.put_down(state, seat, tile, end)
    counted = [e["scores"] for e in events if e["type"] == "score"]
    if counted:
        state["scores"] = list(counted[-1])
    return state


def worked_round(seed: int, title: str, intro: str, covers: tuple[str, ...]) -> Round:
    _deal, plays = hand_played(seed)
    steps = []
    quiet = []
    for index, (seat, action, events, before, after) in enumerate(plays):
        if not notable(events, index):
            quiet.append(f"{NAMES[seat]} {shown_play(action)}")
            continue
        step = step_for(seat, action, events, before, after)
        if quiet:
            step = Step(step.html, "Antes: " + "; ".join(quiet) + ". " + step.text, step.score)
            quiet = []
        steps.append(step)
    return Round(title, intro, tuple(steps), covers)


WHERE = {"left": "na esquerda", "right": "na direita", "up": "em cima", "down": "embaixo"}


def shown_play(action: dict) -> str:
    end = action.get("end")
    where = f" {WHERE[end]}" if end else ""
    return f"jogou {rules.shown(action['tile'])}{where}"


def scripts() -> list[dict[str, Any]]:
    """What the tests replay: each round's deal and its plays, with the points they scored."""
    result = []
    for seed, *_rest in ROUNDS:
        deal, plays = hand_played(seed)
        result.append(
            {
                "seed": seed,
                "deal": deal,
                "plays": [(seat, action) for seat, action, *_ in plays],
                "scores": [score_text(events) for _s, _a, events, *_ in plays],
                "options": {},
                "whole": True,
            }
        )
    deal, plays = simples_played()
    result.append(
        {
            "seed": ROUNDS[0][0],
            "deal": deal,
            "plays": [(seat, action) for seat, action, *_ in plays],
            "scores": [score_text(events) for _s, _a, events, *_ in plays],
            "options": {"bucho_lado": "simples"},
            "whole": False,
        }
    )
    return result


SIMPLES_PLAYS = 3  # the opening and the first two plays: the bucho with one side taken


def simples_played() -> tuple[list, list[tuple[int, dict, list, dict, dict]]]:
    """The first plays of the first round's hand again, with the option "bucho simples"."""
    deal, plays = hand_played(ROUNDS[0][0])
    state = rules.setup_from_deal(deal, {"bucho_lado": "simples"})
    replayed = []
    for seat, action, *_rest in plays[:SIMPLES_PLAYS]:
        before = state
        state, events = GAME.apply(state, seat, action, random.Random(0))  # noqa: S311
        replayed.append((seat, action, events, before, state))
    return deal, replayed


def simples_round() -> Round:
    _deal, plays = simples_played()
    seat, action, events, before, after = plays[-1]
    dobrado = score_text(hand_played(ROUNDS[0][0])[1][SIMPLES_PLAYS - 1][2])
    view = GAME.view(after, seat)
    text = (
        f"Na mesma mão com a opção bucho simples, {NAMES[seat]} joga de novo "
        f"{play_label(GAME.view(before, seat), action)}. O lado vazio do bucho agora conta só "
        f"metade: as pontas somam {' + '.join(map(str, view['counted'].values()))} = "
        f"{view['sum']}, que não é múltiplo de 5. Com o bucho dobrado, a mesma jogada deu "
        f"{dobrado}."
    )
    step = Step(snapshot(after, seat, tuple(events)), text, score_text(events))
    title = "A mesma jogada com o bucho simples"
    intro = (
        "O anfitrião pode escolher, ao abrir a mesa, que o lado vazio do bucho conte só metade. "
        "Veja o segundo passo da mão 1 com essa opção."
    )
    return Round(title, intro, (step,), ("Bucho simples",))


# --- The page ------------------------------------------------------------------------------------


def bucho_example(lado: str) -> tuple[list[int], int, int]:
    """The 6|6 alone with a 6|3 on its left: the counted ends, their sum and the points."""
    table = rules.new_table()
    table["bucho"] = [6, 6]
    rules.place(table, [6, 3], "left")
    counted = list(rules.counted_ends(table, lado).values())
    return counted, sum(counted), rules.mesa_points(sum(counted))


def strategy_numbers() -> dict[str, Any]:
    """The robot's weighing of every play at one practice position, in points."""
    pos = position(STRATEGY_POSITION)
    view = pos.data["view"]
    rows = []
    for value, action in judged(view, pos.data["legal"]):
        parts = terms(view, action)
        rows.append(
            {
                "label": play_label(view, action),
                "value": round(value, 1),
                "now": parts["now"],
                "next_passes": round(100 * parts.get("chances", {}).get("next_passes", 0)),
                "mobility": round(parts.get("mobility", 0) / bot.WEIGHTS["mobility"]),
            }
        )
    return {"position": pos, "rows": rows}


FAQ = (
    Question(
        "Quantos pontos vale uma partida?",
        "A partida vai a 200. Ela é decidida no fim da mão: quando uma dupla tem 200 ou mais, "
        "vence a dupla com mais pontos; empatadas, joga-se mais uma mão. O jogo é melhor de 3 "
        "partidas.",
    ),
    Question(
        "Quando a soma das pontas marca?",
        "Depois de cada jogada, somam-se as pontas abertas. Se a soma for múltiplo de 5 (5, 10, "
        "15...), a dupla de quem jogou marca a soma. Uma carroça na ponta conta os dois lados.",
    ),
    Question(
        "O bucho conta na soma?",
        "Sozinho, o bucho conta inteiro (o 6|6 vale 12). Enquanto só um lado dele tem pedra, o "
        "lado vazio conta o bucho de novo: dobrado (12) na regra da mesa padrão, ou simples (6) "
        "na opção 'bucho simples'. Quando os dois lados têm pedra, o bucho sai da conta e abrem "
        "cima e baixo.",
    ),
    Question(
        "O que é o galo?",
        "Você joga e os três outros passam, e a vez volta para você: sua dupla marca 50, no "
        "lugar dos passes.",
    ),
    Question(
        "Se meu parceiro passa, a gente perde pontos?",
        "O passe dá 20 à dupla de quem jogou por último. Se quem passa é o parceiro de quem "
        "jogou, ninguém marca.",
    ),
    Question(
        "O que é a garagem?",
        "Quando alguém bate (fica sem pedras), a dupla dele leva os pontos que sobraram nas "
        "mãos da dupla adversária, arredondados para baixo no múltiplo de 5. Batendo com uma "
        "carroça, ganha mais 20: a batida de carroça.",
    ),
    Question(
        "E se ninguém conseguir jogar?",
        "É o jogo fechado: soma-se a mão de cada dupla, e a dupla com mais pontos dá essa soma, "
        "arredondada para baixo no múltiplo de 5, para a outra. Empate: ninguém marca. A mão "
        "seguinte começa de novo com a carroça de sena.",
    ),
)


@functools.cache
def page() -> Page:
    rounds = (*(worked_round(*spec) for spec in ROUNDS), simples_round())
    extra = {
        "constants": {
            "passe": rules.PASSE,
            "galo": rules.GALO,
            "batida": rules.BATIDA_DE_CARROCA,
            "sem_carroca": rules.SEM_CARROCA,
            "target": rules.TARGET,
            "matches": rules.MATCHES_TO_WIN,
            "redeal": rules.REDEAL_DOUBLES,
        },
        "bucho": {lado: bucho_example(lado) for lado in ("dobrado", "simples")},
        "weights": dict(bot.WEIGHTS),
        "going_out": dict(bot.GOING_OUT),
        "strategy": strategy_numbers(),
        "pairs": PAIR_NAMES,
    }
    description = (
        "Como jogar Dominó de pontos em duplas: a soma das pontas em múltiplos de 5, o bucho, "
        "passe, galo, batida de carroça, garagem e jogo fechado, com mãos comentadas e "
        "posições para treinar."
    )
    return Page(description, rounds, FAQ, extra)


# --- Practice ------------------------------------------------------------------------------------


@functools.cache
def position(number: int) -> Position:
    """A position of a game dealt from `number`, some plays in, where the seat on turn has at
    least two different plays."""
    rng = random.Random(number)  # noqa: S311 - a fixed position, not a secret
    state = GAME.setup(4, {}, rng)
    plies = rng.randrange(2, 14)
    played = 0
    while True:
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] == "play"]
        if played >= plies and len(legal) >= 2:
            break
        action = bot.choose(GAME.view(state, seat), legal, rng)
        state, _events = GAME.apply(state, seat, action, rng)
        played += 1
    view = GAME.view(state, seat)
    choices = tuple((action_key(a), play_label(view, a)) for a in legal)
    question = f"Você é {NAMES[seat]} ({PAIR_NAMES[rules.pair_of(seat)]}). Onde você joga?"
    data = {"view": view, "legal": legal, "seat": seat}
    return Position(number, snapshot(state, seat), question, choices, data)


def judge(position: Position, answer: str) -> Verdict:
    view, legal = position.data["view"], position.data["legal"]
    ranked = judged(view, legal)
    best_value, best = ranked[0]
    chosen = next((v, a) for v, a in ranked if action_key(a) == answer)
    value, action = chosen
    label = play_label(view, best)
    # The robot's value is in points, for the pair, of a play: what a reader can weigh is the gap.
    if value >= best_value - bot.TIE:
        other = next((a for _v, a in ranked if action_key(a) != answer), None)
        reason = why(view, action, other) if other else _("é a única boa")
        text = _(
            "O robô também joga %(play)s: %(reason)s. Na conta dele, a melhor outra jogada "
            "rende %(gap)s em média a menos para a sua dupla (os pontos que a jogada traz, "
            "menos os que ela deixa para os adversários)."
        ) % {"play": label, "reason": reason, "gap": points(best_value - ranked[1][0])}
        return Verdict(True, text)
    text = _(
        "O robô joga %(play)s, porque %(reason)s. Na conta dele, %(mine)s rende para a sua "
        "dupla %(gap)s (os pontos que a jogada traz, menos os que ela deixa para os "
        "adversários)."
    ) % {
        "play": label,
        "reason": why(view, best, action),
        "mine": play_label(view, action),
        "gap": below_best(best_value - value),
    }
    return Verdict(False, text)
