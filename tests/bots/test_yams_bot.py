"""The Yam's robot, its hints and the greedy baseline, on hand-built views and on whole games."""

from __future__ import annotations

import random

import pytest

from games.bots import yams as bot
from games.rules import dice
from games.rules import yams as rules
from games.rules.yams import COLUMN_SETS, boxes_in_play, column_totals

ALLOWED = {
    "descida": lambda open_, first: open_[:1],
    "subida": lambda open_, first: open_[-1:],
    "livre": lambda open_, first: open_,
    "seca": lambda open_, first: open_ if first else [],
}


def make_view(
    columns: int = 1,
    max_min: bool = False,
    filled: dict[tuple[str, str], int] | None = None,
    dice_values: list[int] | None = None,
    held: list[bool] | None = None,
    rolls: int = 0,
    rolls_left: int | None = None,
    covered: list[int] | None = None,
) -> dict:
    """A view shaped like `rules.GAME.view` for seat 0 of a solo game."""
    names, boxes = list(COLUMN_SETS[columns]), list(boxes_in_play(max_min))
    card = {column: {box: None for box in boxes} for column in names}
    for (column, box), points in (filled or {}).items():
        card[column][box] = points
    covered = covered or []
    shown = [None] * 5 if rolls == 0 else list(dice_values or [1, 2, 3, 4, 5])
    for i in covered:
        shown[i] = None
    return {
        "seat": 0,
        "options": {"columns": columns, "max_min": max_min},
        "columns": names,
        "boxes": boxes,
        "cards": [
            {
                "columns": card,
                "totals": {c: column_totals(card[c], max_min=max_min) for c in names},
            }
        ],
        "to_move": 0,
        "turn": {
            "dice": shown,
            "held": held or [False] * 5,
            "rolls": rolls,
            "covered": covered,
            "cup": bool(covered),
            "rolls_left": 3 - rolls if rolls_left is None else rolls_left,
        },
        "potential": {},
    }


def legal_for(view: dict) -> list[dict]:
    """The legal actions for a hand-built view, by the shared dice rules and the column order."""
    turn = view["turn"]
    raw = {
        "dice": [d or 1 for d in turn["dice"]],
        "held": turn["held"],
        "rolls": turn["rolls"],
        "covered": turn["covered"],
        "cup": turn["cup"],
    }
    actions = dice.dice_actions(raw, turn["rolls"] + turn["rolls_left"])
    if turn["rolls"] and not turn["covered"]:
        card = view["cards"][0]["columns"]
        for column in view["columns"]:
            open_ = [box for box in view["boxes"] if card[column][box] is None]
            for box in ALLOWED[column](open_, turn["rolls"] == 1):
                actions.append({"type": "score", "column": column, "box": box})
    return [*actions, {"type": "leave"}]


def full_except(columns: int, max_min: bool, keep_open: dict[str, list[str]]) -> dict:
    """Every box struck (0) except those listed per column."""
    return {
        (column, box): 0
        for column in COLUMN_SETS[columns]
        for box in boxes_in_play(max_min)
        if box not in keep_open.get(column, [])
    }


VIEWS = {
    "before the first roll": make_view(3, True),
    "under the cup": make_view(4, True, dice_values=[2, 2, 2, 2, 2], rolls=1, covered=[0, 1, 2]),
    "first roll": make_view(4, True, dice_values=[6, 3, 6, 1, 5], rolls=1),
    "second roll, sixes held": make_view(
        3, False, dice_values=[6, 6, 2, 4, 1], held=[True, True, False, False, False], rolls=2
    ),
    "last roll": make_view(1, True, dice_values=[1, 2, 3, 4, 6], rolls=3),
    "late in the game": make_view(
        3,
        True,
        filled=full_except(3, True, {"descida": ["grande", "yams"], "livre": ["min", "full"]}),
        dice_values=[4, 4, 4, 2, 2],
        rolls=1,
    ),
}


@pytest.mark.parametrize("name", VIEWS)
def test_choose_returns_one_of_the_legal_actions(name):
    view = VIEWS[name]
    legal = legal_for(view)
    action = bot.choose(view, legal, random.Random(1))
    assert action in legal
    assert action["type"] not in ("leave", "claim_inactivity")


