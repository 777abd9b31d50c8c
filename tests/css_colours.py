"""The site's stylesheets read for their colours, as a browser would read them in either theme.

Enough CSS for our hand-written sheets: rules, @media blocks, custom properties and their var()
chains (with fallbacks); colours as hex, rgb(), hsl(), color-mix(in srgb, ...), a few names.
A theme is every rule outside @media print and @keyframes, the rules inside
`@media (prefers-color-scheme: dark)` for the dark one only. Contrast is WCAG 2.x's: relative
luminance, (L1 + 0.05) / (L2 + 0.05), a translucent colour composited over what it lies on.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEETS = (
    "config/static/css/site.css",
    "config/static/css/500.css",  # the error page, on its own palette
    "games/static/games/table.css",
    "games/static/games/bozo.css",
    "games/static/games/yams.css",
    "games/static/games/domino.css",
    "games/static/games/dozito.css",
    "games/static/games/replay.css",
    "marcador/static/marcador/marcador.css",
    "guides/static/guides/guide.css",
    "guides/static/guides/bozo.css",
    "guides/static/guides/domino.css",
    "guides/static/guides/dozito.css",
    "guides/static/guides/yams.css",
)
THEMES = ("light", "dark")
DARK = "prefers-color-scheme: dark"

Lookup = Callable[[str, "Trace"], "str | None"]
RGBA = tuple[float, float, float, float]  # channels 0-1, alpha 0-1
NAMED = {"white": (1.0, 1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0, 1.0)}
TRANSPARENT = (0.0, 0.0, 0.0, 0.0)


class Unresolved(LookupError):
    """A var() with neither a definition in reach nor a fallback."""


# -- Parsing -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    sheet: str
    selector: str
    declarations: dict[str, str]
    at: tuple[str, ...]  # the at-rules it stands in, outermost first

    def in_theme(self, theme: str) -> bool:
        if any(not at.startswith(("@media", "@supports")) or "print" in at for at in self.at):
            return False
        return theme == "dark" or not any(DARK in at for at in self.at)

    @property
    def tokens(self) -> dict[str, str]:
        return {k: v for k, v in self.declarations.items() if k.startswith("--")}


def _split(text: str, separator: str) -> Iterator[str]:
    """Split at `separator` outside parentheses and quotes."""
    depth, quote, start = 0, "", 0
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == separator and depth == 0:
            yield text[start:i]
            start = i + 1
    yield text[start:]


def _declarations(body: str) -> dict[str, str]:
    found = {}
    for part in _split(body, ";"):
        name, colon, value = part.partition(":")
        if colon:
            value = " ".join(value.replace("!important", "").split())
            name = name.strip()
            found[name if name.startswith("--") else name.lower()] = value
    return found


def _parse(text: str, pos: int, at: tuple[str, ...], sheet: str, out: list[Rule]) -> int:
    brace = re.compile(r"[{};]")
    while match := brace.search(text, pos):
        if match.group() == "}":
            return match.end()
        prelude = " ".join(text[pos : match.start()].split())
        if match.group() == ";":  # an at-statement such as @import
            pos = match.end()
        elif prelude.startswith("@"):
            pos = _parse(text, match.end(), (*at, prelude), sheet, out)
        else:
            end = text.index("}", match.end())
            out.append(Rule(sheet, prelude, _declarations(text[match.end() : end]), at))
            pos = end + 1
    return len(text)


@cache
def rules(sheet: str) -> tuple[Rule, ...]:
    text = re.sub(r"/\*.*?\*/", "", (ROOT / sheet).read_text(), flags=re.S)
    out: list[Rule] = []
    _parse(text, 0, (), sheet, out)
    return tuple(out)


def all_rules(theme: str) -> list[Rule]:
    return [rule for sheet in SHEETS for rule in rules(sheet) if rule.in_theme(theme)]


# -- Custom properties ---------------------------------------------------------------------------


@cache
def definers(theme: str) -> dict[str, dict[str, str]]:
    """Each selector that sets custom properties, with what it sets in this theme (the dark
    blocks come after the light ones, so they win, as in the browser)."""
    found: dict[str, dict[str, str]] = {}
    for rule in all_rules(theme):
        if rule.tokens:
            for selector in _split(rule.selector, ","):
                found.setdefault(" ".join(selector.split()), {}).update(rule.tokens)
    return found


def _close(value: str, open_at: int) -> int:
    depth = 0
    for i in range(open_at, len(value)):
        depth += {"(": 1, ")": -1}.get(value[i], 0)
        if depth == 0:
            return i
    raise ValueError(f"unbalanced parentheses: {value}")


@dataclass
class Trace:
    """The custom properties a value read on its way, and those it found nowhere."""

    used: set[str] = field(default_factory=set)
    missing: set[str] = field(default_factory=set)


def substitute(value: str, lookup: Lookup, trace: Trace) -> str:
    """`value` with every var() replaced."""
    out, i = [], 0
    while (start := value.find("var(", i)) != -1:
        end = _close(value, start + 3)
        name, _, fallback = value[start + 4 : end].partition(",")
        name = name.strip()
        trace.used.add(name)
        found = lookup(name, trace)
        if found is None:
            if not fallback.strip():
                trace.missing.add(name)
            found = fallback.strip() or "unresolved"
        out += [value[i:start], substitute(found, lookup, trace)]
        i = end + 1
    return "".join([*out, value[i:]])


class Scope:
    """The custom properties an element sees: its own over those it inherits. Its own are
    computed on it (a var() in them reads its own or inherited values), as CSS does."""

    def __init__(self, tokens: dict[str, str], parent: Scope | None = None):
        self.tokens, self.parent = tokens, parent

    def get(self, name: str, trace: Trace, seen: frozenset[str] = frozenset()) -> str | None:
        if name not in self.tokens:
            return self.parent.get(name, trace) if self.parent else None
        if name in seen:
            return None  # a cycle: invalid at computed-value time
        return substitute(self.tokens[name], lambda n, t: self.get(n, t, seen | {name}), trace)


# A chain of elements from the outside in, below :root; each element is the selectors that set
# its custom properties: a block alone, or a block and one of its modifiers (".message",
# ".message--warning"), or a modifier whose block sets none.
Element = tuple[str, ...]
Chain = tuple[Element, ...]


def _block(selector: str) -> str:
    """A BEM modifier's block: `.message--warning` -> `.message`."""
    return re.sub(r"--[\w-]+$", "", selector)


