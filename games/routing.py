"""WebSocket routes. The live table consumer is added here by the live-tables work (issue #6)."""

from __future__ import annotations

from django.urls import URLPattern

websocket_urlpatterns: list[URLPattern] = []
