"""The partials of a live render, as its templates declare them: `{% filter partial(id) %}` ...
`{% endfilter %}` encloses an element with that id, which a socket is sent on its own when it
changes (games/rendering.py). Partials nest: one declared inside another is its child.

A filter block is Jinja's plain way to hand a piece of a template, once drawn, to a function; it
costs a render less than a call block (no macro is made for each). A block's inner partials are
drawn, and handed here, before the block itself: the partials drawn since a block began are the
latest ones not yet inside another, which its markup holds in the order they were drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from jinja2 import pass_context
from jinja2.runtime import Context


class Partial(NamedTuple):  # a tuple: a render makes some 200 of them, and quickly
    id: str
    html: str
    shell: int  # digest of its markup with each run of adjacent children replaced by one mark
    children: tuple[Partial, ...] = ()
    # What a socket that received it remembers, (digest of its markup, shell, its children's
    # ids): one tuple that every socket shares instead of one each (a socket remembers some 70).
    mark: tuple[int, int, tuple[str, ...]] = (0, 0, ())
    follows: tuple[bool, ...] = ()  # each child: right after the sibling before it


class Lazy(NamedTuple):
    """A value of a `cached_include` part's context, made only when the part is drawn: `key`
    holds everything `make` reads (the view's own values) and stands for the value in the
    part's key, so a part already drawn is found without making its value (a Yam's card's 80
    cells) again."""

    key: tuple[Any, ...]
    make: Callable[[], Any]


class Partials:
    """What a render's `partial` blocks hand over: `parts` are those no other partial holds."""

    __slots__ = ("_loose",)

    def __init__(self) -> None:
        self._loose: list[Partial] = []  # drawn, and not yet inside another

    def drawn(self, part_id: str, html: str) -> None:
        loose = self._loose
        part_id = sys.intern(part_id)  # one id string per name
        start = html.rfind(loose[-1].html) if loose else -1
        if start < 0:  # none inside it (the latest loose one was drawn before it began)
            loose.append(leaf(part_id, html))
            return
        children, starts = [loose.pop()], [start]  # a partial's markup is one of a kind
        while loose and (start := html.rfind(loose[-1].html, 0, start)) >= 0:
            children.append(loose.pop())
            starts.append(start)
        children.reverse()
        starts.reverse()
        loose.append(_partial(part_id, html, children, starts))

    def add(self, parts: tuple[Partial, ...]) -> None:
        """Partials drawn elsewhere and placed here whole (a part `cached_include` kept)."""
        self._loose.extend(parts)

    @property
    def parts(self) -> tuple[Partial, ...]:
        return tuple(self._loose)


@pass_context
def partial(context: Context, html: str, part_id: str) -> str:
    """The filter `partial(id)`: `html` is the partial `id` of the render's `partials`, if it
    keeps them (a guide's worked round does not)."""
    partials = context.get("partials")
    if partials is not None:
        partials.drawn(part_id, html)
    return html


def parts_of(template, context: dict[str, Any]) -> tuple[str, tuple[Partial, ...]]:
    """`template` rendered with `context`, and the partials it declared."""
    partials = Partials()
    html = template.render({**context, "partials": partials})
    return html, partials.parts


def leaf(part_id: str, html: str) -> Partial:
    """A partial with none inside it, from its markup."""
    digest = hash(html)
    return Partial(part_id, html, digest, (), (digest, digest, ()))


def _partial(part_id: str, html: str, children: list[Partial], starts: list[int]) -> Partial:
    """A partial from its markup and its children's, each at its place in `starts`. Its shell is
    its markup with each run of adjacent children replaced by one mark; its digest, of the shell
    and the children's digests (a child's markup is not hashed again for each partial around
    it)."""
    text = str(html)  # slices of a plain string, not of Markup (each would be a new Markup)
    shell: list[str | tuple[()]] = []
    follows = []
    at = 0
    for child, start in zip(children, starts, strict=True):
        gap = text[at:start]
        adjacent = bool(shell) and shell[-1] == _RUN and not gap
        if not adjacent:
            shell += (gap, _RUN)
        follows.append(adjacent)
        at = start + len(child.html)
    shell.append(text[at:])
    shell_digest = hash(tuple(shell))
    digest = hash((shell_digest, *[child.mark[0] for child in children]))
    mark = (digest, shell_digest, tuple([child.id for child in children]))
    return Partial(part_id, html, shell_digest, tuple(children), mark, tuple(follows))


_RUN = ()  # in a shell, the place of one or more children that follow each other
