"""The Yam's score-keeper's pad and card as rendered: the bonus line says how far a column is from
the 63 that earns the bonus (a "−63" read as a penalty), and the pad under the faces keeps a
button and a line of text from the first tap on, so that nothing in it moves."""

import re

import pytest

from marcador.bonus import bonus_line
from tests.marcador.taps import URL, dice, labels, start, tap

pytestmark = pytest.mark.django_db


def bonus_row(html: str) -> tuple[str, list[tuple[str, str]]]:
    """The first card's bonus line: its heading, and each cell's text and spoken text."""
    row = re.search(r'<tr class="mc-sum mc-sum--bonus">(.*?)</tr>', html, re.S).group(1)
    heading = re.search(r"<th[^>]*>([^<]*)</th>", row).group(1)
    cells = re.findall(
        r'<td class="mc-bonus[^"]*"><span aria-hidden="true">([^<]*)</span>'
        r'<span class="visually-hidden">([^<]*)</span></td>',
        row,
    )
    return heading, cells


def test_a_new_card_says_what_is_missing_for_the_bonus_not_a_penalty(client):
    start(client, players=("Ana",), columns="3")
    heading, cells = bonus_row(client.get(URL).content.decode())
    assert heading == "Bônus +35 com 63"
    assert cells == [("faltam 63", "faltam 63 pontos para os 63 do bônus")] * 3
    assert "−63" not in client.get(URL).content.decode()


def test_the_bonus_line_counts_down_to_one_then_shows_the_bonus(client):
    start(client, players=("Ana",), columns="1")
    for faces, box in (
        ((6,) * 5, "seis"),
        ((5,) * 5, "cinco"),
        ((4, 1, 1, 1, 1), "quatro"),
    ):
        dice(client, *faces)
        html = tap(client, "score", cell=f"livre:{box}")
    assert bonus_row(html)[1] == [("faltam 4", "faltam 4 pontos para os 63 do bônus")]
    tap(client, "pick", cell="livre:tres")
    html = tap(client, "points", value="3")
    assert bonus_row(html)[1] == [("falta 1", "falta 1 ponto para os 63 do bônus")]
    dice(client, 2, 2, 3, 4, 5)
    html = tap(client, "score", cell="livre:dois")
    assert bonus_row(html)[1] == [("+35", "bônus garantido: +35")]


def test_a_column_that_can_no_longer_reach_63_says_so():
    # Uns, Dois, Três struck and Quatro at 16: Cinco and Seis (at most 55) may still make 47...
    column = {"uns": 0, "dois": 0, "tres": 0, "quatro": 16, "cinco": None, "seis": None}
    assert bonus_line(column).text == "faltam 47"
    # ...but with Quatro struck too, 55 cannot make the 63.
    line = bonus_line({**column, "quatro": 0})
    assert (line.state, line.text) == ("lost", "sem bônus")
    assert line.spoken == "sem bônus: o subtotal não chega mais a 63"


def test_the_struck_column_is_shown_without_bonus_on_the_page(client):
    start(client, players=("Ana",), columns="3")
    for faces, box in (((2,) * 5, "uns"), ((1,) * 5, "dois"), ((1,) * 5, "tres")):
        dice(client, *faces)
        html = tap(client, "score", cell=f"descida:{box}")
    assert bonus_row(html)[1][0] == ("faltam 63", "faltam 63 pontos para os 63 do bônus")
    dice(client, 1, 1, 1, 1, 1)
    html = tap(client, "score", cell="descida:quatro")
    assert bonus_row(html)[1][0][0] == "sem bônus"


def wide_button(html: str) -> str:
    return re.search(r'<button class="button mc-wide" type="submit">([^<]*)<', html).group(1)


def last_line(html: str) -> str:
    return re.search(r'<p class="mc-last">(.*?)</p>', html).group(1)


def test_the_pad_keeps_a_button_under_the_faces_and_its_last_line(client):
    start(client, players=("Ana", "Bia"), columns="3")
    html = client.get(URL).content.decode()
    assert wide_button(html) == "Dizer os pontos de uma casa"
    assert last_line(html) == "Um dado marcado errado? Toque nele para apagá-lo."
    html = dice(client, 6)
    assert labels(html, "Dado 2: ") and wide_button(html) == "Apagar dados"
    html = dice(client, 6, 2, 3)
    assert wide_button(html) == "Apagar dados" and 'value="clear_dice"' in html
    html = tap(client, "clear_dice")
    assert wide_button(html) == "Dizer os pontos de uma casa" and not labels(html, "Apagar dado ")
    dice(client, 6, 6, 6, 2, 3)
    html = tap(client, "score", cell="livre:seis")
    assert last_line(html) == "Último: Ana marcou 18 em Seis, coluna Livre."
