"""The way of throwing a person used last, read from their own throws (games/throws.py)."""

from __future__ import annotations

import pytest

from games import services, snapshots, throws
from tests.games.play import play_move

pytestmark = pytest.mark.django_db


def throw(person, table, *, cup: bool) -> None:
    copy = snapshots.get(table.pk, fresh=True)
    seat = copy.seat_of(person.pk).index
    play_move(copy, seat, {"type": "roll", "cup": cup}, {person.pk: person})


def test_the_last_throw_of_the_game_says_cup_or_not_and_other_games_say_nothing(ana):
    assert throws.last_cup(ana.pk, "bozo") is None
    first = services.table_create(host=ana, game="bozo", mode="solo")
    throw(ana, first, cup=False)
    assert throws.last_cup(ana.pk, "bozo") is False
    second = services.table_create(host=ana, game="bozo", mode="solo")
    throw(ana, second, cup=True)
    assert throws.last_cup(ana.pk, "bozo") is True
    assert throws.last_cup(ana.pk, "domino") is None
    assert throws.last_cup(None, "bozo") is None
