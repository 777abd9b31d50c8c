"""The start-up build (issue #28): after `warm()`, what the first Bozó robot turn and the first
view of each guide would build is built (the robot's tables, each guide's page and position 1)."""

from __future__ import annotations

import os

from games.bots import bozo
from guides import content, views
from guides.warm import build_before_serving, warm


def test_warming_builds_the_robot_tables_and_every_guide():
    views._page.cache_clear()  # another test of this process may have filled them
    views._scoped_position.cache_clear()
    warm()
    assert bozo.table.cache_info().currsize == 2  # bônus de boca on and off
    assert views._page.cache_info().currsize == len(content.GUIDES)
    assert views._scoped_position.cache_info().currsize == len(content.GUIDES)
    hits = views._page.cache_info().hits
    views.prepare("bozo", content.get("bozo"))  # what a first view asks: already there
    assert views._page.cache_info().hits == hits + 1


def test_the_test_suites_servers_skip_the_build(monkeypatch):
    """tests/settings.py sets SERVE_WARM=0: the daphne a test starts listens at once."""
    assert os.environ["SERVE_WARM"] == "0"
    called = []
    monkeypatch.setattr("guides.warm.warm", lambda: called.append(True))
    build_before_serving(os.environ["SERVE_WARM"])
    assert not called
    build_before_serving("1")
    assert called == [True]
