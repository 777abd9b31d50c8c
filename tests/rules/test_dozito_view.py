"""Dozito, seed 002 and issue #5, on fixed deals: what everybody sees, and what nobody does.

The card notation and `table` are tests/rules/dozito_helpers.py's.
"""

import json

from games.rules.dozito import GAME, new_deck
from tests.dozito_deck import key
from tests.rules.dozito_helpers import DOWN, c, discard, do, place, table, take

# --- What everybody sees --------------------------------------------------------------------------


def test_face_down_cards_are_backs_for_everybody_their_owner_included():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    for seat in (0, 1, None):
        grid = GAME.view(state, seat)["grids"][0]
        assert grid[0] == {"slot": 1, "up": False, "card": None}
        assert grid[6] == {"slot": 7, "up": True, "card": c("az7")}


def test_the_view_shows_the_piles_tops_the_draw_count_and_the_card_in_hand():
    state = table(DOWN, None, piles=("vm9", "az7"), draw="az12")
    state, _ = do(state, take(1))
    view = GAME.view(state, 1)
    assert view["discards"] == [{"top": c("vm9"), "count": 1}, {"top": None, "count": 0}]
    assert view["draw_count"] == 75 - 24 - 2
    assert "draw_pile" not in json.dumps(view)
    assert view["turn"] == {
        "phase": "hand",
        "hand": c("az3"),
        "slot": None,
        "slots": [3],
        "may_discard": True,
    }
    assert view["moves"] == []
    assert GAME.view(state, 0)["moves"] == [place(3), discard(0), discard(1)]
    assert GAME.view(state, None)["seat"] is None
    assert (view["to_move"], view["round"], view["rounds"], view["totals"]) == (0, 1, 1, [0, 0])
    assert view["points"] == [0, 0]


def test_no_view_holds_a_face_down_card_or_the_draw_pile():
    state = table(DOWN, None, piles=("vm9", "az7"))
    state, _ = do(state, take(1))
    visible = {key(cell["card"]) for g in state["grids"] for cell in g if cell["up"]}
    visible |= {key(state["turn"]["hand"]), key(c("vm9"))}
    for seat in (0, 1, None):
        text = json.dumps(GAME.view(state, seat))
        for one in new_deck():
            if one["kind"] != "coringa" and key(one) not in visible:
                assert json.dumps(one) not in text
