"""The Dozito robot: legal choices on random positions, the heuristic on fixed deals (groups,
turning cards up, gifts, STOP, TURNO EXTRA, the end of the round), the baselines and purity.

Cards are written "az7" (azul 7), "rx*" (a Coringa roxo); colours am, az, ve, vm, rx; "^" marks
a face-up card and "?" a slot filled face down from what is left of the deck. Suns used below:
am5 am7 (TURNO EXTRA) az7 rx4 vm1 vm5 vm9 have none, az4 is the azul STOP (3 suns).
"""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from games.bots import dozito as bot
from games.bots import dozito_board, dozito_evaluation
from games.rules.dozito import GAME, card, setup_from_deal
from tests.dozito_deck import rest_of_deck

COLOURS = {"am": "amarelo", "az": "azul", "ve": "verde", "vm": "vermelho", "rx": "roxo"}
DRAW = {"type": "take", "from": "draw"}
HIDDEN = "? ? ? ? ? ? ? ? ? ? ? ?"


def c(token):
    colour, rest = COLOURS[token[:2]], token[2:].rstrip("^")
    return card(colour, None if rest == "*" else int(rest))


def table(mine=HIDDEN, theirs=HIDDEN, *, piles=("vm9", "vm11"), draw=""):
    """A 2-player deal, seat 0 to move: the named cards where they are written, every "?" and
    the rest of the draw pile from what is left, in deck order."""
    named = [t for text in (mine, theirs, *piles, draw) for t in text.split() if t != "?"]
    left = rest_of_deck(c(t) for t in named)
    grids, up = [], []
    for text in (mine, theirs):
        tokens = text.split()
        grids.append([left.pop() if t == "?" else c(t) for t in tokens])
        up.append([s for s, t in enumerate(tokens, 1) if t.endswith("^")])
    top = [c(t) for t in draw.split()]
    return setup_from_deal(grids, [c(piles[0]), c(piles[1])], top + left, up=up)


def act(state, *actions):
    for action in actions:
        state, _ = GAME.apply(state, 0, action, random.Random(0))
    return state


def robot(state, seed=0):
    [seat] = GAME.to_act(state)
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(seed))


def take(pile):
    return {"type": "take", "from": "discard", "pile": pile}


# Legal choices ---------------------------------------------------------------------------------


def test_every_choice_is_legal_on_random_positions():
    rng = random.Random(5)
    checked = 0
    for seats, rounds in [(2, 1), (2, 3), (3, 1), (4, 1), (5, 1), (3, 3)]:
        state = GAME.setup(seats, {"rounds": rounds}, rng)
        while GAME.outcome(state) is None:
            [seat] = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            for chooser in (bot.choose, bot.greedy_choose, bot.random_choose):
                action = chooser(view, legal, random.Random(checked))
                assert action in legal
                assert action["type"] not in ("leave", "claim_inactivity")
            checked += 1
            state, _ = GAME.apply(state, seat, bot.random_choose(view, legal, rng), rng)
    assert checked > 500


@pytest.mark.parametrize(("seats", "rounds"), [(2, 3), (3, 1), (5, 1)])
def test_robots_play_whole_games_to_the_end(seats, rounds):
    rng = random.Random(seats)
    state = GAME.setup(seats, {"rounds": rounds}, rng)
    while GAME.outcome(state) is None:
        [seat] = GAME.to_act(state)
        action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng)
        state, _ = GAME.apply(state, seat, action, rng)
    outcome = GAME.outcome(state)
    assert outcome["reason"] in ("complete", "twelve")
    assert len(outcome["rounds"]) == rounds or outcome["reason"] == "twelve"


def test_the_robot_refuses_to_play_out_of_turn_and_gives_no_advice_then():
    state = table()
    view = GAME.view(state, 1)
    with pytest.raises(ValueError):
        bot.choose(view, GAME.legal_actions(state, 1), random.Random(0))
    assert bot.advise(view, GAME.legal_actions(state, 1)) == []


# The heuristic ----------------------------------------------------------------------------------


def test_places_a_card_that_grows_a_group_rather_than_discarding_it():
    state = act(table("az1^ az2^ ve3^ ? ? ? ? ? ? ? ? ?", draw="az3"), DRAW)
    assert robot(state) == {"type": "place", "slot": 3}


def test_a_coringa_goes_next_to_the_group_it_grows():
    state = act(table("az1^ az2^ ? ? ? ? ? ? ? ? ? ?", draw="az*"), DRAW)
    action = robot(state)
    assert action["type"] == "place"
    assert action["slot"] in (3, 5, 6)


def test_turns_face_down_slots_up_early():
    # A card that grows nothing is still laid on its face-down slot: the chain goes on.
    state = act(table(draw="am5"), DRAW)
    assert robot(state) == {"type": "place", "slot": 5}
    # And the first move of a round takes a discard top, which turns a slot up, over a draw.
    first = robot(table())
    assert first["type"] == "take"
    assert first["from"] == "discard"


@pytest.mark.parametrize(
    ("in_grid", "face_down", "kept"), [("am5", "vm5", "hand"), ("vm5", "am5", "grid")]
)
def test_does_not_discard_the_card_that_completes_an_opponent_group(in_grid, face_down, kept):
    # The opponent shows vermelho 1, 6 and 9 around an empty slot 5: the vermelho 5 would join
    # them (10 points). For the robot the two 5s are worth the same (no sun, no neighbour).
    mine = f"? ? ? ? {in_grid}^ ? ? ? ? ? ? {face_down}"
    theirs = "vm1^ ? ? ? ? vm6^ ? ? vm9^ ? ? ?"
    state = act(table(mine, theirs, piles=("az12", "vm11")), take(0))
    assert state["turn"]["phase"] == "clash"
    action = robot(state)
    assert action["type"] == "keep"
    assert action["card"] == kept


