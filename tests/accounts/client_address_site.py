"""Settings and URLs of the daphne that tests/accounts/test_client_address.py starts: the site's
own stack with one more page, /_client/, that tells which client and scheme Django was handed."""

from __future__ import annotations

from django.http import JsonResponse
from django.urls import path

from tests.settings import *  # noqa: F403

ROOT_URLCONF = __name__
# Only daphne may tell the address and the scheme here: allauth falls back to REMOTE_ADDR and
# Django reads the scheme from the ASGI scope instead of X-Forwarded-Proto.
ALLAUTH_TRUSTED_PROXY_COUNT = 0
SECURE_PROXY_SSL_HEADER = None


def client(request):
    from allauth.account.adapter import get_adapter

    return JsonResponse(
        {
            "remote_addr": request.META.get("REMOTE_ADDR"),
            "allauth_ip": get_adapter(request).get_client_ip(request),
            "secure": request.is_secure(),
        }
    )


urlpatterns = [path("_client/", client)]
