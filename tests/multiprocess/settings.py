"""Settings of the daphne processes that tests/multiprocess starts: the site's own, with quick
robots, no presence grace and a brisk sweeper, so that a test sees them act within seconds."""

from config.settings import *  # noqa: F403

GAMES_ROBOT_DELAY = (0.05, 0.15)
GAMES_ROBOT_FIRST_DELAY = (0.05, 0.15)
GAMES_AWAY_SECONDS = 0
GAMES_SWEEP_SECONDS = 0.05
# Robot tables played to their end in seconds, their timers due as soon as they are set.
GAMES_FAST_ROBOT_DELAY = (0.0, 0.02)
