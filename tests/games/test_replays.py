"""Replays of finished tables (games/replays.py): every step of whole games of the four games
drawn for a spectator, who may open which replay, nothing hidden in any step, bad steps.

Games are played through the services as the site plays them (tests/games/play.py).
"""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services, snapshots
from games.models import Action, Table
from games.rules import bozo, domino, dozito, yams
from tests.games.play import finished, play_out

pytestmark = pytest.mark.django_db

REDEAL = {
    "bozo": bozo.redeal,
    "domino": domino.redeal,
    "dozito": dozito.redeal,
    "yams": yams.redeal,
}


@pytest.fixture(autouse=True)
def _seeded(site_rng):
    """The site's dice and deals come from a seeded generator, which play_out seeds anew."""
    site_rng(0)


# The root of each game's area, as its _game.html opens it.
AREA = {"bozo": '<div class="bozo">', "domino": '<div class="domino',
        "dozito": '<div class="dozito', "yams": '<div class="yams '}  # fmt: skip
HIDDEN = {"bozo": 20, "domino": 100, "dozito": 50, "yams": 0}  # steps the seed hides something in
GAMES = [("bozo", "duelo"), ("domino", "duplas"), ("dozito", "mesa"), ("yams", "mesa")]


def url(table: Table, step=None) -> str:
    path = reverse("games:replay", args=[table.pk])
    return path if step is None else f"{path}?passo={step}"


def steps_of(table: Table) -> int:
    return Action.objects.filter(table=table).count()


def area(html: str) -> str:
    """The step's game area and lines, without the page around it."""
    start = html.index('id="replay-passo"')
    return html[start : html.index('<nav class="replay-controls"', start)]


