"""The Bozó robot: the exact expectation of optimal play, obvious decisions, hints, purity and
whole games through the rules engine."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from games.bots import bozo as bot
from games.rules import bozo as rules
from games.rules import dice
from games.rules.dice import DICE, MAX_ROLLS

HAS_GAME = hasattr(rules, "GAME")
needs_game = pytest.mark.skipif(not HAS_GAME, reason="games.rules.bozo.GAME ainda não existe")


def make_view(
    dice=None,
    *,
    rolls=1,
    held=(),
    covered=(),
    scored=None,
    bonus=True,
    seat=0,
    mode="solo",
):
    """A view as the game flow shows it to `seat`: `scored` maps filled boxes to their points."""
    scored = scored or {}
    boxes = {box: scored.get(box) for box in rules.BOXES}
    card = {"boxes": boxes, "total": sum(v or 0 for v in boxes.values())}
    shown = (
        [None] * DICE if dice is None else [None if i in covered else d for i, d in enumerate(dice)]
    )
    return {
        "seat": seat,
        "mode": mode,
        "options": {"mode": mode, "bonus_de_boca": bonus, "general_de_boca_vence": False},
        "card_of": [0],
        "cards": [card],
        "to_move": seat,
        "turn": {
            "dice": shown,
            "held": [i in held for i in range(DICE)],
            "rolls": rolls if dice is not None else 0,
            "covered": sorted(covered),
            "cup": bool(covered),
            "rolls_left": MAX_ROLLS - (rolls if dice is not None else 0),
        },
        "potential": {},
    }


def legal_for(view):
    """The legal actions of the player on turn, as the game flow lists them."""
    actions = dice.dice_actions(view["turn"])  # reads only what the view shows
    if view["turn"]["rolls"] and not view["turn"]["covered"]:
        boxes = view["cards"][0]["boxes"]
        actions += [{"type": "score", "box": b} for b in rules.BOXES if boxes[b] is None]
    return [*actions, {"type": "leave"}]


def choose(view):
    return bot.choose(view, legal_for(view), random.Random(0))


# The dynamic programme -------------------------------------------------------------------------


def test_optimal_play_expects_146_93_on_an_empty_card():
    assert round(bot.expected_score(bonus=True), 2) == 146.93


def test_without_the_bonus_de_boca_the_expectation_is_lower():
    assert 140 < bot.expected_score(bonus=False) < bot.expected_score(bonus=True)


@pytest.mark.parametrize(("box", "face"), [("as", 1), ("sena", 6)])
def test_a_lone_number_box_expects_face_times_the_dice_caught_in_three_rolls(box, face):
    # Keeping every die of that face, each die shows it by the third roll with 1 - (5/6)^3.
    only = 1 << rules.BOXES.index(box)
    assert bot.table(True)[only] == pytest.approx(face * DICE * (1 - (5 / 6) ** 3))


def test_a_fresh_card_is_worth_the_expectation_before_the_first_roll():
    [best, *_] = bot.advise(make_view(), legal_for(make_view()))
    assert best["action"] == {"type": "roll", "cup": True}
    assert best["expected"] == pytest.approx(146.93, abs=0.005)


# Obvious decisions -----------------------------------------------------------------------------


def test_rolls_with_the_cup_before_the_first_roll():
    assert choose(make_view()) == {"type": "roll", "cup": True}


def test_rolls_without_the_cup_when_it_is_not_offered():
    view = make_view()
    legal = [{"type": "roll", "cup": False}, {"type": "leave"}]
    assert bot.choose(view, legal, random.Random(0)) == {"type": "roll", "cup": False}


def test_lifts_the_cup_when_the_dice_are_covered():
    view = make_view([6, 6, 1, 1, 1], rolls=2, held=(0, 1), covered=(2, 3, 4))
    assert choose(view)["type"] == "lift"


def test_five_sixes_on_the_first_roll_score_general_55():
    view = make_view([6, 6, 6, 6, 6], rolls=1)
    assert choose(view) == {"type": "score", "box": "general"}
    assert bot.advise(view, legal_for(view))[0]["label"] == "Marcar General (55)"


def test_after_the_third_roll_the_only_open_box_is_scored_even_for_zero():
    scored = {box: 0 for box in rules.BOXES if box != "as"}
    view = make_view([2, 3, 4, 5, 6], rolls=3, scored=scored)
    assert choose(view) == {"type": "score", "box": "as"}


def test_four_sixes_with_only_sena_open_keep_the_sixes():
    scored = {box: 0 for box in rules.BOXES if box != "sena"}
    view = make_view([6, 2, 6, 6, 6], rolls=1, scored=scored)
    assert choose(view) == {"type": "hold", "dice": [0, 2, 3, 4]}
    held = make_view([6, 2, 6, 6, 6], rolls=1, held=(0, 2, 3, 4), scored=scored)
    assert choose(held) == {"type": "roll", "cup": True}


def test_a_seguida_on_the_first_roll_with_the_bonus_is_scored():
    view = make_view([5, 1, 3, 2, 4], rolls=1)
    assert choose(view) == {"type": "score", "box": "seguida"}


def test_a_hold_is_followed_by_the_roll_of_the_same_dice():
    rng = random.Random(7)
    for _ in range(300):
        dice = [rng.randint(1, 6) for _ in range(DICE)]
        rolls = rng.randint(1, 2)
        scored = {box: 0 for box in rules.BOXES if rng.random() < 0.5}
        if len(scored) == len(rules.BOXES):
            continue
        action = choose(make_view(dice, rolls=rolls, scored=scored))
        if action["type"] == "hold":
            after = make_view(dice, rolls=rolls, held=action["dice"], scored=scored)
            assert choose(after)["type"] == "roll"


def test_choose_always_returns_one_of_the_legal_actions():
    rng = random.Random(3)
    for _ in range(300):
        dice = [rng.randint(1, 6) for _ in range(DICE)]
        rolls = rng.randint(0, 3)
        held = [i for i in range(DICE) if rolls and rng.random() < 0.4]
        covered = [i for i in range(DICE) if i not in held] if rolls and rng.random() < 0.3 else []
        scored = {box: rng.randint(0, 30) for box in rules.BOXES if rng.random() < 0.6}
        if len(scored) == len(rules.BOXES):
            continue
        view = make_view(
            dice if rolls else None,
            rolls=rolls,
            held=held,
            covered=covered,
            scored=scored,
            bonus=rng.random() < 0.5,
        )
        legal = legal_for(view)
        assert bot.choose(view, legal, rng) in legal


# Hints -----------------------------------------------------------------------------------------


def test_advise_lists_candidates_best_first_with_choose_on_top():
    rng = random.Random(11)
    for _ in range(100):
        dice = [rng.randint(1, 6) for _ in range(DICE)]
        scored = {box: 0 for box in rules.BOXES if rng.random() < 0.4}
        if len(scored) == len(rules.BOXES):
            continue
        view = make_view(dice, rolls=rng.randint(1, 3), scored=scored)
        legal = legal_for(view)
        hints = bot.advise(view, legal)
        assert hints[0]["action"] == bot.choose(view, legal, rng)
        expected = [h["expected"] for h in hints]
        assert expected[0] >= max(expected) - 1e-9
        assert expected[1:] == sorted(expected[1:], reverse=True)
        assert all(h["action"] in legal for h in hints)
        assert len({json.dumps(h["action"], sort_keys=True) for h in hints}) == len(hints)


def test_advise_expects_the_final_total_and_speaks_portuguese():
    scored = {"as": 3, "duque": 6, "terno": 9}
    view = make_view([6, 6, 1, 6, 2], rolls=2, scored=scored)
    hints = bot.advise(view, legal_for(view))
    labels = {h["label"]: h for h in hints}
    assert "Marcar Sena (18)" in labels
    assert "Guardar 6, 6, 6 e lançar" in labels
    assert "Lançar os cinco dados" in labels
    sena = labels["Marcar Sena (18)"]
    rest = bot.FULL_CARD & ~sum(1 << rules.BOXES.index(b) for b in [*scored, "sena"])
    assert sena["expected"] == pytest.approx(18 + 18 + bot.table(True)[rest])
    keep = labels["Guardar 6, 6, 6 e lançar"]
    assert keep["action"] == {"type": "hold", "dice": [0, 1, 3]}
    assert all(h["expected"] > 18 for h in hints)


def test_advise_under_the_cup_offers_both_lifts_at_the_same_value():
    view = make_view([6, 6, 1, 1, 1], rolls=2, held=(0, 1), covered=(2, 3, 4))
    top, bottom = bot.advise(view, legal_for(view))
    assert top["action"] == choose(view)
    assert {top["label"], bottom["label"]} == {"Levantar por cima", "Cantar embaixo e levantar"}
    assert top["expected"] == bottom["expected"]


# Purity ----------------------------------------------------------------------------------------


def test_the_robot_sees_only_the_view_and_does_not_change_it():
    view = make_view([3, 3, 5, 1, 3], rolls=2, held=(0, 1), scored={"full": 25})
    legal = legal_for(view)
    before = copy.deepcopy(view)
    action = bot.choose(view, legal, random.Random(0))
    bot.advise(view, legal)
    assert view == before
    # A view that went through JSON (as the site stores and sends it) gives the same decision.
    assert bot.choose(json.loads(json.dumps(view)), legal, random.Random(0)) == action


def test_the_robot_module_imports_only_the_rules_and_the_standard_library():
    source = Path(bot.__file__).read_text(encoding="utf-8")
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module)
    assert not any(name.startswith("django") for name in imported)
    assert {name for name in imported if name.startswith("games")} <= {
        "games.rules.bozo",
        "games.rules.dice",
    }
    assert "GAME" not in source


def test_the_robot_refuses_to_play_out_of_turn_and_gives_no_hint_then():
    view = make_view([1, 2, 3, 4, 5])
    view["to_move"] = 1
    with pytest.raises(ValueError):
        bot.choose(view, [{"type": "leave"}], random.Random(0))
    assert bot.advise(view, [{"type": "leave"}]) == []


# Whole games through the rules engine ----------------------------------------------------------


def play(mode, seats, seed, **options):
    game = rules.GAME
    rng = random.Random(seed)
    state = game.setup(seats, {"mode": mode, **options}, rng)
    while game.outcome(state) is None:
        [seat] = game.to_act(state)
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if seed % 2 == 0:
            bot.advise(view, legal)
        action = bot.choose(view, legal, rng)
        assert action in legal
        assert action["type"] not in ("leave", "claim_inactivity")
        state, _ = game.apply(state, seat, action, rng)
    return state, game.outcome(state)


@needs_game
@pytest.mark.parametrize(("mode", "seats"), [("solo", 1), ("duelo", 2), ("duplas", 4)])
def test_the_robot_plays_whole_games_in_every_mode(mode, seats):
    for seed in range(3):
        state, outcome = play(mode, seats, seed)
        assert outcome["reason"] == "complete"
        assert all(None not in card.values() for card in state["cards"])
        assert len(outcome["scores"]) == seats


@needs_game
def test_the_robot_plays_with_the_variant_options():
    for seed in range(4):
        _, outcome = play("duelo", 2, seed, bonus_de_boca=False, general_de_boca_vence=True)
        assert outcome["reason"] in ("complete", "general_de_boca")
