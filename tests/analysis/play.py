"""Games played through the services for the analysis tests: the person plays as the robot
would, except where a test tells them otherwise."""

from __future__ import annotations

from games import rules, services
from games.bots import bozo as bozo_robot
from games.bots import yams as yams_robot
from games.models import Table

ROBOTS = {"bozo": bozo_robot, "yams": yams_robot}
PASSIVE = ("leave", "claim_inactivity")


def play_solo(table: Table, user, mistakes=None) -> None:
    play_out(table, [user], mistakes)


def play_out(table: Table, people, mistakes=None) -> None:
    """Play the table to its end through the services, `people` in their seats' order.
    `mistakes(state, number)` may give the action to play instead of the robot's (None: the
    robot's); `number` counts the moves."""
    number = 0
    while True:
        table.refresh_from_db()
        if table.status != Table.Status.PLAYING:
            return
        game = rules.get(table.game)
        state = table.state
        seat = game.to_act(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if a["type"] not in PASSIVE]
        action = mistakes(state, number) if mistakes else None
        if action is None:
            action = ROBOTS[table.game].choose(game.view(state, seat), legal, None)
        result = services.table_act(
            table_id=table.pk, user=people[seat], action=action, version=table.version
        )
        assert result.applied, result.message
        number += 1
