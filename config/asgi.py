"""ASGI entry point: HTTP through Django, WebSocket through Channels."""

from __future__ import annotations

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set up Django before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# The garbage collector, tuned for a server of live tables. Every open socket keeps its objects
# (about 45 KiB) and every table its latest state for the seconds between two moves; with
# CPython's default thresholds those states reach the oldest generation, whose full collections
# paused the event loop for 130-280 ms every few seconds at 500 tables. What exists once the site
# is set up is frozen out of the collections, and the young generations are collected less
# often, so a table's state is usually gone before it could be promoted (tests/bench/bench_live.py:
# p99 of a move 62 -> 34 ms at 500 tables).
gc.freeze()
gc.set_threshold(20_000, 50, 100)
