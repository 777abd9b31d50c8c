"""The site's 404 page in development too.

With DEBUG on, Django answers every 404 with its technical page, in English, and calls
`handler404` only with DEBUG off; someone trying the site with `make run` should meet the page a
player meets. Two cases reach a 404: no URL pattern matched (Django has already rendered its
technical page when the response comes back here) and a view raised Http404. A catch-all URL
pattern would cover the first only, and would stop CommonMiddleware from adding a missing slash,
since every path would then match. The technical 500 page stays: it is what a developer needs.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import MiddlewareNotUsed
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from config.views import page_not_found


class NotFoundPageMiddleware(MiddlewareMixin):
    """Last in MIDDLEWARE, so that CommonMiddleware still turns a 404 into a redirect to the
    address with its slash."""

    def __init__(self, get_response) -> None:
        if not settings.DEBUG:
            raise MiddlewareNotUsed("DEBUG is off: Django calls handler404 itself.")
        super().__init__(get_response)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, Http404):
            return page_not_found(request, exception)
        return None

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        # `resolver_match` is set once a URL pattern matched: without it, nothing did.
        if response.status_code == 404 and request.resolver_match is None:
            return page_not_found(request, Http404(request.path))
        return response
