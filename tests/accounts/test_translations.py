import re
from pathlib import Path

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, pgettext

PO = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"


def po_entries():
    for block in PO.read_text(encoding="utf-8").split("\n\n"):
        fields = dict(re.findall(r'^(msgctxt|msgid|msgstr) "(.*)"$', block, flags=re.M))
        if fields.get("msgid"):
            yield fields.get("msgctxt"), fields["msgid"], fields["msgstr"]


def test_the_compiled_catalogue_matches_the_po_file():
    entries = list(po_entries())
    assert entries
    with translation.override("pt-br"):
        for context, msgid, msgstr in entries:
            got = pgettext(context, msgid) if context else gettext(msgid)
            assert got == msgstr, f"{msgid!r}: recompile the .mo (see the README)"
