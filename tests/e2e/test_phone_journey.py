"""The first visit and a Bozó duel on a phone (360 x 740), in real browsers against the ASGI live
server (issue #8): every control a turn needs is inside the screen at every step of the last
turns of a duel (from a prepared position whose open boxes are the first and the last of each
card) and at its result, the page follows the game and the robot, an invited friend signs up and
lands back at the table, the header keeps to one row, the lobby polls once and lists a table in
plain words. The pages keep the site's motion: what is checked is where its scrolling ends."""

from __future__ import annotations

import re
from itertools import cycle
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import override_settings

from games.models import Table
from games.rules.bozo import BOXES
from tests.e2e.live import PASSWORD, LiveServerTestCase
from tests.e2e.pages import (
    EMBAIXO,
    POR_CIMA,
    SEM_COPO,
    act,
    assert_on_screen,
    create_bozo_table,
    lift,
    open_table,
    roll,
    table_id_of,
    wait_connected,
    wait_for_banner,
    wait_for_version,
)
from tests.e2e.positions import bozo_quick_turns, play_until, started

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

pytestmark = pytest.mark.e2e


def cut_names(page: Page) -> list[str]:
    """The box names on the player's own card that do not fit their place ("Quadra…")."""
    return page.locator(".score-card--yours .score-row__name").evaluate_all(
        "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
    )


def dice(page: Page):
    return page.locator("#mesa-jogo .die")


def own_open_boxes(page: Page):
    return page.locator(".score-card--yours .score-button")


# The first and the last box of each card are left open: every box between them is on screen too.
FIRST_AND_LAST_LEFT = (*BOXES[1:-1], BOXES[0], BOXES[-1])


