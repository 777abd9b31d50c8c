"""Settings of the daphne processes the fault tests start: tests/multiprocess's (quick robots, no
presence grace, a brisk sweeper), with the groups checked often so that a test sees a lost Redis
noticed within seconds, and the sweeper's back-off after a failure kept short."""

import os

from tests.multiprocess.settings import *  # noqa: F403

# (FAULTS_GROUPS_CHECK_SECONDS: a measurement's knob, to see the faults without the check.)
GAMES_GROUPS_CHECK_SECONDS = float(os.environ.get("FAULTS_GROUPS_CHECK_SECONDS", "1"))
GAMES_SWEEPER_BACKOFF = (0.2, 2.0)

# Pages are asked over HTTP with DEBUG off; the manifest of collectstatic is not built for a test.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# A browser test loads the page's scripts and styles from this daphne: served from the apps'
# folders (no collectstatic for a test).
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = True
