"""A page that applies only what its socket is sent shows, at every version, what a page opened
afresh shows: for every viewer (each seat and a spectator) of a seeded game of each kind, through
the real templates, their partials (games/partials.py), the parts `cached_include` keeps and the
diff (games/rendering.py), insertions included (a tile laid between two on Dominó's line)."""

from __future__ import annotations

import random

import pytest

from games import rules, services, snapshots
from games.rendering import changes, everything, table_render
from tests.pages import Page

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = [("bozo", "duelo", 2), ("domino", "duplas", 4), ("dozito", "mesa", 3), ("yams", "mesa", 3)]


@pytest.mark.parametrize(("game", "mode", "seats"), GAMES)
def test_every_viewers_page_follows_the_game_as_a_fresh_page_draws_it(
    game, mode, seats, people, site_rng
):
    site_rng(5)
    table = services.table_create(host=people[0], game=game, mode=mode)
    for person in people[1:seats]:
        services.seat_take(table_id=table.pk, user=person)
    services.table_start(table_id=table.pk, by=people[0])
    by_id = {person.pk: person for person in people}
    choose = random.Random(5)
    viewers = [*range(seats), None]
    copy = snapshots.get(table.pk, fresh=True)
    pages, sent = {v: Page() for v in viewers}, {v: {} for v in viewers}
    for viewer in viewers:
        pages[viewer].apply(everything(table_render(copy, viewer), sent[viewer]))
    for _move in range(60):
        rules_ = rules.get(game)
        seat = rules_.to_act(copy.state)[0]
        legal = [a for a in rules_.legal_actions(copy.state, seat) if a["type"] != "leave"]
        user = by_id[copy.seats[seat].user_id]
        action = choose.choice(legal)
        services.table_act(table_id=table.pk, user=user, action=action, version=copy.version)
        copy = snapshots.get(table.pk, fresh=True)
        for viewer in viewers:
            pages[viewer].apply(changes(table_render(copy, viewer), sent[viewer]))
            fresh = Page()
            fresh.apply(everything(table_render(copy, viewer), {}))
            assert pages[viewer].html() == fresh.html(), (copy.version, viewer)
        if not copy.playing:
            break
