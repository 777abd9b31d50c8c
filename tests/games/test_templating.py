"""The Jinja2 side of the live partials (config/jinja2.py, games/templating.py): pieces rendered
once and kept, JSON views read key-first, and forms that leave the version to the page."""

from __future__ import annotations

import re

import pytest
from django.template import engines

from config import jinja2 as live
from games import services
from games.models import Table
from games.render import render_live
from games.templating import card_rows, dice_pieces
from tests.seen import seen_by

pytestmark = pytest.mark.django_db


class Counted:
    """A stand-in macro that counts its renders."""

    name = "counted"

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, *args) -> str:
        self.calls += 1
        return f"<b>{args!r}</b>"


@pytest.fixture
def fresh_fragments(monkeypatch):
    monkeypatch.setattr(live, "_fragments", {})
    monkeypatch.setattr(live, "_fragment_chars", 0)


def test_a_piece_is_rendered_once_for_the_same_arguments(fresh_fragments):
    macro = Counted()
    first = live.kept("pt-br", macro, (1, [True, False]))
    again = live.kept("pt-br", macro, (1, [True, False]))
    assert first == again == "<b>(1, [True, False])</b>" and macro.calls == 1
    live.kept("pt-br", macro, (2, [True, False]))
    live.kept("en", macro, (1, [True, False]))  # each language has its own
    assert macro.calls == 3


def test_what_is_kept_is_emptied_when_it_grows_past_its_limit(fresh_fragments, monkeypatch):
    monkeypatch.setattr(live, "MAX_FRAGMENT_CHARS", 100)
    macro = Counted()
    for n in range(10):  # 15 characters each
        live.kept("pt-br", macro, (n,))
    assert live._fragment_chars <= 100 and len(live._fragments) < 10
    live.kept("pt-br", macro, (0,))
    assert macro.calls == 11  # the first one was let go


def test_views_are_read_key_first_with_attributes_still_reachable():
    env = engines["jinja2"].env
    view = {"turn": {"dice": [3, 5]}, "boxes": {"as": 1}}
    template = env.from_string("{{ view.turn.dice|join('-') }} {{ view.boxes.items()|list }}")
    assert template.render(view=view) == "3-5 [(&#39;as&#39;, 1)]"
    assert env.from_string("{{ view.missing is undefined }}").render(view=view) == "True"


def test_a_die_a_holder_may_tap_toggles_it_in_the_full_set_held():
    turn = {"dice": [2, 4, 6, 1, 3], "held": [True, False, False, True, False], "covered": []}
    pieces = dice_pieces(turn, holder=1)
    assert [p[5] for p in pieces] == [[3], [0, 1, 3], [0, 2, 3], [0], [0, 3, 4]]
    assert all(p[4] is None and p[5] is None for p in dice_pieces(turn, holder=None))


def test_a_box_shows_its_button_only_while_it_may_be_marked():
    card = {"boxes": {"as": None, "duque": 4, "terno": None}, "total": 4}
    rows = card_rows("bozo", card, {"as": 3}, actor=0)
    assert rows == [
        ("as", "Ás", None, 3, 0),
        ("duque", "Duque", 4, None, None),
        ("terno", "Terno", None, None, None),
    ]


def test_the_live_forms_leave_the_version_to_the_page(make_user):
    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    html = render_live(Table.objects.get(pk=table.pk), ana)
    assert 'data-version="1"' in html
    assert re.findall(r"<form[^>]*ws-send", html), "the player on turn has controls"
    assert 'name="version"' not in html  # table.js sends the version #mesa-status shows


def test_one_render_serves_every_seat_of_a_finished_table(make_user):
    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    services.seat_leave(table_id=table.pk, user=bia)  # Ana wins
    table = Table.objects.get(pk=table.pk)
    pages = {who: render_live(table, who) for who in (ana, bia, None)}
    shared = {re.sub(r'<div id="mesa-eu"[^>]*></div>', "", html) for html in pages.values()}
    assert len(shared) == 1
    assert "Você venceu!" in seen_by(pages[ana]) and "Você venceu!" not in seen_by(pages[bia])
    assert "Jogar de novo" in seen_by(pages[bia]) and "Jogar de novo" not in seen_by(pages[None])
    assert "(você)" in seen_by(pages[bia]) and "(você)" not in seen_by(pages[None])
