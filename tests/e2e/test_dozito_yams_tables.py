"""Dozito and Yam's at the live table in real browsers against the ASGI live server (daphne), on
phones: two people play a whole Dozito game of three rounds; one person plays solo Yam's with one
column to the end, then steps its replay to the last move; two people and a robot play Yam's to
the ranking. The pages are driven through what a player sees and taps (each move is a form of the
page); the database is read only to check them.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from django.test import override_settings

from games.models import Action, Table
from games.rules import dozito, yams
from tests.e2e.test_bozo_tables import LiveTable, table_id_of, version, wait_for_version

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = PlaywrightTimeout = None

pytestmark = pytest.mark.e2e

# The moves a page offers: each is a form of the game's area whose `action` input holds it, shown
# (Yam's throws with or without the cup as the page's toggle says: one of the two is shown).
OFFERED = """() => [...document.querySelectorAll('#mesa-jogo form[ws-send]')]
    .filter(form => form.querySelector('input[name=action]') && form.getClientRects().length)
    .map(form => form.querySelector('input[name=action]').value)"""


def offered(page: Page) -> list[dict]:
    return [json.loads(value) for value in page.evaluate(OFFERED)]


def offer_of(page: Page, kind: str) -> dict:
    """The first move of `kind` the page offers, once its motion has laid it out."""
    page.wait_for_function(
        f"() => ({OFFERED})().some(v => JSON.parse(v).type === {json.dumps(kind)})"
    )
    return next(m for m in offered(page) if m["type"] == kind)


def tap(page: Page, action: dict) -> None:
    """Tap the button of the form that sends `action`, and wait for the page to show its result
    (or a later version: a robot may move at once)."""
    before = version(page)
    value = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    field = page.locator(f"input[name=action][value='{value}']")
    page.locator("#mesa-jogo form[ws-send]").filter(has=field).locator("button").first.click()
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        notice = page.locator("#mesa-aviso").inner_text()
        raise AssertionError(f"{action} was not applied (notice: {notice!r})") from None


def my_turn(page: Page) -> bool:
    return page.locator("#mesa-status.mesa-status--yours").count() > 0


def over(page: Page) -> bool:
    return page.locator(".result__title").count() > 0


def dozito_move(moves: list[dict]) -> dict:
    """What a quick player does: draw, then place the card in hand wherever the first offer
    says (a chain goes on while the slot turned up a card), keep the card in hand in a clash."""
    by_kind = {m["type"]: m for m in reversed(moves)}
    for kind in ("place", "keep", "discard"):
        if kind in by_kind:
            return by_kind[kind]
    draw = next((m for m in moves if m["type"] == "take" and m["from"] == "draw"), None)
    return draw or moves[0]


class DozitoTableTests(LiveTable):
    def test_two_people_play_a_whole_game_of_three_rounds(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        ana.goto(self.url("/jogar/dozito/nova/"))
        ana.get_by_label("Mesa", exact=True).check()
        ana.get_by_label("Rodadas").select_option("3")
        ana.get_by_role("button", name="Criar mesa").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        table_id = table_id_of(ana)
        bia.goto(self.url(f"/mesa/{table_id}/"))
        bia.get_by_role("button", name="Sentar", exact=True).click()
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()
        ana.get_by_role("button", name="Começar a partida").click()
        expect(bia.locator("#dozito-pilhas")).to_be_visible()

        rounds_seen = set()
        for _ in range(1500):
            if over(ana) and over(bia):
                break
            page = next((p for p in (ana, bia) if my_turn(p)), None)
            if page is None:
                ana.wait_for_timeout(100)
                continue
            other = bia if page is ana else ana
            moves = offered(page)
            assert moves, "the player on turn is offered no move"
            assert offered(other) == [], "the other page offers a move off turn"
            tap(page, dozito_move(moves))
            rounds_seen.add(Table.objects.get(pk=table_id).state["round"])
        else:
            raise AssertionError("the game did not end")

        table = Table.objects.get(pk=table_id)
        assert table.status == "finished"
        if table.outcome["reason"] == "complete":
            assert rounds_seen == {1, 2, 3}
            assert len(table.state["round_scores"]) == 3
        # Both pages say the same result, with each side's score as the rules count it.
        for page in (ana, bia):
            expect(page.locator(".result__title")).to_be_visible()
            scores = [int(s) for s in page.locator(".result__scores strong").all_inner_texts()]
            assert sorted(scores, reverse=True) == sorted(table.outcome["scores"], reverse=True)
        assert table.outcome["scores"] == dozito.totals(table.state)
        winner = table.outcome["winners"]
        names = {0: "Ana", 1: "Bia"}
        if len(winner) == 1:
            expect(ana.locator(".result__title")).to_have_text(
                "Você venceu!" if winner == [0] else f"Vencedor: {names[winner[0]]}"
            )


class YamsTableTests(LiveTable):
    def create_yams(self, page: Page, mode: str, columns: str, *, max_min: bool = True) -> int:
        page.goto(self.url("/jogar/yams/nova/"))
        page.get_by_label(mode, exact=True).check()
        page.get_by_label("Colunas").select_option(columns)
        page.get_by_label("Máx e Mín").set_checked(max_min)
        if mode != "Treino solo":
            page.get_by_label("Robôs rápidos").check()
        page.get_by_role("button", name="Criar mesa").click()
        page.wait_for_url(re.compile(r"/mesa/\d+/$"))
        return table_id_of(page)

    @staticmethod
    def play_turn(page: Page) -> None:
        """Throw once (lifting the cup from the top if the page's toggle threw with it), then
        score the first box offered (its points written by the rules)."""
        tap(page, offer_of(page, "roll"))
        lift = [m for m in offered(page) if m["type"] == "lift"]
        if lift:
            tap(page, lift[0])
        tap(page, offer_of(page, "score"))

    def test_solo_with_one_column_to_the_end_then_its_replay_to_the_last_move(self):
        ana = self.player("ana", "Ana")
        table_id = self.create_yams(ana, "Treino solo", "1", max_min=False)
        expect(ana.locator("#mesa-status.mesa-status--yours")).to_be_visible()
        # The robot's hint, once the dice are on the table: its expected final total.
        tap(ana, offer_of(ana, "roll"))
        lift = [m for m in offered(ana) if m["type"] == "lift"]
        if lift:
            tap(ana, lift[0])
        ana.get_by_role("button", name="Dica", exact=True).click()
        expect(ana.locator("#mesa-dica").get_by_role("listitem").first).to_contain_text(
            "total esperado"
        )
        tap(ana, offer_of(ana, "score"))
        for _ in range(12):
            self.play_turn(ana)
        table = Table.objects.get(pk=table_id)
        assert table.status == "finished"
        total = yams.total(table.state, 0)
        expect(ana.locator(".result__title")).to_have_text(f"Treino concluído: {total} pontos")

        # The replay, from the result: step by step to the last move, which shows the total.
        ana.get_by_role("link", name="Ver o replay").click()
        ana.wait_for_url(re.compile(rf"/mesa/{table_id}/replay/"))
        moves = Action.objects.filter(table_id=table_id).count()
        for step in range(1, moves):  # each step swaps in its own controls: one at a time
            ana.get_by_role("link", name="Próxima jogada").click()
            expect(ana).to_have_url(re.compile(rf"passo={step}$"))
        expect(ana.get_by_role("link", name="Próxima jogada")).to_have_count(0)  # the last
        expect(ana.locator("main")).to_contain_text(str(total))


# The live server is forked in setUpClass after class-level overrides apply, so it runs the
# sweeper that plays the robot's turns (the test settings switch it off for everything else).
@override_settings(GAMES_SWEEPER=True, GAMES_AWAY_SECONDS=5)
class YamsRobotTableTests(LiveTable):
    create_yams = YamsTableTests.create_yams
    play_turn = staticmethod(YamsTableTests.play_turn)

    def test_two_people_and_a_robot_play_to_the_ranking(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table_id = self.create_yams(ana, "Mesa", "1")
        bia.goto(self.url(f"/mesa/{table_id}/"))
        bia.get_by_role("button", name="Sentar", exact=True).click()
        ana.get_by_role("button", name="Pôr robô").first.click()
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()
        ana.get_by_role("button", name="Começar a partida").click()
        give_up = time.monotonic() + 120
        while time.monotonic() < give_up:
            if over(ana) and over(bia):
                break
            page = next((p for p in (ana, bia) if my_turn(p) and offered(p)), None)
            if page is None:
                ana.wait_for_timeout(100)
                continue
            self.play_turn(page)
        else:
            table = Table.objects.get(pk=table_id)
            raise AssertionError(
                f"the game did not end: {table.status} v{table.version} "
                f"to_move={table.state['to_move']} turn={table.state['turn']} "
                f"deadlines={list(table.deadlines.values_list('kind', 'seat', 'due'))} "
                f"ana={ana.locator('#mesa-status').inner_text()!r} "
                f"bia={bia.locator('#mesa-status').inner_text()!r} "
                f"offered={offered(ana)} {offered(bia)}"
            )
        table = Table.objects.get(pk=table_id)
        assert table.status == "finished" and table.outcome["reason"] == "complete"
        assert Action.objects.filter(table_id=table_id, seat=2, user=None).count() >= 13
        ranking = sorted(range(3), key=lambda s: -yams.total(table.state, s))
        for page in (ana, bia):
            scores = [int(s) for s in page.locator(".result__scores strong").all_inner_texts()]
            assert scores == [yams.total(table.state, s) for s in ranking]
