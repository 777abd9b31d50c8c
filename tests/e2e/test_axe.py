"""axe-core over the site in a real browser (issue 29): every public page and guide, the account
pages, the Yam's score-keeper, and each game's table at its start, in the middle of the viewer's
turn and at its result, at 360 x 740 and 1280 x 800, in the light and the dark theme, each page
under its own Content-Security-Policy (tests/e2e/axe.py). Any violation of a WCAG 2.x A or AA
rule or of a best practice fails, with its rule, impact and first nodes.

What is run where, and why, so that it stays quick:
- In the light theme every rule runs, at both sizes: the size changes what is shown (the score
  cards' tabs on a phone, the cards side by side on a desktop), and with it what axe reads.
- The dark theme only changes colours (custom properties under `prefers-color-scheme: dark`):
  the markup, and with it every rule but contrast, is the same, so there only `color-contrast`
  runs.
- One browser page goes through everything of a test, resized and switched between themes
  (`emulate_media`) rather than opened anew; each state is read at the size it was loaded at,
  then at the other, so that each costs one resize and two switches. The tables are prepared
  through the services, robots seated, before their page opens (positions.py), not played
  from the first move.
- A guide is read with its first worked round unfolded in place (htmx draws its steps with the
  live tables' own templates), like any other page. Its last round is read on a page of its
  own (where the guide links without JavaScript), on a phone in the light theme, every rule
  and contrast: the other rounds are drawn by the same templates, whose states the live tables
  here show at both sizes in both themes. (All 23 rounds would add half a minute.)
On the tables, text must sit on solid ground: a contrast axe cannot decide (text over the felt,
a gradient, card art or a pseudo-element's paint, a symbol taken for text) fails like a
violation. Elsewhere it is counted by reason and printed (`pytest -s`), as is the time of each
run. With LAYOUT_SHOTS set to a folder, each table is left there in the dark theme on a phone.
"""

from __future__ import annotations

import itertools

import pytest
from django.conf import settings

from analysis import jobs
from games import rules, services
from guides import content
from tests.e2e.axe import Findings, resize, run, theme
from tests.e2e.live import (
    PHONE,
    LiveServerTestCase,
    build_the_guides,
    elsewhere,
    person,
    session_of,
)
from tests.e2e.pages import open_table, shot, tap_dice
from tests.e2e.positions import bozo_quick_turns, play_until, started
from tests.sheets import saved_sheet

try:
    from playwright.sync_api import Page, expect
except ImportError:  # pragma: no cover - the `browser` fixture reports the missing package
    Page = expect = None

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1280, "height": 800}
# Tap a tile of the hand that fits; what CSS transitions run right then, by property.
TAP_A_FITTING_TILE = """() => {
    document.querySelector('#domino-mao .domino-hand__tile--fits').click();
    return document.getAnimations().filter(a => a instanceof CSSTransition)
        .map(a => a.transitionProperty);
}"""
SLUGS = ("bozo", "domino", "dozito", "yams")
PUBLIC = [
    "/",
    "/sobre/",
    "/privacidade/",
    "/termos/",
    "/jogar/",
    *(f"/jogar/{slug}/" for slug in SLUGS),
    "/como-jogar/",
    "/conta/login/",
    "/conta/signup/",
    "/conta/password/reset/",
    "/nada-aqui/",  # the site's 404
    "/yams/marcador/",
]
ACCOUNT = [
    "/conta/perfil/",
    "/conta/historico/",
    "/conta/email/",
    "/conta/password/change/",
    "/conta/excluir/",
    "/jogar/bozo/",
    "/jogar/bozo/nova/",
]


def to_move(copy) -> int | None:
    seats = rules.get(copy.game).to_act(copy.state)
    return seats[0] if seats else None


def after(moves: int, position):
    """`position`, once at least `moves` moves have been played."""
    played = itertools.count()
    return lambda copy: next(played) >= moves and position(copy)


def over(copy) -> bool:
    return not copy.playing


def bozo_mid(copy) -> bool:
    """Ana on turn after her roll, four boxes of her card filled."""
    state = copy.state
    filled = sum(value is not None for value in state["cards"][0].values())
    return state["to_move"] == 0 and state["turn"]["rolls"] == 1 and filled >= 4


