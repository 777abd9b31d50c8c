"""channels-redis's layer, without keeping the messages of sockets that have closed.

channels-redis reads every socket's messages of a process through one shared receive and files
each in a per-channel buffer (`receive_buffer`) for that channel's consumer. A message that
arrives after its consumer stopped (a table's change sent while the page was leaving, before its
group_discard reached Redis) is filed in a buffer nobody reads or deletes: the process keeps it,
and its queue, for good (django/channels_redis#384, open). Measured by tests/bench/bench_memory.py:
some 1,150 such buffers after 2,000 sockets opened and closed, a few KiB each.

Here a consumer that stops (its receive is cancelled: Channels has no call that ends a channel;
channels-redis itself drops the buffer there) marks its channel stopped, and the buffers of the
stopped channels are dropped as more sockets open and close. A channel name is never used again,
so what arrives for it later has no reader; after twice the messages' expiry nothing more can
come for it (Redis drops them), and the channel is forgotten.

And a receive whose Redis is gone (stopped, restarting) returns a `layer.down` message instead of
raising: channels-redis reads for every socket of the process through one shared receive, so
its error reached every consumer's receive loop, which Channels does not catch, as "Exception
inside application" once a socket. As a message, each consumer handles it (games/consumers.py,
`layer_down`: the socket closes with 4011 and the page opens a new one).
"""

from __future__ import annotations

import asyncio
import time

from channels_redis.core import RedisChannelLayer as ChannelsRedisLayer
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

PURGE_SECONDS = 1.0  # at most one pass over the stopped channels a second
# What a layer call raises when Redis is not there.
SERVER_GONE = (ConnectionError, OSError, RedisConnectionError, RedisTimeoutError)
LAYER_DOWN = "layer.down"


class RedisChannelLayer(ChannelsRedisLayer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.stopped: dict[str, float] = {}  # channel -> when its consumer stopped
        self.purged_at = 0.0

    async def new_channel(self, prefix: str = "specific") -> str:
        self.purge()
        return await super().new_channel(prefix)

    async def receive(self, channel: str):
        self.stopped.pop(channel, None)  # read again (a receive under a timeout): not stopped
        try:
            return await super().receive(channel)
        except SERVER_GONE as error:
            return {"type": LAYER_DOWN, "error": str(error)}
        except asyncio.CancelledError:
            if "!" in channel:  # a process-local channel: its consumer stopped
                self.stopped[channel] = time.monotonic()
                self.purge()
            raise

    def purge(self, now: float | None = None) -> int:
        """Drop the buffers of the stopped channels; forget the channels stopped long ago.
        Returns how many buffers went."""
        now = time.monotonic() if now is None else now
        if now - self.purged_at < PURGE_SECONDS:
            return 0
        self.purged_at = now
        dropped, forget_before = 0, now - 2 * self.expiry
        for channel, stopped in list(self.stopped.items()):
            if self.receive_buffer.pop(channel, None) is not None:
                dropped += 1
            if stopped < forget_before:
                del self.stopped[channel]
        return dropped