@pytest.mark.parametrize("name", VIEWS)
def test_advise_is_sorted_and_its_top_is_the_robots_choice(name):
    view = VIEWS[name]
    legal = legal_for(view)
    hints = bot.advise(view, legal)
    values = [hint["expected"] for hint in hints]
    assert values == sorted(values, reverse=True)
    assert hints[0]["action"] == bot.choose(view, legal, random.Random(2))
    assert all(hint["action"] in legal for hint in hints)
    assert all(hint["label"] and isinstance(hint["label"], str) for hint in hints)
    assert {"type": "leave"} not in [hint["action"] for hint in hints]


def test_robot_rolls_first_and_lifts_the_cup():
    assert (
        bot.choose(VIEWS["before the first roll"], legal_for(VIEWS["before the first roll"]), None)[
            "type"
        ]
        == "roll"
    )
    assert bot.choose(VIEWS["under the cup"], legal_for(VIEWS["under the cup"]), None) == {
        "type": "lift",
        "from": "top",
    }


def test_five_sixes_on_the_first_roll_score_yams_in_livre():
    view = make_view(1, False, dice_values=[6, 6, 6, 6, 6], rolls=1)
    action = bot.choose(view, legal_for(view), random.Random(0))
    assert action == {"type": "score", "column": "livre", "box": "yams"}
    assert bot.advise(view, legal_for(view))[0]["label"] == "Marcar 50 em Yam's (Livre)"


def test_descida_is_chased_in_its_order():
    # Only Descida is open, from Uns down: the ones are what this turn can improve.
    filled = full_except(3, False, {"descida": list(boxes_in_play(False))})
    view = make_view(3, False, filled=filled, dice_values=[1, 1, 6, 6, 6], rolls=1)
    legal = legal_for(view)
    assert [a for a in legal if a["type"] == "score"] == [
        {"type": "score", "column": "descida", "box": "uns"}
    ]
    assert bot.choose(view, legal, None) == {"type": "hold", "dice": [0, 1]}


def test_descida_scores_its_first_box_on_the_last_roll():
    filled = full_except(3, False, {"descida": ["tres", "quatro", "yams"]})
    view = make_view(3, False, filled=filled, dice_values=[3, 3, 3, 5, 5], rolls=3)
    assert bot.choose(view, legal_for(view), None) == {
        "type": "score",
        "column": "descida",
        "box": "tres",
    }


def test_only_seca_open_scores_the_first_roll():
    filled = full_except(4, True, {"seca": ["trinca", "yams", "chance"]})
    view = make_view(4, True, filled=filled, dice_values=[5, 5, 5, 5, 5], rolls=1, rolls_left=0)
    legal = legal_for(view)
    assert not any(a["type"] in ("roll", "hold") for a in legal)
    assert bot.choose(view, legal, None) == {"type": "score", "column": "seca", "box": "yams"}


def test_seca_takes_a_good_first_roll():
    view = make_view(4, False, dice_values=[2, 3, 4, 5, 6], rolls=1)
    assert bot.choose(view, legal_for(view), None) == {
        "type": "score",
        "column": "seca",
        "box": "grande",
    }


def test_after_a_hold_the_robot_rolls():
    view = make_view(1, False, dice_values=[4, 4, 1, 4, 2], rolls=1)
    action = bot.choose(view, legal_for(view), None)
    assert action == {"type": "hold", "dice": [0, 1, 3]}
    view["turn"]["held"] = [i in action["dice"] for i in range(5)]
    assert bot.choose(view, legal_for(view), None) == {"type": "roll", "cup": False}


def test_maxmin_keeps_max_above_min():
    # Mín holds 24 and Máx is the last open box with a sum of 22: scoring it would void both.
    filled = full_except(1, True, {"livre": ["max", "chance"]})
    filled["livre", "min"] = 24
    view = make_view(1, True, filled=filled, dice_values=[6, 5, 5, 4, 2], rolls=3)
    assert bot.choose(view, legal_for(view), None)["box"] == "chance"


