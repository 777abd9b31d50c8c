"""The rule of whose game a finished game is (games/played.py): a person in whose seat a robot
made more than half of the moves did not play it. The history's side is in
tests/accounts/test_history.py."""

import pytest

from games import played


@pytest.mark.parametrize(
    ("own", "robot", "theirs"),
    [(0, 0, True), (2, 2, True), (3, 2, True), (2, 3, False), (0, 9, False)],
)
def test_the_rule_a_robot_made_more_than_half_of_the_seats_moves(own, robot, theirs):
    assert played.robot_played(own, robot) is not theirs


def test_moves_of_who_sat_there_before_are_neither_the_persons_nor_the_robots():
    # Seat 0: Ana (id 1) now, after Caio (id 3) played 9 moves; seat 1: Bia (id 2).
    moves = [(0, 3, 9), (0, 1, 2), (0, None, 1), (1, 2, 1), (1, None, 2)]
    assert played.robot_seats({0: 1, 1: 2}, moves) == {1}
