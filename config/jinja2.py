"""The Jinja2 environment of the live partials (each app's `jinja2/` folder).

The partials of a live table render from a plain context of Python values after every change
of the table; the site's pages stay Django templates. Text is wrapped for translation with
Jinja2's own i18n extension ("newstyle" gettext: the translation is trusted, its `%(name)s`
values are escaped). The environment asks Django's `gettext` for the active language; a live
render binds one language's catalog instead (`in_language`), as the extension offers.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real
from jinja2 import Environment

from games.presenters import action_json

TRANSLATION_SETTINGS = frozenset({"LANGUAGE_CODE", "LANGUAGES", "LOCALE_PATHS", "USE_I18N"})


def url(name: str, *args: Any, **kwargs: Any) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


def environment(**options: Any) -> Environment:
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    options.pop("autoescape", None)
    options.update(trim_blocks=True, lstrip_blocks=True)  # no blank lines left by the tags
    env = Environment(autoescape=True, **options)  # HTML only: never render it unescaped
    env.install_gettext_callables(translation.gettext, translation.ngettext, newstyle=True)
    env.globals.update(url=url)
    env.filters.update(action_json=action_json)
    return env


_bound: dict[tuple[Environment, str], Environment] = {}
_lock = threading.Lock()


def in_language(env: Environment, language: str) -> Environment:
    """`env` with the catalog of `language` installed (Jinja's `install_gettext_translations`):
    a render asks a few hundred texts, and Django's `gettext` finds the active language anew for
    each. One environment per language, made like `env` (its loader, reloading and undefined)."""
    key = (env, language)
    bound = _bound.get(key)
    if bound is None:
        with _lock:
            bound = _bound.get(key)
            if bound is None:
                bound = environment(
                    loader=env.loader, auto_reload=env.auto_reload, undefined=env.undefined
                )
                catalog = trans_real.translation(language)
                bound.install_gettext_translations(catalog, newstyle=True)
                _bound[key] = bound
    bound.loader = env.loader  # a game registered at run time adds its templates to env's
    return bound


@receiver(setting_changed)
def _forget(*, setting: str, **kwargs: Any) -> None:
    """Django reloads its catalogs when a translation setting changes (tests): so do these."""
    if setting in TRANSLATION_SETTINGS:
        _bound.clear()
