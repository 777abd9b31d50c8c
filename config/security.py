"""The security headers Django 5.2 does not set: Content-Security-Policy and Permissions-Policy.

The policy allows the site's own files only: no inline script, style or handler anywhere, so an
injected tag or attribute runs nothing (htmx's inline indicator style and eval are turned off in
base.html's htmx-config; positions that were inline `style` attributes travel in data-vars and
are set through the CSSOM by js/vars.js). The JSON-LD of the guides is data, not script: a
script-src never applies to it. The WebSocket origin is also named, for browsers where 'self'
does not yet cover ws:/wss:.

Django 5.2's admin needs no relaxation: its pages carry no inline script or style
(tests/e2e/test_csp.py browses them under this policy).
"""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.utils.decorators import sync_and_async_middleware

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

# Features the site never uses are denied to it and to any frame; copying a replay's or an
# invitation's link writes to the clipboard, from the site's own pages only.
PERMISSIONS = {
    "accelerometer": "()",
    "autoplay": "()",
    "browsing-topics": "()",
    "camera": "()",
    "captured-surface-control": "()",
    "clipboard-read": "()",
    "clipboard-write": "(self)",
    "compute-pressure": "()",
    "display-capture": "()",
    "encrypted-media": "()",
    "fullscreen": "()",
    "gamepad": "()",
    "geolocation": "()",
    "gyroscope": "()",
    "hid": "()",
    "identity-credentials-get": "()",
    "idle-detection": "()",
    "interest-cohort": "()",
    "local-fonts": "()",
    "magnetometer": "()",
    "microphone": "()",
    "midi": "()",
    "otp-credentials": "()",
    "payment": "()",
    "picture-in-picture": "()",
    "publickey-credentials-create": "()",
    "publickey-credentials-get": "()",
    "screen-wake-lock": "()",
    "serial": "()",
    "speaker-selection": "()",
    "usb": "()",
    "window-management": "()",
    "xr-spatial-tracking": "()",
}
PERMISSIONS_POLICY = ", ".join(f"{name}={allow}" for name, allow in PERMISSIONS.items())


def content_security_policy(request: HttpRequest) -> str:
    policy = dict(POLICY)
    try:
        host = request.get_host()
    except DisallowedHost:
        host = ""  # the answer is already a 400: 'self' alone
    if host:
        scheme = "wss" if request.is_secure() else "ws"
        policy["connect-src"] += f" {scheme}://{host}"
    return "; ".join(f"{name} {value}" for name, value in policy.items())


def add_headers(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Both headers, on every answer that does not set its own."""
    if "Content-Security-Policy" not in response:
        response["Content-Security-Policy"] = content_security_policy(request)
    response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
    return response


@sync_and_async_middleware
def security_headers_middleware(get_response):
    # Both kinds, so that an async request under daphne does not cross to a thread here.
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            return add_headers(request, await get_response(request))

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            return add_headers(request, get_response(request))

    return middleware
