"""`yams.record`: a turn of real dice written by the score-keeper, with the live game's checks."""

import copy
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import yams
from games.rules.base import IllegalAction
from games.rules.yams import GAME, record
from tests.properties import examples


def new(seats=2, **options):
    return GAME.setup(seats, options, random.Random(0))


def refused(state, match, seat=None, **entry):
    before = copy.deepcopy(state)
    seat = state["to_move"] if seat is None else seat
    with pytest.raises(IllegalAction, match=match):
        record(state, seat, **entry)
    assert state == before


def test_five_dice_write_what_they_give_and_pass_the_turn():
    state = new()
    after, events = record(state, 0, "livre", "full", dice=[2, 2, 3, 3, 3])
    assert after["cards"][0]["livre"]["full"] == 25
    assert after["to_move"] == 1 and after["turns"] == 1
    assert after["turn"] == yams.dice.new_turn()
    assert [e["type"] for e in events] == ["score", "turn"]
    assert events[0]["text"] == "Jogador 1 marcou 25 no Full da coluna Livre."
    assert events[0]["dice"] == [2, 2, 3, 3, 3]
    assert state["cards"][0]["livre"]["full"] is None  # the given state is untouched


def test_record_and_a_live_score_give_the_same_state():
    """The same hand scored at a live table and written by the score-keeper."""
    state = new()

    class Faces(random.Random):
        def randint(self, a, b):
            return faces.pop(0)

    faces = [6, 6, 6, 2, 2]
    live, _ = GAME.apply(state, 0, {"type": "roll", "cup": False}, Faces(0))
    live, _ = GAME.apply(live, 0, {"type": "score", "column": "descida", "box": "uns"}, None)
    kept, _ = record(state, 0, "descida", "uns", dice=[6, 6, 6, 2, 2])
    assert kept == live


def test_points_without_dice_are_written_as_said():
    state, _ = record(new(), 0, "livre", "chance", points=23)
    assert state["cards"][0]["livre"]["chance"] == 23
    state, events = record(state, 1, "livre", "yams", points=0)
    assert state["cards"][1]["livre"]["yams"] == 0
    assert events[0]["text"] == "Jogador 2 riscou o Yam's da coluna Livre (0 pontos)."


def test_dice_with_points_zero_strike_a_box_the_dice_would_fill():
    state, _ = record(new(), 0, "livre", "full", dice=[2, 2, 3, 3, 3], points=0)
    assert state["cards"][0]["livre"]["full"] == 0


@pytest.mark.parametrize(
    ("box", "good", "bad"),
    [
        ("uns", [0, 1, 5], [6, -1]),
        ("seis", [0, 6, 30], [7, 36]),
        ("full", [0, 25], [20, 30]),
        ("chance", [0, 5, 30], [4, 31]),
        ("max", [5, 17, 30], [3, 31]),
        ("trinca", [0, 3, 18], [4, 21]),
        ("quadra", [0, 4, 24], [6, 28]),
        ("pequena", [0, 30], [40]),
        ("grande", [0, 40], [30]),
        ("yams", [0, 50], [25]),
    ],
)
def test_points_a_box_can_hold_and_points_it_cannot(box, good, bad):
    for points in good:
        state, _ = record(new(1), 0, "livre", box, points=points)
        assert state["cards"][0]["livre"][box] == points
    for points in bad:
        refused(new(1), "só pode valer", column="livre", box=box, points=points)


