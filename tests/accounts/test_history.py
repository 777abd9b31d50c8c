"""A person's finished games on the profile and the history page (games.selectors.finished_games):
every game's result and score as the person reads them, newest first, a page at a time, in the
same few queries however many games, and each linking to its replay."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import selectors, services
from games.models import Action, Seat, Table, TableSocket
from marcador.selectors import saved_sheets
from tests.games.play import finished, play_out
from tests.sheets import saved_sheet

pytestmark = pytest.mark.django_db

HISTORY = reverse("accounts:history")
PROFILE = reverse("accounts:profile")


@pytest.fixture(autouse=True)
def _seeded(site_rng):
    """The site's dice and deals come from a seeded generator, which play_out seeds anew."""
    site_rng(0)


def rows(html: str) -> list[str]:
    """Each listed game's text, tags dropped and spaces folded, in the page's order."""
    items = re.findall(r'<li class="history__game.*?</li>', html, re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", item)).split()) for item in items]


def expected(table: Table, seat: int) -> str:
    outcome = table.outcome
    if len(outcome["scores"]) == 1:
        return f"Treino: {outcome['scores'][0]} pontos"
    return "Vitória" if seat in outcome["winners"] else "Derrota"


def test_the_history_lists_a_finished_game_of_every_game_newest_first_with_result_and_score(
    client, ana
):
    tables = [
        finished(ana, "bozo", "duelo"),
        finished(ana, "domino", "duplas"),
        finished(ana, "dozito", "mesa"),
        finished(ana, "yams", "solo"),
    ]
    client.force_login(ana)
    listed = rows(client.get(HISTORY).content.decode())
    assert len(listed) == 4
    for line, table in zip(listed, reversed(tables), strict=True):
        assert expected(table, 0) in line, line
    yams, dozito, domino, bozo = listed
    assert yams.startswith("Yam's · Treino solo")
    solo_score = tables[3].outcome["scores"][0]
    assert f"Treino: {solo_score} pontos" in yams and "Robô" not in yams
    ana_points, robot_points = tables[2].outcome["scores"]
    assert dozito.startswith("Dozito · Mesa")
    assert f"Ana {ana_points} · Robô 2 {robot_points} pontos" in dozito
    assert "Ana, Robô 2" not in dozito  # each player is named once, by their score
    jade, amber = tables[1].outcome["matches"][:2]
    assert "Ana, Robô 2, Robô 3, Robô 4" in domino
    assert f"Jade {jade} · Âmbar {amber} partidas" in domino
    ana_total, robot_total = tables[0].outcome["scores"]
    assert bozo.startswith("Bozó · Duelo")
    assert f"Ana {ana_total} · Robô 2 {robot_total} pontos" in bozo
    html = client.get(HISTORY).content.decode()
    for table in tables:
        assert f'href="{reverse("games:replay", args=[table.pk])}"' in html
        assert client.get(reverse("games:replay", args=[table.pk])).status_code == 200


def test_each_person_reads_their_own_result_of_a_shared_game(client, ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    table = play_out(table, [ana, bia], seed=4)
    winner = table.outcome["winners"]
    assert len(winner) == 1
    for seat, person in enumerate((ana, bia)):
        client.force_login(person)
        (line,) = rows(client.get(HISTORY).content.decode())
        assert ("Vitória" if seat in winner else "Derrota") in line
        # The person's own score first.
        me, other = table.outcome["scores"][seat], table.outcome["scores"][1 - seat]
        names = ("Ana", "Bia")
        assert f"{names[seat]} {me} · {names[1 - seat]} {other} pontos" in line


def test_leaving_a_game_is_listed_as_abandoned_and_a_tie_as_a_tie(client, ana, bia):
    left = services.table_create(host=ana, game="bozo", mode="duelo", robots=True)
    services.seat_leave(table_id=left.pk, user=ana)
    solo = services.table_create(host=ana, game="yams", mode="solo")
    services.seat_leave(table_id=solo.pk, user=ana)
    tie = finished(ana, "dozito", "mesa")
    scores = tie.outcome["scores"]
    Table.objects.filter(pk=tie.pk).update(
        outcome={**tie.outcome, "winners": [0, 1], "scores": [max(scores)] * 2},
        finished_at=timezone.now() + timedelta(minutes=1),
    )
    client.force_login(ana)
    tied, abandoned_solo, abandoned = rows(client.get(HISTORY).content.decode())
    assert "Empate" in tied and "Vitória" not in tied
    assert "Abandonada" in abandoned_solo and "Treino:" not in abandoned_solo
    assert "Abandonada" in abandoned and "Derrota" not in abandoned
    # The robot who stayed won it: its own history would say so; ana's says she left.
    assert Table.objects.get(pk=left.pk).outcome["winners"] == [1]


def test_only_the_persons_finished_games_are_listed(client, ana, bia):
    finished(bia, "dozito", "mesa")  # bia's, not ana's
    services.table_create(host=ana, game="bozo", mode="duelo")  # waiting
    playing = services.table_create(host=ana, game="dozito", mode="mesa", robots=True)
    play_out(playing, [ana], until=lambda events: True)
    closed = services.table_create(host=ana, game="yams", mode="mesa", robots=True)
    services.table_close(table_id=closed.pk)
    client.force_login(ana)
    html = client.get(HISTORY).content.decode()
    assert rows(html) == []
    assert "Você ainda não terminou nenhuma partida." in html
    assert "Você ainda não terminou nenhuma partida." in client.get(PROFILE).content.decode()


def away(table: Table, person) -> None:
    """`person` closes the table's page and stays away: the robot takes their seat over."""
    socket = f"socket-{person.pk}"
    TableSocket.objects.create(
        channel_name=socket, table=table, user=person, seen_at=timezone.now()
    )
    services.presence_sync(table_id=table.pk, user_id=person.pk)
    TableSocket.objects.filter(channel_name=socket).delete()
    services.presence_sync(table_id=table.pk, user_id=person.pk)
    seat = Seat.objects.get(table=table, user=person).index
    assert services.take_over(table_id=table.pk, seat=seat)


def duel_of(ana, bia) -> Table:
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    return table


def test_a_game_the_robot_played_in_an_absent_persons_seat_is_not_in_their_history(
    client, ana, bia
):
    table = duel_of(ana, bia)
    away(table, bia)  # as when "Jogar de novo" seated her and she never came
    table = play_out(table, [ana, bia], seed=3)
    moves = Action.objects.filter(table=table, seat=1)
    assert moves.exists() and not moves.filter(user=bia).exists()
    client.force_login(bia)
    assert rows(client.get(HISTORY).content.decode()) == []
    assert rows(client.get(PROFILE).content.decode()) == []
    assert list(selectors.finished_games(bia).object_list) == []
    # The table's own log keeps it: its replay, for her too, and the other player's history.
    replay = client.get(reverse("games:replay", args=[table.pk]))
    assert replay.status_code == 200 and "Bia" in replay.content.decode()
    client.force_login(ana)
    (line,) = rows(client.get(HISTORY).content.decode())
    assert line.startswith("Bozó · Duelo") and "Bia" in line
    assert [s.robot_played for s in table.seats.order_by("index")] == [False, True]


def test_a_game_the_person_mostly_played_before_leaving_stays_theirs(client, ana, bia):
    table = duel_of(ana, bia)
    turns = lambda events: sum(Table.objects.get(pk=table.pk).state["turns_taken"]) >= 16  # noqa: E731
    play_out(table, [ana, bia], seed=3, until=turns)
    away(table, bia)  # the last two of her ten turns, the robot plays for her
    table = play_out(table, [ana, bia], seed=4)
    robot = Action.objects.filter(table=table, seat=1, user=None).count()
    assert 0 < robot < Action.objects.filter(table=table, seat=1, user=bia).count()
    client.force_login(bia)
    (line,) = rows(client.get(HISTORY).content.decode())
    assert "Bozó · Duelo" in line


def many_finished(person, count: int) -> list[Table]:
    """`count` finished Bozó duels against a robot, a minute apart (their end written as the
    rules would, without playing each one)."""
    tables = []
    start = timezone.now() - timedelta(days=1)
    for i in range(count):
        table = Table.objects.create(
            game="bozo",
            mode="duelo",
            host=person,
            status=Table.Status.FINISHED,
            finished_at=start + timedelta(minutes=i),
            outcome={"winners": [i % 2], "scores": [100 + i, 90], "reason": "complete"},
        )
        Seat.objects.create(table=table, index=0, user=person)
        Seat.objects.create(table=table, index=1, robot=True)
        tables.append(table)
    return tables


def test_the_history_comes_a_page_at_a_time_and_the_profile_shows_the_latest(client, ana):
    tables = many_finished(ana, 25)
    client.force_login(ana)
    first = client.get(HISTORY).content.decode()
    assert len(rows(first)) == 20
    assert "Ana 124 · Robô 2 90" in rows(first)[0]  # the newest
    assert "Página 1 de 2" in first and 'href="?pagina=2"' in first
    second = client.get(HISTORY + "?pagina=2").content.decode()
    scores = [re.search(r"Ana (\d+) ·", line).group(1) for line in rows(second)]
    assert scores == ["104", "103", "102", "101", "100"]
    for bad, page in (("abc", 1), ("-3", 2), ("999", 2), ("", 1)):
        html = client.get(HISTORY + f"?pagina={bad}").content.decode()
        assert f"Página {page} de 2" in html, bad
    profile = client.get(PROFILE).content.decode()
    assert len(rows(profile)) == 5
    assert f'href="{HISTORY}"' in profile and "Ver todas as suas partidas" in profile
    assert f'href="{reverse("games:replay", args=[tables[-1].pk])}"' in profile


def test_a_page_of_history_reads_the_same_few_queries_however_many_games(ana):
    many_finished(ana, 3)

    def queries(per_page: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            page = selectors.finished_games(ana, per_page=per_page)
            assert page.object_list
        return len(captured)

    few = queries(3)
    many_finished(ana, 20)
    assert queries(20) == few <= 3


def test_the_history_needs_one_to_sign_in(client):
    response = client.get(HISTORY)
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_the_data_export_still_lists_every_seat(client, ana):
    finished(ana, "dozito", "mesa")
    (entry,) = selectors.player_history(ana)
    assert entry["jogo"] == "dozito" and entry["situacao"] == "finished"


def test_saved_score_sheets_are_listed_exported_and_go_with_the_account(
    client, ana, password, django_capture_on_commit_callbacks
):
    saved_sheet(ana)
    client.force_login(ana)
    for page in (PROFILE, HISTORY):
        html = unescape(client.get(page).content.decode())
        assert "Marcadores de Yam’s salvos" in html, page
        assert "Venceu: Caio" in html and "Caio 50 · Duda 30" in html, page
    export = client.get(reverse("accounts:my_data")).json()
    assert export["marcadores_de_yams"][0]["jogadores"] == ["Caio", "Duda"]
    assert export["marcadores_de_yams"][0]["pontos"] == [50, 30]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("accounts:delete"), {"password": password, "confirm": "on"})
    assert not saved_sheets(ana)
