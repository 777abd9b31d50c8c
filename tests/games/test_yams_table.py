"""Yam's at the live table: what each viewer's render shows (games/presenters/yams.py and
games/jinja2/games/yams/), from seeded states of the real rules, and which partials a move
changes."""

from __future__ import annotations

import random
import re

import pytest

from games import rendering
from games.bots import yams as robot
from games.partials import parts_of
from games.presenters import yams as presenter
from games.rendering import Render, changes, everything, game_render
from games.rules import yams as rules
from tests.accessibility import by_id, named_without_role, spoken
from tests.dice import Loaded
from tests.pages import parse

NAMES = ["Ana", "Bia", "Caio"]


def setup(seats=3, **options):
    return rules.GAME.setup(seats, options, random.Random(0))


def act(state, action, faces=()):
    seat = state["to_move"]
    assert action in rules.GAME.legal_actions(state, seat), action
    state, _events = rules.GAME.apply(state, seat, action, Loaded(faces, then=6))
    return state


def roll(state, faces, cup=False):
    return act(state, {"type": "roll", "cup": cup}, faces)


def render(state, seat, names=NAMES):
    return str(game_render("yams", state, seat, names=names[: state["seats"]]))


def cell(html, card, column, box):
    """The markup of one cell partial."""
    match = re.search(rf'<div id="yams-{card}-{column}-{box}".*?</div>', html, re.S)
    assert match, (card, column, box)
    return match.group(0)


def buttons(html):
    return re.findall(r'data-box="(\w+)" data-column="(\w+)">(\d+)</button>', html)


def test_allowed_boxes_light_up_with_their_value_only_for_the_seat_on_turn():
    state = roll(setup(columns=3), [3, 3, 3, 5, 5])
    own = render(state, 0)
    lit = {(column, box): int(points) for box, column, points in buttons(own)}
    allowed = rules.allowed(state)
    assert set(lit) == {(c, b) for c, boxes in allowed.items() for b in boxes}
    assert lit[("livre", "full")] == 25 and lit[("livre", "tres")] == 9
    assert lit[("descida", "uns")] == 0 and lit[("subida", "chance")] == 19
    assert "is-allowed" in cell(own, 0, "livre", "full")
    for seat in (1, 2, None):
        other = render(state, seat)
        assert buttons(other) == [], seat
        # Everyone sees what the hand would give on the card of the player on turn, only there.
        assert ">25</span>" in cell(other, 0, "livre", "full")
        assert "yams-potential" not in cell(other, 1, "livre", "full")
    assert "yams-potential" not in cell(own, 1, "livre", "full")


def test_descida_and_subida_mark_their_next_box_even_without_dice():
    state = setup(columns=3)
    html = render(state, 1)
    assert "is-next" in cell(html, 0, "descida", "uns") and "↓" in cell(html, 0, "descida", "uns")
    assert "is-next" in cell(html, 0, "subida", "chance")
    assert "↑" in cell(html, 0, "subida", "chance")
    assert "is-next" not in cell(html, 0, "descida", "dois")
    assert "is-next" not in cell(html, 0, "livre", "uns")
    state = act(roll(state, [1, 1, 2, 3, 4]), {"type": "score", "column": "descida", "box": "uns"})
    html = render(state, 0)
    assert "is-next" not in cell(html, 0, "descida", "uns")
    assert "is-next" in cell(html, 0, "descida", "dois")
    assert 'id="yams-1-descida-uns" class="yams-cell is-next"' in html


def test_seca_is_offered_only_right_after_the_first_roll_and_says_so():
    state = setup(columns=4)
    assert "Seca: só no 1º lance." in render(state, 0)
    state = roll(state, [2, 2, 2, 6, 6])
    html = render(state, 0)
    assert ("full", "seca", "25") in buttons(html)
    assert "é agora" in html
    state = act(state, {"type": "hold", "dice": [0, 1, 2]})
    state = roll(state, [6, 6])
    html = render(state, 0)
    assert not [b for b in buttons(html) if b[1] == "seca"]
    assert [b for b in buttons(html) if b[1] == "livre"]
    assert "fechada agora" in html
    assert "Seca" not in presenter.seca_note(rules.GAME.view(setup(columns=3), 0))


