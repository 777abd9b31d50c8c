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


# -- the memory probe (tests/bench/bench_memory.py) ------------------------------------------------
#
# With BENCH_MEMORY_PROBE=1, `GET /_bench/memoria/` answers (on the event loop, so nothing else
# runs meanwhile) what this process holds: its RSS, glibc's heap (mallinfo2), the objects the
# garbage collector tracks by type, the per-channel state of the channel layer and the process's
# own registries; `?trim=1` first returns the heap's free memory to the system (malloc_trim(0));
# `?snapshot=PATH` writes a tracemalloc snapshot there when tracing (PYTHONTRACEMALLOC=N);
# `?quick=1` answers the registries alone (cheap: polled until the closes are all handled).
# Never part of the site: this module is the benchmark's application only.

if os.environ.get("BENCH_MEMORY_PROBE") == "1":
    import ctypes
    import gc
    import json
    import time
    import tracemalloc
    from collections import Counter
    from pathlib import Path
    from urllib.parse import parse_qs

    class _MallInfo2(ctypes.Structure):
        _fields_ = [
            (name, ctypes.c_size_t)
            for name in (
                "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                "uordblks", "fordblks", "keepcost",
            )
        ]  # fmt: skip

    _libc = ctypes.CDLL("libc.so.6")
    _libc.mallinfo2.restype = _MallInfo2
    _libc.malloc_trim.argtypes = [ctypes.c_size_t]

    def _rss_kib() -> int:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def _layer_state() -> dict:
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        state: dict = {"layer": type(layer).__name__}
        for name in ("queues", "groups", "receivers", "receive_buffer", "channels"):
            value = getattr(layer, name, None)
            if isinstance(value, dict):
                state[name] = len(value)
                if name == "groups":
                    state["group_members"] = sum(
                        len(m) for m in value.values() if isinstance(m, dict | set)
                    )
        return state

    def _pymalloc() -> dict:
        """Python's own allocator (sys._debugmallocstats, written to the C stderr): its arenas,
        taken from the system whole, and how much of them live objects use."""
        import re
        import sys
        import tempfile

        with tempfile.TemporaryFile(mode="w+") as out:
            sys.stderr.flush()
            saved = os.dup(2)
            try:
                os.dup2(out.fileno(), 2)
                sys._debugmallocstats()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            out.seek(0)
            text = out.read()
        found = {}
        for key, pattern in (
            ("arenas", r"# arenas allocated current\s*=\s*([\d,]+)"),
            ("arena_bytes", r"arenas \* \d+ bytes/arena\s*=\s*([\d,]+)"),
            ("used_bytes", r"# bytes in allocated blocks\s*=\s*([\d,]+)"),
            ("free_bytes", r"# bytes in available blocks\s*=\s*([\d,]+)"),
        ):
            match = re.search(pattern, text)
            found[key] = int(match.group(1).replace(",", "")) if match else 0
        return found

    def _probe(query: dict) -> dict:
        from games import presence, snapshots

        started = time.perf_counter()
        if query.get("quick"):  # the registries only: cheap enough to poll
            return {"rss_kib": _rss_kib(), "presence_here": len(presence._here), **_layer_state()}
        result: dict = {"rss_kib_before_trim": _rss_kib()}
        if query.get("trim"):
            gc.collect()
            result["trimmed"] = bool(_libc.malloc_trim(0))
        gc.collect()
        info = _libc.mallinfo2()
        objects = gc.get_objects()
        result.update(
            rss_kib=_rss_kib(),
            heap={name: getattr(info, name) for name, _ in _MallInfo2._fields_},
            pymalloc=_pymalloc(),
            gc_objects=len(objects),
            top_types=Counter(type(o).__qualname__ for o in objects).most_common(25),
            snapshots=len(snapshots._latest),
            renders=sum(len(c.renders) for c in list(snapshots._latest.values())),
            presence_here=len(presence._here),
            **_layer_state(),
        )
        del objects
        if tracemalloc.is_tracing():
            current, _peak = tracemalloc.get_traced_memory()
            result["traced_kib"] = current // 1024
            if query.get("snapshot"):
                tracemalloc.take_snapshot().dump(query["snapshot"])
        result["seconds"] = time.perf_counter() - started
        return result

    _bench_application = application

    async def application(scope, receive, send):  # the probe in front of the site
        if scope["type"] == "http" and scope["path"] == "/_bench/memoria/":
            query = {k: v[0] for k, v in parse_qs(scope["query_string"].decode()).items()}
            body = json.dumps(_probe(query)).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await _bench_application(scope, receive, send)
