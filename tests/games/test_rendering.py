"""Renders per (version, viewer, language), partials and what a socket is sent of them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from config.jinja2 import environment
from games import rendering, rules, services, snapshots
from games.models import Table
from games.partials import parts_of
from games.rendering import Render, changes, everything, game_render, table_render
from tests.games.conftest import act

pytestmark = pytest.mark.django_db(transaction=True)


def p(part_id: str, inner: str) -> str:
    """Template source of a partial `part_id` enclosing `inner`."""
    return f'{{% filter partial("{part_id}") %}}{inner}{{% endfilter %}}'


def drawn(source: str) -> tuple[str, tuple]:
    """The markup of a template's `source`, and the partials it declares."""
    return parts_of(environment().from_string(source), {})


def html_of(source: str) -> str:
    return drawn(source)[0]


def render_of(source: str) -> Render:
    return Render(drawn(source)[1])


def test_partials_nest_as_the_template_declares_them():
    html, parts = drawn(
        p("a", '<div id="a">x' + p("b", '<i id="b">1</i>') + "y</div>") + p("c", '<p id="c">z</p>')
    )
    assert html == '<div id="a">x<i id="b">1</i>y</div><p id="c">z</p>'
    assert [part.id for part in parts] == ["a", "c"]
    assert parts[0].html == '<div id="a">x<i id="b">1</i>y</div>'
    assert [child.html for child in parts[0].children] == ['<i id="b">1</i>']
    # A render that keeps no partials (a guide's round) draws the same markup.
    assert environment().from_string(p("c", '<p id="c">z</p>')).render() == '<p id="c">z</p>'


def test_a_socket_is_sent_the_partials_that_changed_and_whole_parents_when_their_shell_did():
    sent: rendering.Sent = {}
    children = p("b", '<i id="b">1</i>') + p("c", '<i id="c">2</i>')
    first = p("a", f'<div id="a">{children}</div>')
    assert everything(render_of(first), sent) == html_of(first)  # one top-level partial
    assert changes(render_of(first), sent) == ""  # nothing changed, nothing sent
    one_child = first.replace(">1<", ">9<")
    assert changes(render_of(one_child), sent) == '<i id="b">9</i>'
    new_shell = one_child.replace('<div id="a">', '<div id="a" class="x">')
    assert changes(render_of(new_shell), sent) == html_of(new_shell)  # the whole parent
    fewer = p("a", '<div id="a" class="x">' + p("b", '<i id="b">9</i>') + "</div>")
    assert changes(render_of(fewer), sent) == html_of(fewer)  # a child gone: whole again


def line(*tiles: str, tail: str = "", between: str = "") -> str:
    """A line of tiles in a board: each tile a partial, right after the one before."""
    parts = between.join(p(t, f'<i id="{t}">{t}</i>') for t in tiles)
    return p("board", f'<div id="board">{parts}{tail}</div>')


def test_a_child_new_right_after_a_sibling_is_inserted_after_it_and_the_rest_stays():
    sent: rendering.Sent = {}
    everything(render_of(line("t0", "t2")), sent)
    grown = changes(render_of(line("t0", "t1", "t2", "t3")), sent)
    assert grown == (
        '<div hx-swap-oob="afterend:#t0"><i id="t1">t1</i></div>'
        '<div hx-swap-oob="afterend:#t2"><i id="t3">t3</i></div>'
    )
    assert changes(render_of(line("t0", "t1", "t2", "t3")), sent) == ""
    # A child gone, or one new in a run's first place, takes the whole parent again.
    assert changes(render_of(line("t0", "t2", "t3")), sent) == html_of(line("t0", "t2", "t3"))
    assert changes(render_of(line("n", "t0", "t2", "t3")), sent).startswith('<div id="board">')
    # Markup between two children: the new one is not right after its sibling.
    spaced = line("a", "b", between=" ")
    sent.clear()
    everything(render_of(line("a")), sent)
    assert changes(render_of(spaced), sent) == html_of(spaced)


def test_a_page_that_applies_the_insertions_matches_a_fresh_render():
    from tests.pages import Page

    page, sent = Page(), {}
    page.apply(everything(render_of(line("t0")), sent))
    # A line grows, starts again (a new hand: its parent sent whole) and grows again: a child
    # the page lost with its parent is new to it, whatever the socket was sent before.
    lines = [("", ("t0", "t1")), ("", ("t0", "t1", "t2")), ("", ("t0", "t1", "t2", "t3"))]
    lines += [("!", ("u0",)), ("!", ("u0", "t1")), ("!", ("u0", "t1", "t2"))]
    for tail, tiles in lines:
        page.apply(changes(render_of(line(*tiles, tail=tail)), sent))
        assert page.html() == html_of(line(*tiles, tail=tail))


