"""What a live move costs to render and to send, in one process (`make bench`, issue #30).

A Bozó duel played to its end, a Dominó hand and the first moves of a Dozito and a Yam's table
of three, all seeded, through the services; then every
version of the table rendered for each viewer and diffed against what that viewer was sent
before (`rendering.table_render`, `rendering.changes`), as a socket does. Printed, never
asserted: the render and diff time per move (best of several passes, each version rendered
anew), the bytes per move and socket, and the partials that carry most of them. Steadier than
the live bench for deciding between two versions of a template: no sockets, no other process.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import pytest

from games import rendering, rules, services, snapshots

pytestmark = pytest.mark.django_db(transaction=True)

PASSES = 5


def played(table, people, moves: int) -> list:
    """Each version of `table` as it is played by random legal moves, up to `moves` moves."""
    by_id = {person.pk: person for person in people}
    choose = random.Random(3)
    copies = [snapshots.get(table.pk, fresh=True)]
    while len(copies) <= moves and copies[-1].playing:
        copy = copies[-1]
        game = rules.get(copy.game)
        seat = game.to_act(copy.state)[0]
        legal = [a for a in game.legal_actions(copy.state, seat) if a["type"] != "leave"]
        user = by_id[copy.seats[seat].user_id]
        services.table_act(
            table_id=table.pk, user=user, action=choose.choice(legal), version=copy.version
        )
        copies.append(snapshots.get(table.pk, fresh=True))
    return copies


def ids_of(parts, out: dict[int, str]) -> dict[int, str]:
    """Each partial's markup (by identity) -> its id, numbers as N: what to count bytes by."""
    for part in parts:
        out[id(part.html)] = re.sub(r"\d+", "N", part.id)
        ids_of(part.children, out)
    return out


def replay(copies: list, viewers: list, counted: Counter | None = None) -> float:
    """Render each version for each viewer and diff it against what that viewer has, as its
    socket does; the seconds it took. With `counted`, the bytes sent by partial. Each pass
    starts with nothing drawn, the parts `cached_include` keeps included, as the first time."""
    for copy in copies:
        copy.renders.clear()
    rendering.template("games/_table.html").environment.globals["cached_include"].store.clear()
    sent: list[rendering.Sent] = [{} for _ in viewers]
    started = time.perf_counter()
    for i, copy in enumerate(copies):
        for seen, seat in zip(sent, viewers, strict=True):
            render = rendering.table_render(copy, seat)
            if i == 0:
                rendering.everything(render, seen)
            elif counted is None:
                rendering.changes(render, seen)
            else:
                out: list[str] = []
                rendering._diff(render.parts, seen, out, set())  # changes(), partial by partial
                names = ids_of(render.parts, {})
                for html in out:
                    counted[names.get(id(html), "(inserted)")] += len(html.encode())
    return time.perf_counter() - started


def measure(name: str, copies: list, viewers: list) -> None:
    moves = len(copies) - 1
    best = min(replay(copies, viewers) for _ in range(PASSES))
    counted: Counter[str] = Counter()
    replay(copies, viewers, counted)
    total = sum(counted.values())
    print(f"\n{name}: {moves} moves, {len(viewers)} viewers (None: a spectator)")
    print(f"  render + diff {best / moves * 1000:.3f} ms per move, all viewers (best of {PASSES})")
    print(f"  bytes per move and socket {total / moves / len(viewers):,.0f}; by partial:")
    for part_id, size in counted.most_common(8):
        print(f"    {part_id:32} {size / moves / len(viewers):8,.0f}")


def test_a_bozo_duel(duel, ana, bia, site_rng):
    site_rng(7)
    measure("Bozó, a duel to its end", played(duel, [ana, bia], 400), [0, 1])


def started(game: str, mode: str, people):
    table = services.table_create(host=people[0], game=game, mode=mode)
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person)
    services.table_start(table_id=table.pk, by=people[0])
    return table


def test_a_domino_hand(people, site_rng):
    site_rng(7)
    table = started("domino", "duplas", people)
    measure("Dominó, four people", played(table, people, 60), [0, 1, 2, 3, None])


@pytest.mark.parametrize("game", ["dozito", "yams"])
def test_three_people_at_a_table(game, people, site_rng):
    site_rng(7)
    table = started(game, "mesa", people[:3])
    measure(f"{game}, three people", played(table, people[:3], 120), [0, 1, 2, None])
