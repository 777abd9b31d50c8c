"""The embedded default's channel layer: one process, in memory, Channels' layer specification.

Channels' own `InMemoryChannelLayer` drops expired messages and memberships by walking every
channel and every group of the process on each send and each receive, so a message costs more
the more sockets are open (at 500 tables, most of a move). This layer, written against the
specification alone (`BaseChannelLayer`, the groups and flush extensions), drops an expired
message when a receiver meets it and an expired membership when its group is sent to: a message
costs the same at 5 tables or 5,000. A sweep once a minute forgets the queues that nobody reads.
For several processes, REDIS_URL switches to channels-redis.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from contextlib import suppress
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import BaseChannelLayer

SWEEP_SECONDS = 60


class LocalChannelLayer(BaseChannelLayer):
    extensions = ["groups", "flush"]

    def __init__(self, expiry=60, group_expiry=86400, capacity=100, channel_capacity=None):
        super().__init__(expiry=expiry, capacity=capacity, channel_capacity=channel_capacity)
        self.channel_capacity = self.compile_capacities(channel_capacity or {})
        self.group_expiry = group_expiry
        self.queues: dict[str, asyncio.Queue] = {}
        self.groups: dict[str, dict[str, float]] = {}  # group -> channel -> when it joined
        self.receivers: dict[str, int] = {}  # channel -> receives waiting on it now
        self.swept_at = time.monotonic()

    async def new_channel(self, prefix: str = "specific.") -> str:
        return f"{prefix}local!{uuid.uuid4().hex}"

    def _queue(self, channel: str) -> asyncio.Queue:
        queue = self.queues.get(channel)
        if queue is None:
            queue = self.queues[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        return queue

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        if not isinstance(message, dict):
            raise TypeError("a channel message is a dict")
        self.require_valid_channel_name(channel)
        self._sweep()
        try:
            self._queue(channel).put_nowait((time.monotonic() + self.expiry, deepcopy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> dict[str, Any]:
        self.require_valid_channel_name(channel)
        queue = self._queue(channel)
        self.receivers[channel] = self.receivers.get(channel, 0) + 1
        try:
            while True:
                expires, message = await queue.get()
                if expires >= time.monotonic():
                    return message
        finally:
            waiting = self.receivers.pop(channel) - 1
            if waiting:
                self.receivers[channel] = waiting

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        self.groups.setdefault(group, {})[channel] = time.monotonic()

    async def group_discard(self, group: str, channel: str) -> None:
        members = self.groups.get(group)
        if members is not None:
            members.pop(channel, None)
            if not members:
                del self.groups[group]

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.require_valid_group_name(group)
        members = self.groups.get(group, {})
        joined_since = time.monotonic() - self.group_expiry
        for channel, joined in list(members.items()):
            if joined < joined_since:
                del members[channel]
                continue
            with suppress(ChannelFull):  # as every layer does: a full member misses this message
                await self.send(channel, message)

    async def flush(self) -> None:
        self.queues.clear()
        self.groups.clear()

    async def close(self) -> None:
        pass

    def _sweep(self) -> None:
        """Once a minute: forget the queues nobody waits on whose messages have all expired
        (a socket that closed, a message sent to it on its way out)."""
        now = time.monotonic()
        if now - self.swept_at < SWEEP_SECONDS:
            return
        self.swept_at = now
        for channel, queue in list(self.queues.items()):
            if channel not in self.receivers and all(
                expires < now for expires, _ in _pending(queue)
            ):
                del self.queues[channel]


def _pending(queue: asyncio.Queue) -> list[tuple[float, dict[str, Any]]]:
    """The messages waiting in `queue` (read and put back, through its public interface)."""
    items = []
    while not queue.empty():
        items.append(queue.get_nowait())
    for item in items:
        queue.put_nowait(item)
    return items
