"""The parts `cached_include` keeps (config/jinja2.py) against renders that start from nothing:
a table played by random legal moves, each version rendered for every viewer once with the parts
that earlier versions and other viewers left, then again with none kept. The two must be the
same to the byte, or a part's key missed something it shows (a `Lazy` value's key, say)."""

from __future__ import annotations

import pytest

from games import rendering, services
from tests.bench.bench_render import played

pytestmark = pytest.mark.django_db(transaction=True)


def html_of(copy, seat) -> str:
    return rendering.fresh_render(copy, seat, signed_in=True, team=None, viewer_id=None).html


@pytest.mark.parametrize(
    ("game", "mode", "seats", "moves"),
    [
        ("bozo", "duelo", 2, 60),
        ("domino", "duplas", 4, 40),
        ("dozito", "mesa", 3, 60),
        ("yams", "mesa", 3, 60),
    ],
)
def test_every_viewer_sees_with_kept_parts_what_a_fresh_render_shows(
    game, mode, seats, moves, people, site_rng
):
    site_rng(11)
    table = services.table_create(host=people[0], game=game, mode=mode)
    for person in people[1:seats]:
        services.seat_take(table_id=table.pk, user=person)
    services.table_start(table_id=table.pk, by=people[0])
    copies = played(table, people[:seats], moves)
    assert len(copies) > moves // 2
    store = rendering.template("games/_table.html").environment.globals["cached_include"].store
    viewers = [*range(seats), None]
    store.clear()
    kept = [[html_of(copy, seat) for seat in viewers] for copy in copies]
    assert store.memo, "no part was kept: the test would compare nothing"
    for copy, shown in zip(copies, kept, strict=True):
        for seat, html in zip(viewers, shown, strict=True):
            store.clear()
            assert html_of(copy, seat) == html, (game, copy.version, seat)