def test_refusals_say_why_in_portuguese_and_leave_the_state_untouched():
    state = new(2, columns=4)
    refused(state, "O Full só pode valer 0 ou 25", column="livre", box="full", points=20)
    refused(
        state, "A casa Uns só pode valer 0, 1, 2, 3, 4 ou 5", column="livre", box="uns", points=7
    )
    refused(state, "de 5 a 30", column="livre", box="chance", points=3)
    refused(
        state, "de cima para baixo: a próxima casa é Uns", column="descida", box="seis", points=6
    )
    refused(
        state, "de baixo para cima: a próxima casa é Chance", column="subida", box="uns", points=1
    )
    refused(
        state,
        "A Seca só aceita o resultado do primeiro lance",
        column="seca",
        box="full",
        points=25,
    )
    refused(state, "Não é a sua vez", seat=1, column="livre", box="full", points=25)
    refused(state, "Coluna inexistente", column="diagonal", box="full", points=25)
    refused(state, "Casa inexistente", column="livre", box="general", points=25)
    refused(state, "cinco dados", column="livre", box="seis", dice=[1, 2, 3, 4, 7])
    refused(state, "cinco dados", column="livre", box="seis", dice=[1, 2, 3, 4])
    refused(state, "cinco dados", column="livre", box="seis", dice=["6", 6, 6, 6, 6])
    refused(state, "cinco dados", column="livre", box="seis", dice=[True, 6, 6, 6, 6])
    refused(
        state, "a Trinca vale 0\\.", column="livre", box="trinca", dice=[1, 2, 3, 4, 5], points=3
    )
    refused(
        state,
        "vale 25 \\(ou 0, riscada\\)",
        column="livre",
        box="full",
        dice=[2, 2, 3, 3, 3],
        points=20,
    )
    refused(state, "Informe os cinco dados ou os pontos", column="livre", box="full")
    refused(state, "só pode valer", column="livre", box="full", points="25")
    refused(state, "só pode valer", column="livre", box="full", points=True)
    refused(
        state,
        "primeiro lance com verdadeiro ou falso",
        column="livre",
        box="full",
        points=25,
        first_roll="sim",
    )
    refused(state, "Esse lugar não existe", seat=5, column="livre", box="full", points=25)


def test_seca_takes_the_first_roll_only():
    state = new(1, columns=4)
    refused(state, "primeiro lance", column="seca", box="yams", dice=[4, 4, 4, 4, 4])
    state, events = record(state, 0, "seca", "yams", dice=[4, 4, 4, 4, 4], first_roll=True)
    assert state["cards"][0]["seca"]["yams"] == 50 and events[0]["first_roll"] is True


def test_a_filled_box_is_refused():
    state, _ = record(new(1), 0, "livre", "full", points=25)
    refused(
        state,
        "A casa Full da coluna Livre já está preenchida",
        column="livre",
        box="full",
        points=0,
    )


def test_bonus_and_max_min_void_are_told_as_at_a_live_table():
    state = new(1, columns=1)
    for box, points in [("uns", 3), ("dois", 6), ("tres", 9), ("quatro", 12), ("cinco", 15)]:
        state, _ = record(state, 0, "livre", box, points=points)
    state, events = record(state, 0, "livre", "seis", points=18)
    assert "Bônus de 35 na coluna Livre!" in events[0]["text"]
    state, _ = record(state, 0, "livre", "max", points=12)
    state, events = record(state, 0, "livre", "min", points=20)
    assert "O Máx não superou o Mín" in events[0]["text"]
    assert yams.totals(state, 0)["livre"]["max_min"] == 0


def test_the_last_box_ends_the_game_and_a_finished_game_refuses_more():
    state = new(2, columns=1, max_min=False)
    for box in state["boxes"]:
        state, _ = record(state, 0, "livre", box, points=0)
        state, events = record(state, 1, "livre", box, points=yams.POSSIBLE[box][-1])
    assert state["finished"] and events[-1]["type"] == "end"
    assert GAME.outcome(state)["winners"] == [1]
    refused(state, "A partida já terminou", seat=0, column="livre", box="full", points=25)


@examples
@given(st.data())
def test_random_real_dice_games_fill_every_card_and_match_the_totals(data):
    columns = data.draw(st.sampled_from([1, 3, 4]))
    seats = data.draw(st.integers(1, 4))
    state = new(seats, columns=columns, max_min=data.draw(st.booleans()))

    def choices(seat, first_roll):
        return [
            (column, box)
            for column in state["columns"]
            for box in yams.allowed_in_column(
                column, yams.open_boxes(state, seat, column), first_roll=first_roll
            )
        ]

    while not state["finished"]:
        seat = state["to_move"]
        first_roll = data.draw(st.booleans()) or not choices(seat, False)
        column, box = data.draw(st.sampled_from(choices(seat, first_roll)))
        hand = data.draw(st.lists(st.integers(1, 6), min_size=5, max_size=5))
        state, _ = record(state, seat, column, box, dice=hand, first_roll=first_roll)
        assert state["cards"][seat][column][box] == yams.score(box, hand)
    for seat in range(seats):
        assert yams.card_full(state, seat)
        upper_and_lower = sum(
            value
            for column in state["columns"]
            for box, value in state["cards"][seat][column].items()
            if box not in ("max", "min")
        )
        cols = yams.totals(state, seat).values()
        assert yams.total(state, seat) == upper_and_lower + sum(
            int(c["bonus"]) + int(c["max_min"]) for c in cols
        )
