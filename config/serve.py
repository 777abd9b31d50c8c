"""daphne on uvloop: `python -m config.serve` takes daphne's own arguments.

daphne runs Twisted on an asyncio event loop that it creates when it is imported; uvloop's loop,
written in C, schedules the same callbacks in a fraction of the time. The policy has to be in
place before daphne is imported. Without uvloop (it does not build on Windows) this is daphne
as it comes.

Every open socket is an open file: with the soft limit a shell or systemd gives by default (1,024)
daphne refuses new handshakes past about a thousand sockets. So the process raises its own soft
limit to the hard one at start (an unprivileged process may), and warns when even the hard limit
is below what the operator asked for (SERVE_OPEN_FILES, 65,536 by default: the systemd units set
LimitNOFILE to it).

Before it listens, the process builds the robots' tables and the guides (SERVE_WARM, on by
default): see guides/warm.py. What start-up built lives as long as the process, so it is then
frozen out of the garbage collector's reach (`gc.freeze()`), which has no more to walk.
"""

import asyncio
import gc
import logging
import os
import sys

try:
    import resource
except ImportError:  # pragma: no cover - not on Windows
    resource = None

try:
    import uvloop
except ImportError:  # pragma: no cover - every supported server has it
    uvloop = None

log = logging.getLogger("config.serve")

OPEN_FILES = 65536


def raise_open_files(wanted: int) -> int:
    """Raise this process's soft limit of open files to its hard limit; returns the soft limit
    now. Warns when the hard limit is below `wanted`."""
    if resource is None:  # pragma: no cover
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError) as error:  # pragma: no cover - a platform's own cap
            log.warning("could not raise the open files limit from %s to %s: %s", soft, hard, error)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        log.warning(
            "open files limit is %s, below the %s asked for (SERVE_OPEN_FILES): each socket is a "
            "file, so handshakes past about %s sockets will be refused; raise the hard limit "
            "(LimitNOFILE= in the systemd unit, or ulimit -Hn)",
            hard,
            wanted,
            hard,
        )
    return soft


if uvloop is not None:
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())

from daphne.cli import CommandLineInterface  # noqa: E402 - imported after the loop policy is set


def close_bad_sockets_with_a_code(cli: CommandLineInterface) -> None:
    """A frame over the size limit or text that is not UTF-8 closes its socket with 1009 or 1007
    (RFC 6455), as the browser then reports, instead of autobahn's default under daphne: dropping
    the connection without a word. Set once daphne's server has built its factory."""
    from twisted.internet import reactor

    reactor.callWhenRunning(lambda: cli.server.ws_factory.setProtocolOptions(failByDrop=False))


if __name__ == "__main__":
    # Django and the guides are imported only here: importing this module stays cheap.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from guides.warm import build_before_serving

    build_before_serving(os.environ.get("SERVE_WARM", "1"))
    raise_open_files(int(os.environ.get("SERVE_OPEN_FILES") or OPEN_FILES))
    gc.freeze()
    cli = CommandLineInterface()
    close_bad_sockets_with_a_code(cli)
    sys.exit(cli.run(sys.argv[1:]))
