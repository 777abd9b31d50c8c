"""daphne on uvloop: `python -m config.serve` takes daphne's own arguments.

daphne runs Twisted on an asyncio event loop that it creates when it is imported; uvloop's loop,
written in C, schedules the same callbacks in a fraction of the time. The policy has to be in
place before daphne is imported. Without uvloop (it does not build on Windows) this is daphne
as it comes.
"""

import asyncio
import sys

try:
    import uvloop
except ImportError:  # pragma: no cover - every supported server has it
    uvloop = None

if uvloop is not None:
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())

from daphne.cli import CommandLineInterface  # imported after the loop policy is set

if __name__ == "__main__":
    sys.exit(CommandLineInterface.entrypoint())
