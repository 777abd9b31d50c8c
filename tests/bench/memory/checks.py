"""What a scenario checks at its end: the run's errors, the log's disagreements with the
moves acknowledged, daphne's log; and what is counted there, not an error (sends to a closed
socket, consumers daphne killed)."""

from __future__ import annotations

from tests.bench.live.client import Bench
from tests.bench.live.server import Server
from tests.bench.live.verify import verify


def problems(bench: Bench, server: Server) -> list[str]:
    """The run's errors, the log's disagreements with the moves acknowledged, and the lines of
    daphne's log that tell of an error."""
    return (
        bench.errors
        + verify(bench)
        + [
            block.splitlines()[-1] if block.strip() else "Traceback"
            for block in log_tracebacks(server)
            if CLOSED_SEND not in block
        ]
        + [
            line
            for line in server.problems()
            if "Traceback" not in line and MISSED not in line and KILLED not in line
        ]
    )


# daphne's warning for a consumer whose disconnect outlasted application_close_timeout (10 s):
# thousands of sockets closing at once queue their presence rows' deletes in the database
# threads. Counted and printed, not an error of the run (the rows of a killed consumer are swept
# as stale).
KILLED = "took too long to shut down and was killed"


def killed(server: Server) -> int:
    return sum(KILLED in line for line in server.problems())


CLOSED_SEND = "Disconnected: Attempt to send on a closed protocol"
MISSED = "missed version"  # games/consumers.py's log line before such a traceback


def log_tracebacks(server: Server) -> list[str]:
    """Each traceback of daphne's log, as text."""
    blocks, current = [], None
    for line in server.log_path.read_text(errors="replace").splitlines():
        if line.startswith("Traceback"):
            current = [line]
            blocks.append(current)
        elif current is not None and (line.startswith((" ", "\t")) or current[-1].startswith(" ")):
            current.append(line)
            if not line.startswith((" ", "\t")):
                current = None
    return ["\n".join(b) for b in blocks]


def closed_sends(server: Server) -> int:
    """Sends to a socket its client had just closed (a frame on its way as the page left),
    which games/consumers.py logs as a missed version: counted, not an error of the run."""
    return sum(CLOSED_SEND in block for block in log_tracebacks(server))
