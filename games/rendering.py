"""What one viewer sees of a table: the live partials, rendered from the rules' `view` for that
viewer's seat only, and what a socket is sent of them.

A render is made once per (table version, seat or spectator, language) and kept on the table's
copy (games/snapshots.py): all spectators of a version share one, each seat renders once per
version, and nothing meant for one seat is in another's render. Each partial has an id; the
partials nest (a card holds its rows). A socket remembers a digest of each partial it received
and is sent only those that changed; a partial whose own markup around its children changed
(its shell) is sent whole, children included, so the page always has a place for every partial.
A child that is new right after a sibling the page has (a tile laid on the line) is inserted
after that sibling, and the rest of its parent stays.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.template import engines
from django.utils import translation
from django.utils.translation import gettext as _
from markupsafe import Markup

from config.jinja2 import in_language
from games import presenters, rules, snapshots
from games.partials import Partial, parts_of
from games.services import ROBOT_FORBIDDEN
from games.snapshots import TableCopy
from games.table_view import table_context

# -- partials --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Render:
    parts: tuple[Partial, ...]

    @property
    def html(self) -> str:
        """Every partial, one after the other (a page's first render, a new socket's message)."""
        return "\n".join(part.html for part in self.parts)


# What a socket last received of each partial: id -> its Partial's mark.
Sent = dict[str, tuple[int, int, tuple[str, ...]]]


def everything(render: Render, sent: Sent) -> str:
    """All the partials (a new or reconnected socket); `sent` starts again from them."""
    sent.clear()
    for part in render.parts:
        _record(part, sent)
    return render.html


def changes(render: Render, sent: Sent, extra: Sequence[tuple[str, str]] = ()) -> str:
    """The partials of `render` that differ from what `sent` says the socket has, and the `extra`
    partials (id, html) of this message only (a notice, a hint); `sent` is brought up to date."""
    out: list[str] = []
    skip = {part_id for part_id, _ in extra}
    _diff(render.parts, sent, out, skip)
    out.extend(html for _, html in extra)
    remember_extras(sent, extra)
    return "".join(out)


def remember_extras(sent: Sent, extra: Sequence[tuple[str, str]]) -> None:
    """The socket now shows these partials of one message: the next render puts them back."""
    for part_id, html in extra:
        digest = hash(html)
        sent[part_id] = (digest, digest, ())


def _diff(
    parts: tuple[Partial, ...],
    sent: Sent,
    out: list[str],
    skip: set[str],
    had: frozenset[str] | None = None,
) -> None:
    """`had`: the children's ids the page has, when `parts` are children some of which it has
    not (one new among them goes in after the sibling before it: `_same_place` checked that it
    may)."""
    for i, part in enumerate(parts):
        if part.id in skip:
            continue
        if had is not None and part.id not in had:
            after = {"after": parts[i - 1].id, "part": Markup(part.html)}  # noqa: S704
            out.append(template("games/_inserted.html").render(after))
            _record(part, sent)
            continue
        digest = part.mark[0]
        known = sent.get(part.id)
        if known is not None and known[0] == digest:
            continue
        if part.children and known is not None and _same_place(known, part):
            sent[part.id] = part.mark
            new = known[2] != part.mark[2]  # most often the page has every child already
            _diff(part.children, sent, out, skip, frozenset(known[2]) if new else None)
        else:
            out.append(part.html)
            _record(part, sent)


def _same_place(known: tuple[int, int, tuple[str, ...]], part: Partial) -> bool:
    """Whether the page's copy of `part` can be brought up to date child by child: the same
    shell, and every child it has still there in order, each new one right after a sibling."""
    if known[1] != part.shell:
        return False
    had, ids = known[2], part.mark[2]
    if had == ids:
        return True
    kept = iter(had)
    expected = next(kept, None)
    for child_id, adjacent in zip(ids, part.follows, strict=True):
        if child_id == expected:
            expected = next(kept, None)
        elif child_id in had or not adjacent:
            return False
    return expected is None


def _record(part: Partial, sent: Sent) -> None:
    sent[part.id] = part.mark
    for child in part.children:
        _record(child, sent)


# -- a table for one viewer ------------------------------------------------------------------------


def drop_renders(table_id: int) -> None:
    """The table's last socket in this process closed (games/consumers.py): its renders go (they
    would stay until the table changed again, or for good at a table that ended), and a later
    socket renders again."""
    copy = snapshots.cached(table_id)
    if copy is not None:
        copy.renders.clear()


def table_render(
    copy: TableCopy,
    seat: int | None,
    *,
    signed_in: bool = True,
    team: int | None = None,
    viewer_id: int | None = None,
) -> Render:
    """The partials of `copy` for `seat` (None: a spectator, `signed_in` or not, invited to
    `team` or not) in the active language, made once per copy, viewer and language. The team of
    an invitation matters only to a spectator of the waiting room (which seats to offer)."""
    if seat is not None or not copy.waiting:
        team = None
    # A spectator in the queue sees their own place in it: the only render of one person.
    queued = viewer_id if seat is None and copy.queued(viewer_id) is not None else None
    key = (seat, seat is not None or signed_in, translation.get_language(), team, queued)
    render = copy.renders.get(key)
    if render is None:
        render = copy.renders[key] = fresh_render(
            copy, seat, signed_in=signed_in, team=team, viewer_id=queued
        )
    return render


def fresh_render(
    copy: TableCopy, seat: int | None, *, signed_in: bool, team: int | None, viewer_id: int | None
) -> Render:
    """The work of one `table_render`, uncached (the live bench swaps it for the protocol alone:
    tests/bench/live_asgi.py)."""
    context = table_context(copy, seat, signed_in=signed_in, team=team, viewer_id=viewer_id)
    _html, parts = parts_of(template("games/_table.html"), context)
    return Render(parts)


def game_render(
    slug: str,
    state: dict[str, Any],
    seat: int | None,
    *,
    names: Sequence[str] = (),
    events: tuple[dict[str, Any], ...] = (),
    log: Sequence[str] = (),
    heading: int = 4,
    buttons: bool = True,
    history: tuple[tuple[dict[str, Any], ...], ...] = (),
    landmarks: bool = False,
) -> str:
    """The game's area of a table for `seat`, from a plain state (no table): what the guides
    draw worked rounds with, with the very templates of the live tables. Its headings are of
    level `heading` (a guide's step sits under its round's h3; a live table's start at h2).
    Without `buttons` the seat sees its own hidden pieces but is offered no move (a guide is
    read, not played). `history`: the latest moves' events, newest first (a replay's step).
    With `landmarks` each player's card or grid is a region, as at a live table; without, a
    named group: a guide draws the same player's card at every step, and two regions of one
    page may not share a name."""
    game = rules.get(slug)
    view = game.view(state, seat)
    legal = _playable(game, state, seat) if seat is not None and buttons else []
    names = list(names) or [_("Jogador %(n)d") % {"n": i + 1} for i in range(state["seats"])]
    presenter = presenters.get(slug)
    g = presenter.context(view, seat, legal, names=names, events=events, history=history)
    g.heading = heading
    g.landmarks = landmarks
    html = template(f"games/{slug}/_game.html").render({"g": g, "log": list(log)})
    return Markup(html)  # noqa: S704 - rendered by the autoescaping environment


def page_assets(slug: str) -> SimpleNamespace:
    """The stylesheets and scripts (static paths) a page that draws this game loads: those of
    the games whose pieces it draws with (the presenter's `DRAWS_WITH`: Yam's felt is Bozó's
    dice, cup and motion), then its own."""
    slugs = (*presenters.get(slug).DRAWS_WITH, slug)
    return SimpleNamespace(
        css=[f"games/{s}.css" for s in slugs], js=[f"games/{s}.js" for s in slugs]
    )


def page_defs(slug: str) -> Markup:
    """What a page that draws this game's pieces holds once (a table page, a guide): the
    drawings its pieces use (`<use href>`), from `games/<slug>/_defs.html` and the presenter's
    `defs()`. Empty for a game without them."""
    return _page_defs(slug, translation.get_language())


@functools.lru_cache(maxsize=16)
def _page_defs(slug: str, language: str) -> Markup:
    defs = presenters.get(slug).defs()
    if defs is None:
        return Markup("")
    return Markup(template(f"games/{slug}/_defs.html").render(defs))  # noqa: S704


def template(name: str):
    """A live partial's template, with the active language's catalog bound."""
    return in_language(engines["jinja2"].env, translation.get_language()).get_template(name)


def _playable(game, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    if seat not in game.to_act(state):
        return []
    return [a for a in game.legal_actions(state, seat) if a["type"] not in ROBOT_FORBIDDEN]
