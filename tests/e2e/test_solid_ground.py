"""Text on solid ground (issue 29): on each game's table, at its start, in the middle of a turn and
at its result, on a phone (360 x 740) in the light and the dark theme, axe's color-contrast rule
decides every piece of text. Nothing is left undecided ("incomplete": text over the felt, a
gradient, card art or a pseudo-element's paint, a symbol taken for text, letters poking out of
their own box) and nothing fails. Each position is prepared through the services, one table per
position, and read in both themes without a reload. With LAYOUT_SHOTS set to a folder, the
dark theme's tables are left there as screenshots.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from accounts.models import User
from games import rules
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import open_table, shot
from tests.e2e.positions import play_until, started

pytestmark = pytest.mark.e2e

# The theme changed: every colour eases to the new one (reduced motion makes each change a
# moment's transition, not none), down the tree a few frames long. Read once all are over.
SETTLED = "() => !document.getAnimations().some(a => ['running', 'pending'].includes(a.playState))"
CONTRAST = {
    "runOnly": {"type": "rule", "values": ["color-contrast"]},
    "resultTypes": ["violations", "incomplete"],
}


def on_turn(copy) -> bool:
    """Seat 0, the viewer's, is on turn: nobody else moves while the page is read."""
    return copy.playing and rules.get(copy.game).to_act(copy.state) == [0]


def mid_turn(copy) -> bool:
    """Some turns in, and the viewer has thrown once: dice on the felt, boxes on offer."""
    return on_turn(copy) and copy.version >= 12 and copy.state["turn"]["rolls"] == 1


def over(copy) -> bool:
    return not copy.playing


def undecided(page, where: str) -> list[str]:
    """What axe cannot decide or finds too faint on the table, one line per piece of text."""
    # A fresh axe for each run: one kept on the page keeps the backgrounds it read in the
    # other theme.
    found = Axe().run(page, context="#mesa", options=CONTRAST).response
    assert any(rule["id"] == "color-contrast" for rule in found["passes"]), f"{where}: no text"
    return [
        f"{where}: {kind} {(node['any'][0].get('data') or {}).get('messageKey') or ''} "
        f"{node['target']} {node['html'][:90]}"
        for kind in ("incomplete", "violations")
        for rule in found[kind]
        for node in rule["nodes"]
    ]


class SolidGroundTests(LiveServerTestCase):
    """People only, no robots: nothing moves on the server while a page is read."""

    def setUp(self):
        super().setUp()
        self.page = self.player("ana", "Ana")
        # The others play through the services only; no page of theirs is open.
        self.others = [
            User.objects.create_user(username=name, email=f"{name}@example.com", nickname=name)
            for name in ("bia", "caio", "davi")
        ]

    def assert_solid(self, game: str, positions) -> None:
        """Each position (a name and the table prepared for it) read in both themes."""
        problems = []
        for moment, table in positions:
            open_table(self.page, table.pk)
            for theme in ("light", "dark"):
                self.page.emulate_media(color_scheme=theme, reduced_motion="reduce")
                self.page.wait_for_function(SETTLED)
                problems += undecided(self.page, f"{game} {moment} {theme}")
            shot(self.page, f"ground-{game}-{moment}-dark")
            self.page.emulate_media(color_scheme="light", reduced_motion="reduce")
        assert not problems, f"{len(problems)} pieces of text:\n" + "\n".join(problems)

    def prepared(self, game: str, mode: str, others, moments, **fields):
        people = [self.page.user, *others]
        for moment, until in moments:
            table = started(game, mode, self.page.user, others=others, **fields)
            yield moment, play_until(table, people, until)

    def test_bozo(self):
        moments = [("start", on_turn), ("turn", mid_turn), ("result", over)]
        self.assert_solid("bozo", self.prepared("bozo", "duplas", self.others, moments))

    def test_yams(self):
        moments = [("start", on_turn), ("turn", mid_turn), ("result", over)]
        options = {"columns": 4, "max_min": True}
        self.assert_solid("yams", self.prepared("yams", "solo", [], moments, options=options))

    def test_domino(self):
        middle = lambda copy: on_turn(copy) and len(copy.state["hand"]["log"]) >= 10  # noqa: E731
        moments = [("start", on_turn), ("turn", middle), ("result", over)]
        self.assert_solid("domino", self.prepared("domino", "duplas", self.others, moments))

    def test_dozito(self):
        middle = lambda copy: on_turn(copy) and copy.version >= 30  # noqa: E731
        moments = [("start", on_turn), ("turn", middle), ("result", over)]
        tables = self.prepared("dozito", "mesa", self.others[:1], moments, options={"rounds": 1})
        self.assert_solid("dozito", tables)
