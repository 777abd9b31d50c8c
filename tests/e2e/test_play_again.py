""" "Jogar de novo" on phones (360 x 740), in real browsers against the ASGI live server (issue
#28): the player who taps it opens the next table's waiting room seated alone; the other player
of the finished game finds there a seat to take, never a game started in their name."""

from __future__ import annotations

import re

import pytest

from games.models import Table
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import (
    assert_on_screen,
    table_id_of,
    wait_connected,
    wait_for_banner,
)
from tests.e2e.turns import duel_ended_by_bia

try:
    from playwright.sync_api import expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    expect = None

pytestmark = pytest.mark.e2e


class PlayAgainTests(LiveServerTestCase):
    def test_the_other_player_finds_a_seat_to_take_in_the_next_waiting_room(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table = duel_ended_by_bia(ana, bia, pages=(ana,))

        ana.locator("#mesa-resultado").get_by_role("button", name="Jogar de novo").click()
        ana.wait_for_url(re.compile(rf"/mesa/(?!{table.pk}/)\d+/$"))
        wait_connected(ana)
        new = Table.objects.get(pk=table_id_of(ana))
        assert Table.objects.get(pk=table.pk).next_table_id == new.pk
        wait_for_banner(ana, "Esperando jogadores")
        expect(ana.locator("#mesa-lugares")).not_to_contain_text("Bia")

        # Bia's page says a table waits for her, and only her tap would seat her there.
        result = bia.locator("#mesa-resultado")
        expect(result).to_contain_text("Há uma nova mesa na sala de espera")
        assert_on_screen(bia, result.get_by_role("button", name="Jogar de novo"))
        result.get_by_role("link", name="Ir para a nova mesa").click()
        bia.wait_for_url(self.url(f"/mesa/{new.pk}/"))
        wait_connected(bia)
        wait_for_banner(bia, "Esperando jogadores")
        sit = bia.locator("#mesa-lugares").get_by_role("button", name="Sentar")
        assert_on_screen(bia, sit)
        expect(bia.locator("#mesa-jogo .die")).to_have_count(0)
        assert Table.objects.get(pk=new.pk).status == Table.Status.WAITING
        sit.click()
        expect(ana.locator("#mesa-lugares")).to_contain_text("Bia")
        # Seated by her own tap; the game starts when the host starts it.
        wait_for_banner(bia, "Todos sentados: Ana pode começar")
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()
