"""Every practice position of every guide answers every choice it offers (issue #28): position 25
of Dozito used to answer HTTP 500. The walk goes as the page does: "Nova posição" from position 1
to the last and round to the first, and each choice posted from the position's own form."""

from __future__ import annotations

import re

import pytest

from guides import content
from guides.views import POSITIONS

pytestmark = pytest.mark.django_db

WRITTEN = [slug for slug in content.GUIDES if content.get(slug) is not None]
VERDICT = re.compile(
    r'<div class="practice__verdict[^"]*" role="status">\s*<p><strong>'
    r"(Boa escolha!|O robô escolheria outra\.)</strong>\s+(.+?)</p>",
    re.S,
)
NEXT = re.compile(r'hx-get="(/como-jogar/[^/]+/treine/\?posicao=(\d+))"')
CHOICE = re.compile(r'<input type="radio" name="resposta" value="([^"]+)"')
# Words of a Portuguese sentence, and none of an English one or of a traceback.
PORTUGUESE = re.compile(r"\b(que|de|da|do|na|no|em|é|com|para)\b")
ENGLISH = re.compile(r"\b(the|and|of|expected|value|Error|None|nan)\b")


@pytest.mark.parametrize("slug", WRITTEN)
def test_every_position_answers_every_choice_in_portuguese(client, slug):
    url = f"/como-jogar/{slug}/treine/?posicao=1"
    seen = []
    while True:
        box = client.get(url, HTTP_HX_REQUEST="true")
        assert box.status_code == 200, (slug, url)
        html = box.content.decode()
        number = int(re.search(r'name="posicao" value="(\d+)"', html).group(1))
        if number in seen:
            break
        seen.append(number)
        choices = CHOICE.findall(html)
        assert len(choices) >= 2, (slug, number, choices)
        for value in choices:
            answer = client.post(
                f"/como-jogar/{slug}/treine/",
                {"posicao": number, "resposta": value},
                HTTP_HX_REQUEST="true",
            )
            assert answer.status_code == 200, (slug, number, value)
            verdict = VERDICT.search(answer.content.decode())
            assert verdict, (slug, number, value)
            text = verdict.group(2)
            assert PORTUGUESE.search(text) and not ENGLISH.search(text), (slug, number, text)
        url = NEXT.search(html).group(1)
    assert seen == list(range(1, POSITIONS + 1))
