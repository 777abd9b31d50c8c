"""The Dominó table's templates (games/jinja2/games/domino/) as a player reads them: the foot
line of the latest move, the end-of-hand panel, where a tile of the hand fits, what spectators
see, and the data domino.js works from."""

from __future__ import annotations

import random
import re

from games import rendering
from games.bots import domino as bot
from games.partials import parts_of
from games.presenters import domino as presenter
from games.presenters.domino_board import EDGE_X, EDGE_Y, board
from games.presenters.domino_events import HAND_END_SHOWN, foot
from games.rules.domino import GAME
from tests.accessibility import by_id, named_without_role, spoken, with_class
from tests.pages import parse

NAMES = ["Ana", "Bia", "Caio", "Duda"]


def render(state, seat, *, events=(), history=()):
    view = GAME.view(state, seat)
    on_turn = seat is not None and seat in GAME.to_act(state)
    legal = [a for a in GAME.legal_actions(state, seat) if a["type"] == "play"] if on_turn else []
    g = presenter.context(view, seat, legal, names=NAMES, events=events, history=history)
    template = rendering.template("games/domino/_game.html")
    html, parts = parts_of(template, {"g": g, "log": []})
    return html, {part.id: part.html for part in parts}


def played(seed, stop=lambda events: False, moves=200):
    """A game played by the robot from `seed`: the state and the moves' events, newest first."""
    rng = random.Random(seed)
    state = GAME.setup(4, {}, rng)
    history = []
    for _ in range(moves):
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "leave"]
        state, events = GAME.apply(state, seat, bot.choose(GAME.view(state, seat), legal, rng), rng)
        history.insert(0, tuple(events))
        if stop(events):
            break
    return state, tuple(history)


def score(pair, points, reason):
    return {"type": "score", "text": "", "pair": pair, "points": points, "reason": reason}


def test_the_foot_line_says_who_played_what_and_what_it_scored_by_name():
    events = (
        {"type": "play", "text": "", "seat": 0, "tile": [4, 6], "end": "left"},
        score(0, 10, "mesa"),
        {"type": "turn", "text": "", "seat": 1},
    )
    assert foot(events, NAMES) == ["Ana jogou 6|4: +10 para Jade"]


def test_the_foot_line_gives_each_pass_its_points_and_the_partners_pass_none():
    events = (
        {"type": "play", "text": "", "seat": 0, "tile": [2, 6], "end": "right"},
        {"type": "pass", "text": "", "seat": 1, "ends": [2, 6]},
        {"type": "pass", "text": "", "seat": 2, "ends": [2, 6]},
        score(0, 20, "passe"),
    )
    assert foot(events, NAMES) == [
        "Ana jogou 6|2",
        "Bia passou: +20 para Jade",
        "Caio passou",
    ]


def test_the_foot_line_says_the_galo_when_the_three_others_pass():
    events = (
        {"type": "play", "text": "", "seat": 3, "tile": [1, 1], "end": "up"},
        *({"type": "pass", "text": "", "seat": s, "ends": [1]} for s in (0, 1, 2)),
        score(1, 50, "galo"),
    )
    phrases = foot(events, NAMES)
    assert phrases[0] == "Duda jogou 1|1"
    assert phrases[-1] == "Galo: +50 para Âmbar"
    assert "Ana passou" in phrases and "Bia passou" in phrases


def test_the_foot_line_of_a_batida_names_who_went_out_and_the_garagem():
    events = (
        {"type": "play", "text": "", "seat": 2, "tile": [3, 3], "end": "down"},
        {
            "type": "hand_end",
            "text": "",
            "reason": "batida",
            "seat": 2,
            "hands": [],
            "pips": [0, 17],
        },
        score(0, 20, "batida_de_carroca"),
        score(0, 15, "garagem"),
    )
    assert foot(events, NAMES) == [
        "Caio jogou 3|3",
        "Caio bateu",
        "Batida de carroça: +20 para Jade",
        "Garagem: +15 para Jade",
    ]


