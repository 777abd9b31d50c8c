"""Coming back to a table, in real browsers against the live server (issue 28): a page that lost
the network offers "Tentar agora" and is back, without a reload, as soon as the network is; the
host's "Encerrar a mesa" asks first; a Bozó player's last way of throwing (with or without the
cup) is the one offered next, on any of their devices; a person whose seat a robot kept is told,
alone, what it played for them (tests/games/test_absence.py tests it at the socket)."""

from __future__ import annotations

import re

import pytest
from django.test import override_settings

from games import services
from games.models import Table
from tests.e2e.live import LiveServerTestCase, elsewhere
from tests.e2e.pages import (
    assert_no_reload,
    mark_no_reload,
    open_table,
    roll,
    score_first_box,
    version,
    wait_for_banner,
    wait_for_version,
)
from tests.e2e.positions import started
from tests.waiting import wait_until

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    expect = None

pytestmark = pytest.mark.e2e

# The sockets the page began to open (htmx's ws extension's event), counted.
CONNECTING = """window.connecting = 0;
document.addEventListener("htmx:wsConnecting", () => { window.connecting += 1; });"""


class Network:
    """The page's sockets go through Playwright's WebSocket route, so that the test can drop
    them as a lost network does (code 1006: the browser's own offline mode leaves an open socket
    open) and refuse new ones until the network is back; the browser is told (`set_offline`)
    too, so the page sees "offline" and "online" as on a phone."""

    def __init__(self, page) -> None:
        self.page, self.up, self.sockets = page, True, []
        page.route_web_socket("**/ws/mesa/**", self.route)

    def route(self, socket) -> None:
        if not self.up:
            socket.close(code=1006)  # as a socket that cannot reach the server ends
            return
        socket.connect_to_server()
        self.sockets.append(socket)

    def down(self, *, browser_knows: bool = True) -> None:
        """The network is lost; `browser_knows`: the device says so (a server's network lost
        is not seen by the browser, which stays "online")."""
        self.up = False
        if browser_knows:
            self.page.context.set_offline(True)
        while self.sockets:
            self.sockets.pop().close(code=1006)

    def back(self) -> None:
        self.up = True
        self.page.context.set_offline(False)


@elsewhere
def waiting_room(host) -> Table:
    return services.table_create(host=host, game="bozo", mode="duelo")


