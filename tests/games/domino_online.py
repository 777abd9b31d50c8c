"""Dominó de pontos tables for the tests of the live platform (test_domino_online_*.py; the
`waiting` people of the queue: tests/games/conftest.py).

Games are played through the services as the pages and the sweeper play them: a person's move
with `table_act`, a robot's (or a clock's, or an absent person's) when the sweeper finds its
timer due, with time moved forward by the test.
"""

from __future__ import annotations

import random

from games import rules, services, snapshots, sweeper
from games.models import Action, Table
from games.rules import domino
from tests.games.conftest import later


def four_people(people, **options) -> Table:
    table = services.table_create(host=people[0], game="domino", mode="duplas", **options)
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person)
    services.table_start(table_id=table.pk, by=people[0])
    return Table.objects.get(pk=table.pk)


def set_state(table: Table, **changes) -> None:
    """Start the match part-way (the scores near 200), as tests of the end of a match need."""
    table.refresh_from_db()
    state = table.state
    state.update(changes)
    Table.objects.filter(pk=table.pk).update(state=state)
    snapshots.forget(table.pk)


def step(
    table_id: int, users: dict[int, object], rng: random.Random, outbox: list | None = None
) -> list[dict]:
    """One move at the table: the person on turn plays a random legal tile, or the sweeper plays
    the robot's (or clock's) timer that is due. Returns the events logged since; the group
    messages go to `outbox` if given."""
    before = Table.objects.get(pk=table_id).version
    copy = snapshots.get(table_id, fresh=True)
    seat = rules.get("domino").to_act(copy.state)[0]
    holder = copy.seats[seat]
    if holder.user_id is not None and not holder.autopilot:
        legal = [a for a in domino.GAME.legal_actions(copy.state, seat) if a["type"] == "play"]
        result = services.table_act(
            table_id=table_id,
            user=users[holder.user_id],
            action=rng.choice(legal),
            version=copy.version,
            outbox=outbox,
        )
        assert result.applied, result
    else:
        assert sweeper.run_due(now=later(), outbox=outbox) >= 1
    return [
        event
        for events in Action.objects.filter(table_id=table_id, version__gt=before).values_list(
            "events", flat=True
        )
        for event in events
    ]
