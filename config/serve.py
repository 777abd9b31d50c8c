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

The memory that sockets freed goes back to the system every SERVE_MALLOC_TRIM_SECONDS (15 by
default; 0 turns it off): see `trim_every`.

Before it listens, the process builds the robots' tables and the guides (SERVE_WARM, on by
default): see guides/warm.py.

And the cyclic garbage collector runs less often than Python's default (SERVE_GC_THRESHOLD, 0
keeps Python's own): see `collect_every`.
"""

import asyncio
import ctypes
import ctypes.util
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
TRIM_SECONDS = 15.0  # SERVE_MALLOC_TRIM_SECONDS; 0: never
GC_THRESHOLD = 50_000  # SERVE_GC_THRESHOLD; 0: Python's default (700, 10, 10)


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


def trim_every(seconds: float) -> bool:
    """Hand the heap's free memory back to the system every `seconds` (glibc's malloc_trim(0), a
    public libc function; elsewhere nothing). After a burst of sockets closes, glibc keeps the
    freed memory in its arenas, and RSS stays at the peak: tests/bench/bench_memory.py measured
    about 25 MiB so given back after 8,000 sockets, for well under a millisecond a call."""
    if seconds <= 0 or not sys.platform.startswith("linux"):
        return False
    try:
        malloc_trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return False
    malloc_trim.argtypes = [ctypes.c_size_t]
    from twisted.internet import task  # daphne has installed its reactor by now

    task.LoopingCall(malloc_trim, 0).start(seconds, now=False)
    return True


def collect_every(allocations: int) -> bool:
    """Let the youngest generation of the garbage collector reach `allocations` objects before a
    collection (Python's default is 700); the older generations keep Python's thresholds.

    With Python's default a live process keeps promoting what a move's fan-out keeps alive for a
    few hundred milliseconds (a thousand spectators' messages and coroutines waiting their turn)
    to the oldest generation, and a full collection, which walks every object of every open
    socket, follows about once a second: measured by tests/bench/bench_production.py with a
    thousand spectators of a Dominó table, 39 full collections in 30 s of about 230 ms each,
    none of which found garbage, every one a pause of the whole loop. With 50,000 those objects
    are freed by their reference counts before any collection sees them: one full collection in
    the window, a third less daphne CPU per move, the players' p99 round trip from 297 to some
    25 ms. Cycles are still collected, the young ones a little later; what closed sockets leave
    in the oldest generation, after each wave of closes (games/consumers.py, `closed_one`)."""
    if allocations <= 0:
        return False
    gc.set_threshold(allocations)
    return True


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
    trim_every(float(os.environ.get("SERVE_MALLOC_TRIM_SECONDS") or TRIM_SECONDS))
    collect_every(int(os.environ.get("SERVE_GC_THRESHOLD") or GC_THRESHOLD))
    cli = CommandLineInterface()
    close_bad_sockets_with_a_code(cli)
    sys.exit(cli.run(sys.argv[1:]))
