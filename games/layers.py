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
import logging
import time
import uuid
import weakref
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
        except asyncio.CancelledError:
            # A consumer that stops cancels its receive (Channels has no call that ends a
            # channel; channels-redis drops its buffer here too): its empty queue goes with it,
            # instead of waiting for the sweep with every closed socket's.
            if self.receivers[channel] == 1 and queue.empty() and self.queues.get(channel) is queue:
                del self.queues[channel]
            raise
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


# -- groups that outlive the layer's memory ------------------------------------------------------
#
# channels-redis keeps a group as a Redis key. Redis restarted without persistence (or flushed,
# or a membership past its group_expiry) forgets it, and a socket whose receive loop came through
# the restart stays open in no group: it silently misses every later move. Each process checks,
# with one message to a canary group of its own every GAMES_GROUPS_CHECK_SECONDS, that the layer
# still knows its groups; when the canary does not come back, every socket of the process joins
# its groups again and is brought up to date (games/consumers.py, `TableConsumer.rejoin`). The
# check costs three layer calls per process per interval, whatever the number of sockets; the
# sockets re-join (two layer calls each) only when the groups were lost, and once every
# REJOIN_ANYWAY_SECONDS (before channels-redis's default group expiry of a day).

log = logging.getLogger(__name__)

CANARY_WAIT = 5.0  # seconds the canary may take to come back (a busy process, a slow Redis)
REJOIN_ANYWAY_SECONDS = 6 * 3600


class GroupKeeper:
    """This process's check that the channel layer still holds its groups."""

    def __init__(self) -> None:
        self.members: weakref.WeakSet = weakref.WeakSet()  # the open sockets (consumers)
        self.task: asyncio.Task | None = None
        self.checks = self.losses = self.rejoins = 0
        self.since = 0.0  # when the canary last joined its group (time.monotonic())
        self.canary_group = self.canary_channel = ""

    def add(self, consumer) -> None:
        self.members.add(consumer)
        self.start()

    def discard(self, consumer) -> None:
        self.members.discard(consumer)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self.keep())

    async def keep(self) -> None:
        from channels.layers import get_channel_layer
        from django.conf import settings

        interval = getattr(settings, "GAMES_GROUPS_CHECK_SECONDS", 15.0)
        if not interval:  # 0 or None: no check
            return
        layer = get_channel_layer()
        group = self.canary_group = f"bozo-canary-{uuid.uuid4().hex}"
        channel, joined, rejoined, n = "", False, time.monotonic(), 0
        # The canary vouches only for the groups joined after it (`self.since`): whenever it is
        # joined (anew), at the start, after the layer was unreachable, after a loss, the
        # sockets that began joining before it rejoin once it has come back (a flush between a
        # socket's join and the canary's would otherwise go unseen for good). It is joined first
        # thing, so that the sockets of a process that just started (a restart's thousands of
        # reconnections) need not all join twice.
        fresh = False
        while True:
            try:
                if not channel:
                    channel = self.canary_channel = await layer.new_channel()
                if not joined:
                    await layer.group_add(group, channel)
                    joined = fresh = True
                    self.since = time.monotonic()
            except Exception as error:  # the layer is down: its sockets are closing, try later
                log.warning("channel layer unreachable (%s); checking again", error)
            await asyncio.sleep(interval)
            if not joined:
                continue
            try:
                n += 1
                self.checks += 1
                await layer.group_send(group, {"type": "canary", "n": n})
                came = await self._canary(layer, channel, n)
            except Exception as error:  # the layer is down: its sockets are closing, try later
                log.warning("channel layer unreachable (%s); checking again", error)
                joined = False
                continue
            before = self.since
            if came and not fresh:
                if time.monotonic() - rejoined < REJOIN_ANYWAY_SECONDS:
                    continue
                before = time.monotonic()  # now and then, every socket
            if not came:
                self.losses += 1
                log.warning("the channel layer lost this process's groups: sockets rejoin")
                try:  # the canary first, so that a loss after the sockets' rejoin shows next
                    await layer.group_add(group, channel)
                    before = self.since = time.monotonic()
                except Exception as error:
                    log.warning("channel layer unreachable (%s); checking again", error)
                    joined = False
                    continue
            fresh = False
            rejoined = time.monotonic()
            await self.rejoin_all(before=before)

    async def _canary(self, layer, channel: str, n: int) -> bool:
        deadline = time.monotonic() + CANARY_WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = await asyncio.wait_for(layer.receive(channel), left)
            except TimeoutError:
                return False
            if message.get("type") == "layer.down":  # games/redis_layer.py: Redis is gone
                raise ConnectionError(message.get("error", "channel layer down"))
            if message.get("n") == n:
                return True  # an older one (it came after its wait) is passed over
        return False

    async def rejoin_all(self, before: float = float("inf")) -> None:
        """The sockets that began joining their groups `before` then (time.monotonic()) join
        them again and are brought up to date."""
        self.rejoins += 1
        by_table: dict[int, list] = {}
        for consumer in list(self.members):
            if consumer.joined_at < before:
                by_table.setdefault(consumer.table_id, []).append(consumer)
        for table_id, consumers in by_table.items():
            joined = []
            for consumer in consumers:  # first into the groups, then the table read: a move
                try:  # committed in between reaches them by the group, or shows in the read
                    await consumer.rejoin()
                    joined.append(consumer)
                except Exception:
                    log.exception("a socket of table %s could not rejoin its groups", table_id)
            try:
                version = await consumers[0].newest()  # one read for the table's sockets
            except Exception:
                log.exception("table %s not read: its sockets rejoin without news", table_id)
                continue
            for consumer in joined:
                try:
                    await consumer.catch_up(version)
                except Exception:
                    log.exception("a socket of table %s could not catch up", table_id)
            await asyncio.sleep(0)


keeper = GroupKeeper()
