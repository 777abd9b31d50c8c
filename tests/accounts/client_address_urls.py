"""The site's URLs and /_client/, which tells which client and scheme Django was handed, and by
which process (for tests/accounts/client_address_site.py)."""

from __future__ import annotations

import os

from allauth.account.adapter import get_adapter
from django.http import JsonResponse
from django.urls import include, path


def client(request):
    return JsonResponse(
        {
            "remote_addr": request.META.get("REMOTE_ADDR"),
            "allauth_ip": get_adapter(request).get_client_ip(request),
            "secure": request.is_secure(),
            "process": os.getpid(),
        }
    )


urlpatterns = [path("_client/", client), path("", include("config.urls"))]