def yams_mid(copy) -> bool:
    return copy.state["to_move"] == 0 and copy.state["turn"]["rolls"] == 1


@elsewhere
def waiting(game: str, mode: str, host):
    return services.table_create(host=host, game=game, mode=mode)


class AccessibilityTests(LiveServerTestCase):
    @classmethod
    def setUpClass(cls):
        build_the_guides()
        super().setUpClass()

    def setUp(self):
        super().setUp()
        self.findings: list[Findings] = []
        self.undecided: list[str] = []  # on the tables, where every contrast must be decided

    def page(self, user=None) -> Page:
        """The one page of a test, on a phone's screen; logged in as `user` when given."""
        context = self.new_context()
        # A guide's first view builds its practice position with the robot: slow on a busy machine.
        context.set_default_navigation_timeout(60_000)
        if user is not None:
            self.log_in(context, user)
        return context.new_page()

    def log_in(self, context, user) -> None:
        name, value = settings.SESSION_COOKIE_NAME, session_of(user)
        context.add_cookies([{"name": name, "value": value, "url": self.live_server_url}])

    def check(self, page: Page, where: str, *, table: bool = False) -> None:
        """The page as it stands at both sizes, in both themes: at the size it was loaded at in
        the light theme then the dark, then at the other size in the dark theme then the light.
        It is left so, for the next page to load at that size."""
        loaded = page.viewport_size
        for size in (loaded, DESKTOP if loaded == PHONE else PHONE):
            if size != loaded:
                resize(page, size)
            for scheme in ("light", "dark") if size == loaded else ("dark", "light"):
                if size != loaded or scheme == "dark":
                    theme(page, scheme)
                at = f"{where} {size['width']} {scheme}"
                contrast = ["color-contrast"] if scheme == "dark" else None
                found = run(page, at, only=contrast)
                self.findings.append(found)
                if table:
                    self.undecided += found.undecided_at
                    if size == PHONE and scheme == "dark":
                        shot(page, f"axe-{where.replace(' ', '-')}-dark")

    def visit(self, page: Page, path: str) -> None:
        page.goto(path)
        self.check(page, path)

    def table(self, page: Page, table, where: str) -> None:
        open_table(page, table.pk)
        self.check(page, where, table=True)

    def tearDown(self):
        print("\n" + "\n".join(found.summary() for found in self.findings))
        super().tearDown()

    def assert_no_violation(self) -> None:
        lines = [line for found in self.findings for line in found.lines()] + self.undecided
        assert not lines, "axe-core found:\n" + "\n".join(lines)

    def test_the_site_and_account_pages(self):
        page = self.page()
        for path in PUBLIC:
            self.visit(page, path)
        # A refused login shows its errors.
        page.goto("/conta/login/")
        page.get_by_label("Nome de usuário ou e-mail").fill("ninguem")
        page.get_by_label("Senha").fill("errada-de-novo")
        page.get_by_role("button", name="Entrar").click()
        expect(page.get_by_role("alert")).to_contain_text("incorretos")
        self.check(page, "login refused")
        # The score-keeper in the middle of the second turn.
        page.goto("/yams/marcador/")
        page.get_by_label("Nome do jogador 1").fill("Ana")
        page.get_by_label("Nome do jogador 2").fill("Bia")
        page.get_by_label("3 colunas").check()
        page.get_by_role("button", name="Começar a partida").click()
        tap_dice(page, [5, 5, 5, 5, 5])
        page.get_by_role("button", name="Marcar 50 em Yam's, coluna Livre").click()
        tap_dice(page, [1, 2, 3])
        self.check(page, "marcador mid-turn")

        # Logged in, with a game and a score-keeper sheet in the history.
        ana = person("ana", "Ana")
        sheet = saved_sheet(ana)
        table = started("bozo", "duelo", ana, robots=1)
        table = play_until(table, [ana], over, choose=bozo_quick_turns())
        self.log_in(page.context, ana)
        for path in [*ACCOUNT, f"/yams/marcador/{sheet.pk}/"]:
            self.visit(page, path)
        # A replay's controls stick to the foot of a phone's screen, over whatever scrolls under
        # them, and axe takes them for part of the page where they stand at that moment
        # (dequelabs/axe-core#3720): the step is read scrolled to its end, where they rest in
        # their own place. (replay.css scrolls what the keyboard focuses clear of them.)
        resize(page, PHONE)
        page.goto(f"/mesa/{table.pk}/replay/?passo=5")
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        self.check(page, "replay, step 5")
        # Its analysis, computed, with the numbers of its chart unfolded.
        assert elsewhere(jobs.run_next)()
        page.goto(f"/mesa/{table.pk}/analise/")
        page.locator(".analysis-chart__numbers summary").click()
        self.check(page, "analysis")
        self.assert_no_violation()

    def test_the_guides_and_their_worked_rounds(self):
        page = self.page()
        for slug in SLUGS:
            page.goto(f"/como-jogar/{slug}/")
            first = page.locator("details.guide-fold--round").first
            first.locator("summary").click()
            expect(first.locator(".guide-step").first).to_be_visible()
            if slug == "yams":  # the practice's verdict, swapped in by htmx: one template for all
                practice = page.locator("#treino")
                practice.locator("input[name=resposta]").first.check()
                practice.get_by_role("button", name="Responder").click()
                expect(practice.locator(".practice__verdict")).to_be_visible()
            self.check(page, f"/como-jogar/{slug}/")
            resize(page, PHONE)
            path = f"/como-jogar/{slug}/rodadas/{len(content.get(slug).page().rounds)}/"
            page.goto(path)
            self.findings.append(run(page, f"{path} 360 light"))
        self.assert_no_violation()

    def test_bozo_tables(self):
        ana = person("ana", "Ana")
        page = self.page(ana)
        quick = bozo_quick_turns()
        self.table(page, waiting("bozo", "duelo", ana), "bozo waiting")
        self.table(page, started("bozo", "duelo", ana, robots=1), "bozo start")
        table = started("bozo", "duplas", ana, robots=3)
        self.table(page, play_until(table, [ana], bozo_mid, choose=quick), "bozo mid-turn")
        table = started("bozo", "duelo", ana, robots=1)
        self.table(page, play_until(table, [ana], over, choose=quick), "bozo result")
        self.assert_no_violation()

    def test_domino_tables(self):
        ana = person("ana", "Ana")
        page = self.page(ana)
        self.table(page, started("domino", "duplas", ana, robots=3), "domino start")
        table = started("domino", "duplas", ana, robots=3)
        table = play_until(table, [ana], after(6, lambda copy: to_move(copy) == 0))
        open_table(page, table.pk)
        # A tile chosen: the places it fits are lit, in the tap's own frame. Under reduced motion
        # no transition runs: with one, a lit place's number would keep its old colour a frame
        # after its background changed, and axe could read that frame.
        running = page.evaluate(TAP_A_FITTING_TILE)
        assert running == [], running
        expect(page.locator("#domino-mesa .domino-place--lit").first).to_be_visible()
        self.check(page, "domino mid-turn", table=True)
        table = started("domino", "duplas", ana, robots=3)
        self.table(page, play_until(table, [ana], over), "domino result")
        self.assert_no_violation()

    def test_dozito_tables(self):
        ana = person("ana", "Ana")
        page = self.page(ana)
        one_round = {"rounds": 1}
        table = started("dozito", "mesa", ana, robots=2, options=one_round)
        self.table(page, table, "dozito start")
        table = started("dozito", "mesa", ana, robots=2, options=one_round)
        taken = after(6, lambda copy: to_move(copy) == 0 and copy.state["turn"]["phase"] == "hand")
        self.table(page, play_until(table, [ana], taken), "dozito mid-turn")
        table = started("dozito", "mesa", ana, robots=2, options=one_round)
        self.table(page, play_until(table, [ana], over), "dozito result")
        self.assert_no_violation()

    def test_yams_tables(self):
        ana = person("ana", "Ana")
        page = self.page(ana)
        # Solo training offers the robot's hint; the widest card is four columns and Máx e Mín.
        table = started("yams", "solo", ana, options={"columns": 1})
        self.table(page, table, "yams start")
        wide = {"columns": 4, "max_min": True}
        table = started("yams", "mesa", ana, robots=1, options=wide)
        self.table(page, play_until(table, [ana], after(8, yams_mid)), "yams mid-turn")
        table = started("yams", "mesa", ana, robots=1, options={"columns": 1})
        self.table(page, play_until(table, [ana], over), "yams result")
        self.assert_no_violation()
