"""Whose game a finished game is: a person in whose seat a robot made more than half of the
moves (the takeover robot while they were away, the clock's move when theirs ran out, or the
robot whose seat they took late) did not play it. Such a game stays in the table's own log (its
replay, the admin) but is not the person's: their history leaves it out, and so will a rating.

Decided once, when the game ends (`mark_finished`, from the services' write of the last move),
from the log: a person's move is logged under their account, a robot's under none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db.models import Count, Q

from games.models import Action, Seat


def robot_played(own: int, robot: int) -> bool:
    """The rule: the robot made more than half of the moves of the person's seat."""
    return robot * 2 > own + robot


def robot_seats(holders: dict[int, int], moves: Iterable[tuple[int, int | None, int]]) -> set[int]:
    """The seats (of `holders`, seat index -> the person there at the end) whose moves the robot
    mostly made; `moves` is (seat, user id or None, how many) as the log counts them. A move of
    someone else who sat there before (the queue) is neither the person's nor the robot's."""
    own: Counter[int] = Counter()
    robot: Counter[int] = Counter()
    for seat, user_id, count in moves:
        if seat not in holders:
            continue
        if user_id is None:
            robot[seat] += count
        elif user_id == holders[seat]:
            own[seat] += count
    return {seat for seat in holders if robot_played(own[seat], robot[seat])}


def moves_per_seat(table_ids: Iterable[int]):
    """(table, seat, user id, how many) of the tables' logged moves, in one query."""
    return (
        Action.objects.filter(table_id__in=list(table_ids), seat__isnull=False)
        .values_list("table_id", "seat", "user_id")
        .annotate(count=Count("pk"))
        .order_by()
    )


def mark_finished(table_id: int, holders: dict[int, int]) -> None:
    """At the end of a game (inside its write): mark the people's seats the robot played."""
    if not holders:
        return
    moves = [(seat, user_id, n) for _, seat, user_id, n in moves_per_seat([table_id])]
    seats = robot_seats(holders, moves)
    if seats:
        Seat.objects.filter(table_id=table_id, index__in=seats).update(robot_played=True)


def theirs(user) -> Q:
    """The tables whose game is the person's: they sat there, and played it themselves. One
    filter, so that both conditions are on the same seat."""
    return Q(seats__user=user, seats__robot_played=False)
