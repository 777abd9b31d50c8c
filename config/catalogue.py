"""The pt_BR catalogue: every text the site wraps for translation, and how to rebuild it.

One extractor serves both `manage.py catalogue` (which rewrites locale/pt_BR/LC_MESSAGES/
django.po and compiles the .mo) and the test that fails when a wrapped text is missing from it,
so the two can never disagree. Python files and Django templates go through Babel's Python
extractor (the templates first through Django's own `templatize`, as `makemessages` does); the
Jinja2 partials through Jinja2's own extractor, parsed by the site's Jinja2 environment.

The site is written in Portuguese, so a site text's msgstr is its msgid. Translations of
third-party texts (django-allauth) that were missing or awkward live in locale/pt_BR/
third_party.po, outside LC_MESSAGES so that gettext never reads it, and win over the site's.
"""

from __future__ import annotations

import io
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.template import engines
from django.utils.translation.template import templatize

COMMAND = "make messages"
LOCALE = Path(settings.BASE_DIR) / "locale" / "pt_BR"
PO = LOCALE / "LC_MESSAGES" / "django.po"
MO = LOCALE / "LC_MESSAGES" / "django.mo"
THIRD_PARTY = LOCALE / "third_party.po"
SOURCES = ("accounts", "analysis", "config", "games", "guides", "marcador", "templates")
SKIP_DIRS = {"migrations", "static", "__pycache__", "management"}
# "1 ponto", "0 pontos", "2 pontos": a score of zero takes the plural, as players say it
# (CLDR's pt rule, and Django's own catalogue, would say "0 ponto").
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
STAMP = datetime(2026, 1, 1, tzinfo=UTC)

# Django's names (lazy ones too, and this site's `_lazy`) and what their arguments are.
KEYWORDS = {
    "_": None,
    "_lazy": None,
    "gettext": None,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
}
JINJA_FUNCTIONS = ("_", "gettext", "ngettext", "pgettext", "npgettext")

Key = tuple[str | None, str]  # (context, msgid)


def _files(suffixes: tuple[str, ...]) -> Iterator[Path]:
    base = Path(settings.BASE_DIR)
    for top in SOURCES:
        for path in sorted((base / top).rglob("*")):
            parts = set(path.relative_to(base).parts)
            if path.suffix in suffixes and not parts & SKIP_DIRS:
                yield path


def _from_python(text: str) -> Iterator[tuple[str | None, str | tuple[str, str]]]:
    for _line, message, _comments, context in extract(
        "python", io.BytesIO(text.encode()), keywords=KEYWORDS
    ):
        yield context, message


def _from_jinja(env, text: str) -> Iterator[tuple[str | None, str | tuple[str, str]]]:
    for _line, function, message in env.extract_translations(text, JINJA_FUNCTIONS):
        strings = tuple(m for m in (message if isinstance(message, tuple) else (message,)))
        if function in ("pgettext", "npgettext"):
            context, strings = strings[0], strings[1:]
        else:
            context = None
        strings = tuple(s for s in strings if isinstance(s, str))
        if strings:
            yield context, strings[0] if len(strings) == 1 else strings[:2]


def site_messages() -> dict[Key, tuple[str | None, set[str]]]:
    """(context, msgid) -> (msgid_plural or None, the files it comes from)."""
    base = Path(settings.BASE_DIR)
    env = engines["jinja2"].env
    found: dict[Key, tuple[str | None, set[str]]] = {}
    for path in _files((".py", ".html", ".txt")):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(base))
        if path.suffix == ".py":
            messages = _from_python(text)
        elif "jinja2" in path.parts:
            messages = _from_jinja(env, text)
        else:
            messages = _from_python(templatize(text, origin=name))
        for context, message in messages:
            singular, plural = message if isinstance(message, tuple) else (message, None)
            if not singular:
                continue
            _plural, names = found.setdefault((context, singular), (plural, set()))
            names.add(name)
            if plural and not _plural:
                found[(context, singular)] = (plural, names)
    return found


def catalogue_keys() -> dict[Key, str | None]:
    """(context, msgid) -> msgid_plural of what the .po file holds."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    keys = {}
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id, None)
        keys[(message.context, ids[0])] = ids[1]
    return keys


def missing() -> list[Key]:
    """The site's wrapped texts the .po lacks (or holds without the plural they now have)."""
    have = catalogue_keys()
    return sorted(
        (key for key, (plural, _names) in site_messages().items() if have.get(key, 0) != plural),
        key=lambda k: (k[1], k[0] or ""),
    )


def rebuild() -> int:
    """Rewrite the .po from the sources and the third-party overrides, then compile the .mo."""
    catalog = Catalog(
        locale="pt_BR",
        project="bozo-mesa",
        version="0.1.0",
        msgid_bugs_address="",
        last_translator="Bozó · Um lugar à mesa",
        language_team="pt_BR",
        # Fixed dates: a rebuild that adds no text leaves the file as it was.
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        header_comment=(
            "# Generated by `make messages` (config/catalogue.py): do not edit by hand.\n"
            "# The site is written in Portuguese, so each msgstr repeats its msgid. Fix a\n"
            "# third-party (django-allauth) translation in locale/pt_BR/third_party.po."
        ),
    )
    # Two forms (Babel's CLDR guess has a third, for millions, and counts 0 as singular).
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS)]
    for (context, singular), (plural, names) in site_messages().items():
        ids = (singular, plural) if plural else singular
        catalog.add(ids, ids, locations=[(n, None) for n in sorted(names)], context=context)
    with THIRD_PARTY.open("rb") as f:
        for message in read_po(f, locale="pt_BR"):
            if message.id:
                catalog.add(message.id, message.string, context=message.context)
    with PO.open("wb") as f:
        write_po(f, catalog, width=0, sort_output=True, include_lineno=False, omit_header=False)
    subprocess.run(["msgfmt", "--check", "-o", str(MO), str(PO)], check=True)  # noqa: S603,S607
    return len(catalog)
