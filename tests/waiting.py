"""Waiting in tests for what has no event of its own to wait on (another process's state, a
database row, a log line, a layer's buffer): its check asked again at a short interval until it
holds, or until a deadline that fails the test saying what never happened."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable


async def until(
    check: Callable[[], object | Awaitable[object]],
    timeout: float = 30.0,
    what: str = "",
    every: float = 0.05,
) -> None:
    """Wait until `check()` (a plain function or a coroutine function) is true."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if inspect.isawaitable(result):
            result = await result
        if result:
            return
        assert time.monotonic() < deadline, f"never happened in {timeout} s: {what}"
        await asyncio.sleep(every)


def wait_until(
    check: Callable[[], object], timeout: float = 30.0, what: str = "", every: float = 0.05
) -> None:
    """`until` for a test without an event loop of its own (a browser test's, a server's)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"never happened in {timeout} s: {what}"
        time.sleep(every)
