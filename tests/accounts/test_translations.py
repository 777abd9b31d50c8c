from babel.messages.pofile import read_po
from django.utils import translation
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from config import catalogue


def po_messages():
    with catalogue.PO.open("rb") as f:
        return [m for m in read_po(f) if m.id]


def test_the_compiled_catalogue_matches_the_po_file():
    messages = po_messages()
    assert messages
    with translation.override("pt-br"):
        for m in messages:
            if isinstance(m.id, tuple):
                for n, string in ((1, m.string[0]), (2, m.string[1])):
                    got = npgettext(m.context, *m.id, n) if m.context else ngettext(*m.id, n)
                    assert got == string, f"{m.id!r}: rode `{catalogue.COMMAND}` (o .mo)"
            else:
                got = pgettext(m.context, m.id) if m.context else gettext(m.id)
                assert got == m.string, f"{m.id!r}: rode `{catalogue.COMMAND}` (o .mo)"


def test_every_wrapped_text_of_the_site_is_in_the_catalogue():
    missing = catalogue.missing()
    assert not missing, (
        f"{len(missing)} texto(s) fora de locale/pt_BR/LC_MESSAGES/django.po; "
        f"rode `{catalogue.COMMAND}`: " + "; ".join(repr(msgid) for _ctx, msgid in missing[:10])
    )


def test_the_extractor_finds_every_kind_of_source():
    """Python (plain, lazy, plural), Django templates and the Jinja2 partials all count."""
    found = catalogue.site_messages()
    assert (None, "Duas duplas, sete pedras e as pontas somando múltiplos de 5.") in found  # lazy
    assert found[(None, "%(n)d carta sozinha")][0] == "%(n)d cartas sozinhas"  # ngettext
    assert (None, "Duelo contra robô") in found  # {% translate %}
    assert (None, "Jogar com %(n)s robô") in found  # {% blocktranslate count %}
    assert (None, "Toque nos dados para guardar ou soltar.") in found  # Jinja2 `_()`


def test_a_plural_counts_one_and_more_in_portuguese():
    with translation.override("pt-br"):
        assert ngettext("%(n)d carta sozinha", "%(n)d cartas sozinhas", 0) % {"n": 0} == (
            "0 cartas sozinhas"
        )
        assert ngettext("%(n)d carta sozinha", "%(n)d cartas sozinhas", 1) % {"n": 1} == (
            "1 carta sozinha"
        )
        assert ngettext("%(n)d carta sozinha", "%(n)d cartas sozinhas", 2) % {"n": 2} == (
            "2 cartas sozinhas"
        )


def test_third_party_overrides_win_over_their_own_translation():
    with translation.override("pt-br"):
        assert gettext("Sign Up") == "Criar conta"
        assert pgettext("field label", "Login") == "Nome de usuário ou e-mail"
