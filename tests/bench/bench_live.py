"""Live tables benchmark (`make bench`, issue #6): Bozó duels, Dominó, Dozito and Yam's tables, on
the real socket.

A real daphne process serves tests/bench/live_asgi.py (the site's application plus a bare echo
route, `/ws/eco/`) on a fresh database, production-like (started as in production with
`python -m config.serve`, daphne on uvloop; DEBUG off; the sweeper off so no timer plays). This
pytest process is the load client: it logs every player in with their own session cookie and
speaks to `/ws/mesa/<id>/` exactly as the page does: JSON frames like htmx's ws extension sends
them (`action`, `version`, `cid`, `HEADERS`), HTML fragments back.

The client keeps a model of the page, like htmx does: every frame is a sequence of top-level
elements each with an id; one replaces the element of that id and its whole subtree wherever it
is (or is added at the top when unknown), `hx-swap-oob="beforeend"` appends its children instead,
`hx-swap-oob="afterend:#ID"` (a wrapper without id) puts them after that element, and
`hx-swap-oob="delete"` removes it. A frame may carry only a few partials; the model keeps the
rest. From the model the client reads the version (`data-version` of #mesa-versao, or of
#mesa-status in the first protocol), its own seat
(`data-you` of #mesa-status, or of `<div id="mesa-eu" hidden>` in the first protocol, whose
renders every socket shared), the seats on turn (`data-turn`), its legal actions (the `action`
inputs, when its seat is on turn), the table commands (`cmd` inputs, "start" only when its button
is enabled), the notice (#mesa-aviso) and the next table (a link in #mesa-resultado). It speaks
both protocols: the first (#mesa-eu in the first frame: every socket receives the whole render)
and the second (only what changed, only the viewer's own controls; the client acknowledges what it
has read with `{"ack": <characters received>}` every ACK_EVERY characters, and the server closes
a socket whose unacknowledged output passes a cap).

Scenarios, each on a fresh daphne with the echo floor driven by the same client code over as many
sockets, with as many messages in flight, in the same run; each on every backend:
- capacity: N duel tables (N = 50 and 200), both players random and as fast as the server
  answers (closed loop): moves per second, beside echo messages per second and beside the bare
  loop (live_asgi.py's `/ws/nua/`: a Channels consumer doing the same durable work per move on
  as many duels of its own), the table's figures also as ratios of the bare loop's;
- human pace: 500 tables, each player moving about two seconds after its turn comes: the round
  trip of a move (command sent -> view with the new version received), p50/p95/p99, beside the
  echo's at the same pace;
- in each: daphne's CPU and the client's per move, the bytes every table socket received per
  move (UTF-8), the server's memory per open socket (daphne's RSS), table sockets and echo
  sockets.
- Dominó (duplas, four seats, bucho dobrado), beside the Bozó figures of the same run:
  - capacity: N tables, four people's sockets each, closed loop, plus S spectator sockets per
    table (the sweeper off, as for Bozó): moves per second, daphne's CPU per move, the bytes
    received per move per socket, players' and spectators' apart;
  - with robots: tables whose seats 1 and 3 are fast robots (`fast_robots`, the sweeper on so
    their timers play), people in seats 0 and 2 at human pace (BENCH_LIVE_THINK) and one
    spectator each: the people's round trips, the moves per second with the robots' (counted in
    the Action log over the window), daphne's CPU per move (every move, the robots' too).
- Dozito (mode "mesa", 1 round) and Yam's (mode "mesa", 3 columns), beside the others: capacity,
  N tables of three people's sockets each, closed loop, plus S spectator sockets per table, the
  same figures as Dominó's capacity (moves per second, daphne's CPU per move, the bytes per move
  per socket, players' and spectators' apart, the round trips); and Yam's solo training (mode
  "solo", 3 columns, private: one socket a table, no spectator), closed loop.
  The client reads only the protocol (#mesa-versao, #mesa-status's data-you and data-turn, the
  `action` and `cmd` fields of the ws-send buttons and forms), never a game's own markup; spectators
  are sockets of people not seated, following the table to "Jogar de novo"'s new one.
Finished games go on with "Jogar de novo" and "Começar", as the page does. "As fast as the server
answers" stays within the server's message budget per socket (a burst, then a few a second, as a
person's page): a socket with a table to itself (solo training, a run of few tables) is paced,
and the steps so put off are counted.

Backends: the embedded default (a SQLite file, the in-memory channel layer) and PostgreSQL +
Redis: DATABASE_URL and REDIS_URL when both are set, else throwaway servers started here
(tests/servers.py). Without PostgreSQL or Redis on the machine that part is not measured (and the
run fails under CI=true).

Timings are printed, never asserted. What is asserted is correctness: no error, no refused or lost
move, every acknowledged move in the Action log with its cid and the version acknowledged, no move
in the log with a cid that was not acknowledged, each table's log versions strictly increasing and
not above the table's version, and each acknowledgement already committed when it arrives (the
Action row is read from the database at the moment the view arrives). At a Dominó, Dozito or
Yam's table, besides:
every move of a robot's seat in the log with user None and no cid, every move of a person's seat
with that person and a cid (no robot played for a person), robots' moves in the log when the
table has robots, and a spectator never shown a turn of its own.

Environment (durations in seconds):
    BENCH_LIVE_TABLES=50,200   capacity table counts      BENCH_LIVE_SECONDS=10   measured window
    BENCH_LIVE_WARMUP=3        before each window         BENCH_LIVE_HUMAN_TABLES=500
    BENCH_LIVE_HUMAN_SECONDS=30  BENCH_LIVE_HUMAN_WARMUP=5  BENCH_LIVE_THINK=2 (human pace)
    BENCH_LIVE_DOMINO_TABLES=50  Dominó capacity table counts (0: none)
    BENCH_LIVE_DOMINO_SPECTATORS=2  spectator sockets per Dominó capacity table
    BENCH_LIVE_DOMINO_ROBOT_TABLES=50  Dominó tables with two robots (0: none)
    BENCH_LIVE_DOMINO_ROBOT_SECONDS=20  BENCH_LIVE_DOMINO_ROBOT_WARMUP=5
    BENCH_LIVE_DOZITO_TABLES=50  Dozito capacity table counts (0: none)
    BENCH_LIVE_DOZITO_SPECTATORS=1  spectator sockets per Dozito table
    BENCH_LIVE_YAMS_TABLES=50  Yam's capacity table counts, three people each (0: none)
    BENCH_LIVE_YAMS_SPECTATORS=1  spectator sockets per Yam's table
    BENCH_LIVE_CROWD=1000      spectators at one Bozó duel played at human pace (0: none)
    BENCH_LIVE_YAMS_SOLO_TABLES=50  Yam's solo training tables, one socket each (0: none)
    BENCH_LIVE_ACK_TIMEOUT=60  a move unanswered this long is lost
    BENCH_LIVE_SEED=2026       the clients' choices (the dice are the server's)
    BENCH_LIVE_KEEP=1          keep the temporary directory (database, daphne's logs)
    BENCH_RENDER_FLOOR=1       daphne renders the protocol alone, no game template nor presenter
                               (tests/bench/live_asgi.py): what the live loop costs without the
                               games' rendering
    BENCH_LIVE_BACKENDS=embedded,postgres   which backends to measure
    BENCH_LIVE_REPO=/path      serve (migrate, set up) from that checkout: this client measures
                               another commit, e.g. a `git worktree` of the baseline
    BENCH_LIVE_SAVE=file.json  write the figures there
    BENCH_LIVE_COMPARE=file.json  a saved run (the baseline): its figures beside these, and the
                               bytes-per-move target computed from them
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import json
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests import servers

REPO = Path(__file__).resolve().parents[2]


def _env_float(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


CAPACITY_TABLES = [
    int(n) for n in os.environ.get("BENCH_LIVE_TABLES", "50,200").split(",") if n.strip()
]
SECONDS = _env_float("BENCH_LIVE_SECONDS", 10)
WARMUP = _env_float("BENCH_LIVE_WARMUP", 3)
HUMAN_TABLES = int(_env_float("BENCH_LIVE_HUMAN_TABLES", 500))
HUMAN_SECONDS = _env_float("BENCH_LIVE_HUMAN_SECONDS", 30)
HUMAN_WARMUP = _env_float("BENCH_LIVE_HUMAN_WARMUP", 5)
THINK = _env_float("BENCH_LIVE_THINK", 2.0)
ACK_TIMEOUT = _env_float("BENCH_LIVE_ACK_TIMEOUT", 60)
DOMINO_TABLES = [
    int(n)
    for n in os.environ.get("BENCH_LIVE_DOMINO_TABLES", "50").split(",")
    if n.strip() and int(n)
]
DOMINO_SPECTATORS = int(_env_float("BENCH_LIVE_DOMINO_SPECTATORS", 2))
DOMINO_ROBOT_TABLES = int(_env_float("BENCH_LIVE_DOMINO_ROBOT_TABLES", 50))
DOMINO_ROBOT_SECONDS = _env_float("BENCH_LIVE_DOMINO_ROBOT_SECONDS", 20)
DOMINO_ROBOT_WARMUP = _env_float("BENCH_LIVE_DOMINO_ROBOT_WARMUP", 5)
DOMINO_OPTIONS = {"bucho_lado": "dobrado"}
DOMINO_ROBOT_SPECTATORS = 1  # per table with robots
DOMINO_ROBOT_SEATS = (1, 3)  # the people sit at 0 and 2 (Jade), the robots are Âmbar


def _env_tables(name: str, default: str) -> list[int]:
    return [int(n) for n in os.environ.get(name, default).split(",") if n.strip() and int(n)]


DOZITO_TABLES = _env_tables("BENCH_LIVE_DOZITO_TABLES", "50")
DOZITO_SPECTATORS = int(_env_float("BENCH_LIVE_DOZITO_SPECTATORS", 1))
YAMS_TABLES = _env_tables("BENCH_LIVE_YAMS_TABLES", "50")
YAMS_SPECTATORS = int(_env_float("BENCH_LIVE_YAMS_SPECTATORS", 1))
CROWD = int(_env_float("BENCH_LIVE_CROWD", 1000))
YAMS_SOLO_TABLES = _env_tables("BENCH_LIVE_YAMS_SOLO_TABLES", "50")


@dataclass(frozen=True)
class TableKind:
    """A game's tables as a scenario opens them: the game and mode, the people seated (the mode
    drops its free seats at the start), the options. `key` names its scenarios in the saved
    figures; `op` is the set-up's (see _setup_main)."""

    key: str
    title: str  # printed
    game: str
    mode: str
    seats: int
    options: dict[str, Any]
    seed: int  # added to BENCH_LIVE_SEED and the table count: the clients' choices
    op: str = "group"


DOMINO = TableKind("domino", "Dominó", "domino", "duplas", 4, DOMINO_OPTIONS, 7919, op="domino")
DOZITO = TableKind("dozito", "Dozito", "dozito", "mesa", 3, {"rounds": 1}, 7927)
YAMS = TableKind("yams", "Yam's", "yams", "mesa", 3, {"columns": 3}, 7933)
YAMS_SOLO = TableKind("yams-solo", "Yam's solo", "yams", "solo", 1, {"columns": 3}, 7937)
BOZO = TableKind("bozo-crowd", "Bozó", "bozo", "duelo", 2, {}, 7941)
SEED = int(_env_float("BENCH_LIVE_SEED", 2026))
BACKENDS = [
    b.strip()
    for b in os.environ.get("BENCH_LIVE_BACKENDS", "embedded,postgres").split(",")
    if b.strip()
]
SERVER_REPO = Path(os.environ.get("BENCH_LIVE_REPO", "").strip() or REPO).resolve()
SAVE_PATH = os.environ.get("BENCH_LIVE_SAVE", "").strip()
COMPARE_PATH = os.environ.get("BENCH_LIVE_COMPARE", "").strip()
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
RENDER_FLOOR = os.environ.get("BENCH_RENDER_FLOOR") == "1"  # tests/bench/live_asgi.py
CONNECT_AT_ONCE = 32  # handshakes in flight (daphne drops a handshake not accepted in 5 s)
# The server lets each socket send a burst of messages, then a few a second, and refuses (then
# drops) what passes that (games/consumers.py: 60, then 15 a second). A player of a closed loop
# with a table to itself (solo training, a run of few tables) would pass it and measure the
# limit, not the table; so each socket keeps under it, with a margin, as a person's page does.
SOCKET_BURST, SOCKET_PER_SECOND = 30, 12.0
ACK_EVERY = 32768  # characters read between two acknowledgements (second protocol)