def test_greedy_keeps_the_most_common_face_then_rolls():
    view = make_view(1, False, dice_values=[2, 5, 2, 5, 3], rolls=1)
    legal = legal_for(view)
    assert bot.greedy_choose(view, legal, None) == {"type": "hold", "dice": [1, 3]}
    view["turn"]["held"] = [False, True, False, True, False]
    assert bot.greedy_choose(view, legal_for(view), None) == {"type": "roll", "cup": False}


def test_greedy_scores_the_most_points_now_ties_to_the_first_box():
    view = make_view(1, False, dice_values=[6, 6, 6, 6, 2], rolls=3)
    assert bot.greedy_choose(view, legal_for(view), None)["box"] == "chance"  # 26 beats 24
    filled = full_except(1, False, {"livre": ["tres", "trinca"]})
    view = make_view(1, False, filled=filled, dice_values=[3, 3, 3, 1, 2], rolls=3)
    assert bot.greedy_choose(view, legal_for(view), None)["box"] == "tres"  # 9 and 9


def test_greedy_counts_a_void_max_as_a_loss():
    filled = full_except(1, True, {"livre": ["max", "chance"]})
    filled["livre", "min"] = 24
    view = make_view(1, True, filled=filled, dice_values=[6, 5, 5, 4, 2], rolls=3)
    assert bot.greedy_choose(view, legal_for(view), None)["box"] == "chance"


def test_greedy_scores_five_equal_without_rerolling():
    view = make_view(1, False, dice_values=[3, 3, 3, 3, 3], rolls=1)
    assert bot.greedy_choose(view, legal_for(view), None)["box"] == "yams"


def test_the_estimate_of_a_fresh_card_is_plausible():
    hint = bot.advise(make_view(1, False), legal_for(make_view(1, False)))[0]
    assert 190 < hint["expected"] < 230


needs_game = pytest.mark.skipif(not hasattr(rules, "GAME"), reason="Yam's game flow not there yet")


def play(policy, columns: int, max_min: bool, seed: int, seats: int = 1) -> dict:
    rng = random.Random(seed)
    state = rules.GAME.setup(seats, {"columns": columns, "max_min": max_min}, rng)
    while not state["finished"]:
        seat = state["to_move"]
        legal = rules.GAME.legal_actions(state, seat)
        action = policy(rules.GAME.view(state, seat), legal, rng)
        assert action in legal
        state, _ = rules.GAME.apply(state, seat, action, rng)
    return rules.GAME.outcome(state)


@needs_game
@pytest.mark.parametrize("columns", [1, 3, 4])
@pytest.mark.parametrize("max_min", [False, True])
def test_robot_plays_whole_games(columns, max_min):
    result = play(bot.choose, columns, max_min, seed=columns * 10 + max_min)
    assert result["scores"][0] > 0


@needs_game
def test_robot_and_greedy_share_a_table():
    def both(view, legal, rng):
        policy = bot.choose if view["seat"] == 0 else bot.greedy_choose
        return policy(view, legal, rng)

    result = play(both, 3, True, seed=5, seats=2)
    assert len(result["scores"]) == 2


def random_view(rng: random.Random) -> dict:
    columns, max_min = rng.choice([1, 3, 4]), rng.random() < 0.5
    boxes = boxes_in_play(max_min)
    filled = {
        (column, box): rng.choice([0, 4, 9, 12, 18, 25])
        for column in COLUMN_SETS[columns]
        for box in boxes
        if rng.random() < 0.6
    }
    filled.pop((COLUMN_SETS[columns][0], boxes[-1]), None)  # keep one box open
    rolls = rng.choice([0, 1, 1, 2, 2, 3])
    held = [rolls > 1 and rng.random() < 0.4 for _ in range(5)]
    values = [rng.randint(1, 6) for _ in range(5)]
    covered = [i for i in range(5) if not held[i]] if rolls and rng.random() < 0.2 else []
    return make_view(columns, max_min, filled, values, held, rolls, covered=covered)


def test_choose_is_the_top_hint_on_random_views():
    rng = random.Random(7)
    for _ in range(60):
        view = random_view(rng)
        legal = legal_for(view)
        action = bot.choose(view, legal, rng)
        assert action in legal
        assert bot.advise(view, legal)[0]["action"] == action