def test_bonus_progress_shows_the_subtotal_of_63_and_the_bonus_once_reached():
    state = setup(columns=1)
    livre = state["cards"][0]["livre"]
    livre.update(uns=3, dois=6, tres=9, quatro=12, cinco=15, seis=None)  # 45
    html = render(state, 0)
    bonus = re.search(r'<div id="yams-0-livre-bonus".*?</div>', html, re.S).group(0)
    assert "45<small>/63</small>" in bonus and 'value="45"' in bonus
    assert "faltam 18" in bonus
    livre["seis"] = 17  # 62: one point short
    bonus = re.search(r'<div id="yams-0-livre-bonus".*?</div>', render(state, 0), re.S).group(0)
    assert "62 de 63 para o bônus, falta 1<" in bonus
    livre["seis"] = 18  # 63
    bonus = re.search(r'<div id="yams-0-livre-bonus".*?</div>', render(state, 0), re.S).group(0)
    assert "+35" in bonus and "is-done" in bonus and "faltam" not in bonus


def test_every_cell_says_in_words_what_it_holds():
    """Issue #29: read as text, not as an aria-label on a plain span or strong (WCAG 4.1.2)."""
    state = setup(2, columns=1)
    state["cards"][0]["livre"].update(uns=3, dois=6, tres=9, quatro=12, cinco=15, seis=18, full=0)
    page = parse(render(roll(state, [3, 3, 3, 5, 5]), 1, ["Ana", "Bia"]))
    cells = by_id(page)
    assert not named_without_role(page)
    assert spoken(cells["yams-0-livre-full"]) == "riscada"
    assert spoken(cells["yams-0-livre-bonus"]) == "bônus de 35 ganho"
    assert spoken(cells["yams-0-livre-trinca"]) == "Trinca, coluna Livre: daria 9"
    assert spoken(cells["yams-1-livre-full"]) == "em aberto"
    # What the eye reads stays: the dash, the bonus, the figure the hand would give.
    assert "–" in cells["yams-0-livre-full"].text() and "+35" in cells["yams-0-livre-bonus"].text()
    assert cells["yams-0-livre-trinca"].text().startswith("9")


def test_max_min_void_and_the_risk_are_shown():
    state = setup(2, columns=1)
    state["cards"][0]["livre"].update(max=14, min=20)
    state["cards"][1]["livre"].update(min=20)
    html = render(state, None, ["Ana", "Bia"])
    void = re.search(r'<div id="yams-0-livre-maxmin".*?</div>', html, re.S).group(0)
    assert "is-void" in void and "✗" not in void  # said in words, not a cryptic mark
    shown = re.sub(r'<span class="visually-hidden">.*?</span>', "", void)
    assert "0 <small>anulados</small>" in shown
    # Read aloud as a sentence (text, not an aria-label on a plain span, which readers skip).
    assert (
        '<span class="visually-hidden">Máx e Mín valem 0: o Máx não superou o Mín.</span>' in void
    )
    risk = re.search(r'<div id="yams-1-livre-maxmin".*?</div>', html, re.S).group(0)
    assert "Máx &gt; 20" in risk and "is-at-risk" in risk
    # Bia's turn: a Máx of 15 would void the pair; the button says so, and a 28 does not.
    state["to_move"] = 1
    low = roll(state, [1, 2, 3, 4, 5])
    button = cell(render(low, 1, ["Ana", "Bia"]), 1, "livre", "max")
    assert "score-button--voids" in button and "anula Máx e Mín" in button
    high = roll(state, [6, 6, 6, 5, 5])
    assert "voids" not in cell(render(high, 1, ["Ana", "Bia"]), 1, "livre", "max")


