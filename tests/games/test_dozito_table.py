"""The Dozito table's templates (games/jinja2/games/dozito/) as a player reads them: the own grid
large and the others small, the piles and slots one may tap only on one's turn, a Coringa's slots
lit, a chain's choices, groups outlined with their points, the round's score group by group and
the tie-breaks, and never a face-down card or the draw pile in any render."""

from __future__ import annotations

import random
import re

import pytest

from games import rendering
from games.bots import dozito as bot
from games.partials import parts_of
from games.presenters import dozito as presenter
from games.presenters.dozito_scores import decided
from games.rendering import game_render
from games.rules import dozito as rules
from games.rules.dozito import GAME, card
from tests.accessibility import accessible_name, regions, unreachable, with_class
from tests.pages import parse

NAMES = ["Ana", "Bia", "Caio", "Duda", "Edu"]


def render(state, seat, *, history=()):
    """The game's area for `seat` as a live table draws it (legal moves on one's turn only)."""
    view = GAME.view(state, seat)
    on_turn = seat is not None and seat in GAME.to_act(state)
    legal = (
        [
            a
            for a in GAME.legal_actions(state, seat)
            if a["type"] not in ("leave", "claim_inactivity")
        ]
        if on_turn
        else []
    )
    events = history[0] if history else ()
    g = presenter.context(
        view, seat, legal, names=NAMES[: state["seats"]], events=events, history=history
    )
    template = rendering.template("games/dozito/_game.html")
    html, parts = parts_of(template, {"g": g, "log": []})
    return html, {part.id: part.html for part in parts}


def deal(
    seats=2, *, cards=None, piles=None, up=None, draw=(), to_move=0, rounds=1, round_scores=()
):
    """A deal with the given cards in place: `cards` {seat: {slot: card}}, `piles` the two
    discard tops, `draw` the top of the draw pile; the rest of the deck fills the grids in order
    and makes the rest of the draw pile."""
    cards, up = cards or {}, up or {}
    rest = rules.new_deck()
    wanted = [c for grid in cards.values() for c in grid.values()] + list(piles or []) + list(draw)
    for c in wanted:
        rest.remove(c)
    grids = []
    for s in range(seats):
        given = cards.get(s, {})
        grids.append([given[slot] if slot in given else rest.pop(0) for slot in rules.SLOTS])
    tops = list(piles) if piles else [rest.pop(0), rest.pop(0)]
    return rules.setup_from_deal(
        grids,
        tops,
        [*draw, *rest],
        {"rounds": rounds},
        up=[up.get(s, ()) for s in range(seats)],
        to_move=to_move,
        round_scores=round_scores,
    )


def act(state, seat, action):
    return GAME.apply(state, seat, action, random.Random(0))


def played(seed, seats=3, rounds=1, stop=lambda state, events: False):
    """A game the robot plays for every seat from `seed`: each state on the way with the moves'
    history (newest first) at that point."""
    rng = random.Random(seed)
    state = GAME.setup(seats, {"rounds": rounds}, rng)
    history: list[tuple] = []
    yield state, ()
    while not state["end"]:
        seat = GAME.to_act(state)[0]
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "leave"]
        legal = [a for a in legal if a["type"] != "claim_inactivity"]
        state, events = GAME.apply(state, seat, bot.choose(GAME.view(state, seat), legal, rng), rng)
        history.insert(0, tuple(events))
        yield state, tuple(history[:6])
        if stop(state, events):
            return


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


def test_the_round_end_shows_each_grid_group_by_group_then_the_rounds_and_totals():
    def round_ended(state, events):
        return any(e["type"] == "round_end" for e in events)

    *_before, (state, history) = played(11, seats=3, rounds=3, stop=round_ended)
    end = next(e for e in history[0] if e["type"] == "round_end")
    assert state["round"] == 2 and not state["end"]
    _html, parts = render(state, 0, history=history)
    panel = parts["dozito-fim"]
    assert "Fim da rodada 1" in panel
    for seat, detail in enumerate(end["details"]):
        line = re.search(
            rf'<span class="dz-end__name">{NAMES[seat]}</span>(.*?)</li>', panel
        ).group(1)
        assert f'= <strong class="num">{detail["points"]}</strong> pontos' in line
        for size in detail["groups"]:
            if size > 1:
                points = rules.GROUP_POINTS[size]
                assert f'grupo de {size} cartas <strong class="num">{points}</strong>' in line
        if detail["suns"]:
            assert f'sóis <strong class="num">{detail["suns"]}</strong>' in line or "1 sol" in line
    assert "<table" in panel  # the points per round, three rounds to play
    for seat in range(3):
        assert f'<td class="num">{end["scores"][seat]}</td>' in panel
    assert presenter.pause_after(history[0]) > 0 and presenter.pause_after(()) == 0
    # closed for the player on turn, so the play stays in view; open for everyone else
    mover = state["to_move"]
    assert (
        '<details class="dz-end__panel paper" data-round'
        in render(state, mover, history=history)[1]["dozito-fim"]
    )
    other = (mover + 1) % 3
    assert 'paper" open' in render(state, other, history=history)[1]["dozito-fim"]


