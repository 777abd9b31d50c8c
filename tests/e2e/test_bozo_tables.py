"""Bozó at the live table in real browsers against the ASGI live server (daphne).

Each person is a browser context of their own at phone size, logged in through the login page.
The whole game played through the browser is the pairs game: four people, from the team
invitations and the partner arrangement to the result, every page following every move. Then
short tests: a reload mid-turn, the last turns of a solo training following the robot's hint
(from a prepared position), and a duel against the robot from the lobby (issue #6, "Tests").
The pages are driven through what a player sees and clicks; the database is read only to check
them (and to prepare a position).
"""

from __future__ import annotations

import re
from itertools import cycle

import pytest
from django.test import override_settings

from games.models import Action, Seat, Table
from games.rules.bozo import BOX_NAMES, card_total
from tests.e2e.live import LiveServerTestCase
from tests.e2e.pages import (
    EMBAIXO,
    POR_CIMA,
    SEM_COPO,
    act,
    assert_cup_hides,
    assert_no_reload,
    banner,
    card_totals_on,
    create_bozo_table,
    dice_in_db,
    dice_on,
    lift,
    mark_no_reload,
    open_table,
    play_turn,
    reload_table,
    roll,
    score_first_box,
    table_id_of,
    version,
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

FINAL = re.compile(r"sua média final esperada é (\d+)\.")


def seat_texts(*names: str) -> list[re.Pattern]:
    """What a team's seat list must read, seat by seat: who sits there."""
    return [re.compile(rf"^\s*{name}\b") for name in names]


def team_seats(page: Page, team: str):
    return page.get_by_role("region", name=f"Dupla {team}").get_by_role("listitem")


def snapshot(page: Page) -> dict:
    """What a reload must keep: dice, holds, version, banner and the rolls left."""
    return {
        "dice": dice_on(page),
        "version": version(page),
        "banner": banner(page).inner_text(),
        "rolls": page.get_by_text(re.compile(r"lançamentos? restantes?")).inner_text(),
    }


def hold_faces(page: Page, faces: list[int]) -> None:
    """Hold exactly dice showing `faces` (those already held first), one tap per change."""
    dice = [(int(d[0]), d.endswith("*")) for d in dice_on(page)]
    order = sorted(range(5), key=lambda i: (not dice[i][1], i))
    wanted = set()
    for face in faces:
        index = next(i for i in order if dice[i][0] == face and i not in wanted)
        wanted.add(index)
    for i, (_, held) in enumerate(dice):
        if held != (i in wanted):
            act(page, page.get_by_role("button", name=re.compile(rf"^Dado {i + 1}: ")))


def follow_first_hint(page: Page) -> str:
    """Ask for "Dica", check the list, and do what its first line advises."""
    page.get_by_role("button", name="Dica", exact=True).click()
    panel = page.locator("#mesa-dica")
    expect(panel.get_by_role("heading", name="Dica do robô")).to_be_visible()
    lines = panel.get_by_role("listitem")
    expect(lines.first).to_contain_text("sua média final esperada é")
    texts = lines.all_inner_texts()
    assert 1 <= len(texts) <= 3 and all(FINAL.search(text) for text in texts), texts
    expected = [int(FINAL.search(text).group(1)) for text in texts]
    assert expected[0] >= max(expected), texts  # the first is the robot's own choice
    # The best choice is marked on the table too: one box, or the dice to keep.
    marked = page.locator("#mesa-jogo .is-advised")

    advice = texts[0]
    if match := re.match(r"Se marcar (.+) agora", advice):
        box = page.get_by_role("button", name=re.compile(rf"^Marcar \d+ em {match.group(1)}$"))
        expect(marked).to_have_count(1)
        expect(box).to_have_class(re.compile("is-advised"))
        act(page, box)
    elif match := re.match(r"Se lançar de novo guardando ([\d, e]+),", advice):
        faces = [int(face) for face in re.findall(r"\d", match.group(1))]
        expect(marked).to_have_count(len(faces))
        hold_faces(page, faces)
        roll(page, cup=False)
    elif advice.startswith("Se lançar de novo os cinco dados"):
        hold_faces(page, [])
        roll(page, cup=False)
    else:  # pragma: no cover - a new kind of advice this test does not know yet
        raise AssertionError(f"unexpected advice: {advice}")
    return advice


class BozoTableTests(LiveServerTestCase):
    def test_four_people_play_a_whole_pairs_game_from_the_invitations_to_the_result(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        caio = self.player("caio", "Caio")
        duda = self.player("duda", "Duda")

        table_id = create_bozo_table(ana, "Duplas", public=False)
        invites = ana.get_by_role("region", name="Convites")
        table_link = invites.get_by_label("Convite para a mesa").input_value()
        jade_link = invites.get_by_label("Convite para a dupla Jade").input_value()
        assert invites.get_by_label("Convite para a dupla Âmbar").input_value()

        # Bia comes by the Jade link: she is offered Jade only. Caio and Duda come by the table
        # link, which offers each team with room: Jade is full by then, so Âmbar.
        for guest, link in ((bia, jade_link), (caio, table_link), (duda, table_link)):
            guest.goto(link)
            guest.wait_for_url(self.url(f"/mesa/{table_id}/"))
            wait_connected(guest)
            offered = guest.locator("#mesa-acoes").get_by_role("button")
            team = "Jade" if link == jade_link else "Âmbar"
            expect(offered).to_have_text([f"Sentar na dupla {team}"])
            offered.click()
            expect(guest.get_by_role("button", name="Sair da mesa")).to_be_visible()
        # The seats are shown team by team: partners together.
        expect(team_seats(ana, "Jade")).to_have_text(seat_texts("Ana", "Bia"))
        expect(team_seats(ana, "Âmbar")).to_have_text(seat_texts("Caio", "Duda"))

        # Ana wants Duda as her partner: the fourth seat's "Trocar de lugar com Bia" swaps them.
        ana.get_by_role("button", name="Trocar de lugar com Bia").click()
        expect(team_seats(ana, "Jade")).to_have_text(seat_texts("Ana", "Duda"))
        expect(team_seats(ana, "Âmbar")).to_have_text(seat_texts("Caio", "Bia"))
        expect(team_seats(bia, "Âmbar").filter(has_text="(você)")).to_have_count(1)
        by_seat = Seat.objects.filter(table_id=table_id).order_by("index")
        assert [(s.user.username, s.team) for s in by_seat] == [
            ("ana", 0),
            ("caio", 1),
            ("duda", 0),
            ("bia", 1),
        ]
        ana.get_by_role("button", name="Começar a partida").click()
        wait_for_banner(ana, "Sua vez")
        expect(ana.get_by_role("button", name="Dica")).to_have_count(0)  # hints are for training

        # Jade 1, Âmbar 1, Jade 2, Âmbar 2, five turns each, each team on one card. Every page
        # follows every move without a reload; under the cup nobody sees the dice, the roller
        # included, and only the roller may lift it.
        order = [
            (ana, "Ana", "Jade"),
            (caio, "Caio", "Âmbar"),
            (duda, "Duda", "Jade"),
            (bia, "Bia", "Âmbar"),
        ]
        pages = [page for page, _, _ in order]
        mark_no_reload(*pages)
        styles = cycle([SEM_COPO, POR_CIMA, SEM_COPO, EMBAIXO])
        marked: dict[str, list[str]] = {"Jade": [], "Âmbar": []}
        for turn in range(20):
            mover, name, team = order[turn % 4]
            watchers = [page for page in pages if page is not mover]
            wait_for_banner(mover, "Sua vez")
            for page in watchers:
                wait_for_banner(page, f"Vez de {name}")
            # The boxes the partner marked are closed on the shared card: only the rest is offered.
            shared = mover.locator("section.score-card").filter(
                has=mover.get_by_role("heading", name=team)
            )
            style = next(styles)
            rolled = roll(mover, cup=style != SEM_COPO)
            for page in watchers:
                wait_for_version(page, rolled)
            if style != SEM_COPO:
                for page in pages:
                    assert_cup_hides(page, table_id)
                for page in watchers:
                    expect(page.get_by_role("button", name="Levantar — por cima")).to_have_count(0)
                rolled = lift(mover, embaixo=style == EMBAIXO)
                for page in watchers:
                    wait_for_version(page, rolled)
            shown = dice_in_db(table_id)
            assert "?" not in shown and all(dice_on(page) == shown for page in pages)
            expect(shared.locator(".score-button")).to_have_count(10 - len(marked[team]))
            box, points = score_first_box(mover)
            assert Table.objects.get(pk=table_id).state["cards"][turn % 2][box] == points
            marked[team].append(box)

        # Each team filled its one card, the two partners taking turns on it.
        assert marked["Jade"] == marked["Âmbar"] == list(BOX_NAMES)
        scored = Action.objects.filter(table_id=table_id, action__type="score").order_by("version")
        assert [a.seat for a in scored] == [0, 1, 2, 3] * 5
        table = Table.objects.get(pk=table_id)
        assert table.status == Table.Status.FINISHED
        assert len(table.state["cards"]) == 2
        totals = [card_total(card) for card in table.state["cards"]]
        assert table.outcome["scores"] == [totals[0], totals[1], totals[0], totals[1]]
        winners = {seat % 2 for seat in table.outcome["winners"]}
        for seat, (page, _, _) in enumerate(order):
            wait_for_banner(page, "Fim de jogo")
            assert card_totals_on(page) == totals
            result = page.locator("#mesa-resultado")
            if len(winners) > 1:
                title = "Empate: vitória compartilhada"
            elif winners == {seat % 2}:
                title = "Você venceu!"
            else:
                title = f"Dupla vencedora: {('Jade', 'Âmbar')[min(winners)]}"
            expect(result.get_by_role("heading", level=2)).to_have_text(title)
            expect(result).to_contain_text(str(max(totals)))
            won = result.get_by_text("Você venceu!").filter(visible=True)
            expect(won).to_have_count(1 if winners == {seat % 2} else 0)
            expect(result.get_by_role("button", name="Jogar de novo")).to_be_visible()
        assert_no_reload(*pages)

    def test_reload_mid_turn_shows_the_same_dice_holds_version_and_banner(self):
        ana = self.player("ana", "Ana")
        table_id = create_bozo_table(ana, "Treino solo")
        wait_for_banner(ana, "Sua vez")

        roll(ana, cup=False)
        second = re.compile(r"^Dado 2: \d$")  # a toggle button: aria-pressed says it is held
        act(ana, ana.get_by_role("button", name=second, pressed=False))
        expect(ana.get_by_role("button", name=second, pressed=True)).to_be_visible()
        before = snapshot(ana)
        assert before["dice"][1].endswith("*") and before["dice"] == dice_in_db(table_id)
        assert before["banner"] == "Sua vez"

        reload_table(ana)
        assert snapshot(ana) == before

        # A second tab of the same person shows the same, and both follow the next move live.
        tab = ana.context.new_page()
        open_table(tab, table_id)
        assert snapshot(tab) == before
        rolled = roll(tab, cup=True)
        wait_for_version(ana, rolled)
        covered = ["?", before["dice"][1], "?", "?", "?"]
        assert dice_on(ana) == dice_on(tab) == covered
        assert_cup_hides(ana, table_id)

        # Reloading under the cup keeps the cup closed and the lift buttons offered.
        reload_table(ana)
        assert dice_on(ana) == covered and version(ana) == rolled
        assert_cup_hides(ana, table_id)
        expect(ana.get_by_role("button", name="Levantar — por cima")).to_be_visible()
        lifted = lift(ana)
        wait_for_version(tab, lifted)
        assert dice_on(tab) == dice_on(ana) == dice_in_db(table_id)
        assert dice_on(ana)[1] == before["dice"][1]  # the held die stayed as it was

    def test_the_last_turns_of_a_solo_training_follow_the_robots_hint_to_the_result(self):
        ana = self.player("ana", "Ana")
        # Eight turns played quickly: two boxes are left.
        table = started("bozo", "solo", ana.user)
        eight = lambda copy: copy.state["turns_taken"] == [8]  # noqa: E731
        play_until(table, [ana.user], eight, choose=bozo_quick_turns())
        open_table(ana, table.pk)
        wait_for_banner(ana, "Sua vez")
        expect(ana.get_by_role("button", name="Dica")).to_have_count(0)  # nothing to advise yet

        for turn, cup in ((9, True), (10, False)):
            roll(ana, cup=cup)
            if cup:
                expect(ana.get_by_role("button", name="Dica")).to_have_count(0)
                lift(ana)
            for _ in range(3):  # one hint after each of at most three rolls
                if follow_first_hint(ana).startswith("Se marcar"):
                    break
            else:
                raise AssertionError("three rolls and the hint never said to mark a box")
            assert Table.objects.get(pk=table.pk).state["turns_taken"] == [turn]

        wait_for_banner(ana, "Fim de jogo")
        table.refresh_from_db()
        total = card_total(table.state["cards"][0])
        assert table.outcome["text"] == f"Treino concluído com {total} pontos."
        result = ana.locator("#mesa-resultado")
        expect(result.get_by_role("heading")).to_have_text(f"Treino concluído: {total} pontos")
        expect(result).to_contain_text("Sua primeira marca neste treino.")
        expect(result.get_by_text("Você venceu!")).to_have_count(0)
        assert card_totals_on(ana) == [total]


# The live server is forked in setUpClass after class-level overrides apply, so it runs the
# sweeper that plays the robots' turns (the test settings switch it off for everything else).
@override_settings(
    GAMES_SWEEPER=True,
    GAMES_ROBOT_DELAY=(0.05, 0.1),
    GAMES_ROBOT_FIRST_DELAY=(0.3, 0.4),  # long enough to see "Vez de Robô 2"
)
class BozoRobotTableTests(LiveServerTestCase):
    def test_robot_duel_from_the_lobby_plays_the_robots_turns_and_ends_when_one_leaves(self):
        ana = self.player("ana", "Ana")
        ana.goto(self.url("/jogar/bozo/"))
        ana.get_by_role("button", name="Duelo contra robô").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        table_id = table_id_of(ana)
        expect(ana.locator("#mesa-lugares")).to_contain_text("Robô 2")
        mark_no_reload(ana)

        # Three turns each: the robot's turns are played by the server, live on Ana's page.
        for style in (SEM_COPO, POR_CIMA, EMBAIXO):
            wait_for_banner(ana, "Sua vez")
            play_turn(ana, style)
            wait_for_banner(ana, "Vez de Robô 2")
        wait_for_banner(ana, "Sua vez")
        scored = Action.objects.filter(table_id=table_id, action__type="score").order_by("version")
        assert [(a.seat, a.user_id is None) for a in scored] == [(0, False), (1, True)] * 3
        cards = Table.objects.get(pk=table_id).state["cards"]
        assert card_totals_on(ana) == [card_total(card) for card in cards]

        # Leaving asks first; then the game ends and the robot's side wins.
        ana.once("dialog", lambda dialog: dialog.accept())
        ana.get_by_role("button", name="Sair da partida").click()
        wait_for_banner(ana, "Fim de jogo")
        expect(ana.locator("#mesa-resultado")).to_contain_text("Robô 2")
        expect(
            ana.locator("#mesa-resultado").get_by_text("Você venceu!").filter(visible=True)
        ).to_have_count(0)
        table = Table.objects.get(pk=table_id)
        assert table.outcome["reason"] == "left" and table.outcome["winners"] == [1]
        assert_no_reload(ana)