def test_an_extra_partial_of_one_message_is_put_back_by_the_next(duel, ana):
    copy = snapshots.get(duel.pk)
    sent: rendering.Sent = {}
    everything(table_render(copy, 0), sent)
    notice = '<div id="mesa-aviso"><p>Oi</p></div>'
    assert changes(table_render(copy, 0), sent, [("mesa-aviso", notice)]) == notice
    again = changes(table_render(copy, 0), sent)
    assert again.startswith('<div id="mesa-aviso"') and "Oi" not in again


def test_the_version_carrier_names_the_games_own_version_only_when_it_is_older(duel, ana):
    def carrier() -> str:
        render = table_render(snapshots.get(duel.pk), 0)
        return next(x.html for x in _partials(render.parts) if x.id == "mesa-versao")

    version = Table.objects.get(pk=duel.pk).version
    assert carrier() == f'<span id="mesa-versao" data-version="{version}"></span>'
    services.seat_mute(table_id=duel.pk, by=ana, index=1)  # the table moves on, the game not
    expected = f'data-version="{version + 1}" data-state="{version}"'
    assert f'<span id="mesa-versao" {expected}></span>' == carrier()
    act(duel, ana, {"type": "roll", "cup": False})
    assert carrier() == f'<span id="mesa-versao" data-version="{version + 2}"></span>'


def test_the_seats_on_turn_are_named_by_the_banner_and_a_turn_change_resends_no_seat(
    robot_duel, ana
):
    """table.css marks the seats that #mesa-status lists (a robot's too): a turn that passes
    sends the banner, not the seats, whose marks are always in the markup."""
    sent: rendering.Sent = {}
    first = everything(table_render(snapshots.get(robot_duel.pk), 0), sent)
    assert re.search(r'id="mesa-status"[^>]*data-turn="0"', first)
    assert first.count('class="seat__turn"') == 2
    act(robot_duel, ana, {"type": "roll", "cup": False})
    changes(table_render(snapshots.get(robot_duel.pk), 0), sent)
    act(robot_duel, ana, {"type": "score", "box": "general"})
    html = changes(table_render(snapshots.get(robot_duel.pk), 0), sent)
    assert re.search(r'id="mesa-status"[^>]*data-turn="1"', html)  # the robot's turn
    assert "mesa-lugar" not in html


def test_every_spectator_of_a_version_shares_one_render_and_each_seat_has_its_own(
    duel, ana, monkeypatch
):
    copy = snapshots.get(duel.pk)
    made, context = [], rendering.table_context  # as rendering imported it
    monkeypatch.setattr(
        rendering, "table_context", lambda *a, **kw: made.append(a[1]) or context(*a, **kw)
    )
    spectators = [table_render(copy, None) for _ in range(5)]
    seats = [table_render(copy, seat) for seat in (0, 1, 0, 1)]
    assert all(r is spectators[0] for r in spectators)
    assert seats[0] is seats[2] and seats[1] is seats[3] and seats[0] is not seats[1]
    assert sorted(made, key=str) == sorted([None, 0, 1], key=str)
    act(duel, ana, {"type": "roll", "cup": False})
    table_render(snapshots.get(duel.pk), None)
    assert len(made) == 4  # a new version, a new render


def test_the_game_area_renders_from_a_plain_state_without_a_table():
    game = rules.get("bozo")
    state = game.setup(2, {"mode": "duelo"}, random.Random(1))
    state, _ = game.apply(state, 0, {"type": "roll", "cup": False}, random.Random(2))
    html = game_render("bozo", state, 0, names=["Ana", "Bia"], log=["Ana lançou."])
    faces = state["turn"]["dice"]
    for i, face in enumerate(faces, start=1):
        assert f'aria-pressed="false" aria-label="Dado {i}: {face}"' in html
    assert "Sua cartela" in html and "Bia" in html and "Ana lançou." in html
    spectator = game_render("bozo", state, None, names=["Ana", "Bia"])
    assert "aria-pressed" not in spectator and 'name="action"' not in spectator


def test_a_waiting_room_and_a_finished_table_render_for_every_kind_of_viewer(duel, ana, bia):
    waiting = services.table_create(host=ana, game="bozo", mode="duplas")
    for copy in (snapshots.get(waiting.pk), snapshots.get(duel.pk)):
        for seat in (None, *range(len(copy.seats))):
            for signed_in in (True, False):
                assert 'id="mesa-status"' in table_render(copy, seat, signed_in=signed_in).html
    anonymous = table_render(snapshots.get(waiting.pk), None, signed_in=False).html
    back = f"?next=%2Fmesa%2F{waiting.pk}%2F"
    assert (
        f'href="/conta/signup/{back}"' in anonymous and f'href="/conta/login/{back}"' in anonymous
    )
    assert 'value="sit"' not in anonymous
    services.seat_leave(table_id=duel.pk, user=bia)
    over = snapshots.get(duel.pk)
    assert "Você venceu!" in table_render(over, 0).html
    assert "Você venceu!" not in table_render(over, 1).html
    assert "Jogar de novo" not in table_render(over, None).html