class ComingBackTests(LiveServerTestCase):
    def test_an_offline_page_offers_a_retry_and_is_back_as_soon_as_the_network_is(self):
        ana, bia = self.player("ana", "Ana"), self.player("bia", "Bia")
        table = started("bozo", "duelo", ana.user, others=[bia.user])
        open_table(ana, table.pk)
        network = Network(bia)
        open_table(bia, table.pk)
        mark_no_reload(bia)
        bia.evaluate(CONNECTING)
        state = bia.locator("[data-connection]")
        retry = bia.get_by_role("button", name="Tentar agora")
        expect(retry).to_be_hidden()

        network.down()
        expect(state).to_have_attribute("data-connection", "closed")
        expect(state).to_contain_text("Reconectando…")
        expect(retry).to_be_visible()
        # Still offline: the tap opens a socket at once, which fails, and the button stays.
        tried = bia.evaluate("window.connecting")
        retry.click()
        bia.wait_for_function("n => window.connecting > n", arg=tried)
        expect(state).to_have_attribute("data-connection", "closed")
        expect(retry).to_be_visible()

        wait_for_banner(ana, "Sua vez")  # Ana plays while Bia's page is away
        moved = roll(ana, cup=False)
        network.back()  # the browser's "online": the page reconnects at once
        expect(state).to_have_attribute("data-connection", "open", timeout=2000)
        expect(retry).to_be_hidden()
        wait_for_version(bia, moved)
        assert_no_reload(bia)

    def test_however_long_the_outage_a_page_is_back_within_two_seconds_of_the_server(self):
        ana = self.player("ana", "Ana")
        table = started("bozo", "solo", ana.user)
        network = Network(ana)
        open_table(ana, table.pk)
        ana.evaluate(CONNECTING)
        network.down(browser_knows=False)
        # Six failed tries in a row: the wait before the next never grows past 1.5 s.
        ana.wait_for_function("() => window.connecting >= 6", timeout=12_000)
        expect(ana.get_by_role("button", name="Tentar agora")).to_be_visible()
        network.back()
        expect(ana.locator("[data-connection]")).to_have_attribute(
            "data-connection", "open", timeout=2000
        )

    def test_the_page_says_connected_once_it_shows_the_servers_first_frame(self):
        """Until the server's first frame is shown, the page is as the HTTP response drew it, and
        that frame draws the controls again: a tap in between could press a button that is gone
        by the time it is released. "Conectado" waits for that frame."""
        ana = self.player("ana", "Ana")
        table = waiting_room(ana.user)
        held, page_side = [], []

        def route(socket) -> None:  # the server's frames wait in `held` until released
            page_side.append(socket)
            socket.connect_to_server().on_message(
                lambda message: held.append(message) if held is not None else socket.send(message)
            )

        ana.route_web_socket("**/ws/mesa/**", route)
        ana.add_init_script(
            "document.addEventListener('htmx:wsOpen', () => { window.opened = true; })"
        )
        ana.goto(f"/mesa/{table.pk}/")
        ana.wait_for_function("() => window.opened === true")
        state = ana.locator("[data-connection]")
        expect(state).to_have_attribute("data-connection", "connecting")

        frames, held = held, None
        for frame in frames:
            page_side[0].send(frame)
        expect(state).to_have_attribute("data-connection", "open")
        expect(state).to_contain_text("Conectado")
        ana.get_by_role("button", name="Pôr robô").click()
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()

    def test_closing_the_waiting_room_for_everyone_asks_first(self):
        ana = self.player("ana", "Ana")
        table = waiting_room(ana.user)
        open_table(ana, table.pk)
        close = ana.get_by_role("button", name="Encerrar a mesa")
        asked: list[str] = []

        def dismiss(dialog) -> None:
            asked.append(dialog.message)
            dialog.dismiss()

        ana.once("dialog", dismiss)
        close.click()
        assert asked == ["A mesa fecha para todos que estão nela. Encerrar mesmo?"]
        expect(close).to_be_enabled()  # nothing was sent: the button is free again
        assert Table.objects.get(pk=table.pk).status == Table.Status.WAITING

        ana.once("dialog", lambda dialog: dialog.accept())
        close.click()
        wait_until(
            lambda: Table.objects.get(pk=table.pk).status == Table.Status.CLOSED,
            15,
            "the table closed",
        )

    def test_the_last_way_of_throwing_is_offered_next_on_any_device(self):
        ana = self.player("ana", "Ana")
        table = started("bozo", "solo", ana.user)
        open_table(ana, table.pk)
        wait_for_banner(ana, "Sua vez")
        roll(ana, cup=False)  # unticks "Com copo" and throws without the cup
        score_first_box(ana)
        wait_for_banner(ana, "Sua vez")
        # The next throw is one tap, and so on the same person's other device (a new browser).
        expect(ana.get_by_role("button", name="Lançar sem copo")).to_be_visible()
        expect(ana.get_by_role("button", name="Lançar com copo")).to_be_hidden()
        other = ana.context.browser.new_context(
            viewport=ana.viewport_size, base_url=self.live_server_url, reduced_motion="reduce"
        )
        self.contexts.append(other)
        other.add_cookies(ana.context.cookies())
        phone = other.new_page()
        open_table(phone, table.pk)
        expect(phone.get_by_role("button", name="Lançar sem copo")).to_be_visible()
        expect(phone.get_by_role("button", name="Lançar com copo")).to_be_hidden()
        expect(phone.get_by_label("Com copo", exact=True)).not_to_be_checked()
        before = version(phone)
        phone.get_by_role("button", name="Lançar sem copo").click()
        wait_for_version(phone, before + 1)
        assert not Table.objects.get(pk=table.pk).state["turn"]["covered"]


@override_settings(GAMES_SWEEPER=True, GAMES_AWAY_SECONDS=0, GAMES_TAKEOVER_SECONDS=0)
class RobotPlayedForYouTests(LiveServerTestCase):
    def test_back_at_the_table_you_alone_read_what_the_robot_played_until_you_close_it(self):
        ana, bia = self.player("ana", "Ana"), self.player("bia", "Bia")
        table = started("bozo", "duelo", ana.user, others=[bia.user])
        open_table(bia, table.pk)
        open_table(ana, table.pk)
        wait_for_banner(ana, "Sua vez")
        ana.close()  # Ana leaves on her turn: the robot takes her seat and plays it
        wait_for_banner(bia, "Sua vez")

        back = ana.context.new_page()
        open_table(back, table.pk)
        notice = back.locator("#mesa-ausencia")
        expect(notice).to_contain_text("Enquanto você estava fora, o robô fez 1 jogada por você:")
        expect(notice.get_by_role("listitem")).to_have_text([re.compile(r"^(marcou|riscou) ")])
        expect(bia.locator("#mesa-ausencia")).to_be_empty()

        back.get_by_role("button", name="Entendi").click()
        expect(notice).to_be_hidden()
        moved = roll(bia, cup=False)  # the table goes on; the notice does not come back
        wait_for_version(back, moved)
        expect(notice).to_be_empty()
