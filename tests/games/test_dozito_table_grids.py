"""The Dozito table's templates (games/jinja2/games/dozito/) as a player reads them: the own grid
large and the others small, each a region named by its player, the piles and slots one may tap
only on one's turn, a Coringa's slots lit, a chain's and a clash's choices, groups outlined with
their points, and the grid on turn named on the status line alone."""

from __future__ import annotations

import random
import re

from games.rendering import game_render
from games.rules import dozito as rules
from games.rules.dozito import GAME, card
from tests.accessibility import accessible_name, regions, unreachable, with_class
from tests.games.dozito_render import NAMES, act, deal, played, render
from tests.pages import parse


def slots_of(part):
    return re.findall(r'<li id="dozito-grade-\d+-\d+" class="dz-slot[^"]*" data-slot="(\d+)"', part)


def test_the_own_grid_is_large_and_the_others_small():
    state = GAME.setup(3, {}, random.Random(3))
    _html, parts = render(state, 1)
    assert "dz-grid--yours" in parts["dozito-grade-1"] and "Sua grade" in parts["dozito-grade-1"]
    for other in (0, 2):
        assert "dz-grid--rival" in parts[f"dozito-grade-{other}"]
        assert NAMES[other] in parts[f"dozito-grade-{other}"]
    assert len(slots_of(parts["dozito-grade-0"])) == 12
    # the play area (piles, choices, own grid) is what the platform keeps in view on one's turn
    html, _parts = render(state, 1)
    play = html[html.index("data-play-area") :]
    assert 'id="dozito-grade-1"' in play and 'id="dozito-grade-0"' not in play


def test_each_grid_is_a_region_named_by_its_player_with_a_title_under_the_pages_h1():
    """Issue #29: every grid was "Grade: <title>", the same name at every step of a guide, and
    its h3 came right after the table page's h1; the others' row scrolls on a phone."""
    state = GAME.setup(3, {}, random.Random(3))
    page = parse(render(state, 1)[0])
    grids = {node.attrs["id"]: said for node, said in regions(page) if node.tag == "section"}
    assert grids == {
        "dozito-grade-0": "Ana",
        "dozito-grade-2": "Caio",
        "dozito-grade-1": "Sua grade",
    }
    titles = with_class(page, "dz-grid__title")
    assert len(titles) == 3 and {node.tag for node in titles} == {"h2"}
    (rivals,) = with_class(page, "dz-rivals")
    assert not unreachable(page, [rivals])
    assert accessible_name(page, rivals) == "Grades dos outros jogadores"
    # A guide draws the grids of every step: named groups there, not regions.
    guide = parse(str(game_render("dozito", state, 1, names=NAMES[:3])))
    assert not regions(guide)
    assert {node.attrs.get("role") for node in with_class(guide, "dz-grid")} == {"group"}
    assert {node.tag for node in with_class(guide, "dz-grid__title")} == {"h4"}


def test_piles_are_buttons_only_for_the_seat_on_turn():
    state = GAME.setup(3, {}, random.Random(4))
    _html, mine = render(state, 0)
    piles = mine["dozito-pilhas"]
    assert piles.count("<button ws-send") == 3  # the draw pile and the two discard piles
    assert '"from": "draw"' in piles or '"from":"draw"' in piles
    assert piles.count("dz-pile__do") == 3 and "Comprar" in piles and "Pegar" in piles
    for seat in (1, 2, None):
        html, parts = render(state, seat)
        assert "ws-send" not in html
        assert "dz-pile--target" not in parts["dozito-pilhas"]


def test_a_coringa_taken_from_a_pile_lights_every_slot_of_the_own_grid_only():
    state = deal(2, piles=[card("verde"), card("azul", 3)])
    state, _events = act(state, 0, {"type": "take", "from": "discard", "pile": 0})
    assert state["turn"]["phase"] == "place"
    _html, parts = render(state, 0)
    own = parts["dozito-grade-0"]
    assert own.count("dz-slot--target") == 12
    sent = sorted(int(s) for s in re.findall(r'"type": ?"place", ?"slot": ?(\d+)', own))
    assert sent == list(range(1, 13))
    assert "dz-slot--target" not in parts["dozito-grade-1"]
    assert (
        "Coringa verde" in parts["dozito-pilhas"] and "dz-pile--holding" in parts["dozito-pilhas"]
    )
    _html, theirs = render(state, 1)
    assert "dz-slot--target" not in theirs["dozito-grade-0"] and "ws-send" not in _html


