"""Sockets catch up after the channel layer lost messages (Redis restarted: the pub/sub layer's
groups are kept, what was published meanwhile is lost). Each process sends itself a message every
GAMES_LAYER_CHECK_SECONDS; the first check that passes after one that failed does it."""

import asyncio
import logging
import weakref

from channels.layers import get_channel_layer
from django.conf import settings

log = logging.getLogger(__name__)
CHECK_WAIT = 5.0  # seconds the process's own message may take to come back (a busy process)


class LayerWatch:
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
        if consumer in (here := self.tables.get(consumer.table_id, ())):
            here.discard(consumer)
            return not here and self.tables.pop(consumer.table_id) is here
        return False

    async def watch(self, interval: float) -> None:
        layer, channel, failed = get_channel_layer(), "", False
        while interval:
            await asyncio.sleep(interval)
            self.checks += 1
            try:
                channel = channel or await layer.new_channel()
                await layer.send(channel, {"type": "layer.check", "n": self.checks})
                heard: dict = {}
                while heard.get("n") != self.checks:  # past checks' messages that came late
                    heard = await asyncio.wait_for(layer.receive(channel), CHECK_WAIT)
            except Exception as error:  # Redis down or restarting: what it sends now is lost
                log.warning("channel layer check failed: %r", error)
                channel, failed, self.failures = "", True, self.failures + 1  # channel: maybe gone
                continue
            if failed:  # one read per table, for all its sockets here
                failed, self.catch_ups = False, self.catch_ups + 1
                for here in filter(None, [list(sockets) for sockets in self.tables.values()]):
                    try:
                        version = await here[0].newest()
                        await asyncio.gather(*(consumer.catch_up(version) for consumer in here))
                    except Exception:
                        log.exception("table %s: its sockets did not catch up", here[0].table_id)


watch = LayerWatch()
