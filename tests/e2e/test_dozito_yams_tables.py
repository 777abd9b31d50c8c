"""Dozito and Yam's at the live table in real browsers against the ASGI live server (daphne), on
phones. The whole games played through the browser: two people play a Dozito game (of one round:
a game of three is three such rounds), and two people and a robot play Yam's to the ranking,
every move tapped from the page's own forms while the other pages offer none. Then short tests
from prepared positions: the end of a Dozito round and the next one dealt, on both pages; the
last turn of a solo Yam's with one column, the robot's hint, and its replay stepped to the last
move. The database is read only to check the pages (and to prepare a position).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from django.test import override_settings

from games.models import Action, Table
from games.rules import dozito, yams
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import open_table, table_id_of, version, wait_for_version
from tests.e2e.positions import play_until, started

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
# What a page shows of the game, read at once: its version, whether it says it is the viewer's
# turn, whether it shows the result, and the moves it offers.
SHOWN = f"""() => ({{
    version: Number(document.querySelector('#mesa-versao')?.dataset.version),
    yours: document.querySelector('#mesa-status.mesa-status--yours') !== null,
    over: document.querySelector('.result__title') !== null,
    offered: ({OFFERED})().map(value => JSON.parse(value)),
}})"""

# What a page shows when a tap fails: enough to tell a lost answer from a refused move.
SEEN = """() => ({
    version: document.querySelector('#mesa-versao')?.dataset.version,
    connection: document.querySelector('[data-connection]')?.dataset.connection,
    notice: document.querySelector('#mesa-aviso')?.innerText,
    status: document.querySelector('#mesa-status')?.innerText,
    busy: [...document.querySelectorAll('button[aria-busy=true]')]
        .map(b => b.outerHTML.slice(0, 120)),
})"""


def offered(page: Page) -> list[dict]:
    return [json.loads(value) for value in page.evaluate(OFFERED)]


def offer_of(page: Page, kind: str) -> dict:
    """The first move of `kind` the page offers, once its motion has laid it out."""
    page.wait_for_function(
        f"() => ({OFFERED})().some(v => JSON.parse(v).type === {json.dumps(kind)})"
    )
    return next(m for m in offered(page) if m["type"] == kind)


def tap(page: Page, action: dict, *, shown: int | None = None) -> None:
    """Tap the button of the form that sends `action`, and wait for the page to show its result
    (or a later version: a robot may move at once). `shown`: the version the page shows now."""
    before = version(page) if shown is None else shown
    value = json.dumps(action, separators=(",", ":"), ensure_ascii=False)
    field = page.locator(f"input[name=action][value='{value}']")
    try:
        page.locator("#mesa-jogo form[ws-send]").filter(has=field).locator("button").first.click()
    except PlaywrightTimeout:
        raise AssertionError(f"{page.who} could not tap {action}: {page.evaluate(SEEN)}") from None
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        raise AssertionError(f"{action} was not applied: {page.evaluate(SEEN)}") from None


def play_to_the_end(
    pages: list[Page],
    choose: Callable[[list[dict]], dict],
    limit: int,
    until: Callable[[], bool] = lambda: False,
) -> int:
    """Once every page shows the latest move, the one page that says it is its viewer's turn
    plays what `choose` picks of the moves it offers, and no other page offers any; when no page
    is on turn, a robot's move is awaited. Until every page shows the result (or `until()` holds
    once they show the latest move); returns the number of moves the pages played."""
    played = 0
    for _ in range(limit):
        shown = [page.evaluate(SHOWN) for page in pages]
        newest = max(seen["version"] for seen in shown)
        behind = [i for i, seen in enumerate(shown) if seen["version"] < newest]
        for i in behind:
            wait_for_version(pages[i], newest)
            shown[i] = pages[i].evaluate(SHOWN)
        if any(seen["version"] != newest for seen in shown):
            continue  # a robot moved meanwhile: look again
        if all(seen["over"] for seen in shown) or until():
            return played
        on_turn = [(page, seen) for page, seen in zip(pages, shown, strict=True) if seen["yours"]]
        for page, seen in zip(pages, shown, strict=True):
            if not seen["yours"]:
                assert seen["offered"] == [], f"{page.who}'s page offers a move off turn"
        if not on_turn:  # the robot's turn: its move comes by itself
            wait_for_version(pages[0], newest + 1)
            continue
        assert len(on_turn) == 1, [page.who for page, _ in on_turn]
        page, seen = on_turn[0]
        assert seen["offered"], f"{page.who}'s page is on turn and offers no move"
        tap(page, choose(seen["offered"]), shown=newest)
        played += 1
    raise AssertionError(f"the game did not end in {limit} moves")


def dozito_move(moves: list[dict]) -> dict:
    """What a quick player does: draw, then place the card in hand wherever the first offer
    says (a chain goes on while the slot turned up a card), keep the card in hand in a clash."""
    by_kind = {m["type"]: m for m in reversed(moves)}
    for kind in ("place", "keep", "discard"):
        if kind in by_kind:
            return by_kind[kind]
    draw = next((m for m in moves if m["type"] == "take" and m["from"] == "draw"), None)
    return draw or moves[0]


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

        played = play_to_the_end([ana, bia], dozito_move, limit=1000)

        table = Table.objects.get(pk=table_id)
        assert table.status == "finished"
        moves = Action.objects.filter(table_id=table_id, user__isnull=False)
        assert moves.exclude(action__type="start").count() == played
        if table.outcome["reason"] == "complete":
            assert len(table.state["round_scores"]) == 1
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
