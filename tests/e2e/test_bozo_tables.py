"""Bozó at the live table in real browsers against the ASGI live server (daphne).

Each person is a browser context of their own at phone size, logged in through the login page:
a duel to the result, a pairs game with the team invitations and the partner arrangement, a
reload mid-turn, and the solo training with the robot's hint (issue #6, "Tests"). The pages are
driven through what a player sees and clicks; the database is read only to check them.
"""

from __future__ import annotations

import re
from itertools import cycle

import pytest
from allauth.account.models import EmailAddress
from django.test import override_settings

from accounts.models import User
from games.models import Action, Seat, Table
from games.rules.bozo import BOX_NAMES, card_total
from tests.e2e.live import LiveServerTestCase

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = PlaywrightTimeout = None

pytestmark = pytest.mark.e2e

PASSWORD = "mesa-de-bozo-2026"
PHONE = {"width": 360, "height": 640}
BOX_BY_NAME = {name: box for box, name in BOX_NAMES.items()}
# One dice turn each: how the single roll is made and revealed.
SEM_COPO, POR_CIMA, EMBAIXO = "sem copo", "por cima", "cantar embaixo"
FINAL = re.compile(r"sua média final esperada é (\d+)\.")


# -- reading a table page ------------------------------------------------------------------------


def table_id_of(page: Page) -> int:
    return int(re.search(r"/mesa/(\d+)/", page.url).group(1))


def version(page: Page) -> int:
    return int(page.locator("#mesa-versao").get_attribute("data-version"))


def banner(page: Page):
    return page.locator(".mesa-status__banner")


def wait_for_banner(page: Page, text: str) -> None:
    # innerText: the banner holds "Sua vez" and "Vez de …", and the page's CSS shows one.
    expect(banner(page)).to_have_text(text, use_inner_text=True)


def wait_for_version(page: Page, number: int) -> None:
    """Wait until the page shows version `number` or a later one (a robot may move at once)."""
    page.wait_for_function(
        "n => Number(document.querySelector('#mesa-versao')?.dataset.version) >= n", arg=number
    )


def wait_connected(page: Page) -> None:
    expect(page.locator("[data-connection]")).to_have_attribute("data-connection", "open")


def dice_on(page: Page) -> list[str]:
    """The five dice as the page draws them: "4", "4*" held, "?" under the cup, "-" unrolled."""
    # Only the dice laid out: the one on turn has buttons, the others images (table.css, 0b).
    classes = page.locator("#mesa-jogo .die").evaluate_all(
        "els => els.filter(e => e.getClientRects().length).map(e => e.className)"
    )
    assert len(classes) == 5, classes
    shown = []
    for names in classes:
        value = re.search(r"\bdie--([1-6])\b", names)
        if "die--covered" in names:
            assert value is None, f"a covered die shows its value: {names}"
            shown.append("?")
        elif value is None:
            shown.append("-")
        else:
            shown.append(value.group(1) + ("*" if "die--held" in names else ""))
    return shown


def assert_cup_hides(page: Page, table_id: int) -> None:
    """Under the cup the page draws covered dice and holds no trace of their values."""
    turn = Table.objects.get(pk=table_id).state["turn"]
    assert turn["covered"], "the cup is not closed"
    drawn, html = dice_on(page), page.content()
    for i in turn["covered"]:
        assert drawn[i] == "?"
        assert f"Dado {i + 1}: {turn['dice'][i]}" not in html


def dice_in_db(table_id: int) -> list[str]:
    """The same five dice from the stored state, drawn as `dice_on` draws them."""
    turn = Table.objects.get(pk=table_id).state["turn"]
    shown = []
    for i, value in enumerate(turn["dice"]):
        if turn["rolls"] == 0:
            shown.append("-")
        elif i in turn["covered"]:
            shown.append("?")
        else:
            shown.append(f"{value}{'*' if turn['held'][i] else ''}")
    return shown


def card_totals_on(page: Page) -> list[int]:
    """The total at the foot of each score card, in the page's order."""
    cards = page.get_by_role("region", name="Cartela")
    return [int(re.search(r"Total\s+(\d+)", text).group(1)) for text in cards.all_inner_texts()]


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


# -- playing -------------------------------------------------------------------------------------


def act(page: Page, control) -> int:
    """Click a control that sends one game action and wait until this page shows its result."""
    before = version(page)
    control.click()
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        notice = page.locator("#mesa-aviso").inner_text()
        raise AssertionError(f"the action was not applied (notice: {notice!r})") from None
    return before + 1


