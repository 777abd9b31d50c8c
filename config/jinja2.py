"""The Jinja2 environment of the live partials (each app's `jinja2/` folder).

The partials of a live table are rendered once per socket after every move, which makes them the
hottest templates of the site; Jinja2 compiles them to Python and renders them several times
faster than the Django engine. The site's pages stay Django templates. Text is wrapped for
translation with Django's own catalogs (`_()`, `{% trans %}`), through a small per-language
memo: a miss in Django's `gettext` walks every catalog, which cost more than the rest of a render.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import translation
from jinja2 import Environment

from games.templatetags.tables import action_json, hold_toggle, in_list, legal_values, lookup

_memo: dict[tuple[str | None, str], str] = {}
_plural_memo: dict[tuple[str | None, str, str, int], str] = {}


def gettext(message: str) -> str:
    key = (translation.get_language(), message)
    text = _memo.get(key)
    if text is None:
        text = _memo[key] = translation.gettext(message)
    return text


def ngettext(singular: str, plural: str, number: int) -> str:
    key = (translation.get_language(), singular, plural, number)
    text = _plural_memo.get(key)
    if text is None:
        text = translation.ngettext(singular, plural, number)
        if len(_plural_memo) < 10_000:  # counts are small, but never let a memo grow unbounded
            _plural_memo[key] = text
    return text


def url(name: str, *args: Any, **kwargs: Any) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


def environment(**options: Any) -> Environment:
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    options.pop("autoescape", None)
    env = Environment(autoescape=True, **options)  # HTML only: never render it unescaped
    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    env.globals.update(url=url, hold_toggle=hold_toggle)
    env.filters.update(
        action_json=action_json, lookup=lookup, in_list=in_list, legal_values=legal_values
    )
    return env
