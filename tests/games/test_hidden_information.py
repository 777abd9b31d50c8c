"""What a seat may not see never travels to it: one test for every game that has tables.

At random points of random games, whatever `view(state, seat)` hides from a seat (other hands,
face-down cards, the draw pile, covered dice) is dealt again by the game's own `redeal`; the raw
frames a new socket of that seat (and of a spectator, signed in or not) receives must not change
by a single character. A game that goes online gets this test by being playable in the catalog.
"""

from __future__ import annotations

import json
import random
from importlib import import_module

import pytest
from channels.db import database_sync_to_async

from games import rules, services, snapshots
from games.catalog import GAMES
from games.models import Table
from tests.games.sockets import (
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

STEPS = 24
MODES = [(game.slug, mode.slug) for game in GAMES if game.playable for mode in game.modes]


async def first_frames(table_id: int, user) -> str:
    """Everything a new socket of `user` (None: an anonymous visitor) is sent when it opens: the
    first message holds every partial."""
    socket = await connect(table_id, user)
    await socket.disconnect()
    return socket.page.raw[0]


@database_sync_to_async
def set_up(slug: str, mode: str, make_user):
    info = next(game for game in GAMES if game.slug == slug).mode(mode)
    people = [make_user(f"p{i}", nickname=f"Pessoa {i}") for i in range(info.min_seats)]
    table = services.table_create(host=people[0], game=slug, mode=mode)
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person)
    if info.max_seats > 1:  # solo training starts at once
        services.table_start(table_id=table.pk, by=people[0])
    return table.pk, people, make_user("olhar", nickname="Plateia")


@database_sync_to_async
def with_state(table_id: int, state: dict) -> None:
    Table.objects.filter(pk=table_id).update(state=state)
    snapshots.forget(table_id)


@database_sync_to_async
def random_move(table_id: int, people, rng: random.Random) -> int | None:
    """A random legal move; the table's version after it (None: nobody is to move)."""
    table = Table.objects.get(pk=table_id)
    game = rules.get(table.game)
    movers = game.to_act(table.state)
    if not movers:
        return None
    seat = rng.choice(movers)
    legal = [a for a in game.legal_actions(table.state, seat) if a["type"] not in ("leave",)]
    legal = [a for a in legal if a["type"] != "claim_inactivity"]
    by_kind = sorted({a["type"] for a in legal})
    kind = rng.choice(by_kind)
    action = rng.choice([a for a in legal if a["type"] == kind])
    result = services.table_act(
        table_id=table_id, user=people[seat], action=action, version=table.version
    )
    assert result.applied, result
    return result.version


@pytest.mark.parametrize(("slug", "mode"), MODES)
async def test_what_a_seat_may_not_see_never_reaches_its_frames(slug, mode, make_user):
    table_id, people, watcher = await set_up(slug, mode, make_user)
    redeal = import_module(f"games.rules.{slug}").redeal
    rng = random.Random(f"{slug}-{mode}")
    # Every person keeps a page open, so that a second page of theirs changes no presence.
    anchors = [await connect(table_id, person) for person in people]
    hidden_found = 0
    # Solo training is private: nobody but its player may watch it.
    public = (await Table.objects.aget(pk=table_id)).is_public
    outsiders = [(None, watcher), (None, None)] if public else []
    viewers = [*((seat, person) for seat, person in enumerate(people)), *outsiders]
    for _step in range(STEPS):
        table = await Table.objects.aget(pk=table_id)
        state = table.state
        for seat, user in viewers:
            before = await first_frames(table_id, user)
            dealt = redeal(state, seat, rng)
            if dealt == state:
                continue
            hidden_found += 1
            await with_state(table_id, dealt)
            try:
                after = await first_frames(table_id, user)
            finally:
                await with_state(table_id, state)
            assert after == before, f"seat {seat} sees something hidden from it"
            assert (await Table.objects.aget(pk=table_id)).version == table.version
        version = await random_move(table_id, people, rng)
        if version is None:
            break
        # The open pages follow the move before any state is dealt again: a page that read the
        # table while a re-dealt state was in the row would keep that copy for this version.
        for socket in anchors:
            await socket.until_version(version)
    assert hidden_found > 0, "the games played never hid anything: the test saw nothing"
    for socket in anchors:
        await socket.disconnect()


async def test_the_check_itself_sees_a_leak(make_user, monkeypatch):
    """If a render showed a covered die, the frames would change with the re-deal."""
    from games.presenters import bozo as presenter

    table_id, people, _ = await set_up("bozo", "duelo", make_user)
    table = await Table.objects.aget(pk=table_id)
    await database_sync_to_async(services.table_act)(
        table_id=table_id, user=people[0], action={"type": "roll", "cup": True},
        version=table.version,
    )  # fmt: skip
    state = (await Table.objects.aget(pk=table_id)).state
    leaky = presenter.context

    def leaking(view, *args, **kwargs):
        context = leaky(view, *args, **kwargs)
        context.lift = json.dumps(state_now["turn"]["dice"])  # a hidden value in an attribute
        return context

    state_now = state
    monkeypatch.setattr(presenter, "context", leaking)
    before = await first_frames(table_id, None)
    dealt = import_module("games.rules.bozo").redeal(state, None, random.Random(7))
    state_now = dealt
    await with_state(table_id, dealt)
    assert await first_frames(table_id, None) != before
