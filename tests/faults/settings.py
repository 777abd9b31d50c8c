"""Settings of the daphne processes the fault tests start: tests/multiprocess's (quick robots, no
presence grace, a brisk sweeper), with the sweeper's back-off after a failure kept short."""

from tests.multiprocess.settings import *  # noqa: F403

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
