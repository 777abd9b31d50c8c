"""Every colour pair meets WCAG AA in the light and the dark theme (DESIGN.md, issue 29).

The pairs are declared once, in PAIRS: a foreground, what it lies on, and what it is: text at
4.5:1, large text and icons at 3:1. Then every rule that sets both `color` and a background is
measured as well, so that a pair the list forgets is still checked; a rule whose background is
not one opaque colour (a gradient, a translucent film) must say which declared pairs stand for it.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tests.css_colours import (
    THEMES,
    Unresolved,
    all_rules,
    contexts,
    contrast,
    over,
    parse_colour,
)

TEXT, LARGE, ICON = "text", "large text", "icon"
MINIMUM = {TEXT: 4.5, LARGE: 3.0, ICON: 3.0}


class Pair(NamedTuple):
    foreground: str  # a token ("--text") or a colour
    background: str  # the same, or layers: "a over b", the top first
    kind: str
    within: str = ""  # only where this selector sets the tokens (".domino": Dominó's own felt)


# A token set in several places (a game's table, a message's kind, a Dozito colour) is checked
# in each of them.
PAIRS = [
    Pair(*row)
    for row in [
        # The page
        ("--text", "--bg", TEXT),  # body text, the footer's links, Dominó's won-hand dots
        ("--text-muted", "--bg", TEXT),  # the footer, leads, page headers, the table's mode
        ("--link", "--bg", TEXT),  # links on the page, .button--secondary
        ("--link-hover", "--bg", TEXT),  # the same, hovered
        ("--border-strong", "--bg", ICON),  # the ring of the connection dot, hollow dots
        # Paper: cards, seats, the turn banner, guides, account pages
        ("--text", "--surface", TEXT),  # all their text
        ("--text-muted", "--surface", TEXT),  # secondary lines, a struck box's dash
        ("--link", "--surface", TEXT),  # links in guides and account cards
        ("--link-hover", "--surface", TEXT),  # the same, hovered
        ("--danger-text", "--surface", TEXT),  # form errors, "Excluir conta", void Máx/Mín
        ("--primary-text", "--surface", TEXT),  # Yam's "Você" in its open tab of the standings
        ("--primary-text", "--surface", ICON),  # the guides' fold arrows
        ("--success", "--surface", ICON),  # the filled presence dot of a seat
        ("--border-strong", "--surface", ICON),  # the team marks' edge (jade circle, amber diamond)
        ("--ink", "--surface", TEXT),  # Bozó and Yam's filled boxes, written in ink
        ("--amber-text", "--surface", TEXT),  # the Dozito guide's deck table
        # Sunk paper: buttons, badges, tabs, the cards' sums
        ("--text", "--surface-sunk", TEXT),  # buttons, badges, tabs, table heads
        (
            "--text-muted",
            "--surface-sunk",
            TEXT,
        ),  # the sums of the Yam's cards and the score-keeper
        ("--primary-text", "--surface-sunk", TEXT),  # Yam's "Você" in a closed tab
        ("--success", "--surface-sunk", TEXT),  # the Yam's bonus "+35", in play and in the guide
        ("--danger-text", "--surface-sunk", TEXT),  # a void Máx/Mín in the sums
        # Soft tints: each with its own ink
        (
            "--on-primary-soft",
            "--primary-soft",
            TEXT,
        ),  # score buttons, the guides' contents, verdicts
        ("--text-muted", "--primary-soft", TEXT),  # the score-keeper's lit zero
        ("--link", "--primary-soft", TEXT),  # the guides' contents
        ("--link-hover", "--primary-soft", TEXT),  # a hovered .button--secondary
        ("--danger-text", "--primary-soft", TEXT),  # a Yam's score button that voids Máx/Mín
        ("--on-warning-soft", "--warning-soft", TEXT),  # Dominó's "sua vez", robots, "Fim de jogo"
        ("--link", "--warning-soft", TEXT),  # links in a guide's note
        ("--on-success-soft", "--success-soft", TEXT),  # success badges, a won game in the history
        ("--text-muted", "--success-soft", TEXT),  # a won game's date and mode
        ("--on-error-soft", "--error-soft", TEXT),  # form errors, the score-keeper's error
        ("--on-info-soft", "--info-soft", TEXT),  # info messages
        ("--on-notice", "--notice-bg", TEXT),  # notices, the lobby's current table
        ("--text-muted", "--notice-bg", TEXT),  # the current table's players
        ("--link", "--notice-bg", TEXT),  # links in notices
        ("--text-muted", "--input-bg", TEXT),  # placeholders
        # Solid fills and their inks
        ("--on-primary", "--primary", TEXT),  # primary buttons, "Sua vez", the lobby's tab
        ("--on-primary", "--primary-hover", TEXT),  # the same, hovered
        ("--on-cta", "--cta", TEXT),  # "Jogar" in the header, Dozito's pile actions
        ("--on-cta", "--cta-hover", TEXT),  # the same, hovered
        ("--on-danger", "--danger", TEXT),  # danger buttons, the "!" of errors, Dozito's STOP
        ("--on-danger", "--danger-hover", TEXT),  # the same, hovered
        ("--on-warning", "--warning", TEXT),  # the "!" of a warning message
        ("--on-success", "--success", TEXT),  # the "✓" of a success message
        ("--on-info", "--info", TEXT),  # the "i" of an info message
        ("--on-jade", "--jade", TEXT),  # the Jade pair's initial on Dominó's last tile
        ("--on-amber", "--amber", TEXT),  # the Âmbar pair's initial, Dominó's scoring sum
        # The header
        ("--on-header", "--header-bg", TEXT),  # the brand, the links, the score-keeper's banner
        ("--on-header-muted", "--header-bg", TEXT),  # the brand's tag line
        ("--on-header", "--nav-hover over --header-bg", TEXT),  # a hovered link
        # Turn markers (▶ ★ ⚑) in amber ink: the amber fill is too light on light paper
        ("--amber-text", "--surface", ICON),  # ▶ on Yam's card title, ★ of the hint and winner
        ("--amber-text", "--surface-sunk", ICON),  # ▶ on the tab of the card on turn
        ("--amber-text", "--bg", ICON),  # ▶ on Dozito's grid on turn, ⚑ of the Yam's note
        ("--on-primary-accent", "--primary", ICON),  # ▶ before "Sua vez" in the banner
        # The felt: a radial light from --felt-hi at the middle to --felt-lo at the rim
        ("--on-felt", "--felt-hi", TEXT),  # Dominó's empty line, what lies on the cloth itself
        ("--on-felt", "rgb(0 0 0 / 0.12) over --felt-hi", TEXT),  # an open end's number on Dominó
        ("--on-glow", "--glow-fill", TEXT),  # an end where the chosen tile fits: solid amber
        # Text written on the felt sits on a band of --felt-lo, a solid ground
        ("--on-felt", "--felt-lo", TEXT),  # the throws left, Dominó's sum of the ends and foot
        # the sum's label and terms, in Dominó's fainter ink
        ("--on-felt-faint", "--felt-lo", TEXT, ".domino"),
        # Dice, tiles, cards: ivory and paper that stay light in both themes
        ("--die-ink", "--die-face", ICON),  # the pips of Bozó's and Yam's dice
        ("--die-ink", "--die-shade", ICON),  # the same, at the die's shaded edge
        ("--die-ace", "--die-face", ICON),  # the red ace
        ("--die-pip", "--ivory", ICON),  # the brand's die
        ("--on-ivory", "--ivory", ICON),  # the score-keeper's dice
        ("--tile-pip", "--tile-face", ICON),  # Dominó's pips
        ("--dz-on", "--dz-c", TEXT),  # a Dozito card's band, every colour
        ("--dz-number", "--dz-paper", TEXT),  # its number, every colour
        # a Coringa's symbol, where a card has its number
        ("--dz-number", "color-mix(in srgb, var(--dz-c) 14%, var(--dz-paper))", ICON),
        ("--dz-sun", "--dz-paper", ICON),  # its suns
        ("--dz-mark-on", "--dz-mark", TEXT),  # TURNO EXTRA, CORINGA
        ("--dz-on-back", "--dz-back", TEXT),  # the slot's number on a face-down card, on a patch
        ("--dz-back-ink", "--dz-back", TEXT),  # the back's emblem "D", on its disc
    ]
]

# Rules whose background is no single opaque colour: the declared pairs that measure them.
LAYERED = {
    ".site-nav a:hover": "--on-header on --nav-hover over --header-bg",
    ".die, .die-cube__face": "--die-ink on --die-face and --die-shade",
    ".domino-felt": "--on-felt on --felt-hi and --felt-lo",
    ".domino-place": "--on-felt on rgb(0 0 0 / 0.12) over --felt-hi",
    ".dz-card--back": "no text on its stripes: the emblem and the slot's number have a ground",
    ".dz-card--coringa": "--dz-number on the coringa's tint",
}


def _value(text: str) -> str:
    return f"var({text})" if text.startswith("--") else text


def _colour(values: list[str]) -> tuple[float, float, float, float]:
    """Layers, the top first, flattened onto the opaque bottom one."""
    layers = [parse_colour(value) for value in values]
    assert None not in layers, values
    colour = layers[-1]
    assert colour[3] == 1, f"the bottom layer must be opaque: {values}"
    for layer in reversed(layers[:-1]):
        colour = over(layer, colour)
    return colour


def _place(chain) -> str:
    return " ".join("".join(element) for element in chain) or ":root"


def _colours(theme: str, pair: Pair) -> dict[str, tuple]:
    """The pair's two colours in each place its tokens are set, by the name of that place."""
    layers = [_value(layer.strip()) for layer in pair.background.split(" over ")]
    found = {}
    for chain, (fg, *bg) in contexts(theme, [_value(pair.foreground), *layers]):
        if pair.within in _place(chain):
            found[_place(chain)] = (parse_colour(fg), _colour(bg))
    assert found, f"{pair} is set nowhere"
    return found