BACKEND_NAMES = {
    "embedded": "SQLite + in-memory channel layer",
    "postgres": "PostgreSQL + Redis",
}
for _name in BACKENDS:
    if _name not in BACKEND_NAMES:
        raise RuntimeError(f"BENCH_LIVE_BACKENDS: unknown backend {_name!r} (embedded, postgres)")

# Targets, printed beside the figures (never asserted).
TARGET_MOVES_PER_SECOND = 500  # capacity, every backend
TARGET_HUMAN_P95_MS = 25  # human pace; PostgreSQL + Redis above all
TARGET_HUMAN_P99_MS = 60  # human pace, PostgreSQL + Redis
TARGET_CPU_MS_PER_MOVE = 1.5  # daphne, 50 tables, PostgreSQL + Redis
TARGET_BYTES_FRACTION = 0.25  # bytes per move: at most a quarter of the baseline commit's
BUSY_MACHINE_PERCENT = 25  # the rest of the machine above this in a window: a warning

# Action types a random player never picks: they end the game or need two idle minutes.
NOT_PLAYED = frozenset({"leave", "claim_inactivity"})
NEXT_TABLE_RE = re.compile(r"^/mesa/(\d+)/$")


# -- the page, as the client reads it -------------------------------------------------------------
#
# Frames are parsed with html.parser, which costs about 7 µs a tag in CPython: a whole render of
# the first protocol (some 350 tags, 13 kB) would cost the client more CPU than the server spends
# on the move, on a machine where both share two cores. So, with the model exactly the same:
# - a frame is cut into its top-level elements (from a start tag to the end tag that closes it,
#   counting the tags of that name only), and each element's text is parsed once and its tree
#   shared, never changed, by every socket that receives the same text (both seats of a shared
#   render, an empty notice, a partial that did not change);
# - before the parse, the tags of every name that no element of that text has with an id and that
#   the client does not read (the dice's pips, the score card's cells) are left out: removing
#   every tag of a name keeps the rest nested as it was, so no element with an id, no owner of a
#   field and no text changes.
# What the cut cannot follow (a comment, a script, tags that do not nest) is parsed whole.

VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr"}
)
ITEM_TAGS = frozenset({"input", "button", "a"})
READ_TAGS = ITEM_TAGS | {"form", "p", "select", "textarea"}  # never left out
TAG_SCAN_RE = re.compile(r"<(/?)([a-zA-Z][^\s/>]*)([^>]*)>")
TAG_NAME_RE = re.compile(r"<([a-zA-Z][^\s/>]*)")
ID_ATTR_RE = re.compile(r"id\s*=")
SENDING_BUTTON_RE = re.compile(r"<button\b[^>]*\sws-send\b")  # a button that sends its field
UNSCANNED_RE = re.compile(r"<!|<\?|<script|<style|<textarea|<title", re.I)
PARSED_CACHE_SIZE = 4096
_parsed: dict[str, tuple[tuple[Node, ...], int]] = {}
_unread_patterns: dict[frozenset[str], re.Pattern] = {}
_same_name_patterns: dict[str, re.Pattern] = {}
PARSE_COUNTS = {"frames": 0, "elements": 0, "parsed": 0, "whole": 0}  # per scenario
_form_ids = itertools.count(1)


@dataclass(eq=False)
class Item:
    """What the client reads inside an element with an id: a field, a button, a link, a
    notice's paragraph. `form` numbers the form it sits in (0: none); `action` is the value of
    an `action` field, read from its JSON."""

    tag: str  # input | button | a | message
    attrs: dict[str, str]
    form: int
    text: str = ""
    action: dict[str, Any] | None = None


@dataclass(eq=False)
class Node:
    """An element with an id as parsed (never changed afterwards: it may be shared by several
    pages): its own items, and its children with an id, wherever they sit below it (what has no
    id belongs to the innermost ancestor that has one)."""

    id: str
    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)


