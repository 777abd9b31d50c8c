"""ASGI entry for the live-tables benchmark (tests/bench/bench_live.py), never for the site.

The site's application exactly as config/asgi.py builds it, with two extra socket routes behind
the same origin check and session middleware as the tables:
- `/ws/eco/`: sends back every text frame it receives. The echo floor: the cost of daphne,
  Channels and the connection itself, with no database and no rendering per message.
- `/ws/nua/<table_id>/`: the bare loop (issue 30). Per move, the same durable work as the site's
  through the ORM on the same database (read the table row, check the version and the seat,
  update it under the version guard, insert one log row, commit), then a group send to the
  table's group and, to each socket, a fragment of about 300 bytes. What a plain Channels
  consumer spends on a move: the site's own cost is what it spends beyond this.

    daphne -b 127.0.0.1 -p 8001 tests.bench.live_asgi:application
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Sets Django up (as config/asgi.py does) before anything touches the models.
from config import asgi as site_asgi

django_asgi_app = site_asgi.django_asgi_app

import json  # noqa: E402

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.db import transaction  # noqa: E402
from django.urls import path  # noqa: E402

from games.models import Action, Seat, Table  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402


class EchoConsumer(AsyncWebsocketConsumer):
    """The floor: accept, then send back whatever arrives."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is not None:
            await self.send(text_data=text_data)
        elif bytes_data is not None:
            await self.send(bytes_data=bytes_data)


# A fragment of about 300 bytes: what the bare loop sends each socket after a move.
BARE_FRAGMENT = (
    '<span id="mesa-versao" data-version="{version}"></span>'
    '<div id="mesa-status" class="mesa-status" data-turn="{turn}" data-you="{seat}">'
    '<p class="mesa-status__text">Vez do lugar {turn}: a jogada {version} foi registrada.</p>'
    '<p class="mesa-status__hint">O laço nu grava, avisa o grupo e manda este pedaço.</p></div>'
)


class BareLoopConsumer(AsyncWebsocketConsumer):
    """The bare loop: the table's seated people take turns, seat `version % people` on turn
    (seats 0 to people - 1); anyone else at the table watches."""

    async def connect(self) -> None:
        self.table_id = self.scope["url_route"]["kwargs"]["table_id"]
        self.user_id = self.scope["user"].pk
        self.seat, self.people = await database_sync_to_async(self.seat_of)()
        if not self.people:
            await self.close(code=4003)
            return
        self.group = f"nua-{self.table_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        version = await database_sync_to_async(self.version_now)()
        await self.send(text_data=self.fragment(version))

    def seat_of(self) -> tuple[int | None, int]:
        """This person's seat (None: a spectator) and how many people sit at the table."""
        seats = Seat.objects.filter(table_id=self.table_id, user__isnull=False)
        by_user = dict(seats.values_list("user_id", "index"))
        return by_user.get(self.user_id), len(by_user)

    def version_now(self) -> int:
        return Table.objects.values_list("version", flat=True).get(pk=self.table_id)

    def fragment(self, version: int) -> str:
        return BARE_FRAGMENT.format(version=version, turn=version % self.people, seat=self.seat)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        frame = json.loads(text_data or "{}")
        version = await database_sync_to_async(self.move)(
            int(frame["version"]), frame["cid"], json.loads(frame["action"])
        )
        if version is None:
            await self.send(text_data='<div id="mesa-aviso">recusada</div>')
        else:
            await self.channel_layer.group_send(self.group, {"type": "moved", "version": version})

    def move(self, version: int, cid: str, action: dict) -> int | None:
        with transaction.atomic():
            status, now = Table.objects.values_list("status", "version").get(pk=self.table_id)
            on_turn = version % self.people == self.seat
            if status != Table.Status.PLAYING or now != version or not on_turn:
                return None
            guarded = Table.objects.filter(pk=self.table_id, version=version)
            if not guarded.update(version=version + 1):
                return None
            Action.objects.create(
                table_id=self.table_id,
                version=version + 1,
                seat=self.seat,
                user_id=self.user_id,
                action=action,
                cid=cid,
            )
        return version + 1

    async def moved(self, event: dict) -> None:
        await self.send(text_data=self.fragment(event["version"]))

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                URLRouter(
                    [
                        path("ws/eco/", EchoConsumer.as_asgi()),
                        path("ws/nua/<int:table_id>/", BareLoopConsumer.as_asgi()),
                        *websocket_urlpatterns,
                    ]
                )
            )
        ),
    }
)