def test_standings_rank_the_players_by_total_with_shared_places():
    state = setup(3, columns=1)
    state["cards"][0]["livre"]["chance"] = 10
    state["cards"][1]["livre"]["chance"] = 25
    state["cards"][2]["livre"]["chance"] = 10
    html = render(state, 2)
    standings = re.search(r'<ol id="yams-placar".*?</ol>', html, re.S).group(0)
    lines = re.findall(r'(\d)º</span> <span class="yams-standing__name">(\w+)</span>', standings)
    assert lines == [("1", "Bia"), ("2", "Ana"), ("2", "Você")]
    assert 'href="#yams-cartela-1"' in standings and "data-card-tab" in standings
    assert re.search(r'class="bozo-rolls"[^>]*data-on-turn="0"', html)  # Ana is on turn
    assert "yams-placar" not in render(setup(1, columns=1), 0, ["Ana"])


def test_hint_says_the_expected_total_of_each_choice_and_points_to_a_cell_of_the_card():
    state = roll(setup(1, columns=1), [2, 2, 2, 5, 5])
    view = rules.GAME.view(state, 0)
    legal = rules.GAME.legal_actions(state, 0)
    advice = robot.advise(view, legal)
    hint = presenter.hint(view, advice)
    assert len(hint.lines) == 3 and all("total esperado" in line for line in hint.lines)
    assert hint.lines[0].endswith(f"total esperado {round(advice[0]['expected'])}.")
    best = advice[0]["action"]
    if best["type"] == "score":
        assert hint.box == f"{best['column']}:{best['box']}" and hint.keep is None
        html = render(state, 0, ["Ana"])
        assert "score-button" in re.search(rf'data-cell="{hint.box}".*?</td>', html, re.S).group(0)
    else:
        assert hint.box == "" and hint.keep is not None
    scored = [{"action": {"type": "score", "column": "livre", "box": "full"}, "expected": 231.4}]
    said = presenter.hint(view, scored)
    assert said.lines == ["Marcar 25 em Full na Livre: total esperado 231."]
    assert said.box == "livre:full"
    kept = [{"action": {"type": "hold", "dice": [3, 0, 1]}, "expected": 200.0}]
    said = presenter.hint(view, kept)
    assert said.keep == [0, 1, 3] and said.box == ""
    assert said.lines == ["Guardar 2, 2 e 5 e lançar de novo: total esperado 200."]
    struck = [{"action": {"type": "strike", "column": "livre", "box": "yams"}, "expected": 190}]
    assert presenter.hint(view, struck).lines == ["Riscar Yam's na Livre: total esperado 190."]


def test_dice_under_the_cup_are_in_no_render_until_lifted():
    state = roll(setup(3, columns=3), [6, 6, 6, 6, 6], cup=True)
    assert state["turn"]["covered"] == [0, 1, 2, 3, 4]
    for seat in (0, 1, 2, None):
        html = render(state, seat)
        assert "die--6" not in html and "die--covered" in html
        assert "yams-potential" not in html and not buttons(html)
    state = act(state, {"type": "lift", "from": "bottom"})  # cantar embaixo: the sixes are ones
    for seat in (0, 1, None):
        assert render(state, seat).count("die die--1") == 5


def parts(state, seat):
    """The game area's partials for `seat`, as the live table collects them."""
    view = rules.GAME.view(state, seat)
    legal = rules.GAME.legal_actions(state, seat) if seat == state["to_move"] else []
    legal = [a for a in legal if a["type"] != "leave"]
    g = presenter.context(view, seat, legal, names=NAMES)
    template = rendering.template("games/yams/_game.html")
    _html, found = parts_of(template, {"g": g, "log": []})
    return Render(found)