def _scope(theme: str, chain: Chain) -> Scope:
    defined = definers(theme)
    scope = Scope(defined[":root"])
    for element in chain:
        scope = Scope({k: v for selector in element for k, v in defined[selector].items()}, scope)
    return scope


def _with(theme: str, chain: Chain, place: str) -> tuple[Chain, bool] | None:
    """`chain` with `place` set: on its block's element if the chain holds that block alone
    (True: it overrides there), else on a new outermost element (False); None if the block
    already has a modifier."""
    block, defined = _block(place), definers(theme)
    if any(place in element for element in chain):
        return None
    for i, element in enumerate(chain):
        if _block(element[-1]) == block:
            if element != (block,):
                return None
            return (*chain[:i], (block, place), *chain[i + 1 :]), True
    element = (block, place) if block != place and block in defined else (place,)
    return (element, *chain), False


def contexts(theme: str, values: list[str]) -> list[tuple[Chain, list[str]]]:
    """Every chain of scoped selectors (a game's table, a message's kind, a card's colour) under
    which all the var()s in `values` resolve, with the values resolved there. A property set in
    several places is tried in each: `.dz-card__band` is checked for every card colour."""
    found, seen = [], set()
    defined = definers(theme)

    def walk(chain: Chain) -> None:
        if chain in seen:
            return
        seen.add(chain)
        scope, trace = _scope(theme, chain), Trace()
        resolved = [substitute(value, scope.get, trace) for value in values]
        if trace.missing:
            name = min(trace.missing)
            places = [s for s, tokens in defined.items() if name in tokens and s != ":root"]
            if not places:
                raise Unresolved(f"{name} is set nowhere in reach ({theme}): {values}")
            for place in places:
                if step := _with(theme, chain, place):
                    walk(step[0])
            return
        found.append((chain, resolved))
        own = {name for element in chain for s in element for name in defined[s]}
        for name in sorted(trace.used):
            for place, tokens in defined.items():
                if name in tokens and place != ":root" and (step := _with(theme, chain, place)):
                    overrides = step[1] or name not in own  # an outer element hides no inner
                    if overrides:
                        walk(step[0])

    walk(())
    return found


