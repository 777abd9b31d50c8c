"""Yam's with one column: the shipped table of optimal play against a fresh computation, and the
exact policy's decisions and hints on positions whose right answer is known."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.bots import yams as bot
from games.bots import yams_exact as exact
from games.bots.yams_plan import ExactPlan, is_exact, robot_plan
from games.rules.yams import UPPER, boxes_in_play
from tests.bots.test_yams_bot import full_except, legal_for, make_view

TOLERANCE = 1e-3  # the table is float32: about 2e-5 at 200 points


def reachable_subtotals(open_set: int) -> set[int]:
    """The Uns..Seis subtotals (capped at 63) a card with these boxes open can have."""
    sums = {0}
    for box, face in UPPER.items():
        if not open_set & exact.BIT[box]:
            sums = {min(exact.CAP, s + face * n) for s in sums for n in range(6)}
    return sums


def recomputed(open_set: int, upper: int) -> float:
    """V of a card from the table one box further, by the robot's own turn search."""
    return ExactPlan.of(open_set, upper).value()


def test_cards_with_one_or_two_open_boxes_match_a_fresh_computation():
    # With one box open the later value is V[empty] = 0, so these are computed from nothing but
    # the rules' scores; with two, from those. Every reachable subtotal, unreachable ones are 0.
    checked = 0
    for size in (1, 2):
        for boxes in combinations(exact.BOXES13, size):
            open_set = sum(exact.BIT[box] for box in boxes)
            reach = reachable_subtotals(open_set)
            for upper in range(exact.CAP + 1):
                if upper in reach:
                    assert recomputed(open_set, upper) == pytest.approx(
                        exact.value(open_set, upper), abs=TOLERANCE
                    ), (boxes, upper)
                    checked += 1
                else:
                    assert exact.value(open_set, upper) == 0
    assert checked > 5000


def test_larger_cards_are_one_turn_from_their_successors():
    rng = random.Random(2026)
    for _ in range(300):
        open_set = rng.randrange(1, exact.FULL + 1)
        upper = rng.choice(sorted(reachable_subtotals(open_set)))
        assert recomputed(open_set, upper) == pytest.approx(
            exact.value(open_set, upper), abs=TOLERANCE
        )


def test_the_empty_card_is_worth_the_known_optimum():
    assert exact.available()
    assert exact.optimum() == pytest.approx(211.5325, abs=TOLERANCE)
    assert recomputed(exact.FULL, 0) == pytest.approx(exact.optimum(), abs=TOLERANCE)


def test_single_boxes_have_their_textbook_values():
    # Chance alone: keep 5 and 6 with two rolls to come, 4 to 6 with one: 5 x 14/3.
    assert exact.value(exact.BIT["chance"], 0) == pytest.approx(70 / 3, abs=TOLERANCE)
    # Yam's alone: five of a kind within three rolls, 4.6029 % of the time.
    assert exact.value(exact.BIT["yams"], 0) == pytest.approx(50 * 0.0460286, abs=TOLERANCE)
    # Uns alone with 62 already: the bonus at the first one.
    one_one = 1 - (5 / 6) ** 15  # at least one 1 among the five dice within three rolls
    assert exact.value(exact.BIT["uns"], 62) > 35 * one_one


def only_open(open_boxes: list[str], max_min: bool = False, **filled: int) -> dict:
    card = full_except(1, max_min, {"livre": open_boxes})
    card.update({("livre", box): points for box, points in filled.items()})
    return card


def test_the_last_box_open_is_chased_and_scored():
    filled = only_open(["yams"])
    view = make_view(1, False, filled=filled, dice_values=[6, 6, 2, 6, 6], rolls=2)
    legal = legal_for(view)
    assert bot.choose(view, legal, None) == {"type": "hold", "dice": [0, 1, 3, 4]}
    assert bot.advise(view, legal)[0]["expected"] == pytest.approx(50 / 6, abs=0.01)
    view = make_view(1, False, filled=filled, dice_values=[6, 6, 2, 6, 6], rolls=3)
    assert bot.choose(view, legal_for(view), None) == {
        "type": "score",
        "column": "livre",
        "box": "yams",
    }


def test_chance_alone_rerolls_low_dice_and_keeps_a_good_sum():
    filled = only_open(["chance"])
    view = make_view(1, False, filled=filled, dice_values=[1, 1, 2, 2, 3], rolls=1)
    assert bot.choose(view, legal_for(view), None) == {"type": "roll", "cup": False}
    view = make_view(1, False, filled=filled, dice_values=[6, 4, 5, 1, 6], rolls=1)
    assert bot.choose(view, legal_for(view), None) == {"type": "hold", "dice": [0, 2, 4]}
    # A die rethrown is worth 17/4 with two rolls to come, 7/2 with one: a 4 goes, then stays.
    view = make_view(1, False, filled=filled, dice_values=[6, 6, 5, 5, 4], rolls=1)
    assert bot.choose(view, legal_for(view), None) == {"type": "hold", "dice": [0, 1, 2, 3]}
    view = make_view(1, False, filled=filled, dice_values=[6, 6, 5, 5, 4], rolls=2)
    assert bot.choose(view, legal_for(view), None)["box"] == "chance"
    view = make_view(1, False, filled=filled, dice_values=[6, 6, 5, 5, 5], rolls=1)
    assert bot.choose(view, legal_for(view), None)["box"] == "chance"
    before = make_view(1, False, filled=filled)
    assert bot.advise(before, legal_for(before))[0]["expected"] == pytest.approx(70 / 3, abs=0.01)