def roll(page: Page, *, cup: bool) -> int:
    """Choose "Com copo" or not (the page remembers it) and press the one roll button shown."""
    toggle = page.get_by_label("Com copo", exact=True)
    if toggle.is_visible():
        toggle.set_checked(cup)
    name = "Lançar com copo" if cup else "Lançar sem copo"
    return act(page, page.get_by_role("button", name=name, exact=True))


def lift(page: Page, *, embaixo: bool = False) -> int:
    name = "Cantar embaixo e levantar" if embaixo else "Levantar — por cima"
    return act(page, page.get_by_role("button", name=name, exact=True))


def score_first_box(page: Page) -> tuple[str, int]:
    """Mark the first open box offered; returns (box, points) as its label says."""
    button = page.locator(".score-button").first
    label = button.get_attribute("aria-label")
    points, name = re.fullmatch(r"Marcar (\d+) em (.+)", label).groups()
    act(page, button)
    return BOX_BY_NAME[name], int(points)


def play_turn(page: Page, style: str) -> tuple[str, int]:
    """One roll (with the cup and lifted, or without it), then the first open box."""
    roll(page, cup=style != SEM_COPO)
    if style != SEM_COPO:
        lift(page, embaixo=style == EMBAIXO)
    return score_first_box(page)


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


# -- the tests -----------------------------------------------------------------------------------


@override_settings(GAMES_AWAY_SECONDS=5)
class LiveTable(LiveServerTestCase):
    """A daphne live server, and people each in a browser context of their own (who reload a
    page within the presence grace, as people do)."""

    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser
        expect.set_options(timeout=15_000)

    def url(self, path: str) -> str:
        return self.live_server_url + path

    def player(self, username: str, nickname: str) -> Page:
        """A new person: an account, a browser context of their own, logged in."""
        email = f"{username}@example.com"
        user = User.objects.create_user(
            username=username, email=email, password=PASSWORD, nickname=nickname
        )
        EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
        context = self.new_context(self.browser, viewport=PHONE, locale="pt-BR")
        page = context.new_page()
        page.goto(self.url("/conta/login/"))
        page.get_by_label("Nome de usuário ou e-mail").fill(username)
        page.get_by_label("Senha").fill(PASSWORD)
        page.get_by_role("button", name="Entrar").click()
        page.wait_for_url(self.url("/"))
        return page

    def create_table(self, page: Page, mode: str, *, public: bool = True) -> int:
        page.goto(self.url("/jogar/bozo/nova/"))
        page.get_by_label(mode, exact=True).check()
        public_label = "Pública: aparece no saguão"
        if mode == "Treino solo":  # always private, started at once: the form hides the choice
            expect(page.get_by_label(public_label)).to_be_hidden()
        else:
            page.get_by_label(public_label if public else "Privada: só com convite").check()
        page.get_by_role("button", name="Criar mesa").click()
        page.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(page)
        return table_id_of(page)

    @staticmethod
    def mark_no_reload(*pages: Page) -> None:
        for page in pages:
            page.evaluate("window.__sameDocument = true")

    @staticmethod
    def assert_no_reload(*pages: Page) -> None:
        for page in pages:
            assert page.evaluate("window.__sameDocument === true"), "the page was reloaded"


