"""Every guide (issue #9): renders complete from the engine, is found by search engines, and
answers its practice positions with and without JavaScript. Each game's own checks (every worked
step replayed through the engine, every scoring case) live in tests/guides/test_<slug>.py."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from urllib.robotparser import RobotFileParser

import pytest
from django.utils.html import escape

from guides import content
from tests.accessibility import (
    named_without_role,
    repeated_regions,
    unreachable,
    with_class,
)
from tests.pages import parse

pytestmark = pytest.mark.django_db

WRITTEN = [slug for slug in content.GUIDES if content.get(slug) is not None]
FOLDED_ROUND = re.compile(
    r'<div class="guide-round__steps"><a href="(/como-jogar/[^"]+/rodadas/\d+/)".*?</div>'
)
# Elements a phone builds on a guide's first view (issue #29: rounds drawn in full, 5,800-6,800).
FIRST_VIEW = 1500


def unfolded(client, slug: str) -> str:
    """The guide with every worked round unfolded: each folded round's steps, as htmx fetches
    them when the round is opened, in place of its link."""
    html = client.get(f"/como-jogar/{slug}/").content.decode()

    def fetched(match: re.Match) -> str:
        steps = client.get(match.group(1), HTTP_HX_REQUEST="true")
        assert steps.status_code == 200
        return f'<div class="guide-round__steps">{steps.content.decode()}</div>'

    whole, rounds = FOLDED_ROUND.subn(fetched, html)
    assert rounds == len(content.get(slug).page().rounds)
    return whole


def elements(html: str) -> int:
    return sum(1 for _node in parse(html).walk()) - 1  # the parser's root is not an element


def test_the_sitemap_lists_every_guide_and_robots_points_to_it(client):
    sitemap = client.get("/sitemap.xml")
    assert sitemap.status_code == 200
    for slug in content.GUIDES:
        assert f"/como-jogar/{slug}/</loc>" in sitemap.content.decode()
    robots = client.get("/robots.txt").content.decode()
    assert re.search(r"^Sitemap: http://testserver/sitemap\.xml$", robots, re.M)
    # Issue #29 (Lighthouse's SEO audit): the login and signup may be found; the rest of the
    # account pages and the admin may not.
    parser = RobotFileParser()
    parser.parse(robots.splitlines())
    for path, crawled in [
        ("/conta/login/", True),
        ("/conta/signup/", True),
        ("/conta/perfil/", False),
        ("/admin/", False),
        ("/como-jogar/bozo/rodadas/1/", True),
    ]:
        assert parser.can_fetch("*", f"http://testserver{path}") == crawled, path


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guide_renders_with_its_structured_data_and_rounds(client, slug):
    response = client.get(f"/como-jogar/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<link rel="canonical" href="http://testserver/como-jogar/{slug}/">' in html
    assert 'property="og:title"' in html and 'name="description"' in html
    script = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    article, faq = json.loads(script.group(1))
    assert article["@type"] == "Article" and faq["@type"] == "FAQPage"
    page = content.get(slug).page()
    assert len(faq["mainEntity"]) == len(page.faq) > 0
    assert page.rounds and all(round_.steps for round_ in page.rounds)
    assert f'href="/jogar/{slug}/"' in html  # "Jogar agora"
    assert "em preparação" not in html


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_practice_position_is_answered_with_and_without_javascript(client, slug):
    module = content.get(slug)
    position = module.position(3)
    assert position == module.position(3)  # the same number, the same position
    value = position.choices[0][0]
    plain = client.post(f"/como-jogar/{slug}/treine/", {"posicao": 3, "resposta": value})
    assert plain.status_code == 200
    verdict = module.judge(position, value)
    assert escape(verdict.text) in plain.content.decode()
    htmx = client.post(
        f"/como-jogar/{slug}/treine/", {"posicao": 3, "resposta": value}, HTTP_HX_REQUEST="true"
    )
    assert htmx.content.decode().startswith('<div id="treino"')
    wrong = client.post(f"/como-jogar/{slug}/treine/", {"posicao": 3, "resposta": "nada"})
    assert wrong.status_code == 400 and "Escolha uma das respostas." in wrong.content.decode()
    other = client.get(f"/como-jogar/{slug}/treine/?posicao=4", HTTP_HX_REQUEST="true")
    assert 'name="posicao" value="4"' in other.content.decode()


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guides_headings_are_in_order(client, slug):
    """No heading skips a level on the way down, the live pieces of the steps included."""
    html = unfolded(client, slug)
    levels = [int(level) for level in re.findall(r"<h([1-6])\b", html)]
    assert levels[0] == 1 and levels.count(1) == 1
    jumps = [(a, b) for a, b in pairwise(levels) if b > a + 1]
    assert not jumps, jumps


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guides_ids_are_unique_and_its_references_reach_them(client, slug):
    html = unfolded(client, slug)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})[:5]
    for target in re.findall(r'href="#([^"]+)"', html):
        assert target in ids or target in ("conteudo", "treine", "cartela", "folha"), target


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guide_names_each_part_once_and_the_keyboard_scrolls_its_tables(client, slug):
    """Issue #29 (axe-core): the live pieces of every step name only what may be named, a region
    is named once on the page (a step's boards are groups: the same player's board is drawn at
    every step), and a table that scrolls sideways takes the focus and says which it is."""
    page = parse(unfolded(client, slug))
    assert not named_without_role(page)
    assert not repeated_regions(page)
    tables = with_class(page, "table-scroll")
    assert tables
    assert not unreachable(page, tables)


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guide_has_contents_folding_sections_and_treine_at_the_top(client, slug):
    """Issue #28: on a phone a guide was some 75 screens with "Treine" at the bottom."""
    html = client.get(f"/como-jogar/{slug}/").content.decode()
    toc = re.search(r'<nav class="guide-toc".*?</nav>', html, re.S)
    assert toc and html.index(toc.group(0)) < html.index("<h2"), "contents before any section"
    linked = re.findall(r'href="#([^"]+)"', toc.group(0))
    sections = re.findall(r'<summary class="guide-fold__summary"><h2 id="([^"]+)"', html)
    # Every section is listed in order, and every one folds.
    assert linked == sections and "treine" in linked, (linked, sections)
    assert len(sections) == len(re.findall(r"<h2\b", html))
    assert html.count('<details class="guide-fold') >= len(sections)
    # A visible link to the practice near the top: before the contents and the first section.
    top = html[: html.index(toc.group(0))]
    assert 'href="#treine"' in top


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_guide_folds_its_rounds_and_a_phone_builds_little_on_the_first_view(client, slug):
    """Issue #29: drawn in full, the rounds made a guide 300-370 KiB and 5,800-6,800 elements."""
    html = client.get(f"/como-jogar/{slug}/").content.decode()
    assert elements(html) <= FIRST_VIEW, elements(html)
    rounds = content.get(slug).page().rounds
    shut = re.findall(r'<details class="guide-fold guide-fold--round">', html)
    assert len(shut) == len(rounds), "every round folded shut"
    assert 'class="guide-step"' not in html, "no step drawn before its round is opened"
    zipped = client.get(f"/como-jogar/{slug}/", HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip" and len(zipped.content) < 12 * 1024
    # Unfolded, every step of every round is there, in order.
    whole = unfolded(client, slug)
    assert whole.count('class="guide-step"') == sum(len(r.steps) for r in rounds)


@pytest.mark.parametrize("slug", WRITTEN)
def test_a_round_has_a_page_of_its_own_without_javascript(client, slug):
    rounds = content.get(slug).page().rounds
    last = len(rounds)
    response = client.get(f"/como-jogar/{slug}/rodadas/{last}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert escape(rounds[-1].title) in html
    assert html.count('class="guide-step"') == len(rounds[-1].steps)
    assert f'href="/como-jogar/{slug}/rodadas/{last - 1}/"' in html  # the round before
    assert f'href="/como-jogar/{slug}/rodadas/{last + 1}/"' not in html
    canonical = f"http://testserver/como-jogar/{slug}/rodadas/{last}/"
    assert f'<link rel="canonical" href="{canonical}">' in html
    levels = [int(level) for level in re.findall(r"<h([1-6])\b", html)]
    assert levels[0] == 1 and not [(a, b) for a, b in pairwise(levels) if b > a + 1]
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    for missing in (0, last + 1):
        assert client.get(f"/como-jogar/{slug}/rodadas/{missing}/").status_code == 404
