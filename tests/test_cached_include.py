"""`cached_include` (config/jinja2.py): a part of a page rendered once per context in each
language's environment, and never one viewer's part for another whose context differs in
anything."""

from __future__ import annotations

import functools
from types import SimpleNamespace

import pytest
from django.test import override_settings
from django.utils import translation
from jinja2 import DictLoader

from config import jinja2
from games.partials import Lazy, parts_of

TEMPLATES = {
    "card.html": "{{ card.name }}:{{ g.labels.points }}:"
    "{% if card.buttons %}[{{ card.buttons|join(',') }}]{% endif %}:{{ _('Email') }}",
    "page.html": "{% for card in cards %}"
    "{{ cached_include('card.html', card=card, g=dict(labels=labels)) }}|{% endfor %}",
    "cell.html": '{% filter partial("cell-" ~ n) %}<i id="cell-{{ n }}">{{ n }}</i>{% endfilter %}',
    "board.html": '{% filter partial("board") %}<div id="board">'
    '{% for n in cells %}{{ cached_include("cell.html", n=n) }}{% endfor %}</div>{% endfilter %}',
}


@pytest.fixture
def site():
    return jinja2.environment(loader=DictLoader(TEMPLATES))


@pytest.fixture
def env(site):
    return jinja2.in_language(site, "pt-br")


def page(env, cards, points="pontos") -> str:
    labels = SimpleNamespace(points=points)
    return env.get_template("page.html").render(cards=cards, labels=labels)


def test_a_part_is_rendered_once_per_context_and_shared(env):
    cached = env.globals["cached_include"].store
    ana, bia = ("Ana", ()), ("Bia", ("score:full",))
    cards = [SimpleNamespace(name=n, buttons=b) for n, b in (ana, bia)]
    with translation.override("pt-br"):
        first = page(env, cards)
        assert first == "Ana:pontos::E-mail|Bia:pontos:[score:full]:E-mail|"
        assert len(cached.memo) == 2
        again = [SimpleNamespace(name=n, buttons=b) for n, b in (ana, bia)]  # equal, not the same
        assert page(env, again) == first
        assert len(cached.memo) == 2  # nothing rendered anew
        # Anything the part shows that differs is another part: a button, a label.
        other = [SimpleNamespace(name="Bia", buttons=())]
        assert page(env, other) == "Bia:pontos::E-mail|"
        assert page(env, other, points="pts") == "Bia:pts::E-mail|"
        assert len(cached.memo) == 4


def test_a_lazy_value_is_made_only_when_no_part_has_its_key(env):
    made = []

    def card(name: str) -> SimpleNamespace:
        made.append(name)
        return SimpleNamespace(name=name, buttons=())

    def lazy(*names: str) -> list[Lazy]:
        return [Lazy(("card", name), functools.partial(card, name)) for name in names]

    with translation.override("pt-br"):
        assert page(env, lazy("Ana", "Bia")) == "Ana:pontos::E-mail|Bia:pontos::E-mail|"
        assert made == ["Ana", "Bia"]
        assert page(env, lazy("Bia", "Caio")) == "Bia:pontos::E-mail|Caio:pontos::E-mail|"
        assert made == ["Ana", "Bia", "Caio"]  # Bia's part was found by its key alone
        # The rest of the context is still part of the key: another label, another part.
        assert page(env, lazy("Ana"), points="pts") == "Ana:pts::E-mail|"
        assert made == ["Ana", "Bia", "Caio", "Ana"]


def test_each_language_keeps_its_own_parts(site):
    cards = [SimpleNamespace(name="Ana", buttons=())]
    with translation.override("en"):  # the active language plays no part
        assert page(jinja2.in_language(site, "pt-br"), cards) == "Ana:pontos::E-mail|"
        assert page(jinja2.in_language(site, "en"), cards) == "Ana:pontos::Email|"


def test_a_context_that_cannot_be_a_key_is_refused_not_rendered(env):
    with pytest.raises(TypeError, match="pickle"):
        page(env, [SimpleNamespace(name="Ana", buttons=(b for b in (1, 2)))])
    assert not env.globals["cached_include"].store.memo


def test_what_it_keeps_is_bounded(env, monkeypatch):
    monkeypatch.setattr(jinja2, "CACHED_CHARS", 40)
    cached = env.globals["cached_include"].store
    with translation.override("pt-br"):
        for n in range(20):
            page(env, [SimpleNamespace(name=f"Pessoa {n}", buttons=())])
    assert 0 < cached.chars <= 40
    assert cached.chars == sum(len(html) for html, _parts in cached.memo.values())


def test_it_forgets_when_the_translations_change(site, tmp_path):
    cards = [SimpleNamespace(name="Ana", buttons=())]
    assert page(jinja2.in_language(site, "pt-br"), cards) == "Ana:pontos::E-mail|"
    with override_settings(LOCALE_PATHS=[tmp_path]):
        assert page(jinja2.in_language(site, "pt-br"), cards) == "Ana:pontos::Email|"
    assert page(jinja2.in_language(site, "pt-br"), cards) == "Ana:pontos::E-mail|"


def test_a_kept_part_brings_its_partials_to_each_render_that_includes_it(env):
    for _ in range(2):  # drawn, then taken from what is kept
        html, parts = parts_of(env.get_template("board.html"), {"cells": [1, 2]})
        assert html == '<div id="board"><i id="cell-1">1</i><i id="cell-2">2</i></div>'
        assert [part.id for part in parts] == ["board"]
        assert [child.id for child in parts[0].children] == ["cell-1", "cell-2"]
        assert parts[0].children[1].html == '<i id="cell-2">2</i>'
    assert len(env.globals["cached_include"].store.memo) == 2