class BozoTableTests(LiveTable):
    def test_duel_between_two_people_is_played_live_to_the_result(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")

        table_id = self.create_table(ana, "Duelo")
        wait_for_banner(ana, "Esperando jogadores")
        expect(ana.get_by_role("button", name="Começar a partida")).to_be_disabled()

        # Bia finds the table in the lobby and sits; Ana's page shows her and lets the game start.
        bia.goto(self.url("/jogar/bozo/"))
        listed = bia.get_by_role("region", name="Mesas públicas").get_by_role("listitem")
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text("Anfitrião: Ana")
        expect(listed).to_contain_text("1 de 2 lugares")
        listed.get_by_role("link", name="Bozó · Duelo").click()
        bia.wait_for_url(self.url(f"/mesa/{table_id}/"))
        wait_connected(bia)
        bia.get_by_role("button", name="Sentar", exact=True).click()
        expect(bia.get_by_role("button", name="Sair da mesa")).to_be_visible()
        expect(ana.locator("#mesa-lugares")).to_contain_text("Bia")
        ana.get_by_role("button", name="Começar a partida").click()

        wait_for_banner(ana, "Sua vez")
        wait_for_banner(bia, "Vez de Ana")
        expect(ana.get_by_role("button", name="Dica")).to_have_count(0)  # hints are for training
        self.mark_no_reload(ana, bia)

        players = [(ana, "Ana"), (bia, "Bia")]
        styles = cycle([POR_CIMA, SEM_COPO, EMBAIXO, SEM_COPO, POR_CIMA])
        for turn in range(20):
            (mover, mover_name), (watcher, watcher_name) = players[turn % 2], players[1 - turn % 2]
            wait_for_banner(mover, "Sua vez")
            wait_for_banner(watcher, f"Vez de {mover_name}")
            style = next(styles)

            rolled = roll(mover, cup=style != SEM_COPO)
            wait_for_version(watcher, rolled)  # the other page follows without a reload
            if style != SEM_COPO:
                # Under the cup nobody sees the dice: not the other player, not the roller.
                assert_cup_hides(watcher, table_id)
                assert_cup_hides(mover, table_id)
                expect(watcher.get_by_role("button", name="Levantar — por cima")).to_have_count(0)
                rolled = lift(mover, embaixo=style == EMBAIXO)
                wait_for_version(watcher, rolled)
            assert dice_on(watcher) == dice_on(mover) == dice_in_db(table_id)
            assert "?" not in dice_on(watcher)

            box, points = score_first_box(mover)
            assert Table.objects.get(pk=table_id).state["cards"][turn % 2][box] == points
            if turn < 19:
                wait_for_banner(watcher, "Sua vez")
                wait_for_banner(mover, f"Vez de {watcher_name}")

        table = Table.objects.get(pk=table_id)
        assert table.status == Table.Status.FINISHED
        totals = [card_total(card) for card in table.state["cards"]]
        assert table.outcome["scores"] == totals
        winners = table.outcome["winners"]
        for page, seat, other in ((ana, 0, "Bia"), (bia, 1, "Ana")):
            wait_for_banner(page, "Fim de jogo")
            result = page.locator("#mesa-resultado")
            if len(winners) > 1:
                title = "Empate: vitória compartilhada"
            else:
                title = "Você venceu!" if seat in winners else f"Vencedor: {other}"
            expect(result.get_by_role("heading", level=2)).to_have_text(title)
            expect(result).to_contain_text(str(max(totals)))
            assert card_totals_on(page) == totals
            won = result.get_by_text("Você venceu!").filter(visible=True)
            expect(won).to_have_count(1 if winners == [seat] else 0)
            expect(result.get_by_role("button", name="Jogar de novo")).to_be_visible()
        self.assert_no_reload(ana, bia)

    def test_pairs_game_with_team_invitations_and_partners_arranged_by_the_host(self):
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia")
        caio = self.player("caio", "Caio")
        duda = self.player("duda", "Duda")

        table_id = self.create_table(ana, "Duplas", public=False)
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

        # Jade 1, Âmbar 1, Jade 2, Âmbar 2, five turns each, each team on one card.
        order = [
            (ana, "Ana", "Jade"),
            (caio, "Caio", "Âmbar"),
            (duda, "Duda", "Jade"),
            (bia, "Bia", "Âmbar"),
        ]
        pages = [page for page, _, _ in order]
        self.mark_no_reload(*pages)
        styles = cycle([SEM_COPO, POR_CIMA, SEM_COPO, EMBAIXO])
        marked: dict[str, list[str]] = {"Jade": [], "Âmbar": []}
        for turn in range(20):
            mover, name, team = order[turn % 4]
            wait_for_banner(mover, "Sua vez")
            for page in pages:
                if page is not mover:
                    wait_for_banner(page, f"Vez de {name}")
            # The boxes the partner marked are closed on the shared card: only the rest is offered.
            shared = mover.get_by_role("region", name="Cartela").filter(
                has=mover.get_by_role("heading", name=team)
            )
            style = next(styles)
            roll(mover, cup=style != SEM_COPO)
            if style != SEM_COPO:
                lift(mover, embaixo=style == EMBAIXO)
            expect(shared.locator(".score-button")).to_have_count(10 - len(marked[team]))
            box, _ = score_first_box(mover)
            marked[team].append(box)

        # Each team filled its one card, the two partners taking turns on it.
        assert marked["Jade"] == marked["Âmbar"] == list(BOX_NAMES)
        scored = Action.objects.filter(table_id=table_id, action__type="score").order_by("version")
        assert [a.seat for a in scored] == [0, 1, 2, 3] * 5
        table = Table.objects.get(pk=table_id)
        assert len(table.state["cards"]) == 2
        totals = [card_total(card) for card in table.state["cards"]]
        assert table.outcome["scores"] == [totals[0], totals[1], totals[0], totals[1]]
        for page in pages:
            wait_for_banner(page, "Fim de jogo")
            assert card_totals_on(page) == totals
            expect(page.locator("#mesa-resultado")).to_contain_text(str(max(totals)))
        winners = {seat % 2 for seat in table.outcome["winners"]}
        for seat, (page, _, _) in enumerate(order):
            won = page.locator("#mesa-resultado").get_by_text("Você venceu!").filter(visible=True)
            expect(won).to_have_count(1 if winners == {seat % 2} else 0)
        self.assert_no_reload(*pages)

    def test_reload_mid_turn_shows_the_same_dice_holds_version_and_banner(self):
        ana = self.player("ana", "Ana")
        table_id = self.create_table(ana, "Treino solo")
        wait_for_banner(ana, "Sua vez")

        roll(ana, cup=False)
        act(ana, ana.get_by_role("button", name=re.compile(r"^Dado 2: \d\. Toque para guardar")))
        expect(ana.get_by_role("button", name=re.compile(r"^Dado 2: \d, guardado"))).to_be_visible()
        before = snapshot(ana)
        assert before["dice"][1].endswith("*") and before["dice"] == dice_in_db(table_id)
        assert before["banner"] == "Sua vez"

        ana.reload()
        wait_connected(ana)
        assert snapshot(ana) == before

        # A second tab of the same person shows the same, and both follow the next move live.
        tab = ana.context.new_page()
        tab.goto(self.url(f"/mesa/{table_id}/"))
        wait_connected(tab)
        assert snapshot(tab) == before
        rolled = roll(tab, cup=True)
        wait_for_version(ana, rolled)
        covered = ["?", before["dice"][1], "?", "?", "?"]
        assert dice_on(ana) == dice_on(tab) == covered
        assert_cup_hides(ana, table_id)

        # Reloading under the cup keeps the cup closed and the lift buttons offered.
        ana.reload()
        wait_connected(ana)
        assert dice_on(ana) == covered and version(ana) == rolled
        assert_cup_hides(ana, table_id)
        expect(ana.get_by_role("button", name="Levantar — por cima")).to_be_visible()
        lifted = lift(ana)
        wait_for_version(tab, lifted)
        assert dice_on(tab) == dice_on(ana) == dice_in_db(table_id)
        assert dice_on(ana)[1] == before["dice"][1]  # the held die stayed as it was

    def test_solo_training_follows_the_robots_hint_to_the_end(self):
        ana = self.player("ana", "Ana")
        table_id = self.create_table(ana, "Treino solo")
        wait_for_banner(ana, "Sua vez")
        expect(ana.get_by_role("button", name="Dica")).to_have_count(0)  # nothing to advise yet

        cups = cycle([False, True])
        for turn in range(1, 11):
            cup = next(cups)
            roll(ana, cup=cup)
            if cup:
                expect(ana.get_by_role("button", name="Dica")).to_have_count(0)
                lift(ana)
            for _ in range(3):  # one hint after each of at most three rolls
                if follow_first_hint(ana).startswith("Se marcar"):
                    break
            else:
                raise AssertionError("three rolls and the hint never said to mark a box")
            assert Table.objects.get(pk=table_id).state["turns_taken"] == [turn]

        wait_for_banner(ana, "Fim de jogo")
        table = Table.objects.get(pk=table_id)
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
    GAMES_AWAY_SECONDS=5,
)
class BozoRobotTableTests(LiveTable):
    def test_robot_duel_from_the_lobby_plays_the_robots_turns_and_ends_when_one_leaves(self):
        ana = self.player("ana", "Ana")
        ana.goto(self.url("/jogar/bozo/"))
        ana.get_by_role("button", name="Duelo contra robô").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        table_id = table_id_of(ana)
        expect(ana.locator("#mesa-lugares")).to_contain_text("Robô 2")
        self.mark_no_reload(ana)

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
        self.assert_no_reload(ana)