# -- Colours -------------------------------------------------------------------------------------


def _number(text: str, scale: float) -> float:
    text = text.strip()
    return float(text[:-1]) / 100 if text.endswith("%") else float(text) / scale


def _components(inside: str) -> tuple[list[str], str | None]:
    inside = inside.replace(",", " ")
    colour, _, alpha = inside.partition("/")
    parts = colour.split()
    if len(parts) == 4:  # rgba(r, g, b, a)
        return parts[:3], parts[3]
    return parts, alpha.strip() or None


def parse_colour(value: str) -> RGBA | None:
    """One colour, or None for what is not one (a gradient, currentColor, inherit...)."""
    value = value.strip().lower()
    if value in NAMED:
        return NAMED[value]
    if value == "transparent":
        return TRANSPARENT
    if re.fullmatch(r"#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}", value):
        digits = value[1:]
        if len(digits) <= 4:
            digits = "".join(d * 2 for d in digits)
        channels = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return (*channels[:3], channels[3] if len(channels) == 4 else 1.0)
    function = re.fullmatch(r"(rgba?|hsla?|color-mix)\((.*)\)", value)
    if not function:
        return None
    name, inside = function.groups()
    if name == "color-mix":
        return _mix(inside)
    parts, alpha = _components(inside)
    a = _number(alpha, 1) if alpha else 1.0
    if name.startswith("rgb"):
        return (*(_number(p, 255) for p in parts), a)
    hue = float(parts[0].removesuffix("deg")) / 360
    r, g, b = colorsys.hls_to_rgb(hue, _number(parts[2], 100), _number(parts[1], 100))
    return (r, g, b, a)


def _mix(inside: str) -> RGBA | None:
    space, *colours = (p.strip() for p in _split(inside, ","))
    if space != "in srgb" or len(colours) != 2:
        return None
    parsed, shares = [], []
    for part in colours:
        share = re.search(r"\s(\d+(?:\.\d+)?)%$", part)
        parsed.append(parse_colour(part[: share.start()] if share else part))
        shares.append(float(share.group(1)) / 100 if share else None)
    if None in parsed:
        return None
    p1, p2 = shares
    p1 = 1 - p2 if p1 is None and p2 is not None else (0.5 if p1 is None else p1)
    p2 = 1 - p1 if p2 is None else p2
    (c1, c2), total = parsed, p1 + p2
    alpha = (c1[3] * p1 + c2[3] * p2) / total
    if alpha == 0:
        return TRANSPARENT
    channels = ((c1[i] * c1[3] * p1 + c2[i] * c2[3] * p2) / total / alpha for i in range(3))
    return (*channels, alpha * min(total, 1.0))


def over(top: RGBA, below: RGBA) -> RGBA:
    """`top` painted over an opaque `below`."""
    a = top[3]
    return (*(top[i] * a + below[i] * (1 - a) for i in range(3)), 1.0)


def luminance(colour: RGBA) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: RGBA, background: RGBA) -> float:
    """WCAG 2.x contrast of a foreground on an opaque background."""
    darker, lighter = sorted((luminance(over(foreground, background)), luminance(background)))
    return (lighter + 0.05) / (darker + 0.05)
