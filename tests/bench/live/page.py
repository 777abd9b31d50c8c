"""The model of one socket's page, kept as htmx keeps it and read as the page reads it (the
docstring of tests/bench/bench_live.py), and the frames a page sends."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from typing import Any

from tests.bench.live.fragments import Item, Node, parse_frame

# Action types a random player never picks: they end the game or need two idle minutes.
NOT_PLAYED = frozenset({"leave", "claim_inactivity"})
NEXT_TABLE_RE = re.compile(r"^/mesa/(\d+)/$")


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
