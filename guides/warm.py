"""What a serving process builds before it accepts a connection (config/serve.py), so that the
first Bozó robot turn and the first visit to a guide after a start are as fast as later ones.

Built at start-up rather than shipped precomputed or kept in Django's cache: it is all derived
from the code and the live templates (which change often), so a data file would need
regenerating after most changes and a cache entry a key naming the code's version; built in the
process it cannot be stale. It costs the start some seconds of CPU (tests/bench/
bench_first_request.py prints how many), once per daphne process; the test suite's servers skip
it (SERVE_WARM=0, tests/settings.py) and build what they use on first use, as before.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.template.loader import get_template
from django.utils import translation

log = logging.getLogger("guides.warm")


def warm() -> float:
    """Build the robots' tables and every guide as its first request would; returns seconds."""
    from games import rendering
    from games.bots import bozo, yams_exact
    from guides import content, views

    started = time.perf_counter()
    # The Bozó robot's strategy tables (bônus de boca on and off): 1,024 cards each.
    bozo.table(True)
    bozo.table(False)
    if yams_exact.available():  # the Yam's exact table, decompressed from its file
        yams_exact.table()
    # Each guide: its page (worked rounds, simulations: these also fill the Yam's robot's caches
    # for empty columns), its first practice position, its drawings and compiled templates.
    with translation.override(settings.LANGUAGE_CODE):
        for slug in content.GUIDES:
            module = content.get(slug)
            if module is None:
                continue
            views.prepare(slug, module)
            rendering.page_defs(slug)
            get_template(f"guides/{slug}.html")
        get_template("guides/_practice.html")
    seconds = time.perf_counter() - started
    log.info("robots and guides built in %.1f s", seconds)
    return seconds


def build_before_serving(setting: str) -> None:
    """config/serve.py, before daphne listens: `warm()` unless SERVE_WARM is "0" (the test
    suite's servers, tests/settings.py)."""
    if setting != "0":
        warm()
