"""A render's texts come from a memo of its language (games/i18n.py): the same texts as Django's,
per language, and anew when the settings of the translations change."""

from __future__ import annotations

from django.test import override_settings
from django.utils import translation

from games import i18n

# A text with a translation in the site's catalog (locale/pt_BR), and Django's own plural.
EMAIL = "Email"
SECONDS = ("%(num)d second", "%(num)d seconds")


def test_within_a_render_the_texts_are_djangos_of_the_active_language():
    for language, email in (("pt-br", "E-mail"), ("en", "Email"), ("pt-br", "E-mail")):
        with translation.override(language), i18n.bound():
            assert i18n.gettext(EMAIL) == translation.gettext(EMAIL) == email
            assert i18n.gettext(EMAIL) == email  # the second time, from the memo
            for n in (1, 2, 5):
                assert i18n.ngettext(*SECONDS, n) == translation.ngettext(*SECONDS, n)


def test_outside_a_render_the_texts_are_djangos():
    with translation.override("en"), i18n.bound():
        i18n.gettext(EMAIL)
    with translation.override("pt-br"):
        assert i18n.gettext(EMAIL) == "E-mail"  # no memo bound: not the English one
        assert i18n.ngettext(*SECONDS, 2) == translation.ngettext(*SECONDS, 2)


def test_the_memo_is_dropped_when_the_translations_change(tmp_path):
    with translation.override("pt-br"), i18n.bound():
        assert i18n.gettext(EMAIL) == "E-mail"
    # Without the site's catalog, "Email" is no longer translated: the memo must not answer.
    with override_settings(LOCALE_PATHS=[tmp_path]), translation.override("pt-br"), i18n.bound():
        assert i18n.gettext(EMAIL) == translation.gettext(EMAIL) == EMAIL
    with translation.override("pt-br"), i18n.bound():
        assert i18n.gettext(EMAIL) == "E-mail"


def test_the_memo_stops_growing_at_its_limit(monkeypatch):
    monkeypatch.setattr(i18n, "MAX_TEXTS", 3)
    monkeypatch.setattr(i18n, "_memos", {})
    with translation.override("pt-br"), i18n.bound():
        texts = [f"texto {n}" for n in range(10)]
        assert [i18n.gettext(t) for t in texts] == texts
        assert i18n.gettext(EMAIL) == "E-mail"
    assert sum(len(memo) for memo in i18n._memos.values()) == 3
