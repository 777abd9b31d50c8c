"""What a username and a nickname ("apelido") may look like.

Usernames log people in: short, ASCII, no spaces, and never shown to others. Nicknames are what
others see at the tables and in the lobby. A nickname is normalized first (NFKC, so "𝔸na" is
"Ana", and inner runs of spaces folded to one), then it must:

- not be an e-mail address or a link, so nobody publishes contact details by accident;
- have no invisible character (zero-width, format, Hangul filler) and no loose accent;
- have 2 to 20 characters: letters (accents allowed), digits, spaces, "-" and "_";
- write its letters in one alphabet (no Cyrillic "А" among Latin letters, see accounts.glyphs);
- not pass for the site or for what a table shows instead of a person or next to one
  (games/rendering.py, games/jinja2/games/_seats.html): "Robô 2", "Lugar livre", "Jogador 1",
  "Pessoa 7", "Ana robô jogando". These compare without case, accents, spaces, "-" or "_".

Two nicknames are the same when their keys are (nickname_key): "ZÉ" is "zé", "𝔸na" is "Ana",
and "Роро" written in Cyrillic is "Popo".
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from accounts import glyphs

NICKNAME_MIN = 2
NICKNAME_MAX = 20
REMOVED_NICKNAME = "Jogador removido"

USERNAME_HELP = _("Para entrar no site; ninguém mais vê. De 3 a 20 caracteres, sem espaços.")
NICKNAME_HELP = format_lazy(
    _(
        "Como você aparece nas mesas e no saguão. De {min} a {max} caracteres: letras, números, "
        "espaços, - e _. Evite informações pessoais."
    ),
    min=NICKNAME_MIN,
    max=NICKNAME_MAX,
)

# Names that would let someone pass for the site or its staff; also with a number after them.
SITE_NAMES = (
    "admin",
    "administrador",
    "administradora",
    "administração",
    "moderador",
    "moderadora",
    "moderação",
    "suporte",
    "sistema",
    "equipe",
    "bozó",
)
# What a table shows in place of a person ("Robô 2", "Lugar livre", "Jogador 1", and "Pessoa 7"
# for an account without a nickname, see User.display_name) or as a mark next to one; also
# with a number after them.
TABLE_NAMES = (
    REMOVED_NICKNAME,
    "robô",
    "robôs",
    "robô jogando",
    "jogador",
    "jogadora",
    "pessoa",
    "lugar",
    "lugar livre",
    "livre",
    "vaga",
    "vaga livre",
    "anfitrião",
    "anfitriã",
    "você",
    "sua vez",
    "na vez",
    "silenciado",
    "silenciada",
    "desconectado",
    "desconectada",
)
# No word of a person's name may say "robot": the tables call robots "Robô 2" and mark them.
ROBOT_WORDS = ("robô", "robot", "bot")
# The other marks a seat shows right after the name (games/jinja2/games/_seats.html; "robô"
# and "robô jogando" are robot words): no name ends so.
SEAT_MARKS = (
    "anfitrião",
    "anfitriã",
    "você",
    "na vez",
    "silenciado",
    "silenciada",
    "desconectado",
    "desconectada",
)

_LINK = re.compile(r"\b(https?|www)\b|(\w[-\w]*\s*(\.|\bponto\b)\s*(com|net|org|br|io)\b)", re.I)
_SEPARATORS = re.compile(r"[\s_-]+")

username_validators = [
    RegexValidator(
        r"^[A-Za-z0-9_-]{3,20}\Z",
        _(
            "Use de 3 a 20 caracteres: letras sem acento, números, hífen (-) ou "
            "sublinhado (_), sem espaços."
        ),
        code="invalid_username",
    )
]


def normalize_nickname(value: str) -> str:
    """NFKC form (fullwidth and styled letters become plain ones), trimmed, inner runs of
    spaces folded to one."""
    return " ".join(unicodedata.normalize("NFKC", value).split())


def nickname_key(value: str) -> str:
    """The form two nicknames are compared in: "ZÉ" is "zé", "𝔸na" is "Ana", Cyrillic "Роро"
    is "Popo". Accents stay: "Lúcia" and "Lucia" are two names."""
    plain = glyphs.as_latin(normalize_nickname(value))
    return unicodedata.normalize("NFKC", plain.casefold())


def _words(value: str) -> list[str]:
    """The words of `value` as reserved names compare: no case, accents or separators."""
    folded = glyphs.without_accents(nickname_key(value))
    return [word for word in _SEPARATORS.split(folded) if word]


def _squashed(value: str) -> str:
    return "".join(_words(value))


_RESERVED = frozenset(_squashed(name) for name in SITE_NAMES + TABLE_NAMES)
_ROBOT_WORDS = frozenset(_squashed(word) for word in ROBOT_WORDS)
_SEAT_MARKS = tuple((_words(mark), mark) for mark in SEAT_MARKS)


def _allowed(char: str) -> bool:
    if char in "0123456789 -_":
        return True
    return char.isalpha() and glyphs.script(char) in glyphs.SCRIPTS


def _shown(chars: set[str]) -> str:
    """The characters for a message: an accent on a dotted circle, an invisible one by its code
    point."""

    def shown(char: str) -> str:
        if glyphs.is_invisible(char) or not char.isprintable() or char.isspace():
            return glyphs.code_point(char)
        return f"\u25cc{char}" if glyphs.is_mark(char) else char

    return " ".join(shown(char) for char in sorted(chars))


def _and(items: list[str]) -> str:
    """ "latino e cirílico"."""
    if len(items) == 1:
        return items[0]
    return _("%(list)s e %(last)s") % {"list": ", ".join(items[:-1]), "last": items[-1]}


def validate_nickname(value: str) -> None:
    """Raise ValidationError, in Portuguese, when `value` cannot be a nickname."""
    value = normalize_nickname(value)
    if "@" in value:
        raise ValidationError(
            _("O apelido não pode ser um endereço de e-mail."), code="nickname_email"
        )
    if _LINK.search(value) or "://" in value:
        raise ValidationError(_("O apelido não pode conter links."), code="nickname_link")
    invisible = {char for char in value if glyphs.is_invisible(char)}
    if invisible:
        raise ValidationError(
            _(
                "O apelido tem caracteres invisíveis (%(chars)s). Use só o que aparece na tela: "
                "letras, números, espaços, - e _."
            ),
            code="nickname_invisible",
            params={"chars": _shown(invisible)},
        )
    marks = {char for char in value if glyphs.is_mark(char)}
    if marks:
        raise ValidationError(
            _(
                "O apelido tem um acento solto, fora de uma letra (%(chars)s). Digite a letra "
                "já acentuada, como “é” ou “ã”."
            ),
            code="nickname_mark",
            params={"chars": _shown(marks)},
        )
    if not NICKNAME_MIN <= len(value) <= NICKNAME_MAX:
        raise ValidationError(
            _("O apelido deve ter de %(min)d a %(max)d caracteres."),
            code="nickname_length",
            params={"min": NICKNAME_MIN, "max": NICKNAME_MAX},
        )
    bad = {char for char in value if not _allowed(char)}
    if bad:
        raise ValidationError(
            _(
                "Use só letras (acentos valem), números, espaços, hífen (-) e sublinhado (_). "
                "Não vale: %(chars)s"
            ),
            code="nickname_chars",
            params={"chars": _shown(bad)},
        )
    if not any(char.isalpha() or char.isdigit() for char in value):
        raise ValidationError(
            _("O apelido precisa de pelo menos uma letra ou número."), code="nickname_empty"
        )
    scripts = {glyphs.script(char) for char in value if char.isalpha()}
    if glyphs.mixes_scripts(scripts):
        raise ValidationError(
            _(
                "O apelido mistura alfabetos (%(scripts)s), e letras de alfabetos diferentes "
                "podem parecer iguais na tela. Escreva tudo num alfabeto só."
            ),
            code="nickname_scripts",
            params={"scripts": _and([str(glyphs.SCRIPTS[s]) for s in sorted(scripts)])},
        )
    _validate_not_reserved(value)


def _validate_not_reserved(value: str) -> None:
    words = _words(value)
    if "".join(words).rstrip("0123456789") in _RESERVED:
        raise ValidationError(
            _(
                "Este apelido é reservado: o site usa esse nome nas mesas ou na equipe. "
                "Escolha outro."
            ),
            code="nickname_reserved",
        )
    if _ROBOT_WORDS.intersection(words):
        raise ValidationError(
            _("Só os robôs da mesa se chamam “robô”. Escolha outro apelido."),
            code="nickname_robot",
        )
    for mark_words, mark in _SEAT_MARKS:
        if words[-len(mark_words) :] == mark_words:
            raise ValidationError(
                _(
                    "O apelido não pode terminar em “%(mark)s”: a mesa mostra essa marca ao lado "
                    "dos nomes. Escolha outro."
                ),
                code="nickname_seat_mark",
                params={"mark": mark},
            )