# -- the render floor (tests/bench/bench_live.py, BENCH_RENDER_FLOOR=1) ---------------------
#
# With BENCH_RENDER_FLOOR=1 every table render is the protocol alone: the version, the status
# (whose turn, the viewer's seat), one form per playable action, the viewer's table commands and
# the result's way on. No game template, no presenter. Everything else is the site's own (the
# consumer, the render's cache per version and viewer, the services, the database, the channel
# layer, the diff of partials and the sends), so the bench's figures then say what the live loop
# costs without the games' rendering: where the time goes, and the floor under any speed-up of
# the templates. Never part of the site.

if os.environ.get("BENCH_RENDER_FLOOR") == "1":
    import json as _json
    from html import escape as _escape

    from games import rendering as _rendering
    from games import rules as _rules
    from games import table_actions, table_result, table_view
    from games.catalog import GAMES_BY_SLUG as _GAMES
    from games.partials import leaf as _leaf
    from games.services import ROBOT_FORBIDDEN as _FORBIDDEN

    def _field(name, value) -> str:
        return f'<input type="hidden" name="{name}" value="{_escape(str(value))}">'

    def _form(fields, disabled: bool = False) -> str:
        inputs = "".join(_field(name, value) for name, value in fields)
        return f"<form ws-send>{inputs}<button{' disabled' if disabled else ''}>.</button></form>"

    def _floor_parts(copy, seat, signed_in, team, viewer_id) -> tuple:
        game = _rules.get(copy.game)
        names = [table_view.seat_name(s) for s in copy.seats]
        movers = game.to_act(copy.state) if copy.playing else []
        mine = copy.seats[seat] if seat is not None else None
        your_turn = seat in movers and mine is not None and not mine.played_by_robot
        people = " ".join(str(i) for i in movers if copy.seats[i].user_id is not None)
        over = "" if copy.is_open else " mesa-status--over"
        you = f' data-you="{seat}"' if seat is not None else ""
        plays = ""
        if your_turn:
            legal = game.legal_actions(copy.state, seat)
            plays = "".join(
                _form([("action", _json.dumps(a, separators=(",", ":")))])
                for a in legal
                if a["type"] not in _FORBIDDEN
            )
        mode = _GAMES[copy.game].mode(copy.mode)
        actions, _hint = table_actions.viewer_actions(
            copy, seat, mode, signed_in, team, names, viewer_id
        )
        commands = "".join(_form(a.fields, a.disabled) for a in actions if a.fields)
        after = ""
        result = table_result.result(copy, seat, names)
        if result is not None and result.can_replay:
            after = _form([("cmd", "replay")])
        if result is not None and result.next_table:
            after += f'<a href="/mesa/{result.next_table}/">.</a>'
        return tuple(
            _leaf(part_id, html)
            for part_id, html in (
                ("mesa-versao", f'<span id="mesa-versao" data-version="{copy.version}"></span>'),
                (
                    "mesa-status",
                    f'<div id="mesa-status" class="mesa-status{over}"'
                    f' data-turn="{people}"{you}></div>',
                ),
                ("mesa-aviso", '<div id="mesa-aviso"></div>'),
                ("mesa-jogo", f'<div id="mesa-jogo">{plays}</div>'),
                ("mesa-acoes", f'<div id="mesa-acoes">{commands}</div>'),
                ("mesa-resultado", f'<div id="mesa-resultado">{after}</div>'),
            )
        )

    def _floor_render(copy, seat, *, signed_in, team, viewer_id):
        return _rendering.Render(_floor_parts(copy, seat, signed_in, team, viewer_id))

    # Only the work is swapped: the cache per version and viewer stays `table_render`'s own.
    _rendering.fresh_render = _floor_render


# -- the memory probe (tests/bench/memory/probe.py) ------------------------------------------------
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