def test_the_platform_names_no_game():
    """A fifth game adds its rules, robot, presenter, templates and static files: config/ and the
    platform's templates and page script know no game by name."""
    root = Path(__file__).resolve().parents[2]
    platform = [
        *root.joinpath("config").glob("*.py"),
        root / "games/static/games/table.js",
        root / "games/static/games/table.css",
        root / "games/jinja2/games/_table.html",
        root / "games/jinja2/games/_seats.html",
        root / "games/jinja2/games/_actions.html",
        root / "games/jinja2/games/_result.html",
        *(root / "games").glob("[a-z]*.py"),
    ]
    games = ("bozo", "domino", "dozito", "yams")
    exempt = {"catalog.py"}  # the catalog is where games are declared
    for path in platform:
        if path.name in exempt:
            continue
        # The site's own name (Bozó) prefixes its cache and channel keys.
        lines = [line for line in path.read_text().lower().splitlines() if "prefix" not in line]
        text = "\n".join(lines)
        assert not any(f'"{slug}"' in text or f"'{slug}'" in text for slug in games), path
        assert not any(f"games.{slug}" in text or f"games/{slug}" in text for slug in games), path


def test_the_start_button_says_why_it_waits_with_the_services_own_reason(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    waiting = table_render(snapshots.get(table.pk), 0).html
    assert "falta 1" in waiting and "disabled" in waiting
    services.seat_take(table_id=table.pk, user=bia)
    ready = table_render(snapshots.get(table.pk), 0).html
    assert "falta 1" not in ready
    assert services.start_refusal(snapshots.get(table.pk)) == ""


# A page's message is parsed as one fragment, in which these cannot stand on their own: htmx's
# socket extension would drop a `<td>` sent after a `<div>` (a partial must be a block or inline).
TABLE_PARTS = ("td", "th", "tr", "tbody", "thead", "tfoot", "caption", "col", "colgroup")


def _partials(parts):
    for part in parts:
        yield part
        yield from _partials(part.children)


@pytest.mark.parametrize(
    ("game", "mode", "options"),
    [
        ("bozo", "duelo", {}),
        ("domino", "duplas", {}),
        ("dozito", "mesa", {}),
        ("yams", "mesa", {"columns": 4}),
    ],
)
def test_no_partial_is_a_piece_of_a_table_that_cannot_be_sent_alone(make_user, game, mode, options):
    ana = make_user("ana", nickname="Ana")
    table = services.table_create(
        host=ana, game=game, mode=mode, options=options, is_public=False, robots=True
    )
    rng = random.Random(3)
    for _ in range(12):
        copy = snapshots.get(table.pk, fresh=True)
        for seat in (0, None):
            for part in _partials(table_render(copy, seat).parts):
                tag = part.html.lstrip()[1:].split(None, 1)[0].split(">", 1)[0].lower()
                assert tag not in TABLE_PARTS, (part.id, tag)
        movers = rules.get(game).to_act(copy.state)
        if 0 not in movers:
            break
        legal = [
            a
            for a in rules.get(game).legal_actions(copy.state, 0)
            if a["type"] not in ("leave", "claim_inactivity")
        ]
        services.table_act(
            table_id=table.pk, user=ana, action=rng.choice(legal), version=copy.version
        )


def test_cantar_embaixo_is_explained_next_to_its_button():
    game = rules.get("bozo")
    state = game.setup(2, {"mode": "duelo"}, random.Random(1))
    state, _ = game.apply(state, 0, {"type": "roll", "cup": True}, random.Random(2))
    html = game_render("bozo", state, 0, names=["Ana", "Bia"])
    button = re.search(r"<button[^>]*>Cantar embaixo e levantar</button>", html).group(0)
    hint_id = re.search(r'aria-describedby="([^"]+)"', button).group(1)
    hint = re.search(rf'<p[^>]*id="{hint_id}"[^>]*>(.*?)</p>', html).group(1)
    assert hint == "Cantando embaixo, vale a face oposta de cada dado lançado: 1↔6, 2↔5, 3↔4."
    assert "Cantando embaixo" not in game_render("bozo", state, 1, names=["Ana", "Bia"])
