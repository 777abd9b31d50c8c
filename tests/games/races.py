"""Races for the exactly-once tests under real concurrency (test_exactly_once_races_*.py):
threads released together by a barrier, each with its own database connection, call the
services as the consumer's database threads and the sweeper do."""

from __future__ import annotations

import threading

from django.db import connection

from games import rules, services, snapshots
from games.models import Table
from tests.games.test_exactly_once import GAMES, turn_of

ROUNDS = 30  # enough for both orders to happen on a loaded two-core machine


def race(*calls):
    """Run `calls` in threads released at once; their results, in order (an exception in one is
    raised here). Each thread has its own database connection, closed at its end."""
    start = threading.Barrier(len(calls), timeout=60)
    results: list = [None] * len(calls)
    errors: list[BaseException] = []

    def run(n, call):
        try:
            start.wait()
            results[n] = call()
        except BaseException as error:  # raised again in the test's thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n, c)) for n, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a racer never finished"
    if errors:
        raise errors[0]
    return results


def playing(table_id: int) -> bool:
    return Table.objects.get(pk=table_id).status == Table.Status.PLAYING


def act(table_id, user, move, version, cid):
    return lambda: services.table_act(
        table_id=table_id, user=user, action=move, version=version, cid=cid
    )


def against_robots(game: str, person) -> Table:
    """`person` and robots in every other seat the mode needs, a robot on turn."""
    mode, _ = GAMES[game]
    table = services.table_create(host=person, game=game, mode=mode, robots=True)
    for _ in range(200):
        copy = snapshots.get(table.pk, fresh=True)
        seat = rules.get(game).to_act(copy.state)[0]
        if copy.seats[seat].robot:
            return Table.objects.get(pk=table.pk)
        _, _, move = turn_of(table.pk, [person])
        assert services.table_act(
            table_id=table.pk, user=person, action=move, version=copy.version
        ).applied
    raise AssertionError("no robot ever came on turn")
