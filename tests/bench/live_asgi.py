"""ASGI entry for the live-tables benchmark (tests/bench/bench_live.py), never for the site.

The site's application exactly as config/asgi.py builds it, with one extra socket route,
`/ws/eco/`: a bare consumer that sends back every text frame it receives. It sits behind the same
origin check and session middleware as the tables, so the benchmark's "floor" is the cost of
daphne, Channels and the connection itself, with no database and no rendering per message.

    daphne -b 127.0.0.1 -p 8001 tests.bench.live_asgi:application
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Sets Django up (as config/asgi.py does) before anything touches the models.
from config import asgi as site_asgi

django_asgi_app = site_asgi.django_asgi_app

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):
    """The floor: accept, then send back whatever arrives."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            await self.send(text_data=text_data)
        elif bytes_data is not None:
            await self.send(bytes_data=bytes_data)


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter([path("ws/eco/", EchoConsumer.as_asgi()), *websocket_urlpatterns])
            )
        ),
    }
)
