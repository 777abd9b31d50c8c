"""What one page shows of a live-table message: the markup left once table.css has hidden what is
for other seats (section 0b). A render may be shared by every socket at the table; it starts with
`#mesa-eu`, which carries the page's own seat, and wraps what only some seats see in
`.only-seats` / `.except-seats` with their `data-seats`. Tests and the benchmark read messages
through this, as the page's CSS would.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = frozenset(
    "area base br col embed hr img input link meta source track wbr".split()  # noqa: SIM905
)
MARKER_RE = re.compile(r'<div id="mesa-eu" hidden(?: data-you="(\d+)")?></div>')


def own_seat(html: str) -> int | None:
    """The seat the message was sent to (None: a spectator), from its `#mesa-eu`."""
    match = MARKER_RE.search(html)
    if match is None:
        raise AssertionError("a live message always starts with #mesa-eu")
    return int(match.group(1)) if match.group(1) is not None else None


def hidden_for(attrs: dict[str, str | None], seat: int | None) -> bool:
    classes = (attrs.get("class") or "").split()
    seats = {int(s) for s in (attrs.get("data-seats") or "").split()}
    if "only-seats" in classes:
        return seat not in seats
    if "except-seats" in classes:
        return seat in seats
    return False


class _Visible(HTMLParser):
    def __init__(self, seat: int | None) -> None:
        super().__init__(convert_charrefs=False)
        self.seat = seat
        self.out: list[str] = []
        self.skipping = 0  # depth inside a hidden element

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.skipping:
            if tag not in VOID:
                self.skipping += 1
            return
        if tag not in VOID and hidden_for(dict(attrs), self.seat):
            self.skipping = 1
            return
        self.out.append(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self.skipping:
            self.out.append(self.get_starttag_text() or "")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            if tag not in VOID:
                self.skipping -= 1
            return
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.out.append(data)

    def handle_entityref(self, name: str) -> None:
        if not self.skipping:
            self.out.append(f"&{name};")

    def handle_charref(self, name: str) -> None:
        if not self.skipping:
            self.out.append(f"&#{name};")


def seen_by(html: str, seat: int | None = -1) -> str:
    """The markup of `html` that the page of `seat` shows (by default the message's own seat)."""
    if seat == -1:
        seat = own_seat(html)
    parser = _Visible(seat)
    parser.feed(html)
    parser.close()
    return "".join(parser.out)