def _cases() -> list:
    cases = []
    for pair in PAIRS:
        for theme in THEMES:
            name = f"{pair.foreground} on {pair.background}, {pair.kind}, {theme}"
            cases.append(pytest.param(pair, theme, id=name))
    return cases


@pytest.mark.parametrize(("pair", "theme"), _cases())
def test_each_declared_pair_meets_its_minimum(pair, theme):
    minimum = MINIMUM[pair.kind]
    for place, (fg, bg) in _colours(theme, pair).items():
        ratio = contrast(fg, bg)
        assert ratio >= minimum, (
            f"{pair.foreground} on {pair.background} in {place}, {theme}: {ratio:.2f}:1, "
            f"{pair.kind} needs {minimum}:1"
        )


def _rules_with_both(theme: str):
    """Each rule that sets a colour and a background, the dark theme's own rule for the same
    selector laid over the light one."""
    merged: dict[tuple, dict] = {}
    for rule in all_rules(theme):
        background = rule.declarations.get("background-color", rule.declarations.get("background"))
        at = tuple(at for at in rule.at if "prefers-color-scheme" not in at)
        key = (rule.sheet, rule.selector, at)
        seen = merged.setdefault(key, {})
        if "color" in rule.declarations:
            seen["color"] = rule.declarations["color"]
        if background is not None:
            seen["background"] = background
    for (sheet, selector, _), found in merged.items():
        if len(found) == 2:
            yield sheet, selector, found["color"], found["background"]


