"""The Jinja2 environment of the live partials (each app's `jinja2/` folder).

The partials of a live table are rendered for every socket after every move, which makes them
the hottest templates of the site; Jinja2 compiles them to Python and renders them several times
faster than the Django engine. The site's pages stay Django templates.

Text is wrapped for translation with Django's own catalogs: `_("…")` and `{% trans %}` behave as
Jinja2's "newstyle" gettext (the translation is trusted, its `%(name)s` values are escaped). They
look each text up once per language and keep it: in Django's `gettext` a text without a
translation walks every catalog, and asking for the active language goes through asgiref's
context-local storage, which together cost more than the rest of a render. The renderer may pass
the active language as `LANGUAGE` in the context to save even that lookup.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from typing import Any

from django.urls import reverse
from django.utils import translation
from jinja2 import Environment, pass_context
from jinja2.environment import TemplateModule
from jinja2.ext import Extension
from jinja2.runtime import Context, Macro
from markupsafe import Markup, escape

from games.templating import action_json, card_pieces, card_rows, dice_pieces, seat_pieces

_texts: dict[tuple[str | None, str], str] = {}
_plain: dict[tuple[str | None, str], Markup] = {}
_plurals: dict[tuple[str | None, str, str, int], str] = {}
MAX_PLURALS = 10_000  # counts vary; never let that memo grow without bound


_rendering = threading.local()  # the language of the fragment being rendered in this thread


def _language(context: Context) -> str | None:
    language = context.get("LANGUAGE")
    if language is None:
        language = getattr(_rendering, "language", None)
    return language if language is not None else translation.get_language()


def translated(language: str | None, message: str) -> str:
    key = (language, message)
    text = _texts.get(key)
    if text is None:
        with translation.override(language):
            text = _texts[key] = translation.gettext(message)
    return text


def _formatted(text: str, values: dict[str, Any]) -> Markup:
    """The translation is trusted, the values are escaped (what `Markup % values` does, faster)."""
    return Markup(text % {name: escape(value) for name, value in values.items()})  # noqa: S704


@pass_context
def gettext(context: Context, message: str, **values: Any) -> Markup:
    language = _language(context)
    if values:
        return _formatted(translated(language, message), values)
    key = (language, message)
    text = _plain.get(key)
    if text is None:
        text = _plain[key] = _formatted(translated(language, message), {})
    return text


@pass_context
def ngettext(context: Context, singular: str, plural: str, number: int, **values: Any) -> Markup:
    language = _language(context)
    key = (language, singular, plural, number)
    text = _plurals.get(key)
    if text is None:
        with translation.override(language):
            text = translation.ngettext(singular, plural, number)
        if len(_plurals) < MAX_PLURALS:
            _plurals[key] = text
    values.setdefault("num", number)
    return _formatted(text, values)


_fragments: dict[tuple[str, str | None, str], Markup] = {}
_fragment_chars = 0  # the size of what is kept, which is emptied when it grows past the limit
MAX_FRAGMENT_CHARS = 8_000_000


@pass_context
def fragment(context: Context, macro: Macro, *args: Any) -> Markup:
    """`{{ fragment(a_macro, *args) }}`: what the macro renders for these arguments, rendered once
    and kept. The macro must show nothing but its arguments, and its name must be its own among
    the macros called this way: after a move, the die or the score card that did not change is
    not rendered again."""
    return kept(_language(context), macro, args)


@pass_context
def fragments(context: Context, macro: Macro, arguments: Iterable[tuple]) -> Markup:
    """`{{ fragments(a_macro, [args, ...]) }}`: `fragment` for each set of arguments, joined."""
    language = _language(context)
    return Markup("".join([kept(language, macro, args) for args in arguments]))  # noqa: S704


def kept(language: str | None, macro: Macro, args: tuple) -> Markup:
    """What `macro(*args)` renders in `language`, from the memo when it is there."""
    key = (macro.name, language, repr(args))
    html = _fragments.get(key)
    if html is None:
        # An imported macro sees no render context: it finds the language here.
        outer, _rendering.language = getattr(_rendering, "language", None), language
        try:
            html = Markup(macro(*args))  # noqa: S704 - rendered by this autoescaping environment
        finally:
            _rendering.language = outer
        global _fragment_chars
        if _fragment_chars + len(html) > MAX_FRAGMENT_CHARS:
            _fragments.clear()
            _fragment_chars = 0
        _fragments[key] = html
        _fragment_chars += len(html)
    return html


@pass_context
def macros(context: Context, name: str) -> TemplateModule:
    """`{% set cards = macros("games/bozo/_card.html") %}`: the macros of a template, as
    `{% import %}` gives them without the check of the importing context that Jinja2 repeats on
    every import (a tenth of a live render)."""
    return context.environment.get_template(name).module


def url(name: str, *args: Any, **kwargs: Any) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


class Dedent(Extension):
    """Shortens the indentation of every template line to one space when the template is
    compiled: HTML reads any run of whitespace as one space, and each socket message gets about
    a fifth lighter (the live partials hold no <pre>). One space stays, so words on two lines
    never run together where `trim_blocks` takes the line break after a tag."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _INDENTATION.sub("\n ", source)


_INDENTATION = re.compile(r"\n[ \t]+")


class LiveEnvironment(Environment):
    """Reads a JSON object's keys before its attributes: the partials show the rules' views,
    plain dicts, and `view.turn` would otherwise raise and catch an AttributeError on each of
    the hundred lookups of a render. A key that is missing still falls back to the attribute
    (`boxes.items`), so templates read exactly as with Jinja2's own lookup."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


def environment(**options: Any) -> Environment:
    options.setdefault("extensions", []).extend(["jinja2.ext.i18n", Dedent])
    options.pop("autoescape", None)
    options.update(trim_blocks=True, lstrip_blocks=True)  # no blank lines left by the tags
    env = LiveEnvironment(autoescape=True, **options)  # HTML only: never render it unescaped
    env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=True)
    # The same newstyle behaviour as installed above, one call deep and memoized.
    env.globals.update(_=gettext, gettext=gettext, ngettext=ngettext)
    env.globals.update(url=url, macros=macros, fragment=fragment, fragments=fragments)
    env.globals.update(seat_pieces=seat_pieces, dice_pieces=dice_pieces)
    env.globals.update(card_pieces=card_pieces, card_rows=card_rows)
    env.filters.update(action_json=action_json)
    return env