class FragmentParser(HTMLParser):
    """One frame (or one of its top-level elements): its top-level elements with an id, each a
    tree of Nodes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tops: list[Node] = []
        self.stray = 0  # top-level elements without an id (htmx finds no target: ignored)
        self.open: list[tuple[str, Node | None, int, Item | None]] = []
        self.owners: list[Node] = []
        self.forms: list[int] = []
        self.message: Item | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, void=tag in VOID_TAGS)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, void=True)

    def _start(self, tag: str, pairs: list[tuple[str, str | None]], void: bool) -> None:
        attrs = {k: "" if v is None else v for k, v in pairs}
        owner = self.owners[-1] if self.owners else None
        node = None
        if "id" in attrs or (not self.open and ":" in attrs.get("hx-swap-oob", "")):
            node = Node(attrs.get("id", ""), tag, attrs)  # no id: a wrapper swapped by selector
            if owner is not None:
                owner.children.append(node)
            elif not self.open:
                self.tops.append(node)
            else:
                node = None  # inside a top-level element without an id: never swapped
        elif not self.open:
            self.stray += 1
        holder = node or owner
        form = self.forms[-1] if self.forms else 0
        if tag in ITEM_TAGS and holder is not None:
            item = Item(tag, attrs, form)
            if tag in ("input", "button") and attrs.get("name") == "action":
                item.action = json.loads(attrs.get("value", ""))
            holder.items.append(item)
        if void:
            return
        message = None
        if tag == "p" and holder is not None and "message" in attrs.get("class", "").split():
            message = Item("message", attrs, form)
            holder.items.append(message)
            self.message = message
        opened_form = 0
        if tag == "form":
            opened_form = next(_form_ids)
            self.forms.append(opened_form)
        if node is not None:
            self.owners.append(node)
        self.open.append((tag, node, opened_form, message))

    def handle_endtag(self, tag: str) -> None:
        if not any(entry[0] == tag for entry in self.open):
            return  # a stray end tag
        while self.open:
            opened, node, form, message = self.open.pop()
            if node is not None:
                self.owners.pop()
            if form:
                self.forms.pop()
            if message is not None:
                self.message = None
            if opened == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.message is not None:
            self.message.text += data


def _parse(text: str) -> tuple[tuple[Node, ...], int]:
    parser = FragmentParser()
    parser.feed(text)
    parser.close()
    return tuple(parser.tops), parser.stray


def _id_tag_names(text: str, low: str) -> set[str]:
    """The names of the tags that have an id in `text` (`low`: the same, lowercased); a few
    more at worst: an " id=" in a text or a value counts too."""
    names = set()
    for match in ID_ATTR_RE.finditer(low):
        at = match.start()
        if at and low[at - 1].isspace():
            found = TAG_NAME_RE.match(low, low.rfind("<", 0, at))
            if found:
                names.add(found.group(1))
    return names


def _without_unread(text: str) -> str:
    """`text` without the tags (start and end) of every name that no element in it has with an
    id and that the client does not read: removing every tag of a name leaves the rest nested
    as it was, so no element with an id, no owner of a field and no text changes. Forms and
    buttons are read only for a disabled button (the start command's) or a button that sends a
    field itself (`<button ... ws-send`), so they go too where there is neither."""
    low = text.lower()
    if len(low) != len(text):  # lowercasing moved the offsets (rare letters): no shortcut
        return text
    sends = "disabled" in low or SENDING_BUTTON_RE.search(low) is not None
    read = READ_TAGS if sends else READ_TAGS - {"form", "button"}
    keep = read | _id_tag_names(text, low)
    drop = {name for name in set(TAG_NAME_RE.findall(text)) if name.lower() not in keep}
    if not drop:
        return text
    key = frozenset(drop)
    pattern = _unread_patterns.get(key)
    if pattern is None:
        names_re = "|".join(re.escape(name) for name in sorted(drop))
        pattern = _unread_patterns[key] = re.compile(rf"</?(?:{names_re})(?=[\s/>])[^>]*>")
    return pattern.sub("", text)


def _same_name(name: str) -> re.Pattern:
    pattern = _same_name_patterns.get(name)
    if pattern is None:
        pattern = _same_name_patterns[name] = re.compile(
            rf"<(/?){re.escape(name)}(?=[\s/>])([^>]*)>"
        )
    return pattern


def _top_level(text: str) -> list[str] | None:
    """The text of each top-level element: from its start tag to the end tag that closes it,
    counting only the tags of its name in between. None when that cannot follow the frame (then
    it is parsed whole)."""
    elements: list[str] = []
    at = 0
    while (start := text.find("<", at)) >= 0:
        tag = TAG_SCAN_RE.match(text, start)
        if tag is None or tag.group(1):
            return None
        name, rest = tag.group(2), tag.group(3)
        if name.lower() in VOID_TAGS or rest.endswith("/"):
            elements.append(tag.group(0))
            at = tag.end()
            continue
        depth = 1
        for inner in _same_name(name).finditer(text, tag.end()):
            if inner.group(1):
                depth -= 1
                if depth == 0:
                    at = inner.end()
                    break
            elif not inner.group(2).endswith("/"):
                depth += 1
        else:
            return None
        elements.append(text[start:at])
    return elements


def _parsed_element(source: str) -> tuple[tuple[Node, ...], int]:
    """One top-level element, parsed once for every socket that receives the same text."""
    PARSE_COUNTS["elements"] += 1
    found = _parsed.get(source)
    if found is None:
        PARSE_COUNTS["parsed"] += 1
        found = _parse(_without_unread(source))
        if len(_parsed) >= PARSED_CACHE_SIZE:
            del _parsed[next(iter(_parsed))]  # the oldest
        _parsed[source] = found
    return found


def parse_frame(text: str) -> tuple[list[Node], int]:
    """A frame's top-level elements with an id, and how many had none."""
    PARSE_COUNTS["frames"] += 1
    elements = None if UNSCANNED_RE.search(text) else _top_level(text)
    if elements is None:
        PARSE_COUNTS["whole"] += 1
        tops, stray = _parse(text)
        return list(tops), stray
    tops: list[Node] = []
    stray = 0
    for source in elements:
        found, strays = _parsed_element(source)
        tops += found
        stray += strays
    return tops, stray


@dataclass
class View:
    version: int
    your_turn: bool
    over: bool
    actions: list[dict[str, Any]]
    commands: set[str]
    start_enabled: bool
    notice: tuple[str, str] | None  # (kind, words) when this frame brought #mesa-aviso
    next_table: int | None


class Page:
    """The model of one socket's page: every element with an id, as the frames left them. The
    parsed Nodes are shared, so the tree's shape lives here: each id's node, parent, children
    and items."""

    def __init__(self) -> None:
        self.tops: list[str] = []
        self.node: dict[str, Node] = {}
        self.parent: dict[str, str | None] = {}
        self.kids: dict[str, list[str]] = {}
        self.items: dict[str, list[Item]] = {}
        self.problems: list[str] = []

    def __contains__(self, element_id: str) -> bool:
        return element_id in self.node

    def _add(self, node: Node, parent: str | None, touched: set[str]) -> None:
        if node.id in self.node:  # the same id elsewhere: the newest wins
            self._remove(node.id)
        self.node[node.id] = node
        self.parent[node.id] = parent
        self.kids[node.id] = [child.id for child in node.children]
        self.items[node.id] = node.items  # shared until changed (see _own_items)
        touched.add(node.id)
        for child in node.children:
            self._add(child, node.id, touched)

    def _drop(self, element_id: str) -> None:
        """Forget an element and its subtree (its place in its parent stays to the caller)."""
        for child in self.kids.pop(element_id, []):
            self._drop(child)
        self.node.pop(element_id, None)
        self.parent.pop(element_id, None)
        self.items.pop(element_id, None)

    def _remove(self, element_id: str) -> None:
        parent = self.parent.get(element_id)
        siblings = self.kids[parent] if parent is not None else self.tops
        siblings.remove(element_id)
        self._drop(element_id)

    def _own_items(self, element_id: str) -> list[Item]:
        items = list(self.items[element_id])
        self.items[element_id] = items
        return items

    def walk(self, element_id: str):
        yield element_id
        for child in self.kids.get(element_id, ()):
            yield from self.walk(child)

    def apply(self, text: str) -> set[str]:
        """Swap a frame in; the ids it brought or changed."""
        elements, stray = parse_frame(text)
        if stray:
            self.problems.append(f"{stray} elemento(s) de topo sem id")
        touched: set[str] = set()
        for element in elements:
            swap = element.attrs.get("hx-swap-oob") or "true"
            mode, _, selector = swap.partition(":")
            mode = mode.strip()
            target = selector.strip().removeprefix("#") if selector.strip() else element.id
            known = target in self.node
            if mode == "delete":
                if known:
                    self._remove(target)
                    touched.add(target)
                continue
            if mode == "afterend" and known and element.children:
                parent = self.parent[target]
                siblings = self.kids[parent] if parent is not None else self.tops
                at = siblings.index(target) + 1
                siblings[at:at] = [child.id for child in element.children]
                if parent is not None:
                    self.items[parent] = self._own_items(parent) + element.items
                for child in element.children:
                    self._add(child, parent, touched)
                continue
            if mode not in ("true", "outerHTML", "innerHTML", "beforeend", "afterbegin"):
                self.problems.append(f"hx-swap-oob={swap!r} não suportado")
                continue
            if not known:
                self.tops.append(element.id)
                self._add(element, None, touched)
                continue
            if mode in ("true", "outerHTML"):
                if element.id != target and element.id in self.node:
                    self._remove(element.id)
                parent = self.parent[target]
                siblings = self.kids[parent] if parent is not None else self.tops
                siblings[siblings.index(target)] = element.id
                self._drop(target)
                self._add(element, parent, touched)
                continue
            if mode == "innerHTML":
                for child in self.kids[target]:
                    self._drop(child)
                self.kids[target], self.items[target] = [], []
            for child in element.children:
                if child.id in self.node:
                    self._remove(child.id)
            kids, items = self.kids[target], self._own_items(target)
            new_kids = [child.id for child in element.children]
            if mode == "afterbegin":
                kids[:0], items[:0] = new_kids, element.items
            else:
                kids += new_kids
                items += element.items
            touched.add(target)
            for child in element.children:
                self._add(child, target, touched)
        return touched

    def read(self, touched: set[str]) -> View | None:
        status = self.node.get("mesa-status")
        if status is None:
            return None
        # The version: on its own partial (#mesa-versao) or, in the first protocol, on the status.
        shown = self.node.get("mesa-versao", status)
        try:
            version = int(shown.attrs["data-version"])
        except (KeyError, ValueError):
            return None
        marker = self.node.get("mesa-eu")  # first protocol: the seat beside a shared render
        you = (marker if marker is not None else status).attrs.get("data-you")
        your_turn = you is not None and you in status.attrs.get("data-turn", "").split()
        actions: list[dict[str, Any]] = []
        commands: set[str] = set()
        start_forms: set[int] = set()
        disabled_forms: set[int] = set()
        for items in self.items.values():
            for item in items:
                if item.action is not None:
                    if your_turn and item.action.get("type") not in NOT_PLAYED:
                        actions.append(item.action)
                elif item.tag in ("input", "button") and item.attrs.get("name") == "cmd":
                    value = item.attrs.get("value", "")
                    commands.add(value)
                    if value == "start":
                        start_forms.add(item.form)
                elif item.tag == "button" and item.form and "disabled" in item.attrs:
                    disabled_forms.add(item.form)
        notice = None
        if "mesa-aviso" in touched:
            for element_id in self.walk("mesa-aviso"):
                message = next((i for i in self.items[element_id] if i.tag == "message"), None)
                if message is not None:
                    kinds = [
                        c.removeprefix("message--")
                        for c in message.attrs.get("class", "").split()
                        if c.startswith("message--")
                    ]
                    notice = (kinds[0] if kinds else "", " ".join(message.text.split()))
                    break
        following = None
        if "mesa-resultado" in self.node:
            for element_id in self.walk("mesa-resultado"):
                for item in self.items[element_id]:
                    link = (
                        NEXT_TABLE_RE.match(item.attrs.get("href", "")) if item.tag == "a" else None
                    )
                    if link and following is None:
                        following = int(link.group(1))
        return View(
            version=version,
            your_turn=your_turn,
            over="mesa-status--over" in status.attrs.get("class", "").split(),
            actions=actions,
            commands=commands,
            start_enabled=any(not f or f not in disabled_forms for f in start_forms),
            notice=notice,
            next_table=following,
        )


def htmx_frame(fields: dict[str, str], port: int, table_id: int | None) -> str:
    """A `ws-send` form's fields with the HEADERS that htmx's ws extension adds."""
    url = f"http://127.0.0.1:{port}/mesa/{table_id}/" if table_id else f"http://127.0.0.1:{port}/"
    return json.dumps(
        {
            **fields,
            "HEADERS": {
                "HX-Request": "true",
                "HX-Trigger": None,
                "HX-Trigger-Name": None,
                "HX-Target": "mesa",
                "HX-Current-URL": url,
            },
        }
    )


def move_frame(version: int, port: int, table_id: int | None) -> str:
    """The floors' move: a hold of three dice, as a page sends it for `version`."""
    action = {"type": "hold", "dice": [0, 2, 3]}
    fields = {
        "action": json.dumps(action, separators=(",", ":")),
        "version": str(version),
        "cid": uuid.uuid4().hex,
    }
    return htmx_frame(fields, port, table_id)


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action: a kind first (roll, lift, hold, score), then one of that kind,
    so the five hold toggles and ten score boxes do not drown the rolls."""
    kinds = sorted({a["type"] for a in actions})
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if a["type"] == kind])


# -- figures ---------------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def ms(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.1f}"


@dataclass
class Phase:
    """One measured load: the window, the completed round trips, the bytes received and the
    CPU spent."""

    name: str
    loads: int = 0  # tables (or echo pairs) driven
    start: float = 0.0
    end: float = 0.0
    warmup: float = 0.0  # how long the warm-up really took
    stopping: bool = False
    samples: list[tuple[float, float]] = field(default_factory=list)  # (received at, round trip)
    warm: set[int] = field(default_factory=set)  # loads that completed a round trip
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    backend_cpu: float | None = None  # PostgreSQL + Redis, when they run from here
    machine_cpu: float = 0.0  # the whole machine, busy
    bytes_in: int = 0  # UTF-8 bytes of the text frames received within the window
    frames_in: int = 0
    # Dominó: the moves the Action log gained in the window (people's and robots'), the robots'
    # among them, the bytes of each role (player, spectator) and its sockets at one table.
    moves_logged: int | None = None
    robot_moves: int | None = None
    bytes_by_role: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sockets_by_role: dict[str, int] = field(default_factory=dict)

    def record(self, load: int, received: float, round_trip: float) -> None:
        self.samples.append((received, round_trip))
        self.warm.add(load)

    def received(self, at: float, text: str, role: str = "") -> None:
        """A frame read at `at`: counted when the window is open (its end not yet known)."""
        if self.start and not self.end and at >= self.start:
            size = len(text) if text.isascii() else len(text.encode())
            self.bytes_in += size
            self.frames_in += 1
            if role:
                self.bytes_by_role[role] += size

    @property
    def in_window(self) -> list[float]:
        return [rt for at, rt in self.samples if self.start <= at < self.end]

    @property
    def rate(self) -> float:
        return len(self.in_window) / (self.end - self.start) if self.end > self.start else 0.0

    @property
    def ops(self) -> int:
        """The operations the CPU and the bytes are shared by: every move in the log over the
        window where it was counted (a table with robots), else the round trips completed."""
        return self.moves_logged if self.moves_logged is not None else len(self.in_window)

    @property
    def all_rate(self) -> float:
        """Every move in the log per second (NaN where the log was not counted)."""
        if self.moves_logged is None or self.end <= self.start:
            return float("nan")
        return self.moves_logged / (self.end - self.start)

    def bytes_per_socket(self, role: str) -> float:
        """UTF-8 bytes one socket of `role` received per move of its table, on average
        (`sockets_by_role` counts one table's sockets: a move goes to its table's only)."""
        sockets = self.sockets_by_role.get(role, 0)
        if not sockets or not self.ops:
            return float("nan")
        return self.bytes_by_role.get(role, 0) / self.ops / sockets

    def quantiles(self) -> tuple[float, float, float]:
        values = self.in_window
        return percentile(values, 50), percentile(values, 95), percentile(values, 99)

    def cpu_per_op(self, which: str) -> float:
        count = self.ops
        spent = {"server": self.server_cpu, "client": self.client_cpu}.get(which)
        if which == "backend":
            spent = self.backend_cpu
        return spent / count if count and spent is not None else float("nan")

    @property
    def others_cpu_percent(self) -> float:
        """What the rest of the machine used in the window, in % of one CPU: the kernel's own
        work for the sockets, and any other process (another job on the machine shows here)."""
        seconds = self.end - self.start
        if seconds <= 0:
            return float("nan")
        ours = self.server_cpu + self.client_cpu + (self.backend_cpu or 0.0)
        return max(self.machine_cpu - ours, 0.0) / seconds * 100

    @property
    def bytes_per_op(self) -> float:
        count = self.ops
        return self.bytes_in / count if count else float("nan")

    def figures(self) -> dict[str, float]:
        p50, p95, p99 = self.quantiles()
        return {
            "ops": len(self.in_window),
            "rate": self.rate,
            "p50_ms": p50 * 1000,
            "p95_ms": p95 * 1000,
            "p99_ms": p99 * 1000,
            "server_cpu_ms": self.cpu_per_op("server") * 1000,
            "client_cpu_ms": self.cpu_per_op("client") * 1000,
            "backend_cpu_ms": self.cpu_per_op("backend") * 1000,
            "others_cpu_percent": self.others_cpu_percent,
            "bytes": self.bytes_per_op,
            "frames": self.frames_in / self.ops if self.ops else float("nan"),
            "all_rate": self.all_rate,
            "robot_rate": (
                self.robot_moves / (self.end - self.start)
                if self.robot_moves is not None and self.end > self.start
                else float("nan")
            ),
            "bytes_player_socket": self.bytes_per_socket("player"),
            "bytes_spectator_socket": self.bytes_per_socket("spectator"),
        }


# -- the server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU of a process and of its children, live (their own) or gone (reaped into the
    parent's): PostgreSQL's postmaster and its backends."""
    total, stack, tick = 0.0, [pid], os.sysconf("SC_CLK_TCK")
    while stack:
        one = stack.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{one}/task/{one}/children").read_text().split()
        except OSError:
            continue
        total += sum(int(fields[i]) for i in (11, 12, 13, 14)) / tick
        stack += [int(child) for child in children]
    return total


def machine_cpu_seconds() -> float:
    """CPU time the whole machine spent busy (every CPU, /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (values + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def describe_checkout(path: Path) -> str:
    """The commit a checkout serves, and whether its working tree differs from it."""
    try:
        head = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(path), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return str(path)
    floor = " · só o protocolo, sem templates (BENCH_RENDER_FLOOR)" if RENDER_FLOOR else ""
    return f"{path} @ {head}" + (" + alterações não commitadas" if dirty else "") + floor


class Server:
    """daphne serving tests.bench.live_asgi of SERVER_REPO on a free port, its output in a log
    file."""

    def __init__(self, env: dict[str, str], workdir: Path, name: str) -> None:
        self.env, self.port = env, free_port()
        self.log_path = workdir / f"daphne-{name}.log"
        self.proc: subprocess.Popen | None = None

    def __enter__(self) -> Server:
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "tests.bench.live_asgi:application",
            ],
            cwd=SERVER_REPO,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"daphne exited at start:\n{self.log_path.read_text()[-3000:]}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return self
            time.sleep(0.2)
        raise RuntimeError("daphne did not listen within 90 s")

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def problems(self) -> list[str]:
        """Lines of the server's log that tell of an error."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        signs = ("Traceback", "ERROR", "Exception inside application", "took too long", "failed")
        return [line for line in lines if any(sign in line for sign in signs)]


# -- the database, read directly (acknowledgements and the final check) ----------------------------


class Database:
    """A plain connection of this process to the server's database, for reading only."""

    def __init__(self, env: dict[str, str]) -> None:
        url = env.get("DATABASE_URL", "")
        if url:
            import dj_database_url

            info = dj_database_url.parse(url)
            engine = info["ENGINE"]
        else:
            info, engine = {"NAME": env["SQLITE_PATH"]}, "django.db.backends.sqlite3"
        if engine.endswith("sqlite3"):
            self.conn: Any = sqlite3.connect(
                f"file:{info['NAME']}?mode=ro", uri=True, timeout=20, isolation_level=None
            )
            self.mark = "?"
        elif "postgresql" in engine:
            import psycopg

            self.conn = psycopg.connect(
                dbname=info["NAME"],
                user=info.get("USER") or None,
                password=info.get("PASSWORD") or None,
                host=info.get("HOST") or None,
                port=info.get("PORT") or None,
                autocommit=True,
            )
            self.mark = "%s"
        else:
            raise RuntimeError(f"no direct reader for {engine}")

    def rows(self, sql: str, params: tuple | list = ()) -> list[tuple]:
        cursor = self.conn.cursor()
        cursor.execute(sql.replace("?", self.mark), tuple(params))
        return list(cursor.fetchall())

    def log_moves(self) -> tuple[int, int]:
        """The moves in the whole log (the rows of a seat), and the robots' among them."""
        ((moves, robots),) = self.rows(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id IS NULL THEN 1 ELSE 0 END), 0) "
            "FROM games_action WHERE seat IS NOT NULL"
        )
        return int(moves), int(robots)

    def action_version(self, table_id: int, cid: str) -> int | None:
        found = self.rows(
            "SELECT version FROM games_action WHERE table_id = ? AND cid = ?", (table_id, cid)
        )
        return found[0][0] if found else None

    def close(self) -> None:
        self.conn.close()


