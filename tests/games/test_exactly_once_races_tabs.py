"""Each command applied exactly once under real concurrency (issue #12), in all four games: two
tabs sending one move, the host starting from two tabs, two players (or two tabs against robots)
asking for "Jogar de novo".

Threads released together by a barrier (tests/games/races.py) call the services as the
consumer's database threads do. On SQLite (the first CI pass) the writers queue; on PostgreSQL
(the second) they really overlap. Races are repeated so that both orders happen; each round
checks that exactly one of the rivals landed, and the log replays through the rules to the stored
state at the end.
"""

from __future__ import annotations

from functools import partial

import pytest

from games import services
from games.models import Action, Table
from tests.games.races import ROUNDS, act, against_robots, playing, race
from tests.games.test_exactly_once import (
    GAMES,
    assert_log_replays,
    moves_after,
    started_table,
    turn_of,
    waiting_table,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", GAMES)
def test_one_move_from_two_tabs_at_the_same_instant_lands_once(game, people):
    table = started_table(game, people)
    for n in range(ROUNDS // 3):
        if not playing(table.pk):
            break
        _, person, move = turn_of(table.pk, people)
        start = Table.objects.get(pk=table.pk).version
        if n % 2:  # the same frame on both tabs
            calls = [act(table.pk, person, move, start, f"same{n}")] * 2
            expected = ["applied", "duplicate"]
        else:  # each tab its own cid
            calls = [act(table.pk, person, move, start, f"t{n}-{tab}") for tab in (0, 1)]
            expected = ["applied", "stale"]
        results = race(*calls)
        assert sorted(r.status for r in results) == expected, results
        assert len(moves_after(table.pk, start)) == 1
        assert Table.objects.get(pk=table.pk).version == start + 1
    assert_log_replays(table.pk)


@pytest.mark.parametrize("game", GAMES)
def test_the_host_starting_from_two_tabs_at_once_starts_once(game, people):
    table = waiting_table(game, people)
    start = partial(services.table_start, table_id=table.pk, by=people[0])
    race(start, start)
    assert Action.objects.filter(table=table, action={"type": "start"}).count() == 1
    assert playing(table.pk)


@pytest.mark.parametrize("game", GAMES)
def test_play_again_asked_by_two_players_at_once_opens_one_table(game, people):
    table = started_table(game, people)
    services.table_close(table_id=table.pk)
    before = Table.objects.count()
    again = [
        lambda p=person: services.table_replay(table_id=table.pk, by=p).pk
        for person in (people[0], people[1], people[1])
    ]
    new = race(*again)
    assert len(set(new)) == 1 and Table.objects.count() == before + 1
    assert Table.objects.get(pk=table.pk).next_table_id == new[0]


@pytest.mark.parametrize("game", GAMES)
def test_play_again_against_robots_from_two_tabs_at_once_starts_one_table_once(game, people):
    table = against_robots(game, people[0])
    services.seat_leave(table_id=table.pk, user=people[0])
    again = partial(services.table_replay, table_id=table.pk, by=people[0])
    new = {t.pk for t in race(again, again)}
    assert len(new) == 1 and Table.objects.get(pk=table.pk).next_table_id in new
    assert Action.objects.filter(table_id=new.pop(), action={"type": "start"}).count() == 1
