"""Frames cut into their top-level elements and parsed (html.parser) into trees of the
elements with an id, which the client's page model (page.py) swaps in."""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

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


def forget_parsed() -> None:
    """A scenario's client starts afresh: no element parsed yet, its counts at zero."""
    _parsed.clear()
    PARSE_COUNTS.update(dict.fromkeys(PARSE_COUNTS, 0))