def test_the_end_of_a_hand_shows_every_hand_after_its_end_and_not_before():
    state, history = played(3, stop=lambda events: any(e["type"] == "hand_end" for e in events))
    end = next(e for e in history[0] if e["type"] == "hand_end")
    left = sum(len(tiles) for tiles in end["hands"])
    assert left > 0
    for viewer in (0, 1, None):
        _html, parts = render(state, viewer, events=history[0], history=history)
        panel = parts["domino-fim"]
        assert "Fim da mão 1" in panel
        assert panel.count('aria-label="Peça ') == left
        for seat, tiles in enumerate(end["hands"]):
            assert NAMES[seat] in panel
            for a, b in tiles:
                assert f'aria-label="Peça {max(a, b)} e {min(a, b)}"' in panel
    _html, before = render(state, 0, events=history[1], history=history[1:])
    assert 'aria-label="Peça ' not in before["domino-fim"]
    # Four moves into the new hand, the panel is gone.
    older = ((),) * HAND_END_SHOWN + history
    _html, later = render(state, 0, history=older)
    assert "domino-reveal" not in later["domino-fim"]


def test_a_tile_of_the_hand_says_where_it_fits_and_has_one_form_per_place():
    state, history = played(5, moves=3)
    seat = GAME.to_act(state)[0]
    _html, parts = render(state, seat, events=history[0], history=history)
    hand = parts["domino-mao"]
    fits = {
        tuple(sorted(a["tile"])): a["end"]
        for a in GAME.legal_actions(state, seat)
        if a["type"] == "play"
    }
    buttons = re.findall(
        r'data-tile="(\d)-(\d)" data-places="([a-z ]*)" aria-label="([^"]*)"', hand
    )
    assert len(buttons) == len(state["hand"]["tiles"][seat])
    for a, b, places, label in buttons:
        wanted = sorted(
            x["end"]
            for x in GAME.legal_actions(state, seat)
            if x["type"] == "play" and sorted(x["tile"]) == [int(a), int(b)]
        )
        assert sorted(places.split()) == wanted
        assert label.startswith(f"Peça {b} e {a}")
        assert (", cabe " in label) == bool(wanted) and (", não cabe" in label) == (not wanted)
        for place in wanted:
            assert f'data-tile="{a}-{b}" data-place="{place}">' in parts["domino-jogadas"]
            assert f'data-place="{place}"' in parts["domino-mesa"]
    assert fits


def test_a_tile_that_fits_both_sides_of_a_lone_bucho_is_said_so():
    assert presenter.fits_label(["left", "right"]) == ", cabe na esquerda e na direita"
    assert presenter.fits_label([]) == ", não cabe"


def test_spectators_see_only_backs_and_every_seat_in_its_place():
    state, history = played(5, moves=6)
    html, parts = render(state, None, events=history[0], history=history)
    on_table = (
        len(html.split('id="domino-mesa"')[1].split("<!--")[0].split('aria-label="Peça ')) - 1
    )
    assert html.count('aria-label="Peça ') == on_table
    assert "domino-mao" not in parts and "ws-send" not in html
    assert html.count('class="domino-other ') == 4
    for where in ("partner", "left", "right", "self"):
        assert f"domino-other--{where}" in html
    for seat in range(4):
        assert f'data-bubble-seat="{seat}"' in html


def test_the_other_hands_say_their_count_in_words_and_the_scores_are_a_named_group():
    """Issue #29: a name on a plain span or div is not read (WCAG 4.1.2); text is."""
    state, history = played(5, moves=6)
    seat = GAME.to_act(state)[0]
    page = parse(render(state, seat, events=history[0], history=history)[0])
    assert not named_without_role(page)
    counts = {spoken(n) for n in with_class(page, "domino-other__count")}
    held = {len(tiles) for s, tiles in enumerate(state["hand"]["tiles"]) if s != seat}
    assert counts == {f"{n} pedras" for n in held}
    scores = by_id(page)["domino-placar"]
    assert (scores.attrs.get("role"), scores.attrs.get("aria-label")) == ("group", "Placar")


