"""The Dominó guide's practice ("Treine"): position `number` is a game dealt from the number and
played some plies in by the robot, where the seat on turn has at least two plays; the robot's
weighing judges each answer."""

from __future__ import annotations

import functools
import random

from django.utils.translation import gettext as _

from games.bots import domino as bot
from games.rules import domino as rules
from games.rules.domino import GAME, PAIR_NAMES
from guides.content import Position, Verdict
from guides.content.domino.table import NAMES, action_key, play_label, snapshot
from guides.content.domino.weighing import judged, why
from guides.content.words import below_best, points


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
