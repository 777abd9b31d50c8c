"""The embedded channel layer (no REDIS_URL): Channels' in-memory layer, swept less often.

Channels' `InMemoryChannelLayer` walks every channel and every group membership of the process
to drop expired entries on each send and each receive, so the cost of one message grows with the
number of open sockets: at 200 tables that walk was a good part of a move. Here the walk runs at
most once a second; messages and memberships still expire (60 s and a day by default), at most a
second late.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer


class SweptInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_interval = 1.0
    _swept_at = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at >= self.sweep_interval:
            self._swept_at = now
            super()._clean_expired()