@pytest.mark.parametrize("theme", THEMES)
def test_every_rule_with_a_colour_on_a_background_meets_the_text_minimum(theme):
    short, uncovered = [], []
    for sheet, selector, color, background in _rules_with_both(theme):
        if color in ("inherit", "currentColor") or background in ("transparent", "none"):
            continue  # it lies on what is below: a declared pair
        try:
            found = contexts(theme, [color, background])
        except Unresolved as error:
            uncovered.append(f"{sheet} {selector}: {error}")
            continue
        for chain, (fg, bg) in found:
            fore, back = parse_colour(fg), parse_colour(bg)
            if fore is None:
                uncovered.append(f"{sheet} {selector}: the colour {fg} is no colour")
            elif back is None or back[3] < 1:
                if selector not in LAYERED:
                    uncovered.append(f"{sheet} {selector}: {bg} (declare its pairs in LAYERED)")
            elif (ratio := contrast(fore, back)) < MINIMUM[TEXT]:
                short.append(f"{sheet} {selector} in {_place(chain)}: {fg} on {bg}, {ratio:.2f}:1")
    assert not uncovered, "\n".join(uncovered)
    assert not short, "\n".join(short)


def test_no_foreground_stays_fixed_while_its_background_flips():
    """A background that turns from light to dark (or back) with the theme takes a foreground
    that turns too: the fault of Dominó's "sua vez", #1f2421 on the dark #3a2f16 (1.19:1)."""
    fixed = []
    for pair in PAIRS:
        light, dark = (_colours(theme, pair) for theme in THEMES)
        for place in light.keys() & dark.keys():
            (light_fg, light_bg), (dark_fg, dark_bg) = light[place], dark[place]
            if contrast(light_bg, dark_bg) >= 3 and light_fg == dark_fg:
                fixed.append(f"{pair.foreground} on {pair.background} in {place}")
    assert not fixed, fixed


def test_the_pairs_are_declared_once():
    assert len({(*pair[:2], pair.kind == TEXT) for pair in PAIRS}) == len(PAIRS)
