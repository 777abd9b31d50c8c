"""Run in a subprocess with the servers' settings: table ids (JSON) in on stdin, the problems
of their logs (JSON) out on stdout.

A table's log agrees with its stored state when: the log's versions are distinct and none is past
the table's; the table's state is the state stored with the log entry of its `state_version`;
and every move, replayed through the rules on the state stored before it, is a legal action of
its seat there and gives the state stored after it (a move that draws on chance, a roll or a
deal, cannot be drawn again: for those the rules' legality and the seat on turn are checked).
"""

from __future__ import annotations

import itertools
import json
import random
import sys


class NoChance(random.Random):
    """An rng that refuses to be used: a move that draws on chance raises `Chance`."""

    def random(self):
        raise Chance

    def getrandbits(self, k):
        raise Chance


class Chance(Exception):
    pass


def problems(table_id: int) -> list[str]:
    from games import rules
    from games.models import Action, Table

    table = Table.objects.get(pk=table_id)
    game = rules.get(table.game)
    found = []
    log = list(Action.objects.filter(table_id=table_id).order_by("version"))
    numbers = [a.version for a in log]
    if len(set(numbers)) != len(numbers):
        found.append(f"table {table_id}: a version logged twice")
    if numbers and numbers[-1] > table.version:
        found.append(f"table {table_id}: log at {numbers[-1]} past the table's {table.version}")
    with_state = [a for a in log if a.state is not None]
    if table.state is not None:
        last = next((a for a in with_state if a.version == table.state_version), None)
        if last is None:
            found.append(f"table {table_id}: no log entry for state_version {table.state_version}")
        elif last.state != table.state:
            found.append(f"table {table_id}: stored state differs from its log entry")
        if with_state and with_state[-1].version != table.state_version:
            found.append(f"table {table_id}: log goes past the state ({with_state[-1].version})")
    for before, entry in itertools.pairwise(with_state):
        if entry.seat is None:
            continue
        legal = game.legal_actions(before.state, entry.seat)
        if entry.action not in legal:
            found.append(f"table {table_id} v{entry.version}: {entry.action} not legal")
            continue
        try:
            state, _events = game.apply(before.state, entry.seat, entry.action, NoChance())
        except Chance:
            continue
        if state != entry.state:
            found.append(f"table {table_id} v{entry.version}: replay gives another state")
    return found


def main() -> None:
    import django

    django.setup()
    table_ids = json.load(sys.stdin)
    found = [problem for table_id in table_ids for problem in problems(table_id)]
    sys.stdout.write("REPLAY-JSON:" + json.dumps(found) + "\n")


if __name__ == "__main__":
    main()
