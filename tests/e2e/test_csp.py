"""The pages satisfy their own Content-Security-Policy in a real browser (config/security.py).

Every page a person meets is opened in the system Chromium, a live table is played through a
move on its socket (Bozó against a robot, then its replay; Dominó with robots, whose board is
laid out from data-vars), the Yam's score-keeper is used, and the admin is browsed. Any
`securitypolicyviolation` event, any console error about the policies, and any script error
fails the test with what was refused and where.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from allauth.account.models import EmailAddress
from django.db import connection
from django.test import override_settings
from django.utils import timezone

from accounts.models import User
from games.models import Deadline, Table
from tests.e2e.live import PASSWORD, LiveServerTestCase, build_the_guides
from tests.e2e.pages import (
    POR_CIMA,
    play_turn,
    table_id_of,
    tap_dice,
    unfold_rounds,
    version,
    wait_connected,
    wait_for_banner,
    wait_for_version,
)

try:
    from playwright.sync_api import Page, expect
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = PlaywrightTimeout = None

pytestmark = pytest.mark.e2e


def write_lock() -> str:
    """Whether another connection holds SQLite's write lock now: the live server's database
    work waits up to 20 s for it (config/settings.py) without a word, longer than a test waits."""
    if connection.vendor != "sqlite":
        return "not SQLite"
    probe = sqlite3.connect(connection.settings_dict["NAME"], timeout=0.2)
    try:
        probe.execute("BEGIN IMMEDIATE")
        probe.rollback()
        return "write lock free"
    except sqlite3.OperationalError as error:
        return f"write lock held: {error}"
    finally:
        probe.close()


# Reported by the page itself, so that a refusal says what and where even where the console's
# wording changes between versions.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI}` +
    ` (${event.sample || "no sample"}) at ${event.sourceFile}:${event.lineNumber}`);
}, true);
"""
ABOUT_THE_POLICIES = re.compile(r"Content Security Policy|CSP violation|Permissions.Policy", re.I)


