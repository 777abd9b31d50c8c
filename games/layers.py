"""Sockets catch up with their table when a group message never came: Redis restarted (what was
published meanwhile is lost), or the process that wrote a move died before sending it. Every
GAMES_LAYER_CHECK_SECONDS each process reads the versions of the tables it has sockets of, in one
query. A socket still behind the version read at the check before (a message on its way has had
a whole interval to arrive) is sent the message a move sends (`table.changed`), which it takes
in turn with its others. First the process sends itself a message, so that an outage is said in
its log and nothing is sent through a layer that is away."""

import asyncio
import logging
import weakref

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings

from games.models import Table

log = logging.getLogger(__name__)
CHECK_WAIT = 5.0  # seconds the process's own message may take to come back (a busy process)


def versions(table_ids: list[int]) -> dict[int, int]:
    return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "version"))


class LayerWatch:
    def __init__(self) -> None:
        self.tables: dict[int, weakref.WeakSet] = {}  # table -> its sockets (consumers) here
        self.task: asyncio.Task | None = None
        self.checks = self.failures = 0
        self.read: dict[int, int] = {}  # table -> its version at the last check

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
        layer, channel = get_channel_layer(), ""
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
                channel, self.failures = "", self.failures + 1  # its channel may be gone
                continue
            try:
                await self.catch_up(layer)
            except Exception as error:  # the database went away: the next check tries again
                log.warning("sockets behind their table not caught up: %r", error)

    async def catch_up(self, layer) -> None:
        here = {table: list(sockets) for table, sockets in self.tables.items() if sockets}
        if not here:
            return
        seen, self.read = self.read, await database_sync_to_async(versions)(list(here))
        for table, sockets in here.items():
            version = seen.get(table, -1)
            for socket in sockets:
                if socket.version < version:
                    await layer.send(
                        socket.channel_name, {"type": "table.changed", "version": version}
                    )


watch = LayerWatch()
