"""Dozito and Yam's at the live table in real browsers against the ASGI live server (daphne), on
phones. The whole games played through the browser: two people play a Dozito game (of one round:
a game of three is three such rounds), and two people and a robot play Yam's to the ranking,
every move tapped from the page's own buttons while the other pages offer none. Then short tests
from prepared positions: the end of a Dozito round and the next one dealt, on both pages; the
last turn of a solo Yam's with one column, the robot's hint, and its replay stepped to the last
move. The database is read only to check the pages (and to prepare a position).
"""

from __future__ import annotations

import re

import pytest
from django.test import override_settings

from games.models import Action, Table
from games.rules import dozito, yams
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import open_table, table_id_of
from tests.e2e.positions import play_until, started
from tests.e2e.turns import (
    cut,
    dozito_move,
    dozito_turn_fits,
    offer_of,
    offered,
    play_to_the_end,
    tap,
)

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = PlaywrightTimeout = None

pytestmark = pytest.mark.e2e


class DozitoTableTests(LiveServerTestCase):
    def test_two_people_play_a_whole_game(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        ana.goto(self.url("/jogar/dozito/nova/"))
        ana.get_by_label("Mesa", exact=True).check()
        ana.get_by_label("Rodadas").select_option("1")
        ana.get_by_role("button", name="Criar mesa").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        table_id = table_id_of(ana)
        bia.goto(self.url(f"/mesa/{table_id}/"))
        bia.get_by_role("button", name="Sentar", exact=True).click()
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()
        ana.get_by_role("button", name="Começar a partida").click()
        expect(bia.locator("#dozito-pilhas")).to_be_visible()

        # At every step the whole turn fits the phone's screen, every grid's count whole.
        played = play_to_the_end([ana, bia], dozito_move, limit=1000, each_turn=dozito_turn_fits)

        table = Table.objects.get(pk=table_id)
        assert table.status == "finished"
        moves = Action.objects.filter(table_id=table_id, user__isnull=False)
        assert moves.exclude(action__type="start").count() == played
        if table.outcome["reason"] == "complete":
            assert len(table.state["round_scores"]) == 1
        # Both pages say the same result, with each side's score as the rules count it.
        for page in (ana, bia):
            expect(page.locator(".result__title")).to_be_visible()
            assert cut(page.locator(".dz-grid__title, .dz-end__seat")) == []
            scores = [int(s) for s in page.locator(".result__scores strong").all_inner_texts()]
            assert sorted(scores, reverse=True) == sorted(table.outcome["scores"], reverse=True)
        assert table.outcome["scores"] == dozito.totals(table.state)
        winner = table.outcome["winners"]
        names = {0: "Ana", 1: "Bia"}
        if len(winner) == 1:
            expect(ana.locator(".result__title")).to_have_text(
                "Você venceu!" if winner == [0] else f"Vencedor: {names[winner[0]]}"
            )

    def test_a_round_ends_on_both_pages_with_its_score_and_the_next_is_dealt(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        # A game of three rounds, at the last turns of the first.
        table = started("dozito", "mesa", ana.user, others=[bia.user], options={"rounds": 3})
        last_turns = lambda copy: copy.state["last_turns"] is not None  # noqa: E731
        play_until(table, [ana.user, bia.user], last_turns)
        pages = [ana, bia]
        for page in pages:
            open_table(page, table.pk)
            expect(page.locator("#dozito-estado")).to_contain_text("Rodada 1 de 3")
        second = lambda: Table.objects.get(pk=table.pk).state["round"] == 2  # noqa: E731
        play_to_the_end(pages, dozito_move, limit=100, until=second)

        # Each page shows the first round's points of each player, and the second round dealt.
        state = Table.objects.get(pk=table.pk).state
        assert state["round_scores"][0] == dozito.totals(state)
        for page in pages:
            expect(page.locator("#dozito-estado")).to_contain_text("Rodada 2 de 3")
            panel = page.locator("#dozito-fim details")
            expect(panel.locator("summary")).to_have_text("Fim da rodada 1")
            for seat, name in enumerate(("Ana", "Bia")):
                # The closed panel's rows are not in the page's roles: read them as drawn.
                row = panel.locator("tbody tr").filter(has=page.locator("th", has_text=name))
                expect(row.locator("td").last).to_have_text(str(state["round_scores"][0][seat]))
        # Open for the one who waits, closed for the one on turn: the play stays in view.
        mover, waiter = (ana, bia) if state["to_move"] == 0 else (bia, ana)
        expect(mover.locator("#dozito-fim details")).not_to_have_attribute("open", "")
        expect(waiter.locator("#dozito-fim details")).to_have_attribute("open", "")


def create_yams(page: Page, mode: str, columns: str, *, max_min: bool = True) -> int:
    page.goto("/jogar/yams/nova/")
    page.get_by_label(mode, exact=True).check()
    page.get_by_label("Colunas").select_option(columns)
    page.get_by_label("Máx e Mín").set_checked(max_min)
    if mode != "Treino solo":
        page.get_by_label("Robôs rápidos").check()
    page.get_by_role("button", name="Criar mesa").click()
    page.wait_for_url(re.compile(r"/mesa/\d+/$"))
    return table_id_of(page)


def yams_move(moves: list[dict]) -> dict:
    """What a quick player does: throw once (lifting the cup from the top if the page's toggle
    threw with it), then score the first box offered (its points written by the rules)."""
    by_kind = {}
    for move in moves:
        by_kind.setdefault(move["type"], move)
    for kind in ("lift", "score", "roll"):
        if kind in by_kind:
            return by_kind[kind]
    raise AssertionError(f"no throw, lift or box offered: {moves}")


class YamsTableTests(LiveServerTestCase):
    def test_the_last_turn_of_a_solo_with_one_column_the_hint_then_its_replay_to_the_last_move(
        self,
    ):
        ana = self.player("ana", "Ana")
        # Twelve of the column's thirteen boxes scored as the robot would.
        table = started("yams", "solo", ana.user, options={"columns": 1, "max_min": False})
        play_until(
            table, [ana.user], lambda copy: len(yams.open_boxes(copy.state, 0, "livre")) == 1
        )
        open_table(ana, table.pk)
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
        table.refresh_from_db()
        assert table.status == "finished"
        total = yams.total(table.state, 0)
        expect(ana.locator(".result__title")).to_have_text(f"Treino concluído: {total} pontos")

        # The replay, from the result: step by step from the start, and from three steps before
        # the end to the last move, which shows the total. (Every step of whole games is drawn
        # for a spectator in tests/games/test_replays.py.)
        ana.get_by_role("link", name="Ver o replay").click()
        ana.wait_for_url(re.compile(rf"/mesa/{table.pk}/replay/"))
        last = Action.objects.filter(table_id=table.pk).count() - 1
        assert last > 6
        for steps in (range(1, 4), range(last - 2, last + 1)):
            if steps.start > 1:
                ana.goto(f"/mesa/{table.pk}/replay/?passo={steps.start - 1}")
            for step in steps:  # each step swaps in its own controls: one at a time
                ana.get_by_role("link", name="Próxima jogada").click()
                expect(ana).to_have_url(re.compile(rf"passo={step}$"))
        expect(ana.get_by_role("link", name="Próxima jogada")).to_have_count(0)  # the last
        expect(ana.locator("main")).to_contain_text(str(total))


# The live server is forked in setUpClass after class-level overrides apply, so it runs the
# sweeper that plays the robot's turns (the test settings switch it off for everything else).
@override_settings(GAMES_SWEEPER=True)
class YamsRobotTableTests(LiveServerTestCase):
    def test_two_people_and_a_robot_play_to_the_ranking(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        table_id = create_yams(ana, "Mesa", "1")
        bia.goto(self.url(f"/mesa/{table_id}/"))
        bia.get_by_role("button", name="Sentar", exact=True).click()
        expect(ana.locator("#mesa-lugares")).to_contain_text("Bia")  # seat 1, then the robot's
        ana.get_by_role("button", name="Pôr robô").first.click()
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_enabled()
        ana.get_by_role("button", name="Começar a partida").click()

        played = play_to_the_end([ana, bia], yams_move, limit=500)

        table = Table.objects.get(pk=table_id)
        assert table.status == "finished" and table.outcome["reason"] == "complete"
        assert (
            Action.objects.filter(table_id=table_id, user__isnull=False)
            .exclude(action__type="start")
            .count()
            == played
        )
        assert Action.objects.filter(table_id=table_id, seat=2, user=None).count() >= 13
        ranking = sorted(range(3), key=lambda s: -yams.total(table.state, s))
        for page in (ana, bia):
            scores = [int(s) for s in page.locator(".result__scores strong").all_inner_texts()]
            assert scores == [yams.total(table.state, s) for s in ranking]
