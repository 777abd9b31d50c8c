"""This process's sockets catch up after the channel layer lost messages.

With REDIS_URL the layer is channels-redis's pub/sub one: a group is a subscription of the
process, not a key in Redis, so neither a flush nor a restart forgets it, and redis-py subscribes
again by itself once Redis is back. What was published while the subscription was down is lost,
though, and a page that missed a move would wait on it for good. So each process sends itself a
message every GAMES_LAYER_CHECK_SECONDS; after a check that failed, the first that passes brings
each socket of the process up to its table's version in the database.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)

CHECK_WAIT = 5.0  # seconds the process's own message may take to come back (a busy process)


class LayerWatch:
    """The process's open sockets by table, and its check of the channel layer."""

    def __init__(self) -> None:
        self.tables: dict[int, weakref.WeakSet] = {}  # table -> its sockets (consumers) here
        self.task: asyncio.Task | None = None
        self.checks = self.failures = self.catch_ups = 0

    def add(self, consumer) -> None:
        self.tables.setdefault(consumer.table_id, weakref.WeakSet()).add(consumer)
        loop = asyncio.get_running_loop()
        if self.task is None or self.task.done() or self.task.get_loop() is not loop:
            self.task = loop.create_task(self.watch(settings.GAMES_LAYER_CHECK_SECONDS))

    def discard(self, consumer) -> bool:
        """Forget a socket (once, however many times it ends); whether it was its table's last."""
        here = self.tables.get(consumer.table_id)
        if here is None or consumer not in here:
            return False
        here.discard(consumer)
        if not here:
            del self.tables[consumer.table_id]
        return not here

    async def watch(self, interval: float) -> None:
        layer, channel, failed = get_channel_layer(), "", False
        while interval:
            await asyncio.sleep(interval)
            self.checks += 1
            try:
                channel = channel or await layer.new_channel()
                await layer.send(channel, {"type": "layer.check", "n": self.checks})
                while True:  # past the messages of checks that came after their wait
                    message = await asyncio.wait_for(layer.receive(channel), CHECK_WAIT)
                    if message["n"] == self.checks:
                        break
            except Exception as error:  # Redis down or restarting: what it sends now is lost
                log.warning("channel layer check failed: %r", error)
                # A receive cut short may have ended the channel (the pub/sub layer unsubscribes).
                channel, failed = "", True
                self.failures += 1
                continue
            if failed:
                failed = False
                await self.catch_up()

    async def catch_up(self) -> None:
        """Each socket is brought up to its table's newest version: one read per table."""
        self.catch_ups += 1
        for here in list(self.tables.values()):
            consumers = list(here)
            if not consumers:
                continue
            try:
                version = await consumers[0].newest()
                for consumer in consumers:
                    await consumer.catch_up(version)
            except Exception:
                log.exception("table %s: its sockets could not catch up", consumers[0].table_id)


watch = LayerWatch()
