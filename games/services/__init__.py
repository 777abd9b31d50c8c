"""Every write on a table goes through here.

One table, one actor: a command is decided on the table's copy at one version
(games/snapshots.py) and written with an UPDATE guarded by that version, so it lands only if
nothing changed in between; a lost race reads the table again and decides again. Moves are
decided without any lock (the rules are pure CPU); commands that depend on more than the table
row (presence, timers, the waiting room) are decided under the row's lock. Either way the write
bumps the version, and after the commit the table's group hears `{version}` and nothing else:
each socket renders its own seat's view. Consumers, views and timers never write a table
themselves. Messages that reach players are Portuguese.

By concern: `core` (the change, its guarded write, the messages after the commit, the site's
generator `core.RNG`), `tables`, `seats`, `queue`, `moves` (people's and robots') and
`deadlines` (timers and presence). The package offers each module's public names.
"""

from __future__ import annotations

from games.services.core import (
    RETRIES,
    ROBOT_FORBIDDEN,
    SEAT_FIELDS,
    ActResult,
    Change,
    Outbox,
    TableError,
    deliver,
    inactivity_window,
    may_watch,
    seat_of,
    send,
    send_table,
    table_group,
    user_group,
    user_id_of,
)
from games.services.deadlines import (
    claim_due,
    cleanup_tables,
    person_renamed,
    presence_sync,
    take_over,
)
from games.services.moves import (
    drop_timer,
    robot_act,
    robot_advice,
    robot_choice,
    table_act,
)
from games.services.queue import (
    MAX_QUEUE,
    has_queue,
    queue_join,
    queue_leave,
)
from games.services.seats import (
    robot_add,
    seat_clear,
    seat_leave,
    seat_move,
    seat_mute,
    seat_take,
    takeable_seats,
)
from games.services.tables import (
    start_refusal,
    table_close,
    table_create,
    table_replay,
    table_start,
)

__all__ = [
    "MAX_QUEUE",
    "RETRIES",
    "ROBOT_FORBIDDEN",
    "SEAT_FIELDS",
    "ActResult",
    "Change",
    "Outbox",
    "TableError",
    "claim_due",
    "cleanup_tables",
    "deliver",
    "drop_timer",
    "has_queue",
    "inactivity_window",
    "may_watch",
    "person_renamed",
    "presence_sync",
    "queue_join",
    "queue_leave",
    "robot_act",
    "robot_add",
    "robot_advice",
    "robot_choice",
    "seat_clear",
    "seat_leave",
    "seat_move",
    "seat_mute",
    "seat_of",
    "seat_take",
    "send",
    "send_table",
    "start_refusal",
    "table_act",
    "table_close",
    "table_create",
    "table_group",
    "table_replay",
    "table_start",
    "take_over",
    "takeable_seats",
    "user_group",
    "user_id_of",
]