def test_a_chain_shows_the_turned_up_card_its_slot_and_both_piles():
    # Ana takes the 5 azul onto face-down slot 5, which held the 9 roxo: it comes up in hand
    state = deal(2, cards={0: {5: card("roxo", 9)}}, piles=[card("azul", 5), card("verde", 2)])
    state, _events = act(state, 0, {"type": "take", "from": "discard", "pile": 0})
    assert state["turn"]["phase"] == "hand" and state["turn"]["hand"] == card("roxo", 9)
    history = (tuple(_events),)
    _html, parts = render(state, 0, history=history)
    assert "9 roxo" in parts["dozito-pilhas"]  # the card in hand, face up for everyone
    controls = parts["dozito-controles"]
    assert "Pôr no espaço 9" in controls
    assert "Descartar na pilha 1" in controls and "Descartar na pilha 2" in controls
    assert parts["dozito-grade-0"].count("dz-slot--target") == 1
    assert 'data-slot="5" data-from="pile-0"' in parts["dozito-grade-0"]
    assert parts["dozito-pilhas"].count("dz-pile--target") == 2  # both piles take the discard
    foot = parts["dozito-pe"]
    assert "Ana:" in foot and "pegou o 5 azul da pilha 1" in foot and "virou o 9 roxo" in foot
    _html, watching = render(state, None, history=history)
    assert "9 roxo" in watching["dozito-pilhas"] and watching["dozito-controles"].count("form") == 0


def test_a_clash_offers_which_card_stays_and_the_pile_of_the_other():
    # slot 9 already shows the 9 verde; the 9 roxo turned up from slot 5 clashes with it
    state = deal(
        2,
        cards={0: {5: card("roxo", 9), 9: card("verde", 9)}},
        piles=[card("azul", 5), card("verde", 2)],
        up={0: (9,)},
    )
    state, _events = act(state, 0, {"type": "take", "from": "discard", "pile": 0})
    assert state["turn"]["phase"] == "clash"
    _html, parts = render(state, 0)
    controls = parts["dozito-controles"]
    assert controls.count("<button ws-send") == 4
    assert "Fica o 9 roxo da mão; o 9 verde vai para:" in controls
    assert "Fica o 9 verde da grade; o 9 roxo vai para:" in controls
    assert 'aria-label="Ficar com o 9 roxo, descartar o 9 verde na pilha 2"' in controls
    assert "dz-slot--clash" in parts["dozito-grade-0"]


def test_groups_are_outlined_with_their_points_as_the_rules_score_them():
    # Ana: a group of 3 azul (1, 2, 5), a pair of verde (11, 12), a lone vermelho (7)
    ana = {
        1: card("azul", 1),
        2: card("azul", 2),
        5: card("azul", 5),
        11: card("verde", 11),
        12: card("verde", 12),
        7: card("vermelho", 7),
    }
    state = deal(2, cards={0: ana}, up={0: tuple(ana)})
    score = rules.grid_score(state["grids"][0])
    assert score["groups"] == [3, 2, 1]
    for seat in (0, 1, None):
        _html, parts = render(state, seat)
        grid = parts["dozito-grade-0"]
        badges = [
            int(b) for b in re.findall(r'dz-slot__badge num" aria-hidden="true">\+(\d+)<', grid)
        ]
        assert sorted(badges) == sorted(rules.GROUP_POINTS[n] for n in score["groups"] if n > 1)
        assert grid.count("dz-slot--group") == 5  # the lone card is no group
        assert grid.count("dz-slot--g-azul") == 3 and grid.count("dz-slot--g-verde") == 2
        assert f"{score['points']} pontos" in grid
    first_slot = re.search(r'<li id="dozito-grade-0-1" class="([^"]*)"', parts["dozito-grade-0"])
    slot1 = first_slot.group(1)
    # slot 2 on its right and slot 5 below are of its group: the outline runs top and left only
    assert {"dz-edge-t", "dz-edge-l"} <= set(slot1.split())
    assert not {"dz-edge-r", "dz-edge-b"} & set(slot1.split())
    _html, mine = render(state, 0)
    suns = score["suns"]
    assert f"{score['points']} = 5 + 2 + {suns} ☀" in mine["dozito-grade-0"]


def test_the_grid_on_turn_is_named_once_on_the_status_line_not_in_any_grid():
    """A turn change sends the status line anyway: it names the grid on turn (dozito.css shows
    the sign and the outline from it), so no grid is drawn again for the turn alone."""
    changes = 0
    previous = None
    for state, history in played(5, seats=3):
        mover = None if state["end"] else GAME.to_act(state)[0]
        for seat in (None, 0, 1, 2):
            html, parts = render(state, seat, history=history)
            if seat == 0:
                ana = parts
            status = parts["dozito-estado"]
            if mover is None:
                assert "data-on-turn" not in status
            else:
                assert f'data-on-turn="{mover}"' in status
            # Every grid's title carries the sign, which the stylesheet hides off turn.
            titles = re.findall(r'<h\d id="dozito-grade-\d-titulo".*?</h\d>', html)
            assert len(titles) == 3 and all('class="dz-grid__turn"' in t for t in titles)
        if previous is not None and None not in (mover, previous[1]) and mover != previous[1]:
            changes += 1
            # A grid whose cards, points and marks stayed is the same markup after the turn.
            before = previous[0]
            kept = [g for g in ("dozito-grade-1", "dozito-grade-2") if before[g] == ana[g]]
            assert kept, "a turn change redrew every other grid"
        previous = (ana, mover)
    assert changes > 5
