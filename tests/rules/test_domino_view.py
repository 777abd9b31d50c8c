"""Dominó de pontos, seed 001 and issue #4, on fixed deals: what each seat sees, and who makes room
after a match.

The notation of deals and moves is tests/rules/domino_helpers.py's.
"""

import random

from games.rules.domino import GAME, setup_from_deal
from tests.rules.domino_helpers import BUCHO, PASSE, play

# --- What each seat sees ------------------------------------------------------------------------


def test_a_seat_sees_its_own_tiles_and_only_the_count_of_the_others():
    state = setup_from_deal(BUCHO, opener=0)
    state, _ = play(state, "44")
    view = GAME.view(state, 1)
    assert view["hand"] == BUCHO[1]
    assert view["tile_counts"] == [6, 7, 7, 7]
    assert view["last"] == {"seat": 0, "tile": [4, 4], "end": None}
    assert [place["tile"] for place in view["places"]] == BUCHO[1]
    assert all(move["tile"] in BUCHO[1] for move in view["moves"])
    assert "tiles" not in str(view)


def test_a_spectator_sees_no_hand():
    state = setup_from_deal(BUCHO, opener=0, next_deals=[PASSE])
    view = GAME.view(state, None)
    assert view["hand"] is None
    assert view["places"] == []
    assert view["moves"] == []
    assert view["tile_counts"] == [7, 7, 7, 7]
    assert "next_deals" not in view


def test_scores_and_matches_are_in_the_view():
    state = setup_from_deal(BUCHO, scores=(35, 40), matches=(1, 0))
    view = GAME.view(state, 2)
    assert (view["scores"], view["matches"], view["match"]) == ([35, 40], [1, 0], 2)
    assert view["pairs"] == [{"name": "Jade", "seats": [0, 2]}, {"name": "Âmbar", "seats": [1, 3]}]


def test_after_a_match_the_pair_that_lost_makes_room_for_the_queue():
    game, rng = GAME, random.Random(7)
    match = {"at": "match", "losers": [1, 3]}
    assert game.make_room({"at": "hand"}, [0, 1, 2, 3], 1, rng) == ([], [])
    assert game.make_room(match, [0, 1, 2, 3], 2, rng) == ([1, 3], [])  # the whole pair goes
    going, told = game.make_room(match, [0, 1, 2, 3], 1, rng)  # one waits: the pair draws
    assert len(going) == 1 and going[0] in (1, 3)
    stays = 4 - going[0]
    assert all(e["type"] == "draw" for e in told)
    assert told[-1]["text"] == f"Jogador {stays + 1} fica na mesa."
    assert told[0]["text"].startswith("Sorteio: Jogador 2 tirou ")
    state, new = game.rematch(4, {}, rng)
    assert new[0]["type"] == "new_game" and "melhor de três" in new[0]["text"]
    assert state["scores"] == [0, 0]


def test_a_game_without_a_queue_makes_room_for_nobody():
    from games.rules import bozo

    assert bozo.GAME.make_room({"at": "match", "losers": [1]}, [0, 1], 1, random.Random(1)) == (
        [],
        [],
    )