# -- set-up in a subprocess with the server's settings (same key, same database) -------------------
#
# Run from SERVER_REPO: with BENCH_LIVE_REPO, that checkout's own _setup_main runs, so its JSON
# interface stays as it is: {"op": "users", "count", "prefix"} -> [{"id", "session"}] and
# {"op": "tables", "pairs": [[host, guest]]} -> [table ids], each a started Bozó duel;
# {"op": "domino", "options", "tables": [{"seats": [host, user or None (a robot) x3],
# "fast_robots"}]} -> [table ids], each a started Dominó table of the Duplas mode (a checkout
# without it answers "unknown op": its run has no Dominó scenario);
# {"op": "group", "game", "mode", "options", "tables": [{"seats": [host, user or None (a robot),
# ...], "fast_robots"}]} -> [table ids], each a started table of that game and mode with those
# seats (the mode drops its free seats; a solo mode starts at creation), e.g. Dozito's and Yam's.


def _setup_main() -> None:
    """Run as `python -c ...` with the server's environment: JSON in on stdin, JSON out."""
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.db import transaction

    from accounts.models import User
    from games import services

    request = json.load(sys.stdin)
    if request["op"] == "users":
        store = import_module(settings.SESSION_ENGINE).SessionStore
        users = []
        with transaction.atomic():
            for i in range(request["count"]):
                user = User.objects.create_user(
                    username=f"{request['prefix']}{i:04d}", email="", password=None
                )
                session = store()
                session[SESSION_KEY] = user._meta.pk.value_to_string(user)
                session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
                session[HASH_SESSION_KEY] = user.get_session_auth_hash()
                session.create()
                users.append({"id": user.pk, "session": session.session_key})
        result: Any = users
    elif request["op"] == "tables":
        by_id = User.objects.in_bulk([u for pair in request["pairs"] for u in pair])
        result = []
        for chunk in range(0, len(request["pairs"]), 50):
            with transaction.atomic():
                for host_id, guest_id in request["pairs"][chunk : chunk + 50]:
                    host, guest = by_id[host_id], by_id[guest_id]
                    table = services.table_create(host=host, game="bozo", mode="duelo")
                    services.seat_take(table_id=table.pk, user=guest)
                    services.table_start(table_id=table.pk, by=host)
                    result.append(table.pk)
    elif request["op"] in ("domino", "group"):
        from games.models import Table

        if request["op"] == "domino":
            request = dict(request, game="domino", mode="duplas")
        tables = request["tables"]
        by_id = User.objects.in_bulk([u for t in tables for u in t["seats"] if u is not None])
        result = []
        for chunk in range(0, len(tables), 50):
            with transaction.atomic():
                for spec in tables[chunk : chunk + 50]:
                    host = by_id[spec["seats"][0]]
                    table = services.table_create(
                        host=host,
                        game=request["game"],
                        mode=request["mode"],
                        options=request.get("options") or {},
                        fast_robots=bool(spec.get("fast_robots")),
                    )
                    for index, user_id in enumerate(spec["seats"][1:], start=1):
                        if user_id is None:
                            services.robot_add(table_id=table.pk, by=host, index=index)
                        else:
                            services.seat_take(table_id=table.pk, user=by_id[user_id], index=index)
                    if table.status == Table.Status.WAITING:  # solo training started at once
                        services.table_start(table_id=table.pk, by=host)
                    result.append(table.pk)
    else:
        raise SystemExit(f"unknown op {request['op']}")
    sys.stdout.write("BENCH-JSON:" + json.dumps(result) + "\n")


def run_setup(env: dict[str, str], request: dict[str, Any]) -> Any:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tests.bench.bench_live import _setup_main; _setup_main()",
        ],
        cwd=SERVER_REPO,
        env=env,
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"set-up failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("BENCH-JSON:"))
    return json.loads(line.removeprefix("BENCH-JSON:"))


@dataclass
class Site:
    env: dict[str, str]
    workdir: Path
    users: list[dict[str, Any]]
    backend: str  # embedded | postgres
    label: str  # what the database and the layer are
    servers_dir: Path | None = None  # where tests/servers.py runs PostgreSQL and Redis


RESULTS: list[dict[str, Any]] = []
NOT_MEASURED: dict[str, str] = {}  # backend -> why


@pytest.fixture(scope="module")
def summary():
    """Set up before every backend, torn down after the last: the summary of the whole run."""
    yield
    print_summary()
    if SAVE_PATH:
        save_results(Path(SAVE_PATH))
        print(f"\nFiguras gravadas em {SAVE_PATH}")


def _server_env(workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_"))}
    for name in ("DEBUG", "DATABASE_URL", "REDIS_URL", "SQLITE_PATH"):
        env.pop(name, None)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        GAMES_SWEEPER="0",
        SECURE_SSL_REDIRECT="0",
        PYTHONPATH=str(SERVER_REPO),
        PYTHONUNBUFFERED="1",
    )
    # The bench's crowd comes from one address and a few accounts, opening many tables at once:
    # the limits per person and per address would refuse most of it.
    for name in (
        "GAMES_SOCKETS_PER_ACCOUNT",
        "GAMES_SOCKETS_PER_ADDRESS",
        "GAMES_ACCOUNT_MESSAGES_PER_SECOND",
        "GAMES_ROBOT_TABLES",
        "GAMES_TABLES_PER_MINUTE",
    ):
        env[name] = "1000000"
    return env


@pytest.fixture(scope="module", params=BACKENDS)
def site(request, summary):
    backend = request.param
    for needed in ("config/serve.py", "tests/bench/live_asgi.py", "manage.py"):
        assert (SERVER_REPO / needed).is_file(), f"BENCH_LIVE_REPO: {SERVER_REPO} não tem {needed}"
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 16384 if hard == resource.RLIM_INFINITY else min(hard, 16384)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # daphne inherits it
    keep = bool(os.environ.get("BENCH_LIVE_KEEP"))
    workdir = Path(tempfile.mkdtemp(prefix=f"bench-live-{backend}-"))
    env = _server_env(workdir)
    servers_dir = None
    with contextlib.ExitStack() as stack:
        if not keep:
            stack.callback(shutil.rmtree, workdir, ignore_errors=True)
        else:
            print(f"\nBENCH_LIVE_KEEP: banco e registros do daphne ficam em {workdir}")
        if backend == "embedded":
            env["SQLITE_PATH"] = str(workdir / "bench.sqlite3")
            label = BACKEND_NAMES[backend]
        elif os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"):
            env["DATABASE_URL"] = os.environ["DATABASE_URL"]
            env["REDIS_URL"] = os.environ["REDIS_URL"]
            label = f"{BACKEND_NAMES[backend]} (DATABASE_URL e REDIS_URL do ambiente)"
        else:
            lacks = servers.missing()
            if lacks:
                why = f"falta {', '.join(lacks)} (e DATABASE_URL/REDIS_URL não estão definidos)"
                NOT_MEASURED[backend] = why
                print(f"\nMesas ao vivo: {BACKEND_NAMES[backend]} NÃO medido: {why}")
                if IN_CI:
                    pytest.fail(f"{BACKEND_NAMES[backend]}: {why}")
                pytest.skip(f"{BACKEND_NAMES[backend]} não medido: {why}")
            started = time.perf_counter()
            servers_dir = workdir / "servers"
            database_url, redis_url = stack.enter_context(servers.postgres_and_redis(servers_dir))
            env["DATABASE_URL"], env["REDIS_URL"] = database_url, redis_url
            label = (
                f"{BACKEND_NAMES[backend]} (servidores descartáveis: PostgreSQL com fsync, "
                f"iniciados em {time.perf_counter() - started:.1f} s)"
            )
        started = time.perf_counter()
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
            cwd=SERVER_REPO,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert migrate.returncode == 0, migrate.stderr[-4000:]
        count = max(
            2 * max([*CAPACITY_TABLES, HUMAN_TABLES]),
            (4 + DOMINO_SPECTATORS) * max(DOMINO_TABLES, default=0),
            (4 - len(DOMINO_ROBOT_SEATS) + DOMINO_ROBOT_SPECTATORS) * DOMINO_ROBOT_TABLES,
            (DOZITO.seats + DOZITO_SPECTATORS) * max(DOZITO_TABLES, default=0),
            (YAMS.seats + YAMS_SPECTATORS) * max(YAMS_TABLES, default=0),
            YAMS_SOLO.seats * max(YAMS_SOLO_TABLES, default=0),
            BOZO.seats + CROWD,
        )
        prefix = "lv" + secrets.token_hex(3)
        users = run_setup(env, {"op": "users", "count": count, "prefix": prefix})
        print(
            f"\nMesas ao vivo: servidor {describe_checkout(SERVER_REPO)}; banco {label}; "
            f"migrate e {count} jogadores com sessão em {time.perf_counter() - started:.1f} s"
        )
        yield Site(
            env=env,
            workdir=workdir,
            users=users,
            backend=backend,
            label=label,
            servers_dir=servers_dir,
        )


# -- the clients -----------------------------------------------------------------------------------


class Bench:
    """One scenario's client side: sockets, errors and what was acknowledged."""

    def __init__(self, server: Server, db: Database, think: float, seed: int) -> None:
        self.server, self.db, self.think_time = server, db, think
        self.rng = random.Random(seed)
        self.errors: list[str] = []
        self.phase = Phase("idle")
        self.acked: dict[int, dict[str, int]] = defaultdict(dict)  # table -> cid -> version
        self.commands: dict[int, set[str]] = defaultdict(set)  # table -> cids of commands sent
        self.tables: set[int] = set()
        # Player sockets that reached each table (their first view came): the host of a next
        # table starts once as many people are there as played the last game (games/services/
        # seats each of them only when they ask, and their arrival is a change of the table).
        self.arrived: dict[int, int] = defaultdict(int)
        self.commit_checks = 0
        self.paced = 0  # steps put off to keep a socket within the server's budget
        self.games_finished = 0
        self.sent = 0
        self.acks_sent = 0
        self.protocols: dict[str, int] = defaultdict(int)  # first frames seen, by protocol
        self.connect_gate = asyncio.Semaphore(CONNECT_AT_ONCE)
        self.backend_pids: list[int] = []  # PostgreSQL and Redis, when started here

    def error(self, text: str) -> None:
        self.errors.append(text)

    def think(self, first: bool = False) -> float:
        if self.think_time <= 0:
            return 0.0
        if first:  # spread the start over one think time
            return self.rng.uniform(0, 1.25 * self.think_time)
        return self.rng.uniform(0.75 * self.think_time, 1.25 * self.think_time)

    async def open(self, path: str, session: str) -> ClientConnection:
        async with self.connect_gate:
            return await connect(
                f"ws://127.0.0.1:{self.server.port}{path}",
                origin=f"http://127.0.0.1:{self.server.port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                proxy=None,
                open_timeout=120,
                close_timeout=10,
                ping_interval=None,
                max_size=2**22,
            )

    def acknowledged(
        self, load: int, table_id: int, pending: Pending, shown: int, now: float
    ) -> None:
        """A move sent for version v, acknowledged by a view of version `shown` > v: its row
        must be in the log now, from another connection (committed before acknowledged), with
        a version in (v, shown]."""
        self.phase.record(load, now, now - pending.sent)
        self.commit_checks += 1
        found = self.db.action_version(table_id, pending.cid)
        self.acked[table_id][pending.cid] = found if found is not None else pending.version + 1
        if found is None or not pending.version < found <= shown:
            self.error(
                f"mesa {table_id}: jogada {pending.cid} (enviada na versão {pending.version}) "
                f"confirmada pela versão {shown} mas o log tem {found!r} no momento da confirmação"
            )


@dataclass
class Pending:
    kind: str  # move | start | replay
    version: int
    sent: float
    cid: str = ""


@dataclass
class Step:
    at: float
    kind: str  # move | start | replay
    version: int  # the version it was planned on


