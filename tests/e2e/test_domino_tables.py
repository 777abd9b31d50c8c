"""Dominó at the live table in real browsers against the ASGI live server (daphne), on phones
(360 x 740). The whole game played through the browser: one person and three fast robots play a
best of three to the result, the person through the tap UI (tap a tile of the hand, then a place
lit on the felt) and every fifth turn by keyboard alone. Four people invited to a table play the
last hand of a match from a prepared position, each on their turn through the page, while a
fifth person queues, chats, reacts and sits when the match ends; a hand is arranged by hand. The
pages are driven as a player drives them; the database is read only to check them (and to start
a match near its end).

Who wins a match with nobody waiting, as every page shows it, is checked on the renders:
tests/games/test_domino_online_queue.py.
"""

from __future__ import annotations

import random
import re

import pytest
from django.db.models import F
from django.test import override_settings

from games import rules
from games.models import Action, Seat, Table
from games.rules.domino import SEATS, setup_from_deal, table_tiles
from tests.e2e import positions
from tests.e2e.live import LiveServerTestCase, person
from tests.e2e.pages import (
    assert_selectors_on_screen,
    open_table,
    reload_table,
    table_id_of,
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

JADE, AMBAR = "Jade", "Âmbar"
# A deal that, with the scores at 190 to 185 and each player playing the first tile of their hand
# that fits at its first place (as `play_turn` does), ends the match in 17 moves: Jade 245, Âmbar
# 220 (found by simulating that choice with games.rules.domino over seeded deals).
NEAR_THE_END = (
    [[0, 2], [0, 4], [1, 1], [1, 5], [5, 5], [5, 6], [6, 6]],
    [[0, 5], [1, 4], [2, 3], [2, 5], [3, 3], [3, 4], [3, 6]],
    [[0, 1], [0, 3], [1, 2], [2, 2], [2, 6], [4, 4], [4, 5]],
    [[0, 0], [0, 6], [1, 3], [1, 6], [2, 4], [3, 5], [4, 6]],
)
# Every tile a page draws, named "a-b" (low half first) by the pips it shows, each half counted
# in the drawing it uses; with the name it is given to be read (its own label, or the
# label of the button that holds it, in the hand), where each one lies, and the backs drawn for
# each other seat, by name.
TILES_ON_PAGE = """() => {
    // Each half draws its number's pips from the page's drawings (#domino-v6: six pips).
    const pips = use => document.querySelectorAll(use.getAttribute('href') + ' circle').length;
    const shown = svg => [...svg.querySelectorAll('use.tile__pips')].map(pips).sort().join('-');
    const said = svg => {
        const quiet = svg.getAttribute('aria-hidden') === 'true';
        const own = quiet ? null : svg.getAttribute('aria-label');
        const text = own ?? svg.closest('[aria-label]')?.getAttribute('aria-label') ?? '';
        const match = /^Peça (\\d) e (\\d)/.exec(text);
        return match ? [match[1], match[2]].sort().join('-') : text;
    };
    const all = [...document.querySelectorAll('svg.tile')];
    const within = where => all.filter(svg => svg.closest(where)).map(shown);
    const backs = {};
    document.querySelectorAll('#domino-maos .domino-other').forEach(li => {
        backs[li.querySelector('.domino-other__name').textContent.trim()] =
            li.querySelectorAll('.tile-back').length;
    });
    return {
        hand: within('#domino-mao'),
        felt: within('#domino-mesa'),
        others: within('#domino-maos'),
        elsewhere: all.filter(svg => !svg.closest('#domino-mao, #domino-mesa, #domino-fim'))
            .map(shown),
        misnamed: all.filter(svg => said(svg) !== shown(svg)).map(svg => [shown(svg), said(svg)]),
        backs,
        banner: document.querySelector('.mesa-status__banner')?.innerText,
        fits: document.querySelectorAll('#domino-mao .domino-hand__tile--fits').length,
    };
}"""


def first_fits(state: dict, moves: int) -> dict:
    """`state` after `moves` moves by the rules, each the one `play_turn` taps: the first tile of
    the hand as the page sorts it (by its pips) that fits, at the first place it fits."""
    game = rules.get("domino")
    for _ in range(moves):
        seat = state["hand"]["to_move"]
        plays = [a for a in game.legal_actions(state, seat) if a["type"] == "play"]
        tile = min((a["tile"] for a in plays), key=lambda t: (t[0] + t[1], t))
        action = next(a for a in plays if a["tile"] == tile)
        state, _events = game.apply(state, seat, action, random.Random(0))
    return state


def key(tile) -> str:
    return "-".join(str(n) for n in sorted(tile))


# -- reading a table page ------------------------------------------------------------------------


HAND_TILES = "#domino-mao .domino-hand__tile"
PLACES = "#domino-mesa .domino-place"
# Read at once before a tap: the first tile that fits, where it may go, and the version shown.
FIRST_FIT = f"""() => {{
    const fitting = document.querySelector('{HAND_TILES}--fits');
    const version = Number(document.querySelector('#mesa-versao').dataset.version);
    return [fitting.dataset.tile, fitting.dataset.places.split(' '), version];
}}"""
# Each open place on the felt, in its order, and whether it is lit.
PLACES_LIT = f"""() => [...document.querySelectorAll('{PLACES}')]
    .map(e => [e.dataset.place, e.classList.contains('domino-place--lit')])"""


def hand_tiles(page: Page):
    return page.locator(HAND_TILES)


def scores_on(page: Page) -> list[int]:
    """The two pairs' points in the score area, Jade first."""
    pairs = page.locator("#domino-placar .domino-score__pair strong")
    return [int(text) for text in pairs.all_inner_texts()]


def assert_shows_only_own_tiles(page: Page, table_id: int, names: list[str]) -> dict:
    """The page draws the viewer's own hand face up (none for a spectator: `names` are the
    nicknames by seat), the tiles on the table, and nothing else face up during a hand: the other
    hands are backs, as many as each holds. Each tile drawn is named as it is drawn, for those
    who hear the page. Returns what the page shows (its banner, its tiles that fit)."""
    hand = Table.objects.get(pk=table_id).state["hand"]
    seat = names.index(page.who) if page.who in names else None
    drawn = page.evaluate(TILES_ON_PAGE)
    own = sorted(key(t) for t in hand["tiles"][seat]) if seat is not None else []
    assert sorted(drawn["hand"]) == own, (page.who, drawn["hand"], own)
    assert sorted(drawn["felt"]) == sorted(key(t) for t in table_tiles(hand["table"]))
    assert drawn["others"] == [] and drawn["elsewhere"] == [], drawn
    counts = {names[s]: len(hand["tiles"][s]) for s in range(SEATS) if s != seat}
    assert drawn["backs"] == counts, (page.who, drawn["backs"], counts)
    assert drawn["misnamed"] == [], f"tiles drawn as one and named as another: {drawn['misnamed']}"
    return drawn


# Each tile and open place of the line: its id and its box on the board, in whole pixels.
BOARD = """() => {
  const board = document.querySelector('.domino-board').getBoundingClientRect();
  return [...document.querySelectorAll('.domino-board__at')].map(at => {
    const box = at.getBoundingClientRect();
    return [at.id, ...[box.left - board.left, box.top - board.top, box.width, box.height]
      .map(Math.round)];
  }).sort();
}"""


# -- playing -------------------------------------------------------------------------------------


def play_turn(page: Page, trouble: list[str]) -> tuple[str, str]:
    """Play as a person does on a phone: tap the first tile of the hand that fits, then the
    first place that lights up for it; waits until the page shows the move and returns the tile
    and the place. What a person could not do without scrolling (the hand and the felt's open
    places out of the screen) or at all (a lit place under something else) is added to
    `trouble`, so one run lists every such turn; the test fails on it at its end."""
    expect(hand_tiles(page).first).to_be_visible()
    try:
        assert_selectors_on_screen(page, HAND_TILES, PLACES)
    except AssertionError as error:
        trouble.append(f"{page.who}, turn: {error}")
    tile, wanted, before = page.evaluate(FIRST_FIT)
    page.locator(f"{HAND_TILES}--fits").first.click()
    expect(page.locator(f"{PLACES}--lit")).to_have_count(len(wanted))
    places = page.evaluate(PLACES_LIT)
    assert [p for p, lit in places if lit] == [p for p, _ in places if p in wanted]
    chosen = f'{PLACES}--lit[data-place="{wanted[0]}"]'
    try:
        assert_selectors_on_screen(page, chosen)
    except AssertionError as error:
        trouble.append(f"{page.who}, place: {error}")
    place = page.locator(chosen)
    try:
        place.click(timeout=3000)
    except PlaywrightTimeout as error:
        # Playwright's call log says why the click waited: covered, moving, or replaced.
        why = " | ".join(line.strip() for line in str(error).splitlines()[-4:])
        trouble.append(f"{page.who}: something lies over the lit place {wanted[0]!r}: {why}")
        place.dispatch_event("click")
    try:
        wait_for_version(page, before + 1)
    except PlaywrightTimeout:
        notice = page.locator("#mesa-aviso").inner_text()
        raise AssertionError(f"the play was not applied (notice: {notice!r})") from None
    return tile, wanted[0]


def play_turn_by_keyboard(page: Page) -> str:
    """Play as a keyboard does: arrows along the hand to a tile that fits (its name says where),
    Enter to choose it, then Enter on the lit place that takes the focus."""
    tiles = hand_tiles(page)
    tiles.first.focus()
    for _ in range(tiles.count()):
        focused = page.evaluate("document.activeElement.dataset.places || ''")
        if focused:
            break
        page.keyboard.press("ArrowRight")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert re.search(r"^Peça \d e \d, cabe ", label), label
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.classList.contains('domino-place--lit')")
    place = page.evaluate("document.activeElement.dataset.place")
    page.keyboard.press("Enter")
    wait_for_version(page, before + 1)
    return place


def mover_of(pages: list[Page]) -> Page:
    """The one page whose banner says "Sua vez", once every page shows the same version."""
    newest = max(version(page) for page in pages)
    for page in pages:
        wait_for_version(page, newest)
    on_turn = [
        page for page in pages if page.locator(".mesa-status__banner").inner_text() == "Sua vez"
    ]
    assert len(on_turn) == 1, [
        (p.who, version(p), p.locator(".mesa-status__banner").inner_text()) for p in pages
    ]
    return on_turn[0]


# -- the tests -----------------------------------------------------------------------------------


class DominoTable(LiveServerTestCase):
    def setUp(self):
        super().setUp()
        self.trouble: list[str] = []

    def assert_played_as_on_a_phone(self) -> None:
        count = len(self.trouble)
        assert not count, f"{count} turns not playable as on a phone:\n" + "\n".join(
            self.trouble[:12]
        )

    def create_domino_table(self, page: Page, *, public: bool, fast_robots: bool = False) -> int:
        page.goto(self.url("/jogar/domino/nova/"))
        page.get_by_label("Duplas", exact=True).check()
        page.get_by_label(
            "Pública: aparece no saguão" if public else "Privada: só com convite"
        ).check()
        page.get_by_label("Robôs rápidos").set_checked(fast_robots)
        page.get_by_role("button", name="Criar mesa").click()
        page.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(page)
        return table_id_of(page)

    def four_at_the_table(self) -> tuple[int, list[Page]]:
        """Ana hosts a private table and sends the invitations: Bia comes by Âmbar's link, Caio
        by Jade's, Duda by the table's (offered the one team with room); Ana starts."""
        ana = self.player("ana", "Ana")
        bia, caio, duda = (
            self.player(u, n) for u, n in (("bia", "Bia"), ("caio", "Caio"), ("duda", "Duda"))
        )
        table_id = self.create_domino_table(ana, public=False)
        invites = ana.get_by_role("region", name="Convites")
        self.table_link = invites.get_by_label("Convite para a mesa").input_value()
        links = {
            bia: (invites.get_by_label(f"Convite para a dupla {AMBAR}").input_value(), AMBAR),
            caio: (invites.get_by_label(f"Convite para a dupla {JADE}").input_value(), JADE),
            duda: (invites.get_by_label("Convite para a mesa").input_value(), AMBAR),
        }
        for guest, (link, team) in links.items():
            guest.goto(link)
            guest.wait_for_url(self.url(f"/mesa/{table_id}/"))
            wait_connected(guest)
            offered = guest.locator("#mesa-acoes").get_by_role("button")
            expect(offered).to_have_text([f"Sentar na dupla {team}"])
            offered.click()
            expect(guest.get_by_role("button", name="Sair da mesa")).to_be_visible()
        wait_for_banner(ana, "Todos sentados: pode começar")
        ana.get_by_role("button", name="Começar a partida").click()
        pages = [ana, bia, caio, duda]  # seats 0 (Jade), 1 (Âmbar), 2 (Jade), 3 (Âmbar)
        seats = Seat.objects.filter(table_id=table_id).order_by("index")
        assert [s.user.nickname for s in seats] == [page.who for page in pages]
        for page in pages:
            expect(hand_tiles(page)).to_have_count(7)
        return table_id, pages


def play_until(
    pages: list[Page], table_id: int, names: list[str], done, trouble: list[str], watchers=()
) -> int:
    """Each page plays on its turn (the one whose banner says "Sua vez") until `done(page)` is
    true of a page that shows the latest move; at every turn no page shows a tile it should not,
    the others wait for the mover, and the move stored is the one tapped. Returns the number of
    moves."""
    played, mover = 0, pages[0]
    while not done(mover):
        mover = mover_of(pages)
        seat = pages.index(mover)
        assert Table.objects.get(pk=table_id).state["hand"]["to_move"] == seat
        # Every page shows the latest move (mover_of): its banner and hand are of that move too.
        for page in [*pages, *watchers]:
            shown = assert_shows_only_own_tiles(page, table_id, names)
            if page is not mover:
                assert shown["banner"] == f"Vez de {mover.who}", (page.who, shown["banner"])
                assert shown["fits"] == 0, f"{page.who}'s hand offers a tile off turn"
        tile, place = play_turn(mover, trouble)
        played += 1
        now = version(mover)
        for page in [*pages, *watchers]:
            wait_for_version(page, now)
        entry = Action.objects.filter(table_id=table_id).latest("version")
        assert entry.seat == seat and key(entry.action["tile"]) == tile
        assert entry.action.get("end") == (None if place == "center" else place)
        assert played < 300, "the match does not end"
    return played


class DominoPeopleTests(DominoTable):
    def test_a_fifth_person_queues_chats_reacts_and_sits_when_the_match_ends(self):
        table_id, pages = self.four_at_the_table()
        names = [page.who for page in pages]
        # The match is two moves from its end: from Jade 190 and Âmbar 185, the hand that ends
        # it played up to there (205 to 220 so far). The live server keeps its own copy of the
        # table, so the version moves on with the state: the next write there (Eva joining the
        # queue) reads the table again and shows it to all.
        state = first_fits(setup_from_deal(NEAR_THE_END, scores=(190, 185)), 17 - 2)
        Table.objects.filter(pk=table_id).update(
            state=state, version=F("version") + 1, state_version=F("version") + 1
        )

        eva = self.player("eva", "Eva")
        eva.goto(self.table_link)
        eva.wait_for_url(self.url(f"/mesa/{table_id}/"))
        wait_connected(eva)
        actions = eva.locator("#mesa-acoes")
        expect(actions).to_contain_text(
            "Mesa cheia: quem entra na fila assiste e senta no fim da partida."
        )
        actions.get_by_role("button", name="Entrar na fila").click()
        expect(actions.get_by_role("button", name="Sair da fila")).to_be_visible()
        expect(actions).to_contain_text("Você é o 1º da fila: senta no fim da partida.")
        for page in [*pages, eva]:
            expect(page.get_by_role("region", name="Fila").get_by_role("listitem")).to_have_text(
                [re.compile(r"^Eva\b")]
            )
            expect(page.locator("#domino-placar")).to_contain_text("Partida 1 · mão 1")
            assert scores_on(page) == [205, 220]

        # Eva, waiting, writes to the table and reacts: the players read both.
        eva.get_by_placeholder("Escreva para a mesa…").fill("Boa sorte, mesa!")
        eva.get_by_role("button", name="Enviar").click()
        eva.get_by_label("Reações", exact=True).click()
        eva.locator(".mesa-reagir__menu").get_by_role("button", name="Boa!").click()
        for page in pages:
            line = page.locator("#mesa-chat-lista .chat-line").filter(has_text="Boa sorte, mesa!")
            expect(line).to_contain_text("Eva")
            # Nobody's seat: her reaction is a line of its own, with no bubble by any seat.
            expect(page.locator("#mesa-reacoes .reaction")).to_have_text(re.compile(r"Eva\s+Boa!"))
            expect(page.locator(".bubble")).to_have_count(0)

        seated = lambda page: page.locator("#mesa-lugares .seat", has_text="Eva").count() > 0  # noqa: E731
        played = play_until(pages, table_id, names, seated, self.trouble, watchers=[eva])
        assert played == 2

        # Jade won the match 245 to 220. Eva is the only one waiting, so Bia and Duda (Âmbar)
        # drew a tile each; who lost the draw went to the queue and Eva sat in that place.
        table = Table.objects.get(pk=table_id)
        assert table.state["results"] == [] and table.state["scores"] == [0, 0]
        by_seat = {s.index: s.user.nickname for s in table.seats.all()}
        seat = next(i for i, name in by_seat.items() if name == "Eva")
        assert seat in (1, 3) and {by_seat[1], by_seat[3]} - {"Eva"} <= {"Bia", "Duda"}
        out = pages[seat]
        assert out.who in ("Bia", "Duda")
        expect(eva.locator("#mesa-aviso")).to_contain_text("Sua vez na fila: você sentou à mesa.")
        expect(eva.locator(f"#mesa-lugar-{seat}")).to_contain_text("Eva (você)")
        expect(hand_tiles(eva)).to_have_count(7)
        playing = [page for page in pages if page is not out]

        # Seated now, her reaction is a bubble by her seat on the others' pages, for a while.
        eva.get_by_label("Reações", exact=True).click()
        eva.locator(".mesa-reagir__menu").get_by_role("button", name="Valeu, parceiro!").click()
        for page in playing:
            bubble = page.locator(
                f'#mesa-lugar-{seat} .bubble, [data-bubble-seat="{seat}"] .bubble'
            )
            expect(bubble.first).to_have_text("Valeu, parceiro!")

        expect(eva.locator("#domino-placar")).to_contain_text("Partida 1 · mão 1")
        assert scores_on(eva) == [0, 0]
        expect(out.locator("#mesa-acoes")).to_contain_text(
            "Você é o 1º da fila: senta no fim da partida."
        )
        expect(hand_tiles(out)).to_have_count(0)
        for page in playing:
            expect(page.locator(f"#mesa-lugar-{seat}")).to_contain_text("Eva")
            expect(page.get_by_role("region", name="Fila")).to_contain_text(out.who)
            log = page.locator("#domino-log")
            expect(log).to_contain_text(
                re.compile(r"Sorteio: Bia tirou \d\|\d, Duda tirou \d\|\d\.")
            )
            expect(log).to_contain_text(f"{out.who} vai para o fim da fila; Eva senta no lugar.")
        for page in [*playing, eva]:
            assert scores_on(page) == [0, 0]
        names[seat] = "Eva"
        for page in [*playing, eva, out]:
            assert_shows_only_own_tiles(page, table_id, names)
        # The bubble has gone meanwhile, after a while.
        expect(playing[0].locator(".bubble")).to_have_count(0, timeout=6_000)
        self.assert_played_as_on_a_phone()


@override_settings(GAMES_SWEEPER=True, GAMES_FAST_ROBOT_DELAY=(0.02, 0.05))
class DominoRobotTests(DominoTable):
    def test_one_person_and_three_fast_robots_play_a_whole_best_of_three(self):
        ana = self.player("ana", "Ana")
        table_id = self.create_domino_table(ana, public=False, fast_robots=True)
        for _ in range(3):
            ana.get_by_role("button", name="Pôr robô").first.click()
        expect(ana.locator("#mesa-lugares .badge", has_text="robô")).to_have_count(3)
        ana.get_by_role("button", name="Começar a partida").click()
        result = ana.locator("#mesa-resultado")
        played = 0
        while True:
            your_turn = ana.locator(".mesa-status--yours")
            expect(your_turn.or_(result.get_by_role("heading", level=2))).to_be_visible(
                timeout=30_000
            )
            if result.get_by_role("heading", level=2).count():
                break
            if played % 5 == 4:  # every fifth turn by keyboard alone
                play_turn_by_keyboard(ana)
            else:
                play_turn(ana, self.trouble)
            played += 1
            assert played < 400

        table = Table.objects.get(pk=table_id)
        assert table.status == Table.Status.FINISHED
        won = table.outcome["winners"] == [0, 2]
        title = "Você venceu!" if won else f"Dupla vencedora: {AMBAR}"
        expect(result.get_by_role("heading", level=2)).to_have_text(title)
        expect(result.get_by_role("button", name="Jogar de novo")).to_be_visible()
        assert 2 in table.outcome["matches"] and sum(table.state["matches"]) in (2, 3)
        # The score area keeps each pair's matches won; the log says who won the last one.
        for pair, name in enumerate((JADE, AMBAR)):
            won = table.state["matches"][pair]
            counted = f"{won} partida ganha" if won == 1 else f"{won} partidas ganhas"
            score = ana.locator("#domino-placar .domino-score__pair").filter(has_text=name)
            expect(score.get_by_role("img")).to_have_attribute("aria-label", counted)
        last = (JADE, AMBAR)[table.state["results"][-1]["winner"]]
        expect(ana.locator("#domino-log")).to_contain_text(
            f"{last} venceu a {len(table.state['results'])}ª partida"
        )
        people = Action.objects.filter(table_id=table_id, user__isnull=False, action__type="play")
        assert people.count() == played and all(a.seat == 0 for a in people)
        self.assert_played_as_on_a_phone()

    def test_the_hand_is_arranged_by_organizar_or_by_dragging_and_stays_so_after_a_reload(self):
        ana = self.player("ana", "Ana")
        ana.goto(self.url("/jogar/"))
        ana.get_by_role("button", name="Jogar com 3 robôs").click()
        ana.wait_for_url(re.compile(r"/mesa/\d+/$"))
        wait_connected(ana)
        table_id = table_id_of(ana)
        assert Table.objects.get(pk=table_id).status == Table.Status.PLAYING
        order = lambda: hand_tiles(ana).evaluate_all("els => els.map(e => e.dataset.tile)")  # noqa: E731
        expect(hand_tiles(ana)).to_have_count(7)
        hand = Table.objects.get(pk=table_id).state["hand"]["number"]

        # "Organizar": by suit, the highest half first, each suit from its biggest tile down.
        ana.get_by_role("button", name="Organizar").click()
        arranged = order()
        by_suit = sorted(arranged, key=lambda t: (-int(t.split("-")[1]), -int(t.split("-")[0])))
        assert arranged == by_suit, arranged

        # Drag the last tile before the first one, as a finger does.
        last, first = hand_tiles(ana).last.bounding_box(), hand_tiles(ana).first.bounding_box()
        ana.mouse.move(last["x"] + last["width"] / 2, last["y"] + last["height"] / 2)
        ana.mouse.down()
        ana.mouse.move(first["x"] + 4, first["y"] + first["height"] / 2, steps=12)
        ana.mouse.up()
        dragged = order()
        assert dragged == [arranged[-1], *arranged[:-1]], dragged

        reload_table(ana)  # Ana has not played meanwhile: the same seven tiles, in her order
        expect(hand_tiles(ana)).to_have_count(7)
        assert order() == dragged
        assert Table.objects.get(pk=table_id).state["hand"]["number"] == hand

    def test_a_tile_laid_late_in_a_hand_is_drawn_where_a_fresh_page_draws_it(self):
        """The socket sends a tile laid on a long line alone, put after the one before it, and
        the board's size on its own: the live page and a page opened afresh show every tile and
        place of the line at the same spot, on a phone and on a desktop."""
        ana = self.player("ana", "Ana")
        bia = self.player("bia", "Bia", viewport={"width": 1280, "height": 800})
        others = [person("caio", "Caio"), person("duda", "Duda")]
        table = positions.started("domino", "duplas", ana.user, others=[bia.user, *others])

        def long_line(copy) -> bool:
            hand = copy.state["hand"]
            return sum(map(len, hand["table"]["arms"].values())) >= 12 and hand["to_move"] == 0

        table = positions.play_until(table, [ana.user, bia.user, *others], long_line)
        for page in (ana, bia):
            open_table(page, table.pk)
        play_turn(ana, self.trouble)
        # The move's version, as Ana's page shows it: the pages' connecting moved the table's
        # version past `table.version` already, so its + 1 could be reached before the move.
        wait_for_version(bia, version(ana))
        live = [page.evaluate(BOARD) for page in (ana, bia)]
        for page in (ana, bia):
            reload_table(page)
        assert [page.evaluate(BOARD) for page in (ana, bia)] == live
        assert len(live[0]) >= 13 + 1  # the tiles laid and the open places
        self.assert_played_as_on_a_phone()
