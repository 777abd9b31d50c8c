"""Whole games in tests, played through the services as the site plays them: each seat's move (a
person's through `table_act`, a robot's through `robot_act`) is the robot's choice for that
seat. The replays and the history are read from such games."""

from __future__ import annotations

import random

from games import rules, services, snapshots
from games.models import Action, Table


def play_out(table: Table, people=(), *, seed: int = 1, limit: int = 5000, until=None) -> Table:
    """Play `table` to its end (or until `until(events)` says so): every seat plays what its
    robot would; a person's seat through `table_act`, as their page would send it. The site's
    generator, which the test set with the `site_rng` fixture, is seeded anew for each move, so
    a game depends on `seed` alone."""
    site = services.core.RNG
    assert type(site) is random.Random, "play_out seeds the generator set with site_rng"
    rng = random.Random(seed)
    by_id = {person.pk: person for person in people}
    for _ in range(limit):
        copy = snapshots.get(table.pk, fresh=True)
        if not copy.playing:
            break
        seat = rules.get(copy.game).to_act(copy.state)[0]
        site.seed(rng.randrange(2**32))
        play_move(copy, seat, services.robot_choice(copy, seat), by_id)
        if until is not None and until(Action.objects.filter(table_id=copy.id).last().events):
            break
    else:
        raise AssertionError(f"table {table.pk} did not finish in {limit} moves")
    table.refresh_from_db()
    return table


def finished(person, game: str, mode: str, *, seed: int = 1, **options) -> Table:
    """A table of `game` that `person` hosted with robots in every other seat, played out."""
    table = services.table_create(host=person, game=game, mode=mode, robots=True, **options)
    return play_out(table, [person], seed=seed)


def play_move(copy, seat: int, action: dict, by_id: dict) -> None:
    """`action` for `seat` as the site plays it: a robot's through `robot_act`, a person's through
    `table_act` (as their page sends it; `by_id` finds the person); the seat of a person who
    is away, the robot that plays it for them."""
    holder = copy.seats[seat]
    if holder.played_by_robot:
        assert services.robot_act(
            table_id=copy.id, seat=seat, action=action, version=copy.version, kind="robot"
        )
    else:
        result = services.table_act(
            table_id=copy.id, user=by_id[holder.user_id], action=action, version=copy.version
        )
        assert result.applied, result