class Player:
    """One logged-in player with one socket, moving whenever the page shows them legal actions;
    the table's host also presses "Jogar de novo" and "Começar" when a game ends."""

    def __init__(
        self,
        bench: Bench,
        load: int,
        user: dict[str, Any],
        table_id: int,
        host: bool,
        role: str = "player",
    ) -> None:
        self.bench, self.load, self.user = bench, load, user
        self.table_id, self.host = table_id, host
        self.role = role  # player | spectator (not seated: watches, follows the next table)
        self.asked = False
        self.expected = 0  # the people the host waits for before starting (0: none)
        self.ws: ClientConnection | None = None
        self.page = Page()
        self.view: View | None = None
        self.protocol = ""  # "first" (#mesa-eu) | "second"
        self.chars_in = 0  # characters of text frames read on this socket
        self.chars_acked = 0
        self.rng = random.Random(bench.rng.random())
        self.first = True
        self.tokens, self.refilled = float(SOCKET_BURST), 0.0

    def budget_wait(self, now: float) -> float:
        """How long this socket waits before its next message to stay within the server's
        budget (0: it may send now; sending spends one)."""
        if self.refilled:
            self.tokens = min(SOCKET_BURST, self.tokens + (now - self.refilled) * SOCKET_PER_SECOND)
        self.refilled = now
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / SOCKET_PER_SECOND

    async def receive(self, timeout: float) -> tuple[float, View | None, set[str]]:
        """Read one frame into the page model: (when, the view now, the ids the frame touched).
        Acknowledges what was read when the server speaks the second protocol."""
        assert self.ws is not None
        async with asyncio.timeout(timeout):
            text = await self.ws.recv()
        now = asyncio.get_running_loop().time()
        if not isinstance(text, str):
            self.bench.error(f"mesa {self.table_id}: quadro binário ({len(text)} bytes)")
            return now, self.view, set()
        self.bench.phase.received(now, text, self.role)
        self.chars_in += len(text)
        touched = self.page.apply(text)
        if self.page.problems:
            for problem in self.page.problems:
                self.bench.error(f"mesa {self.table_id}: {problem}")
            self.page.problems.clear()
        if not self.protocol:
            self.protocol = "first" if "mesa-eu" in self.page else "second"
            self.bench.protocols[self.protocol] += 1
        if self.protocol == "second" and self.chars_in - self.chars_acked >= ACK_EVERY:
            self.chars_acked = self.chars_in
            await self.ws.send(json.dumps({"ack": self.chars_in}))
            self.bench.acks_sent += 1
        return now, self.page.read(touched), touched

    async def connect(self) -> bool:
        self.page, self.view, self.protocol = Page(), None, ""
        self.chars_in = self.chars_acked = 0
        try:
            self.ws = await self.bench.open(f"/ws/mesa/{self.table_id}/", self.user["session"])
            _, self.view, _ = await self.receive(ACK_TIMEOUT)
        except Exception as error:
            self.bench.error(f"mesa {self.table_id}: conexão falhou: {error!r}")
            return False
        if self.view is None:
            self.bench.error(f"mesa {self.table_id}: primeira mensagem sem #mesa-status")
            return False
        if self.role == "player":
            self.bench.arrived[self.table_id] += 1
        return True

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    async def run(self) -> None:
        """Play until the phase stops; the socket stays open for `catch_up`."""
        try:
            while True:
                following = await self.play_table()
                if following is None or self.bench.phase.stopping:
                    return
                await self.close()
                self.expected = self.bench.arrived[self.table_id]
                self.table_id = following
                self.bench.tables.add(following)
                if not await self.connect():
                    return
        except Exception as error:  # anything unexpected is an error of the run, not a crash
            self.bench.error(f"mesa {self.table_id}: {error!r}")

    async def catch_up(self, version: int) -> None:
        """Wait for the view of `version`: every socket at a table sees the last move."""
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + ACK_TIMEOUT
            while self.view is not None and self.view.version < version:
                _, view, _ = await self.receive(max(deadline - loop.time(), 0.001))
                if view is not None and view.version >= self.view.version:
                    self.view = view
        except Exception as error:
            self.bench.error(
                f"mesa {self.table_id}: a vista da versão {version} não chegou a este jogador "
                f"({error!r})"
            )

    def next_step(self, now: float, planned: Step | None) -> Step | None:
        """What this player does next on the page it sees, and when; a step already planned
        on the same version stays as it is (a frame that changed nothing else, e.g. presence,
        does not restart the thinking)."""
        view = self.view
        assert view is not None
        if view.actions:
            kind = "move"
        elif self.host and view.start_enabled and (self.protocol == "second" or view.version == 0):
            if self.bench.arrived[self.table_id] < self.expected:
                return None  # the others are on their way (looked at again each second)
            kind = "start"  # the waiting room (first protocol: a fresh table is at version 0)
        elif view.over and "replay" in view.commands and not self.asked:
            # The host opens the next table; each other player sits there by asking too.
            if not self.host and view.next_table is None:
                return None
            kind = "replay"
        else:
            return None
        if planned is not None and planned.kind == kind and planned.version == view.version:
            return planned
        first, self.first = self.first, False  # the very first page: spread the start
        return Step(now + self.bench.think(first=first), kind, view.version)

    async def send(self, kind: str, now: float) -> Pending:
        assert self.ws is not None and self.view is not None
        bench, version = self.bench, self.view.version
        cid = uuid.uuid4().hex
        if kind == "move":
            action = pick(self.view.actions, self.rng)
            fields = {
                "action": json.dumps(action, separators=(",", ":"), ensure_ascii=False),
                "version": str(version),
                "cid": cid,
            }
            bench.sent += 1
        else:
            fields = {"cmd": kind, "cid": cid}
            bench.commands[self.table_id].add(cid)
        self.tokens -= 1
        await self.ws.send(htmx_frame(fields, bench.server.port, self.table_id))
        return Pending(kind, version, now, cid)

    async def play_table(self) -> int | None:
        """Play one table until it is over (then the next table's id) or the phase stops."""
        loop, bench = asyncio.get_running_loop(), self.bench
        assert self.ws is not None and self.view is not None
        pending: Pending | None = None
        self.asked = False  # "Jogar de novo" sent and answered at this table
        step = self.next_step(loop.time(), None)
        # Before acting, the player reads what has already arrived (as the page has shown it
        # by the time of a click): a frame the socket holds (the other player's arrival, say)
        # may change the page.
        looked = False
        while True:
            now = loop.time()
            if pending is None:
                if bench.phase.stopping:
                    return None
                over, following = self.view.over, self.view.next_table
                if over and following is not None and (self.asked or self.role == "spectator"):
                    return following
                if step is not None and now >= step.at and (paced := self.budget_wait(now)):
                    step.at = now + paced
                    bench.paced += 1
                    continue
                if step is not None and now >= step.at:
                    if looked:
                        pending = await self.send(step.kind, now)
                        step, looked = None, False
                        continue
                    looked = True
                    await asyncio.sleep(0)  # what the loop has read from the socket by now
                    wait = 0.0
                else:
                    wait = max(min(1.0, step.at - now) if step is not None else 1.0, 0.0005)
            else:
                wait = pending.sent + ACK_TIMEOUT - now
                if wait <= 0:
                    logged = bench.db.action_version(self.table_id, pending.cid)
                    found = bench.db.rows(
                        "SELECT version FROM games_table WHERE id = ?", (self.table_id,)
                    )
                    bench.error(
                        f"mesa {self.table_id}: {pending.kind} {pending.cid} (enviada na versão "
                        f"{pending.version}) sem resposta em {ACK_TIMEOUT:.0f} s (jogada perdida); "
                        f"no banco agora: log {logged!r}, mesa na versão "
                        f"{found[0][0] if found else None!r}; a página deste socket está na "
                        f"versão {self.view.version}"
                    )
                    return None
            try:
                received, view, _ = await self.receive(wait)
            except TimeoutError:
                if pending is None and step is None:
                    step = self.next_step(loop.time(), None)
                continue
            except ConnectionClosed as closed:
                bench.error(f"mesa {self.table_id}: o servidor fechou o socket ({closed!r})")
                return None
            looked = False
            if view is None:
                bench.error(f"mesa {self.table_id}: a página ficou sem #mesa-status")
                continue
            if view.notice and view.notice[0] in ("error", "warning"):
                bench.error(f"mesa {self.table_id} v{view.version}: aviso {view.notice!r}")
                if pending is not None and pending.kind != "replay":
                    pending = None  # refused: the version did not move
            if view.version < self.view.version:
                bench.error(
                    f"mesa {self.table_id}: versão voltou de {self.view.version} a {view.version}"
                )
                continue
            self.view = view
            if pending is not None:
                if pending.kind == "move" and view.version > pending.version:
                    bench.acknowledged(self.load, self.table_id, pending, view.version, received)
                    if view.over:
                        bench.games_finished += 1
                    pending = None
                elif (
                    pending.kind == "start"
                    and view.version > pending.version
                    and "start" not in view.commands
                ) or (
                    pending.kind == "replay"
                    and view.next_table is not None
                    and (self.host or view.notice is not None)  # the others: "Abrindo…"
                ):
                    self.asked = self.asked or pending.kind == "replay"
                    pending = None
            if pending is None:
                step = self.next_step(received, step)
            if self.role == "spectator" and (view.your_turn or view.actions):
                bench.error(f"mesa {self.table_id} v{view.version}: espectador com vez ou jogadas")
            elif view.your_turn and not view.actions and not view.over:
                bench.error(f"mesa {self.table_id} v{view.version}: vez sem jogadas legais")


class EchoPair:
    """The floor: two sockets of two players taking turns, like a table's, on `/ws/eco/`: one
    message in flight per pair, a frame the size of a move's, waiting for the echo. For a
    Dominó table, as many sockets as the table has (`users`), the first `senders` taking turns
    (the people), the others (the spectators) open and silent."""

    def __init__(
        self, bench: Bench, load: int, users: list[dict[str, Any]], senders: int = 0
    ) -> None:
        self.bench, self.load, self.users = bench, load, users
        self.senders = senders or len(users)
        self.sockets: list[ClientConnection] = []

    async def connect(self) -> bool:
        try:
            for user in self.users:
                self.sockets.append(await self.bench.open("/ws/eco/", user["session"]))
        except Exception as error:
            self.bench.error(f"eco: conexão falhou: {error!r}")
            return False
        return True

    async def run(self) -> None:
        loop, bench = asyncio.get_running_loop(), self.bench
        turn, act_at = 0, loop.time() + bench.think(first=True)
        port = bench.server.port
        try:
            while not bench.phase.stopping:
                now = loop.time()
                if now < act_at:
                    await asyncio.sleep(min(1.0, act_at - now))
                    continue
                ws = self.sockets[turn % self.senders]
                frame = move_frame(turn + 1, port, None)
                sent = loop.time()
                await ws.send(frame)
                async with asyncio.timeout(ACK_TIMEOUT):
                    reply = await ws.recv()
                received = loop.time()
                if reply != frame:
                    bench.error(f"eco: resposta diferente do enviado: {reply[:100]!r}")
                bench.phase.received(received, reply)
                bench.phase.record(self.load, received, received - sent)
                turn += 1
                act_at = received + bench.think()
        except Exception as error:
            bench.error(f"eco: {error!r}")

    async def close(self) -> None:
        await close_all(self.sockets)


VERSION_IN_FRAGMENT = re.compile(r'id="mesa-versao" data-version="(\d+)"')


class BareTable:
    """The bare loop's client (tests/bench/live_asgi.py, `/ws/nua/<id>/`): a table's people on
    their sockets (the first `people` users, in their seats' order) and its spectators (the
    rest), the one on turn sending a move as the page sends it, and the next waiting until every
    socket has read the new version. The same closed loop as a table's."""

    def __init__(
        self, bench: Bench, load: int, users: list[dict[str, Any]], table_id: int, people: int = 2
    ):
        self.bench, self.load, self.users, self.table_id = bench, load, users, table_id
        self.people = people
        self.sockets: list[ClientConnection] = []
        self.version = 0

    async def connect(self) -> bool:
        try:
            for user in self.users:  # seat 0, seat 1, ..., then the spectators
                ws = await self.bench.open(f"/ws/nua/{self.table_id}/", user["session"])
                self.sockets.append(ws)
                async with asyncio.timeout(ACK_TIMEOUT):
                    self.version = self.shown(await ws.recv())
        except Exception as error:
            self.bench.error(f"laço nu: conexão falhou: {error!r}")
            return False
        return True

    @staticmethod
    def shown(fragment: str) -> int:
        found = VERSION_IN_FRAGMENT.search(fragment)
        return int(found.group(1)) if found else -1

    async def run(self) -> None:
        loop, bench = asyncio.get_running_loop(), self.bench
        port = bench.server.port
        try:
            while not bench.phase.stopping:
                frame = move_frame(self.version, port, self.table_id)
                sent = loop.time()
                await self.sockets[self.version % self.people].send(frame)
                async with asyncio.timeout(ACK_TIMEOUT):
                    replies = await asyncio.gather(*(ws.recv() for ws in self.sockets))
                received = loop.time()
                for reply in replies:
                    bench.phase.received(received, reply)
                    if self.shown(reply) != self.version + 1:
                        bench.error(f"laço nu: esperava a versão {self.version + 1}: {reply!r}")
                        return
                bench.phase.record(self.load, received, received - sent)
                self.version += 1
        except Exception as error:
            bench.error(f"laço nu: {error!r}")

    async def close(self) -> None:
        await close_all(self.sockets)