def test_discards_the_turno_extra_of_two_equal_cards_for_another_turn():
    state = act(table("? ? ? ? ? ? az7^ ? ? ? ? am7", piles=("az12", "vm11")), take(0))
    assert state["turn"]["phase"] == "clash"
    action = robot(state)
    assert action["type"] == "keep"
    assert action["card"] == "grid"
    assert act(state, action)["to_move"] == 0


def test_lays_a_stop_for_its_three_suns():
    state = act(table("? ? ? rx4^ ? ? ? ? ? ? ? ?", draw="az4"), DRAW)
    assert robot(state) == {"type": "place", "slot": 4}


STRONG = "rx1^ rx2^ rx3^ rx4^ rx5^ rx6^ rx7^ rx8^ vm9^ vm10^ am11^"  # 55 points, slot 12 hidden
WEAK = "am1^ am2^ am3^ am4^ az5^ az6^ az7^ az8^ ve9^ ve10^ ve11^"  # 36 points, slot 12 hidden
PILES = ("az9", "az11")


def test_ends_the_round_when_ahead():
    state = act(table(f"{STRONG} ?", f"{WEAK} ?", piles=PILES, draw="az12"), DRAW)
    assert robot(state) == {"type": "place", "slot": 12}


def test_keeps_the_last_card_face_down_when_behind():
    state = act(table(f"{WEAK} ?", f"{STRONG} ?", piles=PILES, draw="vm12"), DRAW)
    assert robot(state)["type"] == "discard"


def test_advise_lists_every_move_best_first_in_portuguese():
    state = act(table("az1^ az2^ ve3^ ? ? ? ? ? ? ? ? ?", draw="az3"), DRAW)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    advice = bot.advise(view, legal)
    assert advice[0]["action"] == {"type": "place", "slot": 3}
    assert len(advice) == 3
    assert advice[0]["label"] == "Colocar o 3 azul no espaço 3"
    values = [a["value"] for a in advice]
    assert values == sorted(values, reverse=True)


# The baselines ----------------------------------------------------------------------------------


def test_greedy_takes_what_scores_most_now():
    state = act(table("az1^ az2^ ve3^ ? ? ? ? ? ? ? ? ?", draw="az3"), DRAW)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert bot.greedy_choose(view, legal, random.Random(0)) == {"type": "place", "slot": 3}
    # With nothing to gain, every move is equal: the greedy player picks among them by lot.
    start = table()
    view, legal = GAME.view(start, 0), GAME.legal_actions(start, 0)
    picks = {json.dumps(bot.greedy_choose(view, legal, random.Random(s))) for s in range(40)}
    assert len(picks) > 1


def test_random_never_leaves_nor_claims():
    state = table()
    legal = GAME.legal_actions(state, 0)
    for seed in range(30):
        action = bot.random_choose(GAME.view(state, 0), legal, random.Random(seed))
        assert action in legal
        assert action["type"] == "take"


# Only the view --------------------------------------------------------------------------------


def test_the_robot_decides_from_the_view_alone_and_does_not_change_it():
    state = act(table("az1^ az2^ ve3^ ? ? ? ? ? ? ? ? ?", draw="az3"), DRAW)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    before = copy.deepcopy(view)
    action = bot.choose(view, legal, random.Random(0))
    bot.advise(view, legal)
    assert view == before
    # A view that went through JSON (as the site stores and sends it) gives the same decision.
    assert bot.choose(json.loads(json.dumps(view)), legal, random.Random(0)) == action


def test_hidden_cards_do_not_change_the_decision():
    rng = random.Random(9)
    state = GAME.setup(2, {}, rng)
    for _ in range(30):  # some way into the round
        [seat] = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, bot.choose(GAME.view(state, seat), legal, rng), rng)
    [seat] = GAME.to_act(state)
    other = copy.deepcopy(state)
    down = [cell for grid in other["grids"] for cell in grid if not cell["up"]]
    cards = [cell["card"] for cell in down] + other["draw_pile"]
    random.Random(1).shuffle(cards)
    for cell, one in zip(down, cards, strict=False):
        cell["card"] = one
    other["draw_pile"] = cards[len(down) :]
    assert other != state
    assert GAME.view(other, seat) == GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    for seed in range(5):
        assert bot.choose(GAME.view(other, seat), legal, random.Random(seed)) == bot.choose(
            GAME.view(state, seat), legal, random.Random(seed)
        )


def test_the_robot_modules_import_only_the_rules_and_the_standard_library():
    modules = (bot, dozito_board, dozito_evaluation)
    sources = [Path(module.__file__).read_text(encoding="utf-8") for module in modules]
    imported = set()
    for node in (node for source in sources for node in ast.walk(ast.parse(source))):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module)
    assert not any(name.startswith("django") for name in imported)
    own = {"games.bots.dozito_board", "games.bots.dozito_evaluation"}
    assert {name for name in imported if name.startswith("games")} - own == {"games.rules.dozito"}
    assert not any("GAME" in source for source in sources)
