"""The translations of a table's render, looked up once per language and text.

A render asks for a few hundred texts (labels, the seats' names, the templates' own text), and
Django's `gettext` finds the active language anew each time, through asgiref's `Local`: some 14
microseconds a call, a quarter of a render's time. Within `bound()` (a render, in one language)
`gettext` and `ngettext` answer from a memo of that language, filled by Django's own functions:
the same text, some 0.2 microseconds a call. Outside it they are Django's.

The memo lives as long as the process, as Django's catalogs do, and is dropped when a setting
that changes a translation changes (the tests' `override_settings`); `texts_key()` then changes
too, so markup cached by it (config/jinja2.py, `cached_include`) is not served again. Only
literal texts are asked for, so it stays small; past MAX_TEXTS a language's memo stops growing
and the rest is asked of Django.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import translation

MAX_TEXTS = 4096
TRANSLATION_SETTINGS = frozenset({"LANGUAGE_CODE", "LANGUAGES", "LOCALE_PATHS", "USE_I18N"})

_memos: dict[str | None, dict] = {}  # language -> text (or ngettext's arguments) -> translation
_generation = 0  # how many times the translations' settings changed
# Within a render: what its texts depend on (the generation, the language) and their memo.
_bound: ContextVar[tuple[tuple[int, str | None], dict] | None] = ContextVar(
    "games_i18n_memo", default=None
)


@contextmanager
def bound() -> Iterator[None]:
    """Within: the texts of the language active now come from its memo."""
    language = translation.get_language()
    token = _bound.set(((_generation, language), _memos.setdefault(language, {})))
    try:
        yield
    finally:
        _bound.reset(token)


def texts_key() -> tuple[int, str | None]:
    """What the translated texts depend on now, for a cache of rendered markup to key on: the
    language, and the translations' settings (a change of them gives another key)."""
    bound_now = _bound.get()
    return bound_now[0] if bound_now is not None else (_generation, translation.get_language())


def gettext(message: str) -> str:
    bound_now = _bound.get()
    if bound_now is None:
        return translation.gettext(message)
    memo = bound_now[1]
    text = memo.get(message)
    if text is None:
        text = translation.gettext(message)
        if len(memo) < MAX_TEXTS:
            memo[message] = text
    return text


def ngettext(singular: str, plural: str, number: int) -> str:
    bound_now = _bound.get()
    if bound_now is None:
        return translation.ngettext(singular, plural, number)
    memo, key = bound_now[1], (singular, plural, number)
    text = memo.get(key)
    if text is None:
        text = translation.ngettext(singular, plural, number)
        if len(memo) < MAX_TEXTS:
            memo[key] = text
    return text


@receiver(setting_changed)
def _forget(*, setting: str, **kwargs) -> None:
    global _generation
    if setting in TRANSLATION_SETTINGS:
        _memos.clear()
        _generation += 1