def test_the_hand_carries_what_domino_js_needs_and_the_seat_on_turn_a_clock_slot():
    state, history = played(5, moves=2)
    seat = GAME.to_act(state)[0]
    _html, parts = render(state, seat, events=history[0], history=history)
    hand = parts["domino-mao"]
    assert f'data-seat="{seat}"' in hand
    assert f'data-hand="{state["hand"]["number"]}"' in hand
    assert "data-sort" in hand and ">Organizar<" in hand
    assert f'data-clock-seat="{seat}"' in hand
    # One's own reaction shows by one's seat in the list, never over one's own hand.
    assert "data-bubble-seat" not in hand
    other = (seat + 1) % 4
    _html, theirs = render(state, other, events=history[0], history=history)
    assert f'data-clock-seat="{seat}"' in theirs["domino-maos"]
    assert "data-clock-seat" not in theirs["domino-mao"]
    assert "ws-send" not in theirs["domino-jogadas"]


def test_a_long_line_stays_on_a_board_of_a_phones_shape_and_no_two_tiles_overlap():
    state, _history = played(3, moves=22)
    laid = board(GAME.view(state, 0), NAMES)
    assert len(laid.tiles) >= 20
    assert laid.width <= 2 * EDGE_X + 2 and laid.height <= 2 * EDGE_Y + 3
    rects = [
        (at.x, at.y, at.x + (1 if at.vertical else 2), at.y + (2 if at.vertical else 1))
        for at in laid.tiles + laid.places
    ]
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_a_robot_waits_longer_after_a_hands_end():
    assert presenter.pause_after([{"type": "hand_end"}]) == 4.0
    assert presenter.pause_after([{"type": "play"}]) == 0.0


def test_each_number_is_drawn_once_per_page_with_its_pips_and_every_tile_uses_those_drawings():
    from games.rendering import page_defs

    defs = str(page_defs("domino"))
    for prefix in ("domino-v", "domino-h", "domino-V", "domino-H"):
        for number in range(7):
            group = re.search(rf'<g id="{prefix}{number}">(.*?)</g>', defs)
            assert group is not None, (prefix, number)
            assert group.group(1).count("<circle") == number
    state = GAME.setup(4, {}, random.Random(4))
    html, _parts = render(state, 0)
    hand = sorted(tuple(sorted(t)) for t in state["hand"]["tiles"][0])
    drawn = sorted(
        tuple(sorted(int(n) for n in re.findall(r'href="#domino-[vhVH](\d)"', svg)))
        for svg in re.findall(r"<svg class=\"tile.*?</svg>", html)
    )
    assert drawn == hand  # a new hand: only the viewer's own tiles, each by its two numbers


def test_the_seat_on_turn_is_named_once_and_a_move_sends_only_the_movers_hand():
    """The line of what the move did names the seat on turn (domino.css shows that hand's "na
    vez", clock and underline from it): a move redraws the mover's count and no other hand."""
    for moves in range(1, 12):
        before, before_history = played(8, moves=moves - 1) if moves > 1 else (None, ())
        state, history = played(8, moves=moves)
        mover = GAME.to_act(state)[0]
        for seat in (None, 0, 1, 2, 3):
            _html, parts = render(state, seat, events=history[0], history=history)
            assert f'data-on-turn="{mover}"' in parts["domino-pe"]
            if before is None:
                continue
            _old, old = render(before, seat, events=before_history[0], history=before_history)
            moved = history[0][0]["seat"]
            for other in range(4):
                part = f"domino-outro-{other}"
                if other == seat or part not in parts:
                    continue
                same_count = before["hand"]["tiles"][other] == state["hand"]["tiles"][other]
                if same_count:
                    assert parts[part] == old[part], (moves, seat, other, moved)
