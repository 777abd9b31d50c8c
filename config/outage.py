"""While the database (or Redis) is unreachable, pages answer 503 "tente de novo em instantes",
not a 500.

An unreachable database (PostgreSQL stopped or restarting, every connection cut) raises
OperationalError or InterfaceError wherever a query runs: in a view, in a template, in a
middleware (the session, allauth's). Django turns such an exception into the 500 page of
`handler500` wherever it was raised, and sends `got_request_exception` first; this module marks
the request there, and its middleware, the outermost, makes that response a 503 page of its own
(drawn without the database or a template, with Retry-After), keeping the headers the other
middleware set. Django closes a broken connection at the end of the request, so the first
request after the database is back opens a new one: the site resumes without a restart.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from asgiref.sync import iscoroutinefunction
from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils.decorators import sync_and_async_middleware
from django.utils.html import escape
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
_MARK = "_database_down"


def _unavailable() -> tuple[type[BaseException], ...]:
    """The errors of a server that is not there: the database's, and Redis's (the cache, where
    sessions and allauth's limits are read, when REDIS_URL is set)."""
    errors: tuple[type[BaseException], ...] = (OperationalError, InterfaceError)
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # pragma: no cover - redis comes with channels-redis
        return errors
    return (*errors, RedisConnectionError, RedisTimeoutError)


UNAVAILABLE = _unavailable()


@receiver(got_request_exception)
def _mark_database_down(sender, request=None, **kwargs) -> None:
    error = sys.exc_info()[1]
    if request is not None and isinstance(error, UNAVAILABLE):
        setattr(request, _MARK, True)


def page() -> str:
    title = _("O site está se recuperando")
    text = _(
        "Perdemos o contato com o banco de dados por um instante. Nada do que você já fez se "
        "perdeu: tente de novo em instantes."
    )
    again = _("Tentar de novo")
    return (
        '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f"<title>{escape(title)} · Bozó</title></head><body>"
        "<main>"
        f"<h1>{escape(title)}</h1><p>{escape(text)}</p>"
        f'<p><a href="">{escape(again)}</a></p></main></body></html>'
    )


def _outage(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if response.status_code == 500 and getattr(request, _MARK, False):
        log.warning("database unavailable: 503 for %s", request.path)
        response.status_code = 503
        response.reason_phrase = "Service Unavailable"
        response.content = page().encode()
        if response.has_header("Content-Length"):  # set by an inner middleware for the 500's
            response["Content-Length"] = str(len(response.content))
        response["Content-Type"] = "text/html; charset=utf-8"
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response["Cache-Control"] = "no-store"
    return response


@sync_and_async_middleware
def database_outage(get_response: Callable) -> Callable:
    """The outermost middleware: a 500 caused by an unreachable database becomes a 503."""
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            return _outage(request, await get_response(request))

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            return _outage(request, get_response(request))

    return middleware
