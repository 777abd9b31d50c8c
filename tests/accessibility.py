"""What assistive technology makes of a page, read from its markup (parsed with tests/pages.py):
the names it gives, the text it reads, the landmarks and headings it lists, and what the
keyboard can reach. Only the parts of WAI-ARIA 1.2 and HTML-AAM the site's templates use, as
axe-core's rules check them (aria-prohibited-attr, landmark-unique, heading-order,
scrollable-region-focusable: what found issue #29).
"""

from __future__ import annotations

from itertools import pairwise

from tests.pages import Node

# Tags whose role (generic, paragraph, strong, emphasis, code, caption…) may not be named:
# an aria-label or aria-labelledby on them, without a role that takes a name, is not read.
UNNAMED = frozenset(
    "abbr b bdi bdo caption code data del div em i ins p s samp small span strong sub sup u".split()  # noqa: SIM905
)


def named_without_role(root: Node) -> list[str]:
    """The start tags of the elements named by aria-label or aria-labelledby that may not be."""
    return [
        tag(node)
        for node in root.walk()
        if node.tag in UNNAMED
        and "role" not in node.attrs
        and ("aria-label" in node.attrs or "aria-labelledby" in node.attrs)
    ]


def spoken(node: Node) -> str:
    """The text of `node` as a screen reader reads it: nothing hidden from it, an image by its
    name, the rest by its text; spaces collapsed."""

    def words(n: Node | str) -> str:
        if isinstance(n, str):
            return n
        if n.attrs.get("aria-hidden") == "true" or "hidden" in n.attrs:
            return ""
        if n.attrs.get("role") == "img":
            return f" {n.attrs.get('aria-label', '')} "
        return "".join(words(child) for child in n.children)

    return " ".join(words(node).split())


def by_id(root: Node) -> dict[str, Node]:
    return {n.attrs["id"]: n for n in root.walk() if "id" in n.attrs}


def accessible_name(root: Node, node: Node, ids: dict[str, Node] | None = None) -> str:
    """The accessible name `node` is given by the author (aria-labelledby, then aria-label)."""
    if "aria-labelledby" in node.attrs:
        ids = by_id(root) if ids is None else ids
        return " ".join(spoken(ids[i]) for i in node.attrs["aria-labelledby"].split() if i in ids)
    return " ".join(node.attrs.get("aria-label", "").split())


def regions(root: Node) -> list[tuple[Node, str]]:
    """Every region landmark with its name: a `<section>` with a name and no other role, or an
    element of role="region"."""
    ids = by_id(root)
    found = []
    for node in root.walk():
        role = node.attrs.get("role")
        named = "aria-label" in node.attrs or "aria-labelledby" in node.attrs
        if role == "region" or (node.tag == "section" and role is None and named):
            found.append((node, accessible_name(root, node, ids)))
    return found


def repeated_regions(root: Node) -> list[str]:
    """The names given to more than one region (or to none: an empty name)."""
    names = [n for _node, n in regions(root)]
    return sorted({n for n in names if not n or names.count(n) > 1})


def skipped_headings(root: Node) -> list[tuple[int, int]]:
    """Each pair of consecutive headings where the second goes down more than one level, and the
    first heading if it is not an h1."""
    levels = [int(n.tag[1]) for n in root.walk() if n.tag in ("h1", "h2", "h3", "h4", "h5", "h6")]
    skips = [(a, b) for a, b in pairwise(levels) if b > a + 1]
    return ([(0, levels[0])] if levels and levels[0] != 1 else []) + skips


def with_class(root: Node, class_name: str) -> list[Node]:
    return [n for n in root.walk() if class_name in n.attrs.get("class", "").split()]


def tag(node: Node) -> str:
    return node.html().split(">", 1)[0] + ">"


def unreachable(root: Node, scrollers: list[Node]) -> list[str]:
    """Of `scrollers` (elements that scroll), the start tags of those the keyboard cannot reach
    to scroll them, or that do not say what they are when it does: each takes the focus
    (tabindex="0") and is a region with a name."""
    return [
        tag(node)
        for node in scrollers
        if not (
            node.attrs.get("tabindex") == "0"
            and node.attrs.get("role") == "region"
            and accessible_name(root, node)
        )
    ]
