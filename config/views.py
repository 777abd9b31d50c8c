"""Site pages that belong to no app: home, terms, about and the error pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static

from games.catalog import GAMES


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html", {"games": GAMES})


def favicon(request: HttpRequest) -> HttpResponse:
    # Browsers ask for /favicon.ico whatever the page says; the static name is hashed in production.
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return render(request, "404.html", status=404)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # Without the request context: a disallowed Host raises again in the header's processor.
    return render(None, "400.html", status=400)


def server_error(request: HttpRequest) -> HttpResponse:
    # Rendered without the request context: the error may have come from a context processor.
    return render(None, "500.html", status=500)


def too_many_requests(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "429.html", status=429)
