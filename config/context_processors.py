"""What every page's header needs beside the user."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

ACCOUNT_PAGES = "/conta/"


def back_to(request: HttpRequest) -> dict[str, str]:
    """The page the header's "Entrar" and "Criar conta" bring a visitor back to: this one, or on
    the account pages the one they were already going back to, so an invitation survives a
    detour from the login page to the sign-up page."""
    if request.user.is_authenticated:
        return {"back_to": ""}
    wanted = request.GET.get("next", "")
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return {"back_to": wanted}
    if request.path.startswith(ACCOUNT_PAGES) or request.path == "/":
        return {"back_to": ""}
    return {"back_to": request.get_full_path()}
