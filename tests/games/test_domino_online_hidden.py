"""Dominó de pontos on the live platform (issue #10): no hand but one's own in any render over
whole matches, and a tile laid late in a hand sent to each socket alone.

Games are played through the services as the pages and the sweeper play them
(tests/games/domino_online.py).
"""

from __future__ import annotations

import random
import re

import pytest

from games import rendering, services, snapshots
from games.rules import domino
from tests.games.domino_online import four_people, set_state, step
from tests.games.sockets import (
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = pytest.mark.django_db(transaction=True)


def renders(copy, queued_id: int) -> dict:
    viewers = {seat: rendering.table_render(copy, seat).html for seat in range(4)}
    viewers["spectator"] = rendering.table_render(copy, None).html
    viewers["queue"] = rendering.table_render(copy, None, viewer_id=queued_id).html
    return viewers


def test_over_whole_matches_no_render_holds_a_hand_but_the_viewers_own(people, waiting):
    """At every move of a whole match, each seat's render, a spectator's and a queued person's do
    not change by a character when what they may not see is dealt again."""
    table = four_people(people)
    services.queue_join(table_id=table.pk, user=waiting[0])
    set_state(table, scores=[180, 180])  # the match's last hands, to its end
    rng, by_id = random.Random(3), {p.pk: p for p in people}
    for _ in range(1500):
        copy = snapshots.get(table.pk, fresh=True)
        if not copy.playing:
            break
        for viewer, html in renders(copy, waiting[0].pk).items():
            seat = viewer if isinstance(viewer, int) else None
            dealt = domino.redeal(copy.state, seat, random.Random(len(html)))
            again = copy.changed(state=dealt)
            if seat is None:
                queued = waiting[0].pk if viewer == "queue" else None
                other = rendering.table_render(again, None, viewer_id=queued).html
            else:
                other = rendering.table_render(again, seat).html
            assert other == html, (viewer, copy.version)
        events = step(table.pk, by_id, rng)
        if any(e["type"] == "new_game" for e in events):
            break
    else:
        raise AssertionError("the match did not end")
    assert any(e["type"] == "match_end" for e in events)


def test_a_tile_laid_late_in_a_hand_reaches_each_socket_alone(people):
    """The line's tiles keep their spots as it grows: a socket is sent the new tile (put after the
    one before it), the tile that loses the last play's mark, the open place that moved and the
    board's size, never the whole line again."""
    table = four_people(people)
    by_id, rng = {p.pk: p for p in people}, random.Random(7)
    sent: list[rendering.Sent] = [{}, {}]
    copy = snapshots.get(table.pk, fresh=True)
    for sent_to, seat in zip(sent, (0, None), strict=True):
        rendering.everything(rendering.table_render(copy, seat), sent_to)
    line = []
    while len(line) < 12:
        events = step(table.pk, by_id, rng)
        assert not any(e["type"] == "hand_end" for e in events)
        copy = snapshots.get(table.pk, fresh=True)
        line = [t for arm in copy.state["hand"]["table"]["arms"].values() for t in arm]
        frames = [
            rendering.changes(rendering.table_render(copy, seat), sent_to)
            for sent_to, seat in zip(sent, (0, None), strict=True)
        ]
    for frame in frames:
        assert 'id="domino-mesa"' not in frame
        assert frame.count('hx-swap-oob="afterend:#domino-peca') == 1
        board = re.findall(r'<(?:span|button) id="domino-(?:peca|ponta|medida)[^"]*"', frame)
        assert 1 <= len(board) <= 4, board