class PhoneTableTests(LiveServerTestCase):
    def phone_player(self, username: str, nickname: str) -> Page:
        return self.player(username, nickname, motion=True)

    def test_the_last_turns_of_a_duel_keep_every_control_on_the_screen_then_play_again(self):
        ana = self.phone_player("ana", "Ana")
        bia = self.phone_player("bia", "Bia")
        # Sixteen turns played: each card has its first and last box open.
        table = started("bozo", "duelo", ana.user, others=[bia.user])
        sixteen = lambda copy: sum(copy.state["turns_taken"]) == 16  # noqa: E731
        quick = bozo_quick_turns(FIRST_AND_LAST_LEFT)
        play_until(table, [ana.user, bia.user], sixteen, choose=quick)
        table_id = table.pk
        for page in (ana, bia):
            open_table(page, table_id)

        players = [(ana, "Ana"), (bia, "Bia")]
        styles = cycle([POR_CIMA, SEM_COPO, EMBAIXO, SEM_COPO])
        for turn in range(4):
            (mover, _name), (watcher, _other) = players[turn % 2], players[1 - turn % 2]
            wait_for_banner(mover, "Sua vez")
            # The turn came back: the banner, the dice and the roll are in view at once.
            roll_button = mover.locator("[data-cup-choice] button:not([hidden])")
            assert_on_screen(mover, mover.locator("#mesa-status"), dice(mover), roll_button)
            style = next(styles)
            rolled = roll(mover, cup=style != SEM_COPO)
            wait_for_version(watcher, rolled)
            assert_on_screen(watcher, watcher.locator("#mesa-status"), dice(watcher))
            if style != SEM_COPO:
                assert_on_screen(mover, mover.get_by_role("button", name=re.compile("levantar")))
                wait_for_version(watcher, lift(mover, embaixo=style == EMBAIXO))
            # The dice to hold, the roll again and every open box with its value: one screen.
            needed = [dice(mover), own_open_boxes(mover)]
            again = mover.locator("[data-cup-choice] button:not([hidden])")
            if again.count():
                needed.append(again)
            assert_on_screen(mover, *needed)
            assert_on_screen(watcher, dice(watcher))
            assert cut_names(mover) == []
            act(mover, own_open_boxes(mover).first)

        table = Table.objects.get(pk=table_id)
        assert table.status == Table.Status.FINISHED
        for page in (ana, bia):
            result = page.locator("#mesa-resultado")
            expect(result.get_by_role("heading", level=2)).to_be_visible()
            assert_on_screen(page, result.get_by_role("heading", level=2))
            assert_on_screen(page, result.get_by_role("button", name="Jogar de novo"))
            expect(page.locator("#bozo-lance")).to_have_text("")

        # "Jogar de novo": one tap, and Ana is at the new table; Bia sits there by her own tap.
        ana.get_by_role("button", name="Jogar de novo").click()
        ana.wait_for_url(re.compile(rf"/mesa/(?!{table_id}/)\d+/$"))
        wait_connected(ana)
        new = Table.objects.get(pk=table_id_of(ana))
        assert Table.objects.get(pk=table_id).next_table_id == new.pk
        expect(ana.locator("#mesa-lugares")).not_to_contain_text("Bia")
        again = bia.locator("#mesa-resultado").get_by_role("button", name="Jogar de novo")
        expect(bia.locator("#mesa-resultado")).to_contain_text("Há uma nova mesa na sala de espera")
        assert_on_screen(bia, again)
        again.click()
        bia.wait_for_url(self.url(f"/mesa/{new.pk}/"))
        expect(ana.locator("#mesa-lugares")).to_contain_text("Bia")

    def test_an_invited_friend_signs_up_from_the_header_and_lands_back_ready_to_sit(self):
        ana = self.phone_player("ana", "Ana")
        table_id = create_bozo_table(ana, "Duplas", public=False)
        invites = ana.get_by_role("region", name="Convites")
        expect(invites).to_contain_text("Convite para a dupla Jade Para quem joga com você.")
        amber = invites.get_by_label("Convite para a dupla Âmbar").input_value()

        friend = self.new_context(motion=True).new_page()
        friend.goto(amber)
        friend.wait_for_url(self.url(f"/mesa/{table_id}/"))
        expect(friend.get_by_text("Você foi convidado para a dupla Âmbar.")).to_be_visible()
        header = friend.locator(".site-header")
        header.get_by_role("link", name="Criar conta").click()
        assert parse_qs(urlsplit(friend.url).query)["next"] == [f"/mesa/{table_id}/"]

        friend.locator("input[name=username]").fill("caio")
        friend.locator("input[name=nickname]").fill("Caio Lima")
        friend.locator("input[name=email]").fill("caio@example.com")
        friend.locator("input[name=password1]").fill(PASSWORD)
        friend.locator("input[name=password2]").fill(PASSWORD)
        friend.get_by_role("button", name="Criar conta").click()
        friend.wait_for_url(self.url(f"/mesa/{table_id}/"))
        wait_connected(friend)
        sit = friend.locator("#mesa-acoes").get_by_role("button")
        expect(sit).to_have_text(["Sentar na dupla Âmbar"])
        sit.click()
        team = ana.get_by_role("region", name="Dupla Âmbar")
        expect(team).to_contain_text("Caio Lima")
        seat = Table.objects.get(pk=table_id).seats.get(user__username="caio")
        assert seat.team == 1

    def test_the_header_keeps_to_one_row_and_the_lobby_polls_once(self):
        visitor = self.new_context(motion=True).new_page()
        ana = self.phone_player("ana", "Ana Luíza Mendes")
        for page in (visitor, ana):
            page.goto(self.url("/jogar/"))
            links = page.locator(".site-nav a")
            tops = {
                round(box["y"])
                for box in (links.nth(i).bounding_box() for i in range(links.count()))
            }
            assert len(tops) == 1, tops  # one row
            assert page.locator(".site-header").bounding_box()["height"] <= 60
            assert_on_screen(page, links)
        polling = ana.locator("[hx-trigger*=every]")
        expect(polling).to_have_count(1)
        ids = ana.locator("[id]").evaluate_all("els => els.map(e => e.id)")
        assert len(ids) == len(set(ids)), ids
        # "Jogar" starts at once: a table or a robot duel, one tap each, for each playable game.
        bozo = ana.locator(".lobby-game").filter(has_text="Bozó")
        expect(bozo.get_by_role("link", name="Criar mesa")).to_be_visible()
        bozo.get_by_role("button", name="Duelo contra robô").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        assert Table.objects.get(pk=table_id_of(ana)).status == Table.Status.PLAYING

    def test_the_lobby_lists_a_table_in_plain_words_never_solo_training_and_leads_to_a_seat(self):
        ana = self.phone_player("ana", "Ana")
        bia = self.phone_player("bia", "Bia")
        create_bozo_table(ana, "Treino solo")  # its page is live, and it is nobody else's
        table_id = create_bozo_table(ana, "Duelo")
        wait_for_banner(ana, "Esperando jogadores")
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_disabled()

        # Bia finds the duel in the lobby, in plain words, and sits from its page.
        bia.goto(self.url("/jogar/bozo/"))
        listed = bia.get_by_role("region", name="Mesas públicas").get_by_role("listitem")
        expect(listed).to_have_count(1)
        expect(listed.get_by_role("link")).to_have_text("Bozó · Duelo")
        expect(listed).to_contain_text("Anfitrião: Ana")
        expect(listed).to_contain_text("1 de 2 lugares")
        listed.get_by_role("link", name="Bozó · Duelo").click()
        bia.wait_for_url(self.url(f"/mesa/{table_id}/"))
        wait_connected(bia)
        bia.get_by_role("button", name="Sentar", exact=True).click()
        expect(bia.get_by_role("button", name="Sair da mesa")).to_be_visible()
        expect(ana.locator("#mesa-lugares")).to_contain_text("Bia")
        wait_for_banner(ana, "Todos sentados: pode começar")
        expect(ana.locator("#mesa-acoes")).to_contain_text("Todos sentados: pode começar.")
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()


# The robots at their real pace (a turn of about 2.5 s), so that a page can be seen following it.
@override_settings(
    GAMES_SWEEPER=True,
    GAMES_ROBOT_DELAY=(0.25, 0.35),
    GAMES_ROBOT_FIRST_DELAY=(0.6, 0.9),
)
class PhoneRobotTests(LiveServerTestCase):
    def test_the_page_follows_the_robot_and_shows_its_card(self):
        ana = self.player("ana", "Ana", motion=True)
        ana.goto(self.url("/jogar/bozo/"))
        ana.get_by_role("button", name="Duelo contra robô").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        wait_for_banner(ana, "Sua vez")
        roll(ana, cup=False)
        # Ana scrolls down to read the plays, then scores: the robot's turn brings the table back.
        ana.mouse.wheel(0, 500)
        act(ana, own_open_boxes(ana).first)
        wait_for_banner(ana, "Vez de Robô 2")
        assert_on_screen(ana, ana.locator("#mesa-status"), dice(ana))
        robot_tab = ana.locator("[data-card-tab]").filter(has_text="Robô 2")
        expect(robot_tab).to_have_attribute("aria-current", "true")
        wait_for_banner(ana, "Sua vez")
        expect(ana.locator("[data-card-tab].card-tab--yours")).to_have_attribute(
            "aria-current", "true"
        )
        assert_on_screen(ana, ana.locator("#mesa-status"), dice(ana))