def test_the_bonus_outweighs_the_points_of_chance():
    # Uns..Seis at 60 without Uns: three ones reach 63 and earn 35.
    filled = only_open(["uns", "chance"], dois=6, tres=9, quatro=12, cinco=15, seis=18)
    view = make_view(1, False, filled=filled, dice_values=[1, 2, 1, 2, 1], rolls=3)
    hints = bot.advise(view, legal_for(view))
    assert hints[0]["action"] == {"type": "score", "column": "livre", "box": "uns"}
    total_now = 60
    assert hints[0]["expected"] == pytest.approx(total_now + 3 + 35 + 70 / 3, abs=0.01)


def test_a_straight_goes_to_the_box_it_fills():
    filled = only_open(["pequena", "grande"])
    view = make_view(1, False, filled=filled, dice_values=[2, 3, 4, 5, 6], rolls=3)
    assert bot.choose(view, legal_for(view), None)["box"] == "grande"


def test_a_fresh_card_is_expected_at_the_optimum():
    view = make_view(1, False)
    [best, *_] = bot.advise(view, legal_for(view))
    assert best["action"]["type"] == "roll"
    assert best["expected"] == pytest.approx(exact.optimum(), abs=0.01)


def test_max_min_once_both_filled_is_played_exactly():
    # Máx 28 over Mín 10 count 38; what is left is Chance alone.
    filled = only_open(["chance"], True, max=28, min=10)
    assert is_exact((1, True), bot.read_card(make_view(1, True, filled=filled))[1])
    assert not is_exact((1, True), (tuple(None for _ in boxes_in_play(True)),))
    before = make_view(1, True, filled=filled)
    expected = bot.advise(before, legal_for(before))[0]["expected"]
    assert expected == pytest.approx(38 + 70 / 3, abs=0.01)
    view = make_view(1, True, filled=filled, dice_values=[1, 1, 2, 2, 3], rolls=1)
    assert bot.choose(view, legal_for(view), None) == {"type": "roll", "cup": False}


def random_one_column_view(rng: random.Random) -> dict:
    max_min = rng.random() < 0.5
    boxes = boxes_in_play(max_min)
    filled = {("livre", box): rng.choice([0, 1, 2, 3, 4, 5]) * UPPER.get(box, 5) for box in boxes}
    for box in rng.sample(boxes, rng.randint(1, len(boxes))):
        del filled["livre", box]
    if max_min and rng.random() < 0.5:  # the exact plan takes over once the pair is filled
        filled["livre", "max"], filled["livre", "min"] = rng.randint(5, 30), rng.randint(5, 30)
        filled.pop(("livre", rng.choice([b for b in boxes if b not in ("max", "min")])), None)
    rolls = rng.choice([0, 1, 1, 2, 2, 3])
    held = [rolls > 1 and rng.random() < 0.4 for _ in range(5)]
    values = [rng.randint(1, 6) for _ in range(5)]
    covered = [i for i in range(5) if not held[i]] if rolls and rng.random() < 0.2 else []
    return make_view(1, max_min, filled, values, held, rolls, covered=covered)


def test_the_exact_robot_plays_legal_moves_and_tops_its_hints():
    rng = random.Random(11)
    exact_views = 0
    for _ in range(150):
        view = random_one_column_view(rng)
        legal = legal_for(view)
        action = bot.choose(view, legal, rng)
        assert action in legal
        assert action["type"] not in ("leave", "claim_inactivity", "strike")
        hints = bot.advise(view, legal)
        assert hints[0]["action"] == action
        assert all(hint["action"] in legal for hint in hints)
        exact_views += is_exact(*bot.read_card(view))
    assert exact_views > 60


def test_without_the_table_the_robot_falls_back_to_its_heuristic(monkeypatch, tmp_path):
    monkeypatch.setattr(exact, "TABLE_PATH", tmp_path / "missing.f32.xz")
    for cached in (exact.table, exact.available, robot_plan):
        cached.cache_clear()
    try:
        view = make_view(1, False, dice_values=[6, 6, 6, 6, 6], rolls=1)
        assert not is_exact(*bot.read_card(view))
        assert bot.choose(view, legal_for(view), None)["box"] == "yams"
    finally:
        monkeypatch.undo()
        for cached in (exact.table, exact.available, robot_plan):
            cached.cache_clear()
    assert is_exact(*bot.read_card(view))