# The sweeper plays the robots' turns (the test settings switch it off for everything else).
@override_settings(
    GAMES_SWEEPER=True,
    GAMES_ROBOT_DELAY=(0.05, 0.1),
    GAMES_ROBOT_FIRST_DELAY=(0.2, 0.3),
)
class ContentSecurityPolicyTests(LiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        build_the_guides()
        super().setUpClass()

    def setUp(self):
        super().setUp()
        self.problems: list[str] = []

    def watched(self, *, login: str | None = None, superuser: bool = False) -> Page:
        """A phone's page that records every refusal and script error, logged in as `login`. It
        keeps the site's motion, so that the scripts that move things run too."""
        context = self.new_context(motion=True)
        # A guide renders its worked rounds with the rules engine: slow on a loaded machine.
        context.set_default_navigation_timeout(60_000)
        context.add_init_script(REPORT_VIOLATIONS)
        page = context.new_page()
        where = lambda: page.url  # noqa: E731 - the address at the time of the message

        def on_console(message) -> None:
            if message.type in ("error", "warning") and ABOUT_THE_POLICIES.search(message.text):
                self.problems.append(f"{where()}: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.problems.append(f"{where()}: script: {error}"))
        # A page whose script or sheet did not arrive breaks as surely as a refused one; one
        # cut short because the test went on to the next page (ERR_ABORTED) is not a failure.
        page.on(
            "requestfailed",
            lambda request: (
                request.failure != "net::ERR_ABORTED"
                and self.problems.append(f"{where()}: {request.url} failed: {request.failure}")
            ),
        )
        page.on(
            "response",
            lambda response: (
                response.status >= 400
                and "/nada-aqui/" not in response.url
                and self.problems.append(f"{where()}: {response.url} answered {response.status}")
            ),
        )
        if login:
            email = f"{login}@example.com"
            make = User.objects.create_superuser if superuser else User.objects.create_user
            user = make(username=login, email=email, password=PASSWORD, nickname=login.title())
            EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
            page.goto(self.url("/conta/login/"))
            page.get_by_label("Nome de usuário ou e-mail").fill(login)
            page.get_by_label("Senha").fill(PASSWORD)
            page.get_by_role("button", name="Entrar").click()
            page.wait_for_url(self.url("/"))
        return page

    def visit(self, page: Page, path: str) -> None:
        response = page.goto(self.url(path))
        assert response is not None and "content-security-policy" in response.headers, path
        page.wait_for_load_state("load")

    def assert_no_refusal(self) -> None:
        assert self.problems == [], "\n".join(self.problems)

    def assert_board_laid_out(self, board) -> None:
        """Each tile and place of a Dominó board stands at its own spot: the positions came
        through (a refused inline style would leave them all at the corner)."""
        spots = board.locator(".domino-board__at").evaluate_all(
            "els => els.map(e => [e.offsetLeft, e.offsetTop, getComputedStyle(e)"
            ".getPropertyValue('--x').trim()])"
        )
        assert len(spots) >= 2, spots
        if any(x == "" for _left, _top, x in spots):
            # What the page says of its script (fetched? with what status?) goes with the failure.
            vars_js = board.page.evaluate(
                "performance.getEntriesByType('resource').filter(e => e.name.includes('/vars'))"
                ".map(e => [e.name, e.responseStatus, Math.round(e.duration)])"
            )
            raise AssertionError((spots, vars_js, self.problems))
        assert len({(left, top) for left, top, _x in spots}) == len(spots), spots

    def wait_for_a_move(self, page: Page, table_id: int, shown: int) -> None:
        """A version after `shown` on the page; when none comes, the failure says where the table
        was (its version, the seat on turn, its timers and the time now) and what the page
        reported."""
        try:
            wait_for_version(page, shown + 1)
        except PlaywrightTimeout:
            table = Table.objects.get(pk=table_id)
            timers = list(Deadline.objects.filter(table=table).values_list("kind", "seat", "due"))
            on_turn = table.state.get("hand", {}).get("to_move")
            raise AssertionError(
                (shown, table.version, on_turn, timers, timezone.now(), write_lock(), self.problems)
            ) from None

    def test_the_site_pages_raise_no_refusal(self):
        visitor = self.watched()
        for path in ("/", "/sobre/", "/privacidade/", "/jogar/", "/jogar/bozo/", "/como-jogar/"):
            self.visit(visitor, path)
        for slug in ("bozo", "domino", "dozito", "yams"):
            self.visit(visitor, f"/como-jogar/{slug}/")
            assert visitor.locator("script[type='application/ld+json']").count() == 1
        # The guide's worked rounds draw Dominó's board with the tables' own template; htmx
        # fetches them as they are unfolded.
        self.visit(visitor, "/como-jogar/domino/")
        unfold_rounds(visitor)
        boards = visitor.locator(".domino-board")
        assert boards.count() >= 1
        for index in range(boards.count()):
            self.assert_board_laid_out(boards.nth(index))
        self.visit(visitor, "/conta/login/")
        self.visit(visitor, "/conta/signup/")
        visitor.goto(self.url("/nada-aqui/"))  # the site's 404 page
        expect(visitor.get_by_role("heading", level=1)).to_be_visible()

        ana = self.watched(login="ana")
        for path in ("/conta/perfil/", "/conta/historico/", "/conta/email/", "/jogar/dozito/"):
            self.visit(ana, path)
        # The new table form hides the choices solo training ignores, from the site's sheet.
        self.visit(ana, "/jogar/bozo/nova/")
        public = ana.get_by_label("Pública: aparece no saguão")
        ana.get_by_label("Duelo", exact=True).check()
        expect(public).to_be_visible()
        ana.get_by_label("Treino solo", exact=True).check()
        expect(public).to_be_hidden()
        self.assert_no_refusal()

    def test_a_robot_duel_through_a_move_and_its_replay(self):
        ana = self.watched(login="ana")
        self.visit(ana, "/jogar/bozo/")
        ana.get_by_role("button", name="Duelo contra robô").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        table_id = table_id_of(ana)
        wait_for_banner(ana, "Sua vez")
        play_turn(ana, POR_CIMA)
        wait_for_banner(ana, "Vez de Robô 2")
        wait_for_banner(ana, "Sua vez")  # the robot's move came through the socket too
        ana.once("dialog", lambda dialog: dialog.accept())
        ana.get_by_role("button", name="Sair da partida").click()
        wait_for_banner(ana, "Fim de jogo")

        self.visit(ana, f"/mesa/{table_id}/replay/")
        ana.get_by_role("link", name="Próxima jogada").click()
        expect(ana).to_have_url(re.compile(r"/replay/\?"))
        self.assert_no_refusal()

    def test_domino_with_robots_lays_its_board_from_the_socket(self):
        ana = self.watched(login="ana")
        self.visit(ana, "/jogar/domino/")
        ana.get_by_role("button", name="Jogar com 3 robôs").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        table_id = table_id_of(ana)
        # Ana plays whenever it is her turn, until the felt holds a few tiles.
        # The version is read before the hand: read after it, it may be the robots' last move,
        # which gave Ana the turn, and no version would follow it.
        while ana.locator("#domino-mesa .domino-board__at:not(.domino-place)").count() < 3:
            shown = version(ana)
            if ana.locator("#domino-mao .domino-hand__tile--fits").count():
                shown = version(ana)  # her turn: nothing moves until she does
                ana.locator("#domino-mao .domino-hand__tile--fits").first.click()
                ana.locator("#domino-mesa .domino-place--lit").first.click()
            self.wait_for_a_move(ana, table_id, shown)
        assert Table.objects.get(pk=table_id).version >= 3
        self.assert_board_laid_out(ana.locator("#domino-mesa .domino-board"))
        self.assert_no_refusal()

    def test_the_yams_score_keeper(self):
        visitor = self.watched()
        self.visit(visitor, "/yams/marcador/")
        visitor.get_by_label("Nome do jogador 1").fill("Ana")
        visitor.get_by_label("Nome do jogador 2").fill("Bia")
        visitor.get_by_label("1 coluna (Livre)").check()
        visitor.get_by_role("button", name="Começar a partida").click()
        banner = visitor.get_by_text(re.compile(r"^Vez de "))
        expect(banner).to_have_text("Vez de Ana")
        tap_dice(visitor, [5, 5, 5, 5, 5])
        visitor.get_by_role("button", name="Marcar 50 em Yam's, coluna Livre").click()
        expect(banner).to_have_text("Vez de Bia")
        self.assert_no_refusal()

    def test_the_admin_works_under_the_policy(self):
        admin = self.watched(login="chefe", superuser=True)
        self.visit(admin, "/admin/")
        expect(admin.get_by_role("link", name="Mesas", exact=True)).to_be_visible()
        for path in ("/admin/games/table/", "/admin/accounts/user/", "/admin/accounts/user/add/"):
            self.visit(admin, path)
        user = User.objects.get(username="chefe")
        self.visit(admin, f"/admin/accounts/user/{user.pk}/change/")
        self.assert_no_refusal()
