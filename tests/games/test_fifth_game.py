"""The Game contract is the whole of what the platform needs of a game (issue 30): a fifth game
defined under tests/ (tests/games/fifth/: "par ou ímpar", a few lines of rules, a presenter and a
template) is registered through the public registries and played to its end through the real
consumer by two sockets, while a spectator's socket never reads the hidden hand; and no file of
the site names it."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.template import engines
from jinja2 import ChoiceLoader, FileSystemLoader

from config.jinja2 import forget_languages
from games import catalog, presenters, rules, services
from games.catalog import GameInfo, Mode
from games.models import Action, Table
from tests.games.fifth import presenter
from tests.games.fifth.rules import GAME
from tests.games.sockets import (
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)
from tests.pages import Node, parse

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent / "fifth"
OWN = "parimpar-jogadas"
INFO = GameInfo(
    slug=GAME.slug,
    name=GAME.name,
    tagline="",
    players="2",
    summary="",
    modes=(Mode("duelo", "Duelo", 2),),
)


@pytest.fixture
def fifth_game():
    env = engines["jinja2"].env
    site_loader = env.loader
    env.loader = ChoiceLoader([site_loader, FileSystemLoader(HERE / "jinja2")])
    forget_languages()  # the live renders' environments take the new loader
    rules.register(GAME)
    presenters.register(GAME.slug, presenter)
    catalog.register(INFO)
    yield
    catalog.unregister(GAME.slug)
    presenters.unregister(GAME.slug)
    rules.unregister(GAME.slug)
    env.loader = site_loader
    forget_languages()


def started(host, guest) -> Table:
    table = services.table_create(host=host, game=GAME.slug, mode="duelo")
    services.seat_take(table_id=table.pk, user=guest)
    services.table_start(table_id=table.pk, by=host)
    return table


def travelled(frames: list[str]) -> str:
    """The frames as sent, but for the viewer's own choices (OWN), which offer every number of
    fingers whatever the other hand hid."""
    shown = []
    for frame in frames:
        root = parse(frame)
        for node in root.walk():
            node.children = [
                c for c in node.children if not (isinstance(c, Node) and c.attrs.get("id") == OWN)
            ]
        shown += [c.html() if isinstance(c, Node) else c for c in root.children]
    return "".join(shown)


async def show(socket, fingers: int, everyone) -> None:
    page = await socket.settle()  # what is in flight first: people's presence moves versions too
    action = next(a for a in page.actions() if a.get("fingers") == fingers)
    version = page.version
    await send(socket, action, version=version, cid=uuid.uuid4().hex)
    for other in everyone:
        await other.until_version(version + 1)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_fifth_game_plays_to_its_end_through_the_consumer(fifth_game, ana, bia, person):
    carla = await database_sync_to_async(person)("carla")
    table = await database_sync_to_async(started)(ana, bia)
    first, second = await connect(table.pk, ana), await connect(table.pk, bia)
    watcher = await connect(table.pk, carla)
    everyone = (first, second, watcher)
    assert first.page.actions() and second.page.actions() == []  # "par" shows first
    assert watcher.page.actions() == []

    rounds = [(3, 1), (5, 2), (2, 2)]  # 4 even: par; 7 odd: ímpar; 4 even: par wins 2 to 1
    for hidden, shown in rounds:
        before = {socket: len(socket.page.raw) for socket in (second, watcher)}
        await show(first, hidden, everyone)
        word = presenter.WORDS[hidden]
        assert f"Você escondeu {word}." in first.page.text("parimpar-mao")
        for socket in (second, watcher):
            assert "A primeira mão está escondida." in socket.page.text("parimpar-mao")
            assert word not in travelled(socket.page.raw[before[socket] :])
        assert second.page.actions() and first.page.actions() == []
        await show(second, shown, everyone)

    done = await Table.objects.aget(pk=table.pk)
    assert done.status == Table.Status.FINISHED
    assert done.outcome["winners"] == [0] and done.outcome["scores"] == [2, 1]
    moves = await Action.objects.filter(table=done).exclude(action__type="start").acount()
    assert moves == 2 * len(rounds)
    assert first.page.text("mesa-resultado").startswith("Você venceu!")
    told = watcher.page.find("parimpar-rodadas").children
    assert [n.text() for n in told if isinstance(n, Node)] == [
        "três + um",
        "cinco + dois",
        "dois + dois",
    ]
    for socket in everyone:  # before the game is unregistered: a closing socket reads it
        await socket.disconnect()


def test_no_file_of_the_site_names_the_fifth_game():
    named = [
        str(path.relative_to(REPO))
        for folder in ("games", "marcador", "config", "accounts", "templates")
        for path in (REPO / folder).rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".html", ".js", ".css", ".txt", ".po"}
        and any(name in path.read_text(errors="ignore") for name in (GAME.slug, GAME.name))
    ]
    assert named == []
