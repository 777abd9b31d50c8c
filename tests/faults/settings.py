"""Settings of the daphne processes the fault tests start: tests/multiprocess's (quick robots, no
presence grace, a brisk sweeper), with the groups checked often so that a test sees a lost Redis
noticed within seconds, and the sweeper's back-off after a failure kept short."""

from tests.multiprocess.settings import *  # noqa: F403

GAMES_GROUPS_CHECK_SECONDS = 1.0
GAMES_SWEEPER_BACKOFF = (0.2, 2.0)