async def close_all(sockets: list[ClientConnection]) -> None:
    for ws in sockets:
        with contextlib.suppress(Exception):
            await ws.close()


async def measure(
    bench: Bench,
    phase: Phase,
    tasks: list,
    warmup: float,
    seconds: float,
    count_log: bool = False,
) -> None:
    """Run the clients: warm-up, the measured window (with CPU use), then stop and wait for
    the commands in flight. The warm-up lasts at least `warmup` and until every table (every
    echo pair) has completed one round trip, so the window sees the steady state, not the
    first burst still queued (capped at BENCH_LIVE_ACK_TIMEOUT). With `count_log`, the moves
    the Action log gained over the window too (the robots' are no round trip of the client)."""
    loop = asyncio.get_running_loop()
    bench.phase = phase
    began = loop.time()
    running = [asyncio.create_task(task) for task in tasks]
    await asyncio.sleep(warmup)
    while len(phase.warm) < phase.loads and loop.time() - began < ACK_TIMEOUT:
        await asyncio.sleep(0.1)
    # The client's collector would walk every object of this process (Django, the sockets, the
    # parsed partials), pausing every socket for up to 200 ms, in the round trips of the table and
    # of the echo alike; the client makes no reference cycles (a collection after a window finds
    # none), so it is off in the window.
    gc.collect()
    gc.freeze()
    gc.disable()
    phase.start = loop.time()
    phase.warmup = phase.start - began
    backend = bench.backend_pids
    server0, client0 = cpu_seconds(bench.server.pid), time.process_time()
    backend0 = sum(tree_cpu_seconds(pid) for pid in backend)
    machine0 = machine_cpu_seconds()
    logged0 = bench.db.log_moves() if count_log else None
    await asyncio.sleep(seconds)
    phase.end = loop.time()
    if logged0 is not None:
        logged1 = bench.db.log_moves()
        phase.moves_logged = logged1[0] - logged0[0]
        phase.robot_moves = logged1[1] - logged0[1]
    phase.server_cpu = cpu_seconds(bench.server.pid) - server0
    phase.client_cpu = time.process_time() - client0
    if backend:
        phase.backend_cpu = sum(tree_cpu_seconds(pid) for pid in backend) - backend0
    phase.machine_cpu = machine_cpu_seconds() - machine0
    gc.enable()
    phase.stopping = True  # no new move; the moves in flight are waited for
    await asyncio.gather(*running)
    gc.unfreeze()


async def drain(players: list[Player]) -> None:
    at_table: dict[int, list[Player]] = defaultdict(list)
    for player in players:
        if player.ws is not None and player.view is not None:
            at_table[player.table_id].append(player)
    waits = []
    for group in at_table.values():
        last = max(p.view.version for p in group if p.view is not None)
        waits += [p.catch_up(last) for p in group]
    await asyncio.gather(*waits)


async def gather_limited(coros: list, limit: int = CONNECT_AT_ONCE) -> list:
    gate = asyncio.Semaphore(limit)

    async def one(coro):
        async with gate:
            return await coro

    return await asyncio.gather(*(one(c) for c in coros))


# -- the final check against the log ---------------------------------------------------------------


def verify(bench: Bench) -> list[str]:
    """Every acknowledged move in the log with its cid and the version acknowledged, no move in
    the log with a cid that was not acknowledged (the cids of table commands aside), the log's
    versions strictly increasing and the table's version not below the last. (A table's version
    may move without a log row: presence and seat changes bump it too.)"""
    problems: list[str] = []
    ids = sorted(bench.tables)
    versions: dict[int, int] = {}
    log: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ",".join("?" * len(part))
        for pk, version in bench.db.rows(
            f"SELECT id, version FROM games_table WHERE id IN ({marks})",  # noqa: S608
            part,
        ):
            versions[pk] = version
        for table_id, version, cid in bench.db.rows(
            f"SELECT table_id, version, cid FROM games_action WHERE table_id IN ({marks}) "  # noqa: S608
            "ORDER BY table_id, id",
            part,
        ):
            log[table_id].append((version, cid))
    for table_id in ids:
        acked = bench.acked.get(table_id, {})
        version = versions.get(table_id)
        entries = log.get(table_id, [])
        if version is None:
            problems.append(f"mesa {table_id}: não existe")
            continue
        logged = [v for v, _ in entries]
        if any(b <= a for a, b in itertools.pairwise(logged)):
            problems.append(f"mesa {table_id}: log com versões fora de ordem {logged}")
        if logged and version < logged[-1]:
            problems.append(f"mesa {table_id}: versão {version} abaixo da última do log")
        by_cid = {cid: v for v, cid in entries if cid}
        for cid, expected in acked.items():
            if by_cid.get(cid) != expected:
                problems.append(
                    f"mesa {table_id}: jogada confirmada {cid} (v{expected}) está no log como "
                    f"{by_cid.get(cid)!r}"
                )
        extra = set(by_cid) - set(acked) - bench.commands.get(table_id, set())
        if extra:
            problems.append(f"mesa {table_id}: {len(extra)} jogada(s) no log sem confirmação")
    return problems


# -- a scenario ------------------------------------------------------------------------------------


async def warmed_up(bench, server, users, table_ids) -> int:
    """Warm the server up (imports, templates) with one table socket and one echo socket;
    returns its memory then (KiB), from which each scenario's sockets are counted."""
    probe = Player(bench, 0, users[0], table_ids[0], host=True)
    assert await probe.connect(), bench.errors
    await probe.close()
    echo_probe = EchoPair(bench, 0, users[:1])
    assert await echo_probe.connect(), bench.errors
    await echo_probe.close()
    await asyncio.sleep(1)
    return rss_kib(server.pid)


def scenario_figures(bench, think, game, echo, connect_seconds, sockets, rss) -> dict:
    """What every scenario reports beside its own fields: the phases, memory per socket, the
    moves sent and acknowledged, and what went wrong."""
    rss0, rss1, rss2 = rss
    return {
        "think": think,
        "game": game,
        "echo": echo,
        "connect_seconds": connect_seconds,
        "rss0_mib": rss0 / 1024,
        "kib_per_echo_socket": (rss1 - rss0) / sockets,
        "kib_per_table_socket": (rss2 - rss1) / sockets,
        "moves_sent": bench.sent,
        "moves_acked": sum(len(v) for v in bench.acked.values()),
        "commit_checks": bench.commit_checks,
        "paced": bench.paced,
        "games_finished": bench.games_finished,
        "tables_played": len(bench.tables),
        "protocols": dict(bench.protocols),
        "acks_sent": bench.acks_sent,
        "parse_counts": dict(PARSE_COUNTS),
        "errors": bench.errors,
        "bench": bench,
    }


async def scenario(
    site: Site, server: Server, name: str, tables: int, think: float, warmup: float, seconds: float
) -> dict[str, Any]:
    users = site.users[: 2 * tables]
    table_ids = run_setup(
        site.env,
        {
            "op": "tables",
            "pairs": [[users[2 * i]["id"], users[2 * i + 1]["id"]] for i in range(tables)],
        },
    )
    db = Database(site.env)
    bench = Bench(server, db, think, SEED + tables)
    bench.tables.update(table_ids)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    _parsed.clear()
    PARSE_COUNTS.update(dict.fromkeys(PARSE_COUNTS, 0))
    sockets = 2 * tables
    try:
        rss0 = await warmed_up(bench, server, users, table_ids)

        # Every socket open at once, echo first, then the tables: memory by difference.
        started = time.perf_counter()
        pairs = [EchoPair(bench, i, users[2 * i : 2 * i + 2]) for i in range(tables)]
        await gather_limited([p.connect() for p in pairs])
        rss1 = rss_kib(server.pid)
        players = [
            Player(bench, i, users[2 * i + seat], table_ids[i], host=seat == 0)
            for i in range(tables)
            for seat in (0, 1)
        ]
        connected = await gather_limited([p.connect() for p in players])
        rss2 = rss_kib(server.pid)
        connect_seconds = time.perf_counter() - started
        if not all(connected):
            raise AssertionError(bench.errors[:20])

        echo = Phase("eco", loads=tables)
        await measure(bench, echo, [p.run() for p in pairs], warmup, seconds)
        await close_floor(pairs)
        bare = None if think else await bare_phase(site, bench, users, tables, warmup, seconds)
        game = Phase("mesa", loads=tables)
        await measure(bench, game, [p.run() for p in players], warmup, seconds)
        bare_after = None
        if bare is not None:  # again after the table's window: the machine drifts
            bare_after = await bare_phase(site, bench, users, tables, warmup, seconds)
        # Before leaving, every socket gets the last view of its table (none is lost), so no
        # render is still on its way when the sockets close.
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
    finally:
        db.close()
    return {
        "backend": site.backend,
        "label": site.label,
        "name": name,
        "tables": tables,
        "sockets": sockets,
        "bare": bare,
        "bare_after": bare_after,
        **scenario_figures(bench, think, game, echo, connect_seconds, sockets, (rss0, rss1, rss2)),
    }


async def close_floor(pairs: list[EchoPair]) -> None:
    """The echo floor's sockets close once its window is over. Left open, idle, they would
    still cost the tables' windows: Channels' in-memory layer goes over every channel of the
    process at each send and receive."""
    await gather_limited([p.close() for p in pairs], limit=256)


async def bare_phase(
    site, bench, users, tables, warmup, seconds, request=None, people=2
) -> Phase | None:
    """The bare loop over as many tables of its own, closed loop: Bozó duels, or the tables
    that `request` sets up with `people` people each and the rest of their share of `users`
    watching (the shape of the table scenario beside it). None when the server has no such
    route (a checkout from before it, under BENCH_LIVE_COMPARE)."""
    if request is None:
        pairs = [[users[2 * i]["id"], users[2 * i + 1]["id"]] for i in range(tables)]
        request = {"op": "tables", "pairs": pairs}
    table_ids = run_setup(site.env, request)
    share = len(users) // tables
    loops = [
        BareTable(bench, i, users[share * i : share * (i + 1)], t, people)
        for i, t in enumerate(table_ids)
    ]
    errors = len(bench.errors)
    if not all(await gather_limited([loop.connect() for loop in loops])):
        del bench.errors[errors:]
        await gather_limited([loop.close() for loop in loops], limit=256)
        return None
    bare = Phase("laço nu", loads=tables)
    await measure(bench, bare, [loop.run() for loop in loops], warmup, seconds)
    await gather_limited([loop.close() for loop in loops], limit=256)
    return bare


async def table_scenario(
    site: Site,
    server: Server,
    name: str,
    kind: TableKind,
    tables: int,
    robot_seats: tuple[int, ...],
    spectators: int,
    think: float,
    warmup: float,
    seconds: float,
) -> dict[str, Any]:
    """Tables of a game with several people's sockets (Dominó, Dozito, Yam's; one for a solo
    mode): the people of every seat but `robot_seats` (fast robots) and `spectators` sockets of
    people not seated, per table; the echo floor over as many sockets, the people's taking
    turns."""
    people_seats = [i for i in range(kind.seats) if i not in robot_seats]
    per_table = len(people_seats) + spectators
    users = site.users[: per_table * tables]
    specs = []
    for i in range(tables):
        mine = iter(users[per_table * i : per_table * i + len(people_seats)])
        seats = [None if index in robot_seats else next(mine)["id"] for index in range(kind.seats)]
        specs.append({"seats": seats, "fast_robots": bool(robot_seats)})
    request: dict[str, Any] = {"op": kind.op, "options": kind.options, "tables": specs}
    if kind.op == "group":
        request.update(game=kind.game, mode=kind.mode)
    try:
        table_ids = run_setup(site.env, request)
    except RuntimeError as error:
        if "unknown op" in str(error):
            pytest.skip(
                f"o servidor ({describe_checkout(SERVER_REPO)}) não abre mesas de {kind.title}"
            )
        raise
    db = Database(site.env)
    bench = Bench(server, db, think, SEED + kind.seed + tables)
    bench.tables.update(table_ids)
    if site.servers_dir is not None:
        bench.backend_pids = servers.pids(site.servers_dir)
    _parsed.clear()
    PARSE_COUNTS.update(dict.fromkeys(PARSE_COUNTS, 0))
    people = len(people_seats) * tables
    watchers = spectators * tables
    sockets = people + watchers
    try:
        rss0 = await warmed_up(bench, server, users, table_ids)

        started = time.perf_counter()
        groups = [
            EchoPair(
                bench,
                i,
                users[per_table * i : per_table * (i + 1)],
                senders=len(people_seats),
            )
            for i in range(tables)
        ]
        await gather_limited([g.connect() for g in groups])
        rss1 = rss_kib(server.pid)
        players = []
        for i in range(tables):
            mine = users[per_table * i : per_table * (i + 1)]
            players += [
                Player(bench, i, mine[k], table_ids[i], host=k == 0)
                for k in range(len(people_seats))
            ]
            players += [
                Player(bench, i, mine[k], table_ids[i], host=False, role="spectator")
                for k in range(len(people_seats), per_table)
            ]
        connected = await gather_limited([p.connect() for p in players])
        rss2 = rss_kib(server.pid)
        connect_seconds = time.perf_counter() - started
        if not all(connected):
            raise AssertionError(bench.errors[:20])

        echo = Phase("eco", loads=tables)
        await measure(bench, echo, [g.run() for g in groups], warmup, seconds)
        await close_floor(groups)
        bare = None
        if not think and not robot_seats and len(people_seats) > 1:
            shape = (request, len(people_seats))
            bare = await bare_phase(site, bench, users, tables, warmup, seconds, *shape)
        game = Phase("mesa", loads=tables)
        game.sockets_by_role = {"player": len(people_seats), "spectator": spectators}
        await measure(
            bench, game, [p.run() for p in players], warmup, seconds, count_log=bool(robot_seats)
        )
        bare_after = None
        if bare is not None:  # again after the table's window: the machine drifts
            bare_after = await bare_phase(site, bench, users, tables, warmup, seconds, *shape)
        await drain(players)
        await gather_limited([p.close() for p in players], limit=256)
    finally:
        db.close()
    return {
        "backend": site.backend,
        "label": site.label,
        "game_name": kind.key,
        "game_title": kind.title,
        "name": name,
        "tables": tables,
        "sockets": sockets,
        "people_sockets": people,
        "spectator_sockets": watchers,
        "robot_seats": robot_seats,
        "bare": bare,
        "bare_after": bare_after,
        **scenario_figures(bench, think, game, echo, connect_seconds, sockets, (rss0, rss1, rss2)),
    }


