"""Settings of the daphne processes that tests/multiprocess starts: the site's own, with quick
robots, no presence grace and a brisk sweeper, so that a test sees them act within seconds."""

from config.settings import *  # noqa: F403

GAMES_ROBOT_DELAY = (0.05, 0.15)
GAMES_ROBOT_FIRST_DELAY = (0.05, 0.15)
GAMES_AWAY_SECONDS = 0
GAMES_SWEEP_SECONDS = 0.05
# Robot tables played to their end in seconds, their timers due as soon as they are set.
GAMES_FAST_ROBOT_DELAY = (0.0, 0.02)
# These tests play many tables from a few accounts and one address at once; the limits per
# person and per address are tested on their own (tests/games/test_table_limits.py,
# test_socket_limits.py).
GAMES_ROBOT_TABLES = 1_000_000
GAMES_TABLE_CREATION_RATE = (1_000_000, 60)
GAMES_SOCKETS_PER_ACCOUNT = GAMES_SOCKETS_PER_ADDRESS = 1_000_000
GAMES_ACCOUNT_MESSAGES_PER_SECOND = 1_000_000.0
