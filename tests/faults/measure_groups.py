"""What the group check (games/layers.py, GroupKeeper) costs one process, on a real Redis:

    .venv/bin/python -m tests.faults.measure_groups [sockets]

Starts a throwaway redis-server (tests/servers.py) and channels-redis as the site configures it,
then measures, in CPU time of this process (the daphne's share) and wall time:
- one check (the canary: a group_send to this process's canary group and its receive), the only
  periodic work, whatever the number of sockets: every GAMES_GROUPS_CHECK_SECONDS (15 s);
- the re-join of N sockets (10,000 by default: two groups each, a table read per 4 sockets,
  the catch-up a no-op), which runs only when the canary did not come back (Redis lost the
  groups) and once every 6 hours.
Prints the figures; asserts nothing (a measurement, not a test).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from pathlib import Path

from tests import servers


class FakeSocket:
    def __init__(self, layer, n: int) -> None:
        self.layer, self.table_id = layer, n // 4
        self.channel_name = f"specific.measure!{n}"
        self.groups_joined = (f"table-{self.table_id}", f"user-{n}")
        self.joined_at = 0.0

    async def rejoin(self) -> None:
        for group in self.groups_joined:
            await self.layer.group_add(group, self.channel_name)

    async def newest(self) -> int:
        return 0

    async def catch_up(self, version: int) -> None:
        return None


async def measure(redis_url: str, sockets: int) -> None:
    from channels_redis.core import RedisChannelLayer

    from games.layers import GroupKeeper

    layer = RedisChannelLayer(hosts=[redis_url], prefix="bozo:channels", capacity=5000)
    keeper = GroupKeeper()
    channel = await layer.new_channel()
    await layer.group_add("bozo-canary-measure", channel)
    for _ in range(20):  # warm up the connections
        await layer.group_send("bozo-canary-measure", {"type": "canary", "n": 0})
        await keeper._canary(layer, channel, 0)
    checks = 200
    cpu, wall = time.process_time(), time.perf_counter()
    for n in range(1, checks + 1):
        await layer.group_send("bozo-canary-measure", {"type": "canary", "n": n})
        assert await keeper._canary(layer, channel, n)
    cpu, wall = (time.process_time() - cpu) / checks, (time.perf_counter() - wall) / checks
    print(f"one check: {cpu * 1e3:.2f} ms CPU, {wall * 1e3:.2f} ms wall; every 15 s that is "
          f"{cpu / 15 * 100:.4f}% of a core, the same at 10 or {sockets:,} sockets")  # fmt: skip
    members = [FakeSocket(layer, n) for n in range(sockets)]
    for member in members:
        keeper.members.add(member)
    cpu, wall = time.process_time(), time.perf_counter()
    await keeper.rejoin_all()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"re-join of {sockets:,} sockets (after a loss, or every 6 h): {cpu:.2f} s CPU, "
          f"{wall:.2f} s wall ({cpu / sockets * 1e6:.0f} µs CPU a socket); every 6 h that is "
          f"{cpu / 21600 * 100:.4f}% of a core")  # fmt: skip
    await layer.close_pools()


def main() -> None:
    sockets = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workdir = Path(tempfile.mkdtemp(prefix="bozo-measure-"))
    with servers.redis(workdir) as redis_url:
        asyncio.run(measure(redis_url, sockets))


if __name__ == "__main__":
    main()
