"""The embedded channel layer (no REDIS_URL): Channels' in-memory layer, made lighter per message.

Channels' `InMemoryChannelLayer` walks every channel and every group membership of the process
to drop expired entries on each send and each receive, so the cost of one message grows with the
number of open sockets: at 200 tables that walk was a good part of a move. Here the walk runs at
most once a second; messages and memberships still expire (60 s and a day by default), at most a
second late. A group message is also put straight into each member's queue instead of through a
task per member, and no queue is built just to be thrown away (`setdefault` with a new one).
A message of plain values is copied for each receiver without `deepcopy`.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

PLAIN = frozenset({str, int, float, bool, bytes, type(None)})


def own_copy(message: dict[str, Any]) -> dict[str, Any]:
    """The receiver's own message, as Channels' `deepcopy` gives it; a message of plain values
    (a table's "changed, version n") needs only a new dict."""
    if all(type(value) in PLAIN for value in message.values()):
        return dict(message)
    return deepcopy(message)


class SweptInMemoryChannelLayer(InMemoryChannelLayer):
    sweep_interval = 1.0
    _swept_at = float("-inf")

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at >= self.sweep_interval:
            self._swept_at = now
            super()._clean_expired()

    def _queue(self, channel: str) -> asyncio.Queue:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        if not isinstance(message, dict) or "__asgi_channel__" in message:
            raise TypeError("a channel message is a dict without __asgi_channel__")
        self.require_valid_channel_name(channel)
        try:
            self._queue(channel).put_nowait((time.time() + self.expiry, own_copy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> dict[str, Any]:
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self._queue(channel)
        try:
            _, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        if not isinstance(message, dict):
            raise TypeError("a channel message is a dict")
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with suppress(ChannelFull):  # as Channels does: a full member misses this message
                await self.send(channel, message)