def verify_seats(bench: Bench, robots_expected: bool) -> tuple[list[str], int]:
    """Dominó, Dozito, Yam's: who each move in the log is from. A robot's seat moves with user
    None and no cid; a person's seat with that person and a cid (else a robot or a timer played
    for them). The problems, and the robots' moves found."""
    problems: list[str] = []
    ids = sorted(bench.tables)
    seats: dict[tuple[int, int], tuple[int | None, bool]] = {}
    robot_moves = 0
    rows: list[tuple] = []
    for chunk in range(0, len(ids), 500):
        part = ids[chunk : chunk + 500]
        marks = ",".join("?" * len(part))
        for table_id, index, user_id, robot in bench.db.rows(
            f'SELECT table_id, "index", user_id, robot FROM games_seat WHERE table_id IN ({marks})',  # noqa: S608
            part,
        ):
            seats[(table_id, index)] = (user_id, bool(robot))
        rows += bench.db.rows(
            f"SELECT table_id, version, seat, user_id, cid FROM games_action "  # noqa: S608
            f"WHERE table_id IN ({marks}) AND seat IS NOT NULL",
            part,
        )
    for table_id, version, seat, user_id, cid in rows:
        who = seats.get((table_id, seat))
        if who is None:
            problems.append(f"mesa {table_id} v{version}: jogada do lugar {seat}, que não existe")
            continue
        person, robot = who
        if robot:
            robot_moves += 1
            if user_id is not None or cid:
                problems.append(
                    f"mesa {table_id} v{version}: jogada do robô (lugar {seat}) com usuário "
                    f"{user_id!r} e cid {cid!r}"
                )
        elif user_id != person or not cid:
            problems.append(
                f"mesa {table_id} v{version}: jogada do lugar {seat} (de {person}) no log com "
                f"usuário {user_id!r} e cid {cid!r} (um robô jogou por essa pessoa?)"
            )
    if robots_expected and not robot_moves:
        problems.append("nenhuma jogada de robô no log")
    if not robots_expected and robot_moves:
        problems.append(f"{robot_moves} jogada(s) de robô numa mesa sem robôs")
    return problems, robot_moves


def protocol_text(protocols: dict[str, int]) -> str:
    names = {
        "first": "primeiro (#mesa-eu, render inteiro)",
        "second": "segundo (só o que mudou, com ack)",
    }
    return " e ".join(f"{names.get(k, k)} em {n} conexões" for k, n in sorted(protocols.items()))


