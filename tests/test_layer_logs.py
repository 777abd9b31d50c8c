"""channels-redis's pub/sub layer logs a traceback when the clean-up of a cancelled receive is
cancelled in turn (daphne stopping with sockets open: one per socket); settings.LOGGING drops
that record on the layer's logger, and keeps every other error of it."""

from __future__ import annotations

import asyncio
import logging

import pytest


@pytest.fixture
def records():
    kept: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            kept.append(record)

    logger = logging.getLogger("channels_redis.pubsub")
    handler = Keep()
    logger.addHandler(handler)
    yield kept
    logger.removeHandler(handler)


def log_error(error: BaseException) -> None:
    try:
        raise error
    except BaseException:
        logging.getLogger("channels_redis.pubsub").exception(
            "Unexpected exception while cleaning-up channel:"
        )


def test_a_cancelled_clean_up_is_not_logged_and_other_errors_are(records):
    log_error(asyncio.CancelledError())
    assert records == []
    log_error(ConnectionError("Error 111 connecting to 127.0.0.1:6379."))
    assert [type(r.exc_info[1]) for r in records] == [ConnectionError]
