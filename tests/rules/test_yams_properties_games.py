"""Random games through legal_actions/apply, checked against a second, independent reading of
the Yam's page (seed 003): the scoring table, the column order, Seca and the cup.
"""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.yams import GAME
from tests.properties import examples
from tests.rules.yams_properties_helpers import SEEDS, check_end, page_points, play


def half_filled(seats, columns, max_min, seed, fill):
    """A game from its middle: each box filled with probability `fill` (with what a random hand
    scores there), and half of the cards filled everywhere but in Seca (when the table plays
    it); each card keeps at least one open box."""
    rng = random.Random(seed)
    state = GAME.setup(seats, {"columns": columns, "max_min": max_min}, rng)
    for card in state["cards"]:
        only_seca = "seca" in card and rng.random() < 0.5
        for column, boxes in card.items():
            for box in boxes:
                if (only_seca and column != "seca") or rng.random() < fill:
                    boxes[box] = page_points(box, [rng.randint(1, 6) for _ in range(5)])
        column = "seca" if only_seca else rng.choice(list(card))
        card[column][rng.choice(state["boxes"])] = None
    return state


def boxes(max_min):
    return 15 if max_min else 13


@examples
@given(seed=SEEDS, max_min=st.booleans())
def test_random_solo_games_follow_the_page(seed, max_min):
    state = play(1, 1, max_min, seed, thorough=seed % 4 == 0)
    outcome = check_end(state, boxes(max_min))
    assert outcome["winners"] == [0] and outcome["reason"] == "complete"


@examples
@given(seed=SEEDS, seats=st.integers(2, 4), max_min=st.booleans())
def test_random_games_around_a_table_follow_the_page(seed, seats, max_min):
    state = play(seats, 1, max_min, seed, thorough=seed % 4 == 0)
    check_end(state, seats * boxes(max_min))
    assert all(not left for left in state["left"])


@pytest.mark.parametrize(
    ("seats", "columns", "max_min"),
    [(1, 3, True), (1, 4, False), (8, 1, True), (2, 3, False), (2, 4, True), (3, 4, False)],
)
def test_long_random_games_end_after_seats_times_columns_times_boxes_turns(seats, columns, max_min):
    for seed in range(2):
        state = play(seats, columns, max_min, seed, thorough=seed == 0)
        check_end(state, seats * columns * boxes(max_min))


@examples
@given(
    seed=SEEDS,
    seats=st.integers(1, 3),
    columns=st.sampled_from([3, 4]),
    max_min=st.booleans(),
    fill=st.floats(0.6, 1.0),
)
def test_random_games_from_half_filled_cards_end_when_every_box_is_filled(
    seed, seats, columns, max_min, fill
):
    start = half_filled(seats, columns, max_min, seed, fill)
    open_boxes = sum(
        v is None for card in start["cards"] for c in card.values() for v in c.values()
    )
    state = play(seats, columns, max_min, seed, thorough=seed % 2 == 0, start=start)
    check_end(state, open_boxes)


@examples
@given(seed=SEEDS, columns=st.sampled_from([1, 4]), max_min=st.booleans())
def test_every_legal_action_of_every_seat_applies(seed, columns, max_min):
    sweep = 0.1 if columns == 1 else 0.01
    state = play(2, columns, max_min, seed, thorough=False, sweep=sweep)
    check_end(state, 2 * columns * boxes(max_min))
