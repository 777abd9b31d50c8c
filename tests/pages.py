"""A live table page as the browser builds it from the socket's messages, for tests and the bench.

Every message is a sequence of top-level elements; each replaces the element of the page with the
same id, wherever it is (htmx's out-of-band swap), or, with `hx-swap-oob="beforeend"`, adds its
children to it, with `hx-swap-oob="afterend:#ID"` puts its children after that element, or with
`hx-swap-oob="delete"` removes it. The first message of a socket holds
every partial. Tests read the page (what it shows now) and the raw messages (what travelled).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr".split()  # noqa: SIM905
)


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)
    parent: Node | None = field(default=None, repr=False)

    def html(self) -> str:
        attrs = "".join(
            f' {name}="{html.escape(value, quote=True)}"' if value is not None else f" {name}"
            for name, value in self.attrs.items()
        )
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        inner = "".join(c.html() if isinstance(c, Node) else html.escape(c) for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"

    def text(self) -> str:
        return "".join(c.text() if isinstance(c, Node) else c for c in self.children)

    def walk(self):
        """This node and every node under it, in document order. With a stack, not nested
        generators, whose cost grows with the depth of each node."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(c for c in reversed(node.children) if isinstance(c, Node))


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs) -> None:
        node = Node(tag, dict(attrs), parent=self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.current.children.append(Node(tag, dict(attrs), parent=self.current))

    def handle_endtag(self, tag: str) -> None:
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(markup: str) -> Node:
    builder = _Builder()
    builder.feed(markup)
    builder.close()
    return builder.root


class Page:
    """What one socket's page shows, message after message."""

    def __init__(self) -> None:
        self.root = Node("#root", {})
        self.raw: list[str] = []

    def apply(self, message: str) -> None:
        self.raw.append(message)
        for node in [c for c in parse(message).children if isinstance(c, Node)]:
            swap, _, selector = node.attrs.pop("hx-swap-oob", "true").partition(":#")
            target = self.find(selector or node.attrs.get("id", ""))
            if target is None:
                if swap == "true":
                    node.parent = self.root
                    self.root.children.append(node)
                continue
            if swap == "delete":
                target.parent.children.remove(target)
            elif swap == "afterend":
                siblings = target.parent.children
                at = siblings.index(target) + 1
                for child in node.children:
                    if isinstance(child, Node):
                        child.parent = target.parent
                siblings[at:at] = node.children
            elif swap == "beforeend":
                for child in node.children:
                    if isinstance(child, Node):
                        child.parent = target
                    target.children.append(child)
            else:
                siblings = target.parent.children
                node.parent = target.parent
                siblings[siblings.index(target)] = node

    def find(self, element_id: str) -> Node | None:
        if not element_id:
            return None
        return next((n for n in self.root.walk() if n.attrs.get("id") == element_id), None)

    def html(self) -> str:
        return "".join(c.html() if isinstance(c, Node) else c for c in self.root.children)

    def text(self, element_id: str | None = None) -> str:
        node = self.root if element_id is None else self.find(element_id)
        return " ".join((node.text() if node else "").split())

    @property
    def version(self) -> int:
        shown = self.find("mesa-versao")
        return int(shown.attrs["data-version"]) if shown else -1

    @property
    def banner(self) -> str:
        return self.text("mesa-status")

    @property
    def notice(self) -> str:
        return self.text("mesa-aviso")

    def inputs(self, name: str) -> list[str]:
        """The values of the fields named `name`: a form's inputs, a button that sends one."""
        return [
            n.attrs.get("value", "")
            for n in self.root.walk()
            if n.tag in ("input", "button") and n.attrs.get("name") == name
        ]

    def actions(self) -> list[dict[str, Any]]:
        """The game actions this page offers (its own controls only ever reach it)."""
        return [json.loads(value) for value in self.inputs("action")]

    def commands(self) -> list[str]:
        return self.inputs("cmd")


def attribute(html_text: str, element_id: str, name: str) -> str | None:
    match = re.search(rf'<[^>]*\bid="{re.escape(element_id)}"[^>]*>', html_text)
    if not match:
        return None
    found = re.search(rf'\b{re.escape(name)}="([^"]*)"', match.group(0))
    return html.unescape(found.group(1)) if found else None
