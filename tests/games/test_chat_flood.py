"""Chat and reactions against abuse, through the real consumer: HTML and script arrive as text
(live lines, the history, reactions, seat names), and flooding is cut per person and per page,
with a Portuguese notice and nothing past the limit sent to the table."""

from __future__ import annotations

import html
import re

import pytest
from channels.db import database_sync_to_async

from accounts.models import User
from games import chat, services
from tests.games.sockets import (
    command,
    connect,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SCRIPT = "<script>alert('mesa')</script>"
SCRIPT_NAME = "<script>x</script>"  # a nickname holds at most 20 characters (PostgreSQL says so)
CALM = "Calma: espere alguns segundos para mandar outra mensagem."
# Windows far longer than a test, so that no count starts again in the middle of one.
LONG = 10**6


async def answered(socket, text: str = "") -> str:
    """The next message that answers a chat or reaction of `text`: the line, the bubble (one
    holding `text`) or a notice."""
    for _ in range(20):
        message = await socket.receive_from(timeout=5)
        said = "chat-line" in message or 'class="reaction"' in message
        if (said and html.escape(text) in message) or "mesa-aviso" in message:
            return message
    raise AssertionError("no answer")


async def lines_and_reactions(socket, expected: int) -> list[str]:
    """What reached a watching page: `expected` lines or reactions, and nothing after them."""
    got: list[str] = []
    while len(got) < expected:
        message = await socket.receive_from(timeout=5)
        got += re.findall(r'<li id="chat-\d+" class="chat-line">|<p class="reaction"', message)
    while not await socket.receive_nothing(timeout=0.5):
        message = await socket.receive_from()
        got += re.findall(r'<li id="chat-\d+" class="chat-line">|<p class="reaction"', message)
    return got


@database_sync_to_async
def rename(user, nickname: str) -> None:
    # An old account from before the nickname rules: the page must still show it as text.
    User.objects.filter(pk=user.pk).update(nickname=nickname)
    user.refresh_from_db()
    services.person_renamed(user=user)


async def test_script_in_chat_arrives_as_text_live_and_in_the_history(duel, users):
    ana, bia = users
    await rename(ana, "Ana<b><script>")
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    for socket in (mine, theirs):
        assert "<script>" not in socket.page.raw[0] and "<b>" not in socket.page.raw[0]
        assert "Ana&lt;b&gt;&lt;script&gt;" in socket.page.raw[0]  # the seat's name, as text
    await theirs.settle()
    await command(mine, "chat", text=SCRIPT)
    live = await answered(theirs)
    assert "<script>" not in live
    assert html.escape(SCRIPT) in live and "chat-line__author" in live
    later = await connect(duel.pk)  # the history a page gets when it opens
    history = "".join(later.page.raw)
    assert "<script>" not in history and html.escape(SCRIPT) in history
    assert SCRIPT in later.page.text("mesa-chat-lista")  # shown, as text


async def test_a_reaction_shows_its_author_as_text_and_only_the_list_is_accepted(duel, users):
    ana, bia = users
    await rename(ana, SCRIPT_NAME)
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await theirs.settle()
    await command(mine, "react", text=SCRIPT)
    refused = await answered(mine)
    assert "Reação desconhecida: escolha uma da lista." in refused
    await command(mine, "react", text="Boa!")
    bubble = await answered(theirs)
    assert 'class="reaction"' in bubble and "<script>" not in bubble
    assert html.unescape(re.sub(r"<[^>]*>", "", bubble)) == f"{SCRIPT_NAME} Boa!"  # as text


async def test_a_page_spamming_reactions_is_cut_with_a_notice_and_the_rest_not_sent(
    duel, users, settings, monkeypatch
):
    ana, bia = users
    settings.GAMES_CHAT_BURST = (50, LONG)  # the person's budget is not what stops this page
    monkeypatch.setattr(chat, "SOCKET_BURST", (3, LONG))
    mine, theirs = await connect(duel.pk, ana), await connect(duel.pk, bia)
    await theirs.settle()
    answers = []
    for _ in range(6):
        await command(mine, "react", text="😀")
        answers.append(await answered(mine))
    assert ["reaction" in a for a in answers] == [True] * 3 + [False] * 3
    assert all(CALM in a for a in answers[3:])
    assert len(await lines_and_reactions(theirs, 3)) == 3
    other_page = await connect(duel.pk, ana)  # the same person's other tab has its own count
    await command(other_page, "chat", text="oi")
    assert "chat-line" in await answered(other_page)


async def test_a_person_with_several_pages_shares_one_budget_for_chat_and_reactions(
    duel, users, settings, monkeypatch
):
    ana, bia = users
    settings.GAMES_CHAT_BURST = (4, LONG)
    monkeypatch.setattr(chat, "SOCKET_BURST", (3, LONG))
    first, second = await connect(duel.pk, ana), await connect(duel.pk, ana)
    watcher = await connect(duel.pk, bia)
    for socket in (first, second, watcher):
        await socket.settle()
    said = []
    for socket, cmd, text in [
        (first, "chat", "um"),
        (first, "react", "Boa!"),
        (first, "chat", "dois"),
        (first, "chat", "três"),  # past this page's 3
        (second, "chat", "quatro"),  # the person's 4th
        (second, "react", "😀"),  # past the person's 4
        (second, "chat", "cinco"),
    ]:
        await command(socket, cmd, text=text)
        said.append(await answered(socket, text))
    refused = [CALM in answer for answer in said]
    assert refused == [False, False, False, True, False, True, True]
    assert len(await lines_and_reactions(watcher, 4)) == 4
    page = "".join(watcher.page.raw)
    assert "três" not in page and "cinco" not in page and "quatro" in page
