"""Tables put near their end through the services before any page opens them, so that a short
browser test starts from a prepared position instead of playing from the first move. The live
server reads such a table from the database the first time a page asks for it.

Every move is played as the site plays it: a person's through `table_act`, as their page sends
it, a robot's through `robot_act`; what is played is the robot's choice for that seat unless the
test chooses (`choose`). The work is done in a thread of its own (`elsewhere`), with the site's
generator seeded, so that a prepared position is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any
from unittest import mock

from games import rules, services, snapshots
from games.models import Table
from games.rules import bozo
from games.rules.bozo import BOXES
from games.snapshots import TableCopy
from tests.e2e.live import elsewhere
from tests.games.play import play_move

Choice = Callable[[TableCopy, int], dict[str, Any] | None]


def seeded(seed: int = 0):
    """The site's dice and deals (games.services.core.RNG) from `seed`, in this process."""
    return mock.patch.object(services.core, "RNG", random.Random(seed))


@elsewhere
def started(game: str, mode: str, host, *, others=(), robots: int = 0, **fields) -> Table:
    """A table of `game` hosted by `host`, `others` seated in order, `robots` added, started
    (solo training starts at once)."""
    with seeded():
        table = services.table_create(host=host, game=game, mode=mode, **fields)
        for person in others:
            services.seat_take(table_id=table.pk, user=person)
        for _ in range(robots):
            services.robot_add(table_id=table.pk, by=host)
        if Table.objects.get(pk=table.pk).status == Table.Status.WAITING:
            services.table_start(table_id=table.pk, by=host)
    return Table.objects.get(pk=table.pk)


@elsewhere
def play_until(
    table: Table,
    people: Iterable,
    until: Callable[[TableCopy], bool],
    *,
    choose: Choice | None = None,
    limit: int = 2000,
) -> Table:
    """Play `table` until `until(copy)` holds of it; each move is `choose(copy, seat)`, or the
    robot's choice for that seat when the test does not choose (None)."""
    with seeded(1):
        return _play_until(table, people, until, choose, limit)


def _play_until(table, people, until, choose, limit) -> Table:
    by_id = {person.pk: person for person in people}
    for _ in range(limit):
        copy = snapshots.get(table.pk, fresh=True)
        if until(copy):
            return Table.objects.get(pk=table.pk)
        assert copy.playing, f"the game ended before the position: {copy.outcome}"
        seat = rules.get(copy.game).to_act(copy.state)[0]
        action = (choose and choose(copy, seat)) or services.robot_choice(copy, seat)
        play_move(copy, seat, action, by_id)
    raise AssertionError(f"table {table.pk} did not reach the position in {limit} moves")


def bozo_quick_turns(boxes: Iterable[str] = BOXES) -> Choice:
    """Each Bozó turn one roll without the cup, then the first open box of `boxes` on the
    seat's card: quick where the robot's choice would weigh every box."""
    order = list(boxes)

    def choose(copy: TableCopy, seat: int) -> dict[str, Any]:
        state = copy.state
        if state["turn"]["rolls"] == 0:
            return {"type": "roll", "cup": False}
        card = state["cards"][bozo.card_of(state)[seat]]
        return {"type": "score", "box": next(box for box in order if card[box] is None)}

    return choose