def report(result: dict[str, Any]) -> None:
    game, echo = result["game"], result["echo"]
    g50, g95, g99 = game.quantiles()
    e50, e95, e99 = echo.quantiles()
    pace = "ritmo humano" if result["think"] else "o mais rápido possível"
    domino = "robot_seats" in result  # Dominó, Dozito, Yam's: players and spectators apart
    if domino:
        robots = result["robot_seats"]
        sockets = (
            f"{result['people_sockets']} sockets de jogadores + {result['spectator_sockets']} de "
            f"espectadores + {result['sockets']} de eco; "
            + (
                f"robôs rápidos nos lugares {', '.join(map(str, robots))}"
                if robots
                else "sem robôs"
            )
        )
    else:
        sockets = f"{result['sockets']} sockets de mesa + {result['sockets']} de eco"
    print(
        f"\n{result['name']} · {result['label']}: {result['tables']} mesas ({sockets}), {pace}; "
        f"janela {game.end - game.start:.0f} s depois de {game.warmup:.1f} s de aquecimento "
        f"(eco: {echo.warmup:.1f} s)"
    )
    print(f"  {'':40}{'mesa':>14}{'eco (piso)':>14}")
    rows = [
        ("jogadas·mensagens/s", f"{game.rate:.0f}", f"{echo.rate:.0f}"),
        ("ida e volta p50 (ms)", ms(g50), ms(e50)),
        ("ida e volta p95 (ms)", ms(g95), ms(e95)),
        ("ida e volta p99 (ms)", ms(g99), ms(e99)),
        (
            "CPU do daphne por operação (ms)",
            f"{game.cpu_per_op('server') * 1000:.2f}",
            f"{echo.cpu_per_op('server') * 1000:.2f}",
        ),
        (
            "CPU dos clientes por operação (ms)",
            f"{game.cpu_per_op('client') * 1000:.2f}",
            f"{echo.cpu_per_op('client') * 1000:.2f}",
        ),
        *(
            [
                (
                    "CPU PostgreSQL+Redis por operação (ms)",
                    f"{game.cpu_per_op('backend') * 1000:.2f}",
                    f"{echo.cpu_per_op('backend') * 1000:.2f}",
                )
            ]
            if game.backend_cpu is not None
            else []
        ),
        (
            "resto da máquina (% de uma CPU)",
            f"{game.others_cpu_percent:.0f}",
            f"{echo.others_cpu_percent:.0f}",
        ),
        ("bytes recebidos por operação", f"{game.bytes_per_op:.0f}", f"{echo.bytes_per_op:.0f}"),
        *(
            [
                (
                    "bytes/jogada por socket de jogador",
                    _fmt(game.bytes_per_socket("player"), 0),
                    "",
                ),
                (
                    "bytes/jogada por socket de espectador",
                    _fmt(game.bytes_per_socket("spectator"), 0),
                    "",
                ),
            ]
            if domino
            else []
        ),
        *(
            [
                ("jogadas/s com as dos robôs (log)", f"{game.all_rate:.0f}", ""),
                ("  das quais dos robôs", _fmt(game.figures()["robot_rate"], 0), ""),
            ]
            if game.moves_logged is not None
            else []
        ),
        (
            "quadros recebidos por operação",
            f"{game.figures()['frames']:.2f}",
            f"{echo.figures()['frames']:.2f}",
        ),
        (
            "memória por socket aberto (KiB)",
            f"{result['kib_per_table_socket']:.1f}",
            f"{result['kib_per_echo_socket']:.1f}",
        ),
    ]
    for label, left, right in rows:
        print(f"  {label:40}{left:>14}{right:>14}")
    if result.get("bare") is not None:
        print_bare(game, result)
    busy = max(game.others_cpu_percent, echo.others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        print(
            f"  ATENÇÃO: o resto da máquina usou {busy:.0f}% de uma CPU numa janela (outro "
            "processo?): estas figuras medem também essa disputa"
        )
    print(
        f"  jogadas enviadas {result['moves_sent']}, confirmadas {result['moves_acked']} "
        f"(todas lidas no log no instante da confirmação: {result['commit_checks']}); "
        f"partidas terminadas {result['games_finished']}, mesas jogadas {result['tables_played']}; "
        f"jogadas adiadas pelo limite de mensagens do socket {result['paced']}; "
        f"daphne {result['rss0_mib']:.0f} MiB antes dos sockets; sockets abertos em "
        f"{result['connect_seconds']:.1f} s"
    )
    counts = result["parse_counts"]
    print(
        f"  protocolo: {protocol_text(result['protocols'])}; acks enviados {result['acks_sent']}; "
        f"cliente: {counts['frames']} quadros, {counts['elements']} elementos de topo, "
        f"{counts['parsed']} analisados (os demais já vistos por outro socket ou antes), "
        f"{counts['whole']} quadros analisados inteiros"
    )


def bare_phases(r: dict[str, Any]) -> list[Phase]:
    return [p for p in (r.get("bare"), r.get("bare_after")) if p is not None]


def bare_cpu_ms(r: dict[str, Any]) -> float:
    """The bare loop's daphne CPU per move, over its windows before and after the table's."""
    phases = bare_phases(r)
    return sum(p.server_cpu for p in phases) / max(1, sum(p.ops for p in phases)) * 1000


def print_bare(game: Phase, r: dict[str, Any]) -> None:
    """The bare loop of the same run (before and after the table's window), and the table's
    figures as ratios of it."""
    for bare, when in zip(bare_phases(r), ("antes", "depois"), strict=False):
        b50, b95, b99 = bare.quantiles()
        print(
            f"  laço nu {when} (o mesmo trabalho durável num consumidor do Channels): "
            f"{bare.rate:.0f} jogadas/s; ida e volta p50 {ms(b50)}, p95 {ms(b95)}, p99 {ms(b99)} "
            f"ms; CPU do daphne {bare.cpu_per_op('server') * 1000:.2f} ms/jogada; "
            f"{bare.bytes_per_op:.0f} bytes/jogada"
        )
    bare = r["bare"]
    b50, b95, _b99 = bare.quantiles()
    g50, g95, _g99 = game.quantiles()
    site_ms = game.cpu_per_op("server") * 1000
    bare_ms = bare_cpu_ms(r)
    print(
        f"  mesa ÷ laço nu: jogadas/s {game.rate / bare.rate:.2f}×; CPU do daphne por jogada "
        f"{site_ms / bare_ms:.2f}× (custo próprio do site {site_ms - bare_ms:.2f} ms; laço nu "
        f"{bare_ms:.2f} ms nas duas janelas); ida e volta p50 {g50 / b50:.2f}×, p95 "
        f"{g95 / b95:.2f}×; bytes por jogada {game.bytes_per_op / bare.bytes_per_op:.1f}×"
    )


# -- the summary, saved figures and the baseline beside them ---------------------------------------


def result_key(backend: str, think: float, tables: int, game: str = "bozo") -> str:
    """A scenario's name in the saved figures (Bozó's as before, so older files compare)."""
    kind = "humano" if think else "capacidade"
    return f"{backend}/{kind}/{tables}" if game == "bozo" else f"{backend}/{game}-{kind}/{tables}"


def scenario_key(r: dict[str, Any]) -> str:
    return result_key(r["backend"], r["think"], r["tables"], r.get("game_name", "bozo"))


def save_results(path: Path) -> None:
    path.write_text(
        json.dumps(
            {
                "server": describe_checkout(SERVER_REPO),
                "cpus": os.cpu_count(),
                "not_measured": NOT_MEASURED,
                "results": {
                    scenario_key(r): {
                        "label": r["label"],
                        "game": r["game"].figures(),
                        "echo": r["echo"].figures(),
                        "bare": r["bare"].figures() if r.get("bare") else None,
                        "bare_cpu_ms": bare_cpu_ms(r) if r.get("bare") else None,
                        "kib_per_table_socket": r["kib_per_table_socket"],
                        "kib_per_echo_socket": r["kib_per_echo_socket"],
                        "moves_acked": r["moves_acked"],
                        "errors": len(r["errors"]),
                    }
                    for r in RESULTS
                },
            },
            indent=2,
            allow_nan=True,
        )
        + "\n"
    )


def load_baseline() -> dict[str, Any] | None:
    if not COMPARE_PATH:
        return None
    try:
        return json.loads(Path(COMPARE_PATH).read_text())
    except (OSError, ValueError) as error:
        print(f"\nBENCH_LIVE_COMPARE: não li {COMPARE_PATH}: {error}")
        return None


def _fmt(value: Any, digits: int = 1) -> str:
    if value is None or value != value:
        return "—"
    return f"{value:.{digits}f}"


def _base_bytes(base_results: dict[str, Any], backend: str, key: str) -> tuple[float, str]:
    """The baseline's bytes per move for a scenario: its own, else (a run of other sizes) the
    median of the baseline's scenarios on that backend, marked "~"."""
    own = base_results.get(key, {}).get("game", {}).get("bytes")
    if own and own == own:
        return own, ""
    same = [
        v["game"].get("bytes")
        for k, v in base_results.items()
        if k.startswith(f"{backend}/") and "-" not in k.split("/")[1] and v["game"].get("bytes")
    ]
    same = sorted(b for b in same if b == b)
    return (same[len(same) // 2], "~") if same else (float("nan"), "")


def _targets(backend: str, r: dict[str, Any], base_bytes: tuple[float, str]) -> dict[str, str]:
    """The targets beside a scenario's figures (printed, never asserted)."""
    pg, human = backend == "postgres", bool(r["think"])
    targets = {"errors": "0"}
    if r.get("game_name", "bozo") != "bozo":  # issue 30: Dominó, Dozito and Yam's, ≤ 3× bare
        return {**targets, "bare_ratio": "≤ 3×"} if r.get("bare") is not None else targets
    if r.get("bare") is not None:
        targets["own_cpu_ms"] = "≤ 1,5 ms"
        if not pg:
            targets["bare_ratio"] = "≤ 1,7×"
    busy = max(r["game"].others_cpu_percent, r["echo"].others_cpu_percent)
    if busy > BUSY_MACHINE_PERCENT:
        targets["others_cpu_percent"] = "ATENÇÃO: disputa"
    value, mark = base_bytes
    targets["bytes"] = (
        f"≤ {value * TARGET_BYTES_FRACTION:.0f} (¼ base{mark})" if value == value else "≤ ¼ da base"
    )
    if human:
        targets["p95_ms"] = f"≤ {TARGET_HUMAN_P95_MS} ms"
        if pg:
            targets["p99_ms"] = f"≤ {TARGET_HUMAN_P99_MS} ms"
    else:
        targets["rate"] = f"≥ {TARGET_MOVES_PER_SECOND}/s"
        if pg and r["tables"] == 50:
            targets["server_cpu_ms"] = f"≤ {TARGET_CPU_MS_PER_MOVE} ms"
    return targets


def _bare_lines(r: dict[str, Any], base: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """The bare loop of the run and the table's CPU as a ratio of it (issue 30's measure)."""
    if r.get("bare") is None:
        return []
    bare_ms = bare_cpu_ms(r)
    site_ms = r["game"].cpu_per_op("server") * 1000
    old_bare = base.get("bare_cpu_ms") or (base.get("bare") or {}).get("server_cpu_ms")
    old_site = base.get("game", {}).get("server_cpu_ms")
    old_ratio = _fmt(old_site / old_bare, 2) if old_bare and old_site else "—"
    return [
        ("CPU laço nu/jogada (ms)", _fmt(bare_ms, 2), "", _fmt(old_bare, 2), "bare_cpu_ms"),
        ("custo próprio/jogada (ms)", _fmt(site_ms - bare_ms, 2), "", "", "own_cpu_ms"),
        ("CPU daphne ÷ laço nu", _fmt(site_ms / bare_ms, 2), "", old_ratio, "bare_ratio"),
    ]


SUMMARY_ROWS = [  # (figure, key in Phase.figures(), digits)
    ("jogadas·mensagens/s", "rate", 0),
    ("ida e volta p50 (ms)", "p50_ms", 1),
    ("ida e volta p95 (ms)", "p95_ms", 1),
    ("ida e volta p99 (ms)", "p99_ms", 1),
    ("CPU daphne/operação (ms)", "server_cpu_ms", 2),
    ("CPU PG+Redis/operação (ms)", "backend_cpu_ms", 2),
    ("CPU cliente/operação (ms)", "client_cpu_ms", 2),
    ("bytes recebidos/operação", "bytes", 0),
    ("resto da máquina (% CPU)", "others_cpu_percent", 0),
]
DOMINO_SUMMARY_ROWS = [
    ("bytes/jogada/socket jogador", "bytes_player_socket", 0),
    ("bytes/jogada/socket espect.", "bytes_spectator_socket", 0),
]
ROBOT_SUMMARY_ROWS = [
    ("jogadas/s com robôs (log)", "all_rate", 0),
    ("  das quais dos robôs", "robot_rate", 0),
]


def print_summary() -> None:
    baseline = load_baseline()
    base_results = baseline["results"] if baseline else {}
    for backend in BACKENDS:
        results = [r for r in RESULTS if r["backend"] == backend]
        if backend in NOT_MEASURED:
            print(f"\nResumo — {BACKEND_NAMES[backend]}: NÃO medido: {NOT_MEASURED[backend]}")
            continue
        if not results:
            continue
        print(
            f"\nResumo — mesas ao vivo · {results[0]['label']} · servidor "
            f"{describe_checkout(SERVER_REPO)} · um processo daphne, {os.cpu_count()} CPUs"
        )
        if baseline:
            print(f"  base (BENCH_LIVE_COMPARE): {baseline.get('server', COMPARE_PATH)}")
        base_head = f"{'base':>11}" if baseline else ""
        print(f"  {'cenário':30}{'figura':28}{'mesa':>11}{'eco (piso)':>11}{base_head}{'meta':>17}")
        for r in results:
            key = scenario_key(r)
            base = base_results.get(key) or {}
            g, e, bg = r["game"].figures(), r["echo"].figures(), base.get("game", {})
            targets = _targets(backend, r, _base_bytes(base_results, backend, key))
            domino = "robot_seats" in r  # Dominó, Dozito, Yam's
            if domino:
                label = f"{r.get('game_title', 'Dominó')} {r['tables']} · " + (
                    "2 robôs, humano"
                    if r["robot_seats"]
                    else f"{r['spectator_sockets']} espectadores, humano"
                    if r.get("game_name") == BOZO.key
                    else "capacidade"
                )
            else:
                label = f"{r['tables']} mesas" + (
                    " · ritmo humano" if r["think"] else " · capacidade"
                )
            rows = SUMMARY_ROWS + (DOMINO_SUMMARY_ROWS if domino else [])
            rows += ROBOT_SUMMARY_ROWS if r["game"].moves_logged is not None else []
            lines = [
                (fig, _fmt(g[key], digits), _fmt(e[key], digits), _fmt(bg.get(key), digits), key)
                for fig, key, digits in rows
                if key != "backend_cpu_ms" or r["game"].backend_cpu is not None
            ]
            lines += _bare_lines(r, base)
            lines.append(
                (
                    "memória/socket (KiB)",
                    _fmt(r["kib_per_table_socket"]),
                    _fmt(r["kib_per_echo_socket"]),
                    _fmt(base.get("kib_per_table_socket")),
                    "memory",
                )
            )
            lines.append(
                (
                    "erros · jogadas perdidas",
                    str(len(r["errors"])),
                    "",
                    str(base["errors"]) if base else "—",
                    "errors",
                )
            )
            for i, (fig, left, right, old, key) in enumerate(lines):
                old_col = f"{old:>11}" if baseline else ""
                print(
                    f"  {label if i == 0 else '':30}{fig:28}{left:>11}{right:>11}{old_col}"
                    f"{targets.get(key, ''):>17}"
                )


def run_scenario(site: Site, name: str, tables: int, think: float, warmup: float, seconds: float):
    server_name = f"{tables}-{int(think * 1000)}"
    with Server(site.env, site.workdir, server_name) as server:
        result = asyncio.run(scenario(site, server, name, tables, think, warmup, seconds))
    check_scenario(site, server, result)


def run_table_scenario(
    site: Site,
    name: str,
    kind: TableKind,
    tables: int,
    robot_seats: tuple[int, ...],
    spectators: int,
    think: float,
    warmup: float,
    seconds: float,
) -> None:
    # Robots move through the sweeper's timers: on where a table has robots, off (as for Bozó)
    # where every seat is a person's.
    env = dict(site.env, GAMES_SWEEPER="1" if robot_seats else "0")
    server_name = f"{kind.key}-{tables}-{len(robot_seats)}-{int(think * 1000)}"
    with Server(env, site.workdir, server_name) as server:
        result = asyncio.run(
            table_scenario(
                site, server, name, kind, tables, robot_seats, spectators, think, warmup, seconds
            )
        )
    check_scenario(site, server, result)


def check_scenario(site: Site, server: Server, result: dict[str, Any]) -> None:
    problems = server.problems()
    lost = verify_after(site, result)
    report(result)
    RESULTS.append(result)
    robots = (
        f", {result['robot_moves_logged']} de robôs (usuário None)"
        if result.get("robot_moves_logged")
        else ""
    )
    print(
        f"  log conferido: {len(result['bench'].tables)} mesas, {result['moves_acked']} jogadas "
        f"confirmadas{robots}, {len(lost)} problema(s); registro do daphne: {len(problems)} "
        "erro(s)"
    )
    for title, found in (("erros", result["errors"]), ("no log", lost), ("daphne", problems)):
        for line in found[:10]:
            print(f"  {title}: {line}")
    assert not result["errors"], "\n".join(result["errors"][:30] + lost[:10])
    assert not problems, "daphne registrou erros:\n" + "\n".join(problems[:30])
    assert not lost, "\n".join(lost[:30])
    assert result["moves_acked"] == result["moves_sent"]
    assert result["moves_acked"] > 0


def verify_after(site: Site, result: dict[str, Any]) -> list[str]:
    bench: Bench = result["bench"]
    bench.db = Database(site.env)
    try:
        problems = verify(bench)
        if "robot_seats" in result:  # Dominó, Dozito, Yam's
            seat_problems, result["robot_moves_logged"] = verify_seats(
                bench, robots_expected=bool(result["robot_seats"])
            )
            problems += seat_problems
        return problems
    finally:
        bench.db.close()


@pytest.mark.parametrize("tables", CAPACITY_TABLES)
def test_capacity(site, tables):
    run_scenario(site, "Capacidade", tables, 0.0, WARMUP, SECONDS)


def test_human_pace(site):
    if HUMAN_TABLES <= 0:
        pytest.skip("BENCH_LIVE_HUMAN_TABLES=0")
    run_scenario(site, "Ritmo humano", HUMAN_TABLES, THINK, HUMAN_WARMUP, HUMAN_SECONDS)


@pytest.mark.parametrize("tables", DOMINO_TABLES)
def test_domino_capacity(site, tables):
    """Four people per table, as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Dominó · capacidade", DOMINO, tables, (), DOMINO_SPECTATORS, 0.0, WARMUP, SECONDS
    )


def test_domino_robots(site):
    """Two people at human pace, two fast robots and a spectator per table."""
    if DOMINO_ROBOT_TABLES <= 0:
        pytest.skip("BENCH_LIVE_DOMINO_ROBOT_TABLES=0")
    run_table_scenario(
        site,
        "Dominó · com robôs",
        DOMINO,
        DOMINO_ROBOT_TABLES,
        DOMINO_ROBOT_SEATS,
        DOMINO_ROBOT_SPECTATORS,
        THINK,
        DOMINO_ROBOT_WARMUP,
        DOMINO_ROBOT_SECONDS,
    )


@pytest.mark.parametrize("tables", DOZITO_TABLES)
def test_dozito_capacity(site, tables):
    """Three people per table (one round), as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Dozito · capacidade", DOZITO, tables, (), DOZITO_SPECTATORS, 0.0, WARMUP, SECONDS
    )


@pytest.mark.parametrize("tables", YAMS_TABLES)
def test_yams_capacity(site, tables):
    """Three people per table (three columns), as fast as the server answers, and spectators."""
    run_table_scenario(
        site, "Yam's · capacidade", YAMS, tables, (), YAMS_SPECTATORS, 0.0, WARMUP, SECONDS
    )


@pytest.mark.parametrize("tables", YAMS_SOLO_TABLES)
def test_yams_solo(site, tables):
    """Solo training (private, one socket a table), as fast as the server answers."""
    run_table_scenario(
        site, "Yam's solo · capacidade", YAMS_SOLO, tables, (), 0, 0.0, WARMUP, SECONDS
    )


def test_crowd(site):
    """One Bozó duel at human pace watched by a crowd: the players' round trips."""
    if CROWD <= 0:
        pytest.skip("BENCH_LIVE_CROWD=0")
    run_table_scenario(
        site, "Bozó · plateia", BOZO, 1, (), CROWD, THINK, HUMAN_WARMUP, HUMAN_SECONDS
    )
