"""A client address that cannot be read is a bad request (400), answered before any view.

Behind nginx (TRUSTED_PROXY_COUNT > 0) allauth reads the client's address from X-Forwarded-For
for its rate limits, and a header it cannot read makes it refuse the request with a 403 and a
traceback in the log; a count larger than the header's entries is a 500. This middleware asks
allauth's own adapter for the address, so what passes here is exactly what allauth accepts, and
turns a failure into Django's SuspiciousOperation: the site's 400 page and one line on the
`django.security.UnreadableForwardedFor` logger (config/logs.py keeps it to one line).
"""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, PermissionDenied, SuspiciousOperation
from django.http import HttpRequest
from django.utils.decorators import sync_and_async_middleware

SHOWN = 100  # characters of the header quoted in the log


class UnreadableForwardedFor(SuspiciousOperation):
    pass


def check_client_address(request: HttpRequest) -> None:
    if settings.ALLAUTH_TRUSTED_PROXY_COUNT <= 0:
        return  # nobody reads the header
    # Without the header allauth takes REMOTE_ADDR, which the server set (none over a Unix
    # socket): nothing the client wrote.
    header = request.headers.get("x-forwarded-for")
    if header is None:
        return
    try:
        get_adapter(request).get_client_ip(request)
    except (PermissionDenied, ImproperlyConfigured):
        # repr() escapes line breaks: the client's text cannot forge a log line.
        raise UnreadableForwardedFor(
            f"Unreadable X-Forwarded-For header: {header[:SHOWN]!r}"
            f" (REMOTE_ADDR {request.META.get('REMOTE_ADDR', '')[:SHOWN]!r},"
            f" TRUSTED_PROXY_COUNT {settings.ALLAUTH_TRUSTED_PROXY_COUNT})"
        ) from None


@sync_and_async_middleware
def forwarded_for_middleware(get_response):
    # Both kinds, so that an async request under daphne does not cross to a thread here.
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest):
            check_client_address(request)
            return await get_response(request)

    else:

        def middleware(request: HttpRequest):
            check_client_address(request)
            return get_response(request)

    return middleware
