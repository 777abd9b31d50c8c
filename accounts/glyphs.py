"""What the characters of a nickname look like: invisible or not, which alphabet, which look alike.

Python's unicodedata has no Script property, so a letter's alphabet is read from the first word
of its Unicode name ("LATIN SMALL LETTER A", "CYRILLIC CAPITAL LETTER A"), which holds for the
letters of every alphabet in SCRIPTS. The alphabets are Unicode's recommended scripts for
identifiers (UTS #31, table 4); the mixtures allowed are UTS #39's "highly restrictive" ones.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext_lazy as _

# Code points that draw nothing yet are no format character (category Cf): the Hangul fillers,
# the variation selectors, the grapheme joiner and the like (Default_Ignorable_Code_Point in
# Unicode's DerivedCoreProperties), plus the blank Braille pattern, which draws a blank.
_BLANK_RANGES = (
    (0x034F, 0x034F),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0FFF),
)

SCRIPTS = {
    "ARABIC": _("árabe"),
    "ARMENIAN": _("armênio"),
    "BENGALI": _("bengali"),
    "BOPOMOFO": _("bopomofo"),
    "CYRILLIC": _("cirílico"),
    "DEVANAGARI": _("devanágari"),
    "ETHIOPIC": _("etíope"),
    "GEORGIAN": _("georgiano"),
    "GREEK": _("grego"),
    "GUJARATI": _("guzerate"),
    "GURMUKHI": _("gurmukhi"),
    "HAN": _("chinês (kanji)"),
    "HANGUL": _("coreano"),
    "HEBREW": _("hebraico"),
    "HIRAGANA": _("hiragana"),
    "KANNADA": _("canarês"),
    "KATAKANA": _("katakana"),
    "KHMER": _("khmer"),
    "LAO": _("laosiano"),
    "LATIN": _("latino"),
    "MALAYALAM": _("malaiala"),
    "MYANMAR": _("birmanês"),
    "ORIYA": _("oriá"),
    "SINHALA": _("cingalês"),
    "TAMIL": _("tâmil"),
    "TELUGU": _("télugo"),
    "THAANA": _("thaana"),
    "THAI": _("tailandês"),
    "TIBETAN": _("tibetano"),
}
# Name words that are not the script's own name.
_SCRIPT_ALIASES = {"CJK": "HAN", "IDEOGRAPHIC": "HAN", "KATAKANA-HIRAGANA": "KATAKANA"}
_MIXTURES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)

# Cyrillic and Greek letters drawn like a Latin one in common fonts, so "Роро" (Cyrillic) is
# compared as "Popo": the visual part of Unicode's confusables (UTS #39) for these alphabets.
_LOOKALIKES = {
    "A": "АΑ", "B": "ВΒ", "C": "С", "D": "Ԁ", "E": "ЕΕ", "H": "НΗ", "I": "ІӀΙ", "J": "Ј",
    "K": "КΚ", "M": "МΜ", "N": "Ν", "O": "ОΟ", "P": "РΡ", "Q": "Ԛ", "S": "Ѕ", "T": "ТΤ",
    "W": "Ԝ", "X": "ХΧ", "Y": "УҮΥ", "Z": "Ζ",
    "a": "а", "c": "с", "d": "ԁ", "e": "е", "h": "һ", "i": "і", "j": "ј", "k": "κ", "l": "ӏ",
    "o": "оο", "p": "рρ", "q": "ԛ", "s": "ѕ", "u": "υ", "v": "ν", "w": "ԝ", "x": "хχ", "y": "уү",
}  # fmt: skip
_AS_LATIN = str.maketrans(
    {alike: latin for latin, alikes in _LOOKALIKES.items() for alike in alikes}
)


def is_invisible(char: str) -> bool:
    """True for a character that takes no visible room: zero-width, format, filler."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in _BLANK_RANGES)


def is_mark(char: str) -> bool:
    """True for a combining mark (an accent drawn on the character before it)."""
    return unicodedata.category(char).startswith("M")


def script(char: str) -> str:
    """The alphabet of a letter, as the first word of its Unicode name ("LATIN", "CYRILLIC")."""
    word = unicodedata.name(char, "").split(" ")[0]
    return _SCRIPT_ALIASES.get(word, word)


def mixes_scripts(scripts: set[str]) -> bool:
    """True when the letters of one name come from alphabets that do not go together."""
    return len(scripts) > 1 and not any(scripts <= mixture for mixture in _MIXTURES)


def as_latin(value: str) -> str:
    """`value` with each Cyrillic or Greek letter that looks Latin replaced by that Latin one."""
    return value.translate(_AS_LATIN)


def without_accents(value: str) -> str:
    """ "Robô" -> "Robo": every combining mark dropped."""
    decomposed = unicodedata.normalize("NFD", value)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not is_mark(c)))


def code_point(char: str) -> str:
    """How a message names a character that cannot be shown: "U+200B"."""
    return f"U+{ord(char):04X}"
