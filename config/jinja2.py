"""The Jinja2 environment of the live partials (each app's `jinja2/` folder).

The partials of a live table render from a plain context of Python values after every change
of the table; the site's pages stay Django templates. Text is wrapped for translation with
Jinja2's own i18n extension ("newstyle" gettext: the translation is trusted, its `%(name)s`
values are escaped). The environment asks Django's `gettext` for the active language; a live
render binds one language's catalog instead (`in_language`), as the extension offers, and may
draw a part that most moves leave as it was once for all its viewers (`cached_include`).
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from gettext import NullTranslations
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real
from jinja2 import Environment, pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.partials import Lazy, Partial, partial, parts_of
from games.presenters import action_json

TRANSLATION_SETTINGS = frozenset({"LANGUAGE_CODE", "LANGUAGES", "LOCALE_PATHS", "USE_I18N"})
# What a language's remembered parts (`cached_include`) may hold, in characters: some thousand
# Yam's cards of three columns.
CACHED_CHARS = 16_000_000
PICKLE = pickle.HIGHEST_PROTOCOL


def url(name: str, *args: Any, **kwargs: Any) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


def environment(**options: Any) -> Environment:
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    options.pop("autoescape", None)
    options.update(trim_blocks=True, lstrip_blocks=True)  # no blank lines left by the tags
    env = Environment(autoescape=True, **options)  # HTML only: never render it unescaped
    env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=True)
    env.globals.update(url=url)
    env.filters.update(action_json=action_json, partial=partial)
    return env


_bound: dict[tuple[Environment, str], Environment] = {}
_lock = threading.Lock()


def in_language(env: Environment, language: str | None) -> Environment:
    """`env` with the catalog of `language` installed (Jinja's `install_gettext_translations`):
    a render asks a few hundred texts, and Django's `gettext` finds the active language anew for
    each. One environment per language, made like `env` (its loader, reloading and undefined).
    No language (translations deactivated, as some commands do) gives the texts as written."""
    key = (env, language)
    bound = _bound.get(key)
    if bound is None:
        with _lock:
            bound = _bound.get(key)
            if bound is None:
                bound = environment(
                    loader=env.loader, auto_reload=env.auto_reload, undefined=env.undefined
                )
                catalog = trans_real.translation(language) if language else NullTranslations()
                bound.install_gettext_translations(catalog, newstyle=True)
                bound.globals["cached_include"] = cached_include(CachedInclude(bound))
                _bound[key] = bound
    return bound


def forget_languages() -> None:
    """Build the languages' environments anew: after a change of the site environment's loader
    (a game registered at run time, as tests do) or of the translations."""
    _bound.clear()


@receiver(setting_changed)
def _forget(*, setting: str, **kwargs: Any) -> None:
    """Django reloads its catalogs when a translation setting changes (tests): so do these."""
    if setting in TRANSLATION_SETTINGS:
        forget_languages()


def cached_include(store: CachedInclude):
    """The template global `cached_include(name, **context)`: `store`'s part, whose partials join
    those of the render that includes it."""

    @pass_context
    def include(context: Context, name: str, **values: Any) -> Markup:
        html, parts = store(name, values)
        partials = context.get("partials")
        if partials is not None:
            partials.add(parts)
        return html

    include.store = store  # what it keeps, for whoever looks (tests)
    return include


class CachedInclude:
    """The template `name` rendered with `context` alone and remembered by that context, with
    its partials, in one language's environment (whose catalog is fixed), so that a part of a
    table that most moves leave as it was (a Yam's card off turn, the same for every viewer but
    its owner) renders once for all its viewers and versions. The key is the context pickled:
    plain values (dicts, lists, SimpleNamespaces, strings, numbers), which the template reads
    and nothing else (its texts aside), so two viewers share its markup only when everything it
    shows is the same for both. A `Lazy` value stands by its key, and is made only when the
    part is drawn."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.memo: OrderedDict[bytes, tuple[Markup, tuple[Partial, ...]]] = OrderedDict()
        self.chars = 0
        self.lock = threading.Lock()

    def clear(self) -> None:
        """Forget every part (a bench's pass that starts from nothing drawn)."""
        with self.lock:
            self.memo.clear()
            self.chars = 0

    def __call__(self, name: str, context: dict[str, Any]) -> tuple[Markup, tuple[Partial, ...]]:
        key = pickle.dumps((name, {k: _keyed(v) for k, v in context.items()}), PICKLE)
        with self.lock:
            found = self.memo.get(key)
            if found is not None:
                self.memo.move_to_end(key)
                return found
        made = {k: v.make() if isinstance(v, Lazy) else v for k, v in context.items()}
        html, parts = parts_of(self.env.get_template(name), made)
        found = (Markup(html), parts)  # noqa: S704 - autoescaped
        with self.lock:
            if key not in self.memo:
                self.memo[key] = found
                self.chars += len(html)
            while self.chars > CACHED_CHARS and self.memo:
                self.chars -= len(self.memo.popitem(last=False)[1][0])
        return found


def _keyed(value: Any) -> Any:
    """`value` as its part's key holds it: a `Lazy` value by its key."""
    return (Lazy, value.key) if isinstance(value, Lazy) else value
