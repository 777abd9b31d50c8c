"""The live partials render with one language's catalog bound (config/jinja2.py, `in_language`):
the texts Django gives in that language, plurals and escaped values included, and the new
catalog when the translations' settings change."""

from __future__ import annotations

from django.test import override_settings
from django.utils import translation
from jinja2 import DictLoader

from config import jinja2

# A text with a translation in the site's catalog (locale/pt_BR), and a plural of its own rule:
# "0 pontos", where Django's pt rule would say "0 ponto".
TEMPLATE = (
    "{{ _('Email') }}|{{ n }} {{ ngettext('ponto', 'pontos', n) }}|"
    "{{ _('Email') }} {{ who }}|{% trans %}Email{% endtrans %}"
)


def render(language: str, **context) -> str:
    env = jinja2.environment(loader=DictLoader({"t.html": TEMPLATE}))
    return jinja2.in_language(env, language).get_template("t.html").render(n=0, **context)


def test_each_language_renders_its_own_catalog_whatever_language_is_active():
    with translation.override("en"):  # the active language plays no part
        assert render("pt-br", who="Ana") == "E-mail|0 pontos|E-mail Ana|E-mail"
    with translation.override("pt-br"):
        assert render("en", who="Ana") == "Email|0 pontos|Email Ana|Email"


def test_values_are_escaped_and_the_environment_itself_follows_the_active_language():
    assert "&lt;b&gt;" in render("pt-br", who="<b>")
    env = jinja2.environment(loader=DictLoader({"t.html": TEMPLATE}))
    jinja2.in_language(env, "en")  # binding a language leaves the environment as it was
    with translation.override("pt-br"):
        assert env.get_template("t.html").render(n=1, who="") == "E-mail|1 ponto|E-mail |E-mail"


def test_a_change_of_the_translations_settings_binds_the_new_catalog(tmp_path):
    env = jinja2.environment(loader=DictLoader({"t.html": TEMPLATE}))
    assert jinja2.in_language(env, "pt-br").get_template("t.html").render(n=2).startswith("E-mail")
    # Without the site's catalog "Email" is no longer translated: the bound one must not answer.
    with override_settings(LOCALE_PATHS=[tmp_path]):
        again = jinja2.in_language(env, "pt-br").get_template("t.html").render(n=2)
        assert again == "Email|2 pontos|Email |Email"
    assert jinja2.in_language(env, "pt-br").get_template("t.html").render(n=2).startswith("E-mail")


def test_with_translations_deactivated_the_texts_are_as_written():
    with translation.override(None):  # what Django's `deactivate_all` leaves
        assert render(translation.get_language(), who="Ana") == "Email|0 pontos|Email Ana|Email"
