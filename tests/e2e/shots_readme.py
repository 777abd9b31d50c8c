"""The README's screenshots (docs/*.png), taken from the site as it is: `make screenshots`.
Not part of `make test` (the file name is not test_*.py): whoever changes what a screenshot
shows runs it again, and looks at the result."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import open_table
from tests.e2e.positions import bozo_quick_turns, play_until, started

DOCS = Path(__file__).resolve().parents[2] / "docs"


class ReadmeScreenshots(LiveServerTestCase):
    def test_a_bozo_table_on_a_phone_and_a_guide(self):
        ana = self.player("ana", "Ana")
        table = started("bozo", "duelo", ana.user, robots=1)

        # A few turns in: both cards hold points, and Ana has thrown once.
        def thrown(copy):
            on_turn = copy.seats[copy.state["to_move"]].user_id == ana.user.pk
            return copy.version >= 12 and on_turn and copy.state["turn"]["rolls"] == 1

        play_until(table, [ana.user], thrown, choose=bozo_quick_turns())
        open_table(ana, table.pk)
        ana.screenshot(path=DOCS / "mesa-bozo.png")

        reader = self.new_context(viewport={"width": 1280, "height": 800}).new_page()
        reader.goto(self.url("/como-jogar/dozito/"))
        reader.screenshot(path=DOCS / "guia-dozito.png")
