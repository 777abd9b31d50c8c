"""WebSocket routes: a table's socket; any other /ws/ path is refused at the handshake."""

from __future__ import annotations

from django.urls import path, re_path

from games.consumers import TableConsumer, UnknownSocket

websocket_urlpatterns = [
    path("ws/mesa/<int:table_id>/", TableConsumer.as_asgi()),
    re_path(r"^", UnknownSocket.as_asgi()),
]
