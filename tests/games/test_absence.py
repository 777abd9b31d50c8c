"""Coming back after the robot played for you (games/absence.py): the returning socket alone is
told, in the game's own words, what the robot played in the person's name since they left."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.db import DatabaseError

from games import absence, sweeper
from games.models import Action, Seat
from tests.games.sockets import (
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)


async def robot_scores_for(table, seat: int, turns: int) -> list[str]:
    """Run the due timers until the robot has scored `turns` boxes for `seat`; their texts."""
    for _ in range(200):
        scored = Action.objects.filter(table=table, seat=seat, user__isnull=True)
        scored = [a async for a in scored.filter(action__type="score").order_by("version")]
        if len(scored) >= turns:
            return [e["text"] for a in scored for e in a.events if e["type"] == "score"]
        await database_sync_to_async(sweeper.run_due)()
    raise AssertionError("the robot did not play")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_returning_person_alone_is_told_what_the_robot_scored_for_them(
    duel, users, settings
):
    settings.GAMES_TAKEOVER_SECONDS = 0
    ana, bia = users
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await mine.disconnect()  # Ana, on turn, leaves: the robot plays for her, and for Bia
    await theirs.settle()
    await database_sync_to_async(sweeper.run_due)()  # the takeover
    assert (await Seat.objects.aget(table=duel, index=0)).autopilot
    texts = await robot_scores_for(duel, 0, 1)
    await theirs.settle()
    assert "Enquanto você estava fora" not in theirs.page.text()

    back = await connect(duel.pk, ana)
    notice = back.page.text("mesa-ausencia")
    assert "Enquanto você estava fora, o robô fez 1 jogada por você:" in notice
    # The rules' own words, without the "Jogador 1" they begin with: "marcou 12 na Quadra."
    said = texts[0].removeprefix("Jogador 1 ")
    assert said.startswith("marcou ") and said in notice
    assert "Entendi" in notice
    await theirs.settle()
    assert "Enquanto você estava fora" not in theirs.page.text()  # Bia's page never hears it

    # A second page of Ana's, the seat already hers again, is not told twice.
    again = await connect(duel.pk, ana)
    assert "Enquanto você estava fora" not in again.page.text()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_robot_that_did_not_play_yet_is_said_too(duel, users, settings):
    settings.GAMES_TAKEOVER_SECONDS = 0
    _, bia = users
    theirs = await connect(duel.pk, bia)  # Bia is not on turn: her robot has nothing to play
    await theirs.disconnect()
    await database_sync_to_async(sweeper.run_due)()
    assert (await Seat.objects.aget(table=duel, index=1)).autopilot
    back = await connect(duel.pk, bia)
    assert "um robô ficou no seu lugar, mas não chegou a jogar" in back.page.text("mesa-ausencia")


@pytest.mark.parametrize(
    ("game", "events", "said"),
    [
        (
            "domino",
            [
                {"type": "play", "seat": 2, "text": "Jogador 3 jogou [6|4] na direita."},
                {"type": "pass", "seat": 3, "text": "Jogador 4 passou."},
                {"type": "pass", "seat": 2, "text": "Jogador 3 passou."},
                {"type": "turn", "seat": 0, "text": "Vez do Jogador 1."},
            ],
            ["jogou [6|4] na direita.", "passou."],
        ),
        (
            "dozito",
            [
                {"type": "draw", "seat": 2, "text": "Jogador 3 comprou o 7 azul."},
                {"type": "place", "seat": 2, "text": "Jogador 3 colocou o 7 azul no espaço 7."},
                {"type": "discard", "seat": 2, "text": "Jogador 3 descartou o 2 na pilha 1."},
            ],
            ["colocou o 7 azul no espaço 7.", "descartou o 2 na pilha 1."],
        ),
    ],
)
def test_each_game_lists_its_own_moves_in_its_own_words(game, events, said):
    names = ["Ana", "Bia", "Caio", "Duda"]
    assert list(absence._texts([events], game, 2, names)) == said


def test_a_long_absence_lists_the_first_moves_and_counts_the_rest():
    html = absence.notice_html([f"marcou {n} na Quadra." for n in range(11)])
    assert "o robô fez 11 jogadas por você" in html
    assert html.count("<li>") == absence.SHOWN + 1 and "e mais 3 jogadas." in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_notice_that_cannot_be_read_does_not_keep_the_person_out(
    duel, users, settings, monkeypatch
):
    settings.GAMES_TAKEOVER_SECONDS = 0
    _, bia = users
    theirs = await connect(duel.pk, bia)
    await theirs.disconnect()
    await database_sync_to_async(sweeper.run_due)()

    def broken(*args, **kwargs):
        raise DatabaseError("the database is restarting")

    monkeypatch.setattr(absence, "robot_moves", broken)
    back = await connect(duel.pk, bia)  # opened, and the seat is hers again
    assert back.page.find("mesa-lugares") is not None
    assert "Enquanto você estava fora" not in back.page.text()
    seat = await Seat.objects.aget(table=duel, index=1)
    assert seat.connected and not seat.autopilot
