"""The Dominó result says the series, not only the last match: the matches each pair won
("2–1") and every match's score (issue 28)."""

from __future__ import annotations

import re

import pytest

from games import snapshots
from games.rendering import table_render
from tests.games.play import finished

pytestmark = pytest.mark.django_db(transaction=True)


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def result_text(table_id: int, seat: int | None) -> str:
    html = table_render(snapshots.get(table_id), seat).html
    box = re.search(r'<section id="mesa-resultado".*?</section>', html, flags=re.S)
    assert box, "no result box"
    return text_of(box.group(0)).replace(" – ", "–")  # tags around the numbers


def test_the_result_shows_the_series_score_and_each_match(site_rng, ana):
    site_rng(0)
    table = finished(ana, "domino", "duplas")
    state = snapshots.get(table.pk).state
    won = state["matches"]
    assert sorted(won, reverse=True)[0] == 2  # a complete best of three
    said = result_text(table.pk, 0)
    assert f"Jade {won[0]}–{won[1]} Âmbar" in said, said
    for number, match in enumerate(state["results"], start=1):
        jade, ambar = match["scores"]
        assert f"{number}ª partida: Jade {jade}–{ambar} Âmbar" in said, said
    # The series replaces the last match's points as the score of the game.
    assert said.count("partida:") == len(state["results"])
    assert f"Jade {won[0]}–{won[1]} Âmbar" in result_text(table.pk, None)  # and a spectator