def test_a_score_sends_only_the_cells_and_sums_it_changed():
    state = setup(3, columns=3)
    for seat, faces in ((0, [1, 2, 3, 4, 6]), (1, [2, 2, 3, 3, 3])):
        state = roll(state, faces)
        box = "chance" if seat == 0 else "full"
        state = act(state, {"type": "score", "column": "livre", "box": box})
    rolled = roll(state, [5, 5, 5, 1, 2])
    scored = act(rolled, {"type": "score", "column": "livre", "box": "trinca"})
    sent = {}
    everything(parts(rolled, 1), sent)
    html = changes(parts(scored, 1), sent)
    ids = set(re.findall(r'id="([\w-]+)"', html))
    # Caio's card: the cells that showed the hand, the cell scored and its column's sums.
    assert "yams-2-livre-trinca" in ids and "yams-2-livre-total" in ids
    assert "yams-2-livre-bonus" not in ids and "yams-2-livre-maxmin" not in ids
    # Nothing of the other cards (who is on turn is the throws' line's); none is sent whole.
    assert not {i for i in ids if re.match(r"yams-[01]-(descida|livre|subida)-", i)}
    assert "yams-cartela-0-titulo" not in ids and 'data-on-turn="0"' in html
    assert not {i for i in ids if re.fullmatch(r"yams-cartela-\d", i)} and "mesa-jogo" not in ids
    assert len(html) < len(parts(scored, 1).html) / 3
    # A roll sends the dice and the lit cells of the card on turn, no sum and no other card.
    again = roll(scored, [4, 4, 4, 4, 1])
    everything(parts(scored, 1), sent)
    ids = set(re.findall(r'id="([\w-]+)"', changes(parts(again, 1), sent)))
    assert {i for i in ids if i.startswith("yams-")} <= {
        f"yams-0-{c}-{b}" for c in rules.COLUMN_SETS[3] for b in rules.BOXES
    } | {"yams-nota"}
    assert "bozo-dado-0" in ids


@pytest.mark.parametrize("columns", [1, 4])
def test_a_robot_game_of_three_renders_at_every_step_for_each_seat_and_a_spectator(columns):
    rng = random.Random(columns)
    state = rules.GAME.setup(3, {"columns": columns, "max_min": columns != 4}, rng)
    steps = 0
    while not state["finished"]:
        mover = state["to_move"]
        turn = state["turn"]
        for seat in (0, 1, 2, None):
            html = render(state, seat)
            lit = buttons(html)
            if seat == mover and rules.dice.has_hand(turn):
                assert len(lit) == sum(len(b) for b in rules.allowed(state).values())
            else:
                assert lit == []
            for i in turn["covered"]:
                slot = re.search(rf'id="bozo-dado-{i}".*?</(?:span|form)>', html, re.S).group(0)
                assert "die--covered" in slot and not re.search(r"die--[1-6]", slot)
        legal = [a for a in rules.GAME.legal_actions(state, mover) if a["type"] != "leave"]
        action = robot.choose(rules.GAME.view(state, mover), legal, rng)
        state, _events = rules.GAME.apply(state, mover, action, rng)
        steps += 1
    assert steps > 3 * len(state["boxes"]) * columns
    html = render(state, None)
    totals = [rules.total(state, seat) for seat in range(3)]
    standings = re.search(r'<ol id="yams-placar".*?</ol>', html, re.S).group(0)
    shown = [int(t) for t in re.findall(r'yams-standing__total num">(\d+)<', standings)]
    assert shown == sorted(totals, reverse=True)
    assert not buttons(html) and "yams-potential" not in html
    assert "bozo-dado-0" not in html and "yams-nota" not in html  # the felt goes at the end


def test_the_bonus_row_states_the_rules_own_bonus_and_threshold():
    """The card's texts are translated in its template, with the rule's figures written there:
    they must be the rules' own."""
    html = render(setup(2, columns=1), 0, ["Ana", "Bia"])
    rule = f"+{rules.BONUS} com {rules.BONUS_THRESHOLD} ou mais nos Uns a Seis"
    assert html.count(f'title="{rule}"') == 2  # the bonus row of each card
