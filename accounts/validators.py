"""What a username and a nickname ("apelido") may look like.

Usernames log people in: short, ASCII, no spaces. Nicknames are what others see at the tables
and in the lobby: letters (accents allowed), digits, spaces, "-" and "_", 2 to 20 characters,
and never an e-mail address or a link, so nobody publishes contact details by accident.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

NICKNAME_MIN = 2
NICKNAME_MAX = 20
REMOVED_NICKNAME = "Jogador removido"

# Names that would let someone pass for the site, a removed player or a robot.
RESERVED_NICKNAMES = frozenset(
    name.casefold()
    for name in (
        REMOVED_NICKNAME,
        "admin",
        "administrador",
        "administração",
        "moderador",
        "moderação",
        "suporte",
        "sistema",
        "bozó",
        "bozo",
        "robô",
        "robo",
    )
)

_LINK = re.compile(r"\b(https?|www)\b|(\w[-\w]*\s*(\.|\bponto\b)\s*(com|net|org|br|io)\b)", re.I)

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
    """NFC form, trimmed, inner runs of spaces folded to one."""
    return " ".join(unicodedata.normalize("NFC", value).split())


def nickname_key(value: str) -> str:
    """The form two nicknames are compared in: "Zé" and "ZÉ" are the same nickname."""
    return normalize_nickname(value).casefold()


def _allowed(char: str) -> bool:
    return char.isalpha() or char in "0123456789 -_"


def validate_nickname(value: str) -> None:
    """Raise ValidationError, in Portuguese, when `value` cannot be a nickname."""
    value = normalize_nickname(value)
    if "@" in value:
        raise ValidationError(
            _("O apelido não pode ser um endereço de e-mail."), code="nickname_email"
        )
    if _LINK.search(value) or "://" in value:
        raise ValidationError(_("O apelido não pode conter links."), code="nickname_link")
    if not NICKNAME_MIN <= len(value) <= NICKNAME_MAX:
        raise ValidationError(
            _("O apelido deve ter de %(min)d a %(max)d caracteres."),
            code="nickname_length",
            params={"min": NICKNAME_MIN, "max": NICKNAME_MAX},
        )
    bad = sorted({char for char in value if not _allowed(char)})
    if bad:
        raise ValidationError(
            _(
                "Use só letras (acentos valem), números, espaços, hífen (-) e sublinhado (_). "
                "Não vale: %(chars)s"
            ),
            code="nickname_chars",
            params={"chars": " ".join(bad)},
        )
    if not any(char.isalpha() or char.isdigit() for char in value):
        raise ValidationError(
            _("O apelido precisa de pelo menos uma letra ou número."), code="nickname_empty"
        )
    if value.casefold() in RESERVED_NICKNAMES:
        raise ValidationError(
            _("Este apelido é reservado. Escolha outro."), code="nickname_reserved"
        )
