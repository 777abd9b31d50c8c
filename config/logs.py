"""Bad input is one warning line in the log, never a traceback.

Django logs every answer it gives to an exception with the exception's traceback: a 400 for a
Host outside ALLOWED_HOSTS or a body it cannot parse (as an error, on the `django.security.*`
loggers), a 403 for PermissionDenied, a 404 for Http404. Those describe the client's request,
not a fault of the site, and a traceback for each would bury the real errors. The filter sits on
the console handler (settings.LOGGING): a record of a 4xx answer keeps its message, which names
the path or the rejected value, and loses its traceback; the security ones become warnings.
Answers of 500 and above keep everything.
"""

from __future__ import annotations

import asyncio
import logging


class BadInputOnOneLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
            if record.levelno > logging.WARNING:
                record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class CancelledCleanUp(logging.Filter):
    """channels-redis's pub/sub layer unsubscribes a socket's channel when its receive is
    cancelled, and logs a traceback if that clean-up is cancelled in turn: daphne stopping with
    sockets open, one per socket. Redis drops the subscriptions with the connection anyway, so
    that one record goes (on the layer's logger only); any other error stays."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, asyncio.CancelledError)