# -- every step of whole games -------------------------------------------------------------------


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_every_step_of_a_whole_game_is_drawn_for_a_spectator_with_the_tables_templates(
    client, ana, game, mode
):
    table = finished(ana, game, mode)
    assert table.status == "finished"
    last = steps_of(table) - 1
    assert last > 20
    texts = list(
        Action.objects.filter(table=table).order_by("version").values_list("events", flat=True)
    )
    # Long games are looked at every few steps, always with the first, second and last.
    stride = max(1, last // 40)
    for step in sorted({0, 1, *range(0, last + 1, stride), last}):
        response = client.get(url(table, step))
        assert response.status_code == 200, step
        html = response.content.decode()
        assert AREA[game] in html, step
        assert f'value="{step}"' in html and f'max="{last}"' in html
        heading = "Início" if step == 0 else f"Passo {step} de {last}"
        assert heading in html, step
        for event in texts[step]:
            if event.get("text"):
                said = rendering_names(event["text"], table)
                assert escape(said) in html, (step, said)
    end = client.get(url(table, last)).content.decode()
    assert disabled("replay-proximo") in end
    assert 'href="' + url(table, last - 1) + '"' in end


def disabled(control: str) -> str:
    classes = "button button--secondary replay-controls__button"
    return f'<button id="{control}" class="{classes}" type="button" aria-disabled="true"'


def rendering_names(text: str, table: Table) -> str:
    from games.rules.base import with_names
    from games.table_view import seat_name

    copy = snapshots.load(table.pk)
    return with_names(text, [seat_name(s) for s in copy.seats])


def escape(text: str) -> str:
    from django.utils.html import escape as html_escape

    return str(html_escape(text))


def test_the_first_step_is_the_start_and_links_forward_only(client, ana):
    table = finished(ana, "bozo", "duelo")
    html = client.get(url(table)).content.decode()
    assert "Início" in html and "A partida começou." in html
    assert disabled("replay-anterior") in html and disabled("replay-primeiro") in html
    assert f'href="{url(table, 1)}" hx-get="{url(table, 1)}"' in html
    assert f'href="{url(table, steps_of(table) - 1)}"' in html


def test_the_page_says_game_date_players_and_result(client, ana):
    table = finished(ana, "dozito", "mesa")
    html = client.get(url(table)).content.decode()
    assert "Replay: Dozito" in html
    assert "Ana, Robô 2" in html
    winner = ["Ana", "Robô 2"][table.outcome["winners"][0]]
    assert f"Vencedor: {winner}" in html  # said to a spectator
    local = timezone.localtime(table.finished_at)
    assert f'<time datetime="{local.isoformat()}">' in html
    client.force_login(ana)
    html = client.get(url(table)).content.decode()
    assert ("Você venceu!" if winner == "Ana" else "Vencedor: Robô 2") in html


def test_with_htmx_a_step_sends_only_the_step(client, ana):
    table = finished(ana, "bozo", "duelo")
    response = client.get(url(table, 5), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="replay-passo"')
    assert "<html" not in html and "Copiar link" not in html
    assert "Passo 5 de" in html
    assert "HX-Request" in response["Vary"]
    # A history restore (the page is not in htmx's cache) gets the whole page.
    restore = client.get(
        url(table, 5), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "<html" in restore.content.decode()


def test_a_step_reads_the_same_few_rows_however_long_the_game(client, ana):
    table = finished(ana, "domino", "duplas")
    last = steps_of(table) - 1
    client.get(url(table, 0))  # the session and the like, once
    snapshots.clear()
    counts = []
    for step in (0, last // 2, last):
        snapshots.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(table, step)).status_code == 200
        counts.append(len(queries))
        states = [q["sql"] for q in queries if '"games_action"."state"' in q["sql"]]
        assert len(states) == 1  # the one state of the step, never the log's states
    assert len(set(counts)) == 1 and counts[0] <= 12, counts


# -- who may watch a replay ----------------------------------------------------------------------


def test_a_public_tables_replay_is_open_to_anyone_with_a_link_to_copy(client, ana, bia):
    table = finished(ana, "bozo", "duelo")
    assert table.is_public
    html = client.get(url(table)).content.decode()  # signed out
    assert "Copiar link" in html
    assert f'value="http://testserver{url(table)}"' in html
    client.force_login(bia)
    assert client.get(url(table, 3)).status_code == 200


def test_a_private_tables_replay_is_only_for_those_who_held_a_seat(client, ana, bia, make_user):
    table = services.table_create(host=ana, game="bozo", mode="duelo", is_public=False)
    services.seat_take(table_id=table.pk, user=bia, invite_code=table.invite_code)
    services.table_start(table_id=table.pk, by=ana)
    table = play_out(table, [ana, bia])
    assert client.get(url(table)).status_code == 404
    client.force_login(make_user("caio", nickname="Caio"))
    assert client.get(url(table)).status_code == 404
    for person in (ana, bia):
        client.force_login(person)
        html = client.get(url(table)).content.decode()
        assert "Replay: Bozó" in html and "Copiar link" not in html


def test_solo_training_is_replayed_only_by_its_player(client, ana, bia):
    table = finished(ana, "yams", "solo")
    assert not table.is_public
    assert client.get(url(table)).status_code == 404
    client.force_login(bia)
    assert client.get(url(table)).status_code == 404
    client.force_login(ana)
    html = client.get(url(table)).content.decode()
    assert "Treino concluído" in html


def test_only_finished_tables_have_a_replay(client, ana):
    client.force_login(ana)
    waiting = services.table_create(host=ana, game="bozo", mode="duelo")
    assert client.get(url(waiting)).status_code == 404
    playing = services.table_create(host=ana, game="dozito", mode="mesa", robots=True)
    playing = play_out(playing, [ana], until=lambda events: True)
    assert playing.status == "playing"
    assert client.get(url(playing)).status_code == 404
    closed = services.table_create(host=ana, game="yams", mode="mesa", robots=True)
    services.table_close(table_id=closed.pk, reason="Mesa encerrada pela administração.")
    assert client.get(url(closed)).status_code == 404
    assert client.get(reverse("games:replay", args=[999999])).status_code == 404


# -- nothing hidden ------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_a_step_shows_nothing_a_spectator_could_not_see_then(client, ana, game, mode):
    """What a spectator cannot see, dealt again in the stored state, changes nothing drawn."""
    table = finished(ana, game, mode, seed=3)
    rows = list(Action.objects.filter(table=table).order_by("version"))
    redealt = [REDEAL[game](row.state, None, random.Random(i)) for i, row in enumerate(rows)]
    hidden = [i for i, row in enumerate(rows) if redealt[i] != row.state]
    rng = random.Random(5)
    # The steps with something hidden to deal again, and a few others.
    picked = sorted({0, len(rows) - 1, *rng.sample(hidden, min(10, len(hidden)))})
    picked = sorted({*picked, *rng.sample(range(len(rows)), 4)})
    for step in picked:
        row = rows[step]
        before = area(client.get(url(table, step)).content.decode())
        Action.objects.filter(pk=row.pk).update(state=redealt[step])
        after = area(client.get(url(table, step)).content.decode())
        assert after == before, step
    assert len(hidden) >= HIDDEN[game], len(hidden)


def shown_tiles(html: str) -> set[str]:
    return set(re.findall(r'role="img" aria-label="(Peça \d e \d)', html))


def test_a_dominó_hands_tiles_appear_only_from_the_step_that_revealed_them(client, ana):
    table = finished(ana, "domino", "duplas")
    rows = list(Action.objects.filter(table=table).order_by("version"))
    ends = [i for i, row in enumerate(rows) if any(e["type"] == "hand_end" for e in row.events)]
    first = ends[0]
    end = next(e for e in rows[first].events if e["type"] == "hand_end")
    left = {f"Peça {max(t)} e {min(t)}" for hand in end["hands"] for t in hand}
    assert left, "a hand that ended with every tile played"
    for step in range(first):
        html = client.get(url(table, step)).content.decode()
        assert not shown_tiles(html) & left, step
        assert "domino--watching" in html and "domino-reveal" not in html
    assert left <= shown_tiles(client.get(url(table, first)).content.decode())


def test_a_step_stored_before_replays_existed_says_so(client, ana):
    table = finished(ana, "bozo", "duelo")
    Action.objects.filter(table=table).update(state=None)
    html = client.get(url(table, 4)).content.decode()
    assert "registrada antes dos replays" in html
    assert AREA["bozo"] not in html


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "shown", "notice"),
    [
        ("abc", 0, "Passo inválido"),
        ("-1", 0, "Não há passo antes do início"),
        ("99999999999999999999", "last", "o replay mostra o último"),
        ("", 0, ""),
        ("3.5", 0, "Passo inválido"),
        ("7", 7, ""),
    ],
)
def test_a_bad_step_shows_the_nearest_one_and_says_why(client, ana, asked, shown, notice):
    table = finished(ana, "dozito", "mesa")
    last = steps_of(table) - 1
    shown = last if shown == "last" else shown
    for headers in ({}, {"HX-Request": "true"}):
        response = client.get(url(table) + f"?passo={asked}", headers=headers)
        assert response.status_code == 200
        html = response.content.decode()
        assert f'data-step="{shown}"' in html
        if notice:
            assert notice in html and 'role="alert"' in html
        else:
            assert "replay-step__notice" not in html
