"""The Jinja2 environment of the live partials (each app's `jinja2/` folder).

The partials of a live table render from a plain context of Python values after every change
of the table; the site's pages stay Django templates. Text is wrapped for translation with
Jinja2's own i18n extension, installed with Django's catalogs ("newstyle" gettext: the
translation is trusted, its `%(name)s` values are escaped), looked up through games/i18n.py
(once per language and text within a render).
"""

from __future__ import annotations

import json
from typing import Any

from django.urls import reverse
from jinja2 import Environment
from markupsafe import Markup

from games import i18n


def url(name: str, *args: Any, **kwargs: Any) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


def action_json(action: dict[str, Any]) -> Markup:
    """An action as the JSON text a form sends, escaped for an attribute in single quotes (so
    that the JSON's double quotes need no escaping)."""
    text = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    for char, entity in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&#39;")):
        text = text.replace(char, entity)
    return Markup(text)  # noqa: S704 - every character that could end the attribute is escaped


def environment(**options: Any) -> Environment:
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    options.pop("autoescape", None)
    options.update(trim_blocks=True, lstrip_blocks=True)  # no blank lines left by the tags
    env = Environment(autoescape=True, **options)  # HTML only: never render it unescaped
    env.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True)
    env.globals.update(url=url)
    env.filters.update(action_json=action_json)
    return env