def view_with(totals_by_round, out=None):
    seats = len(totals_by_round[0])
    return {
        "seats": seats,
        "out": out or [False] * seats,
        "round_scores": totals_by_round,
        "totals": [sum(r[s] for r in totals_by_round) for s in range(seats)],
        "outcome": {"reason": "complete"},
    }


def test_the_tie_breaks_are_spelled_out_highest_total_then_best_round_then_shared():
    assert decided(view_with([[20, 10], [5, 9]]), NAMES) == ["Maior total: Ana, com 25 pontos."]
    lines = decided(view_with([[20, 12], [5, 13]]), NAMES)
    assert lines[0] == "Empate no maior total (25 pontos): Ana e Bia."
    assert lines[1] == "Desempate pela melhor rodada: Ana 20, Bia 13."
    assert lines[2] == "Ana vence pela melhor rodada."
    lines = decided(view_with([[20, 5], [5, 20], [1, 1]]), NAMES)
    assert lines[-1] == "Empate também na melhor rodada: a vitória é dividida entre Ana e Bia."


def test_the_game_end_shows_the_last_round_the_table_and_how_the_winner_was_found():
    *_before, (state, history) = played(5, seats=2, rounds=3)
    assert state["end"]["reason"] == "complete"  # the seed plays all three rounds
    html, parts = render(state, None, history=history)
    panel = parts["dozito-fim"]
    assert "Fim da rodada 3" in panel and "<table" in panel
    assert "Vence o maior total; no empate, a melhor rodada" in panel
    winner = NAMES[state["end"]["winners"][0]]
    assert winner in panel.split("dz-end__decided")[1]
    assert parts["dozito-estado"].count(winner) == 1 and "Jogador" not in parts["dozito-estado"]
    assert "ws-send" not in html


def test_the_turn_line_says_who_ended_the_turn_and_how():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)])
    state, events = act(state, 0, {"type": "take", "from": "draw"})
    drawn = state["turn"]["hand"]
    state, more = act(state, 0, {"type": "discard", "pile": 1})
    html, parts = render(state, 1, history=(tuple(more), tuple(events)))
    foot = parts["dozito-pe"]
    assert f"comprou o {rules.shown(drawn)}" in foot
    assert f"descartou o {rules.shown(drawn)} na pilha 2" in foot
    if drawn["kind"] == "extra":
        assert "TURNO EXTRA: Ana joga outra vez." in foot
    else:
        assert "Fim do turno de Ana." in foot
    assert foot.count("descartou") == 1
    # The table's one polite live region (#mesa-anuncio) says each change: none of the game's own.
    assert "aria-live" not in html


def test_a_turno_extra_discarded_says_the_same_player_plays_again():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)], draw=[card("amarelo", 7)])
    state, events = act(state, 0, {"type": "take", "from": "draw"})
    state, more = act(state, 0, {"type": "discard", "pile": 0})
    assert state["to_move"] == 0
    _html, parts = render(state, 0, history=(tuple(more), tuple(events)))
    assert "TURNO EXTRA: Ana joga outra vez." in parts["dozito-pe"]


def test_no_face_down_card_or_draw_pile_card_reaches_any_render():
    rng = random.Random(99)
    for step, (state, history) in enumerate(played(21, seats=4, rounds=3)):
        if step % 7:
            continue
        for seat in (None, 0, 1, 2, 3):
            again = rules.redeal(state, seat, rng)
            assert (
                render(again, seat, history=history)[0] == render(state, seat, history=history)[0]
            )
            assert game_render("dozito", again, seat) == game_render("dozito", state, seat)


@pytest.mark.parametrize("seats", [2, 5])
def test_a_whole_robot_game_renders_at_every_step_for_every_seat_and_a_spectator(seats):
    steps = 0
    for state, history in played(seats * 7, seats=seats, rounds=3):
        for seat in (None, *range(seats)):
            html, parts = render(state, seat, history=history)
            assert f"dozito-grade-{seats - 1}" in parts or state["out"][seats - 1]
            on_turn = seat is not None and seat in GAME.to_act(state)
            assert ("ws-send" in html) == on_turn
        steps += 1
    assert steps > 20 and state["end"]


def test_another_players_turn_is_described_and_only_the_viewers_own_is_an_order():
    state = deal(2, piles=[card("azul", 5), card("verde", 2)])
    state, _events = act(state, 0, {"type": "take", "from": "draw"})
    mine = render(state, 0)[1]["dozito-estado"]
    theirs = render(state, 1)[1]["dozito-estado"]
    watching = render(state, None)[1]["dozito-estado"]
    assert "Sua vez: coloque a carta da mão no espaço dela ou descarte-a." in mine
    for line in (theirs, watching):
        assert "Vez de Ana: coloca a carta da mão no espaço dela ou a descarta." in line
        assert "coloque" not in line and "descarte-a" not in line


def test_points_and_cards_agree_with_their_number():
    state = deal(2)
    assert 'dz-grid__points num">0 pontos<' in render(state, 1)[1]["dozito-grade-0"]
    assert decided(view_with([[1, 0], [0, 0]]), NAMES) == ["Maior total: Ana, com 1 ponto."]
    assert decided(view_with([[1, 0], [0, 1]]), NAMES)[0] == (
        "Empate no maior total (1 ponto): Ana e Bia."
    )


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
