"""Dozito, seed 002 and issue #5, on fixed deals: groups and points.

The card notation and `table` are tests/rules/dozito_helpers.py's.
"""

import pytest

from games.rules.dozito import GAME, card, grid_score
from tests.rules.dozito_helpers import (
    DRAW,
    ELEVEN,
    c,
    cards,
    discard,
    do,
    keep,
    kinds,
    refused,
    table,
    take,
)

SEED_TABLE = {1: 0, 2: 2, 3: 5, 4: 10, 5: 16, 6: 25, 7: 35, 8: 45, 9: 55, 10: 65, 11: 75}


# --- Groups and points ----------------------------------------------------------------------------

AMARELO_SUNS = [3, 0, 1, 2, 0, 1, 0, 0, 1, 2, 0, 1]  # the amarelo 1 to 12, read from the table
FILLER = cards("az3 az6 az7 az12 ve3 ve6 ve9 ve12 vm1 vm5 vm9 vm11")


def grid_of(face_up, face_down=()):
    """A grid: slot -> card face up, slot -> card face down, the rest face-down filler."""
    grid = [{"card": FILLER[n - 1], "up": False} for n in range(1, 13)]
    for n, one in face_down:
        grid[n - 1] = {"card": one, "up": False}
    for n, one in face_up:
        grid[n - 1] = {"card": one, "up": True}
    return grid


@pytest.mark.parametrize("size", range(1, 12))
def test_a_group_scores_by_the_seed_table_plus_its_suns(size):
    grid = grid_of([(n, card("amarelo", n)) for n in range(1, size + 1)])
    score = grid_score(grid)
    assert score["groups"] == [size]
    assert score["suns"] == sum(AMARELO_SUNS[:size])
    assert score["points"] == SEED_TABLE[size] + sum(AMARELO_SUNS[:size])


def test_groups_join_orthogonally_not_diagonally_nor_across_rows():
    corner = grid_of([(1, c("am2")), (6, c("am5"))])  # slots 1 and 6 touch by a corner
    assert grid_score(corner) == {"groups": [1, 1], "suns": 0, "points": 0}
    rows = grid_of([(4, c("am2")), (5, c("am5"))])  # 4 ends the first row, 5 begins the second
    assert grid_score(rows) == {"groups": [1, 1], "suns": 0, "points": 0}
    bent = grid_of([(1, c("am2")), (5, c("am5")), (6, c("am8")), (2, c("az3"))])
    assert grid_score(bent) == {"groups": [3, 1], "suns": 0, "points": 5}


def test_face_down_cards_join_no_group_and_their_suns_count_nothing():
    grid = grid_of([(1, c("am2")), (2, c("am5"))], face_down=[(3, c("am4")), (5, c("am10"))])
    assert grid_score(grid) == {"groups": [2], "suns": 0, "points": 2}
    grid = grid_of([(1, c("am4")), (2, c("az9")), (3, c("am1"))])
    assert grid_score(grid) == {"groups": [1, 1, 1], "suns": 7, "points": 7}


def test_several_groups_score_each():
    # Row 1 amarelo 2 5 8 11 (4 cards: 10), row 2 azul 3 6 7 12 (4: 10), row 3 verde 3 6 (2: 2).
    face_up = zip(range(1, 11), cards("am2 am5 am8 am11 az3 az6 az7 az12 ve3 ve6"), strict=True)
    grid = grid_of(list(face_up), face_down=[(11, c("vm1")), (12, c("vm5"))])
    assert grid_score(grid) == {"groups": [4, 4, 2], "suns": 0, "points": 22}


def test_eleven_cards_of_one_colour_score_75_at_the_end_of_the_round():
    state = table(ELEVEN, None, piles=("vm9", "vm12"), draw="az3")
    state, events = do(state, take(1), keep("grid", 0))
    assert kinds(events)[-2:] == ["trigger", "turn"]
    state, events = do(state, DRAW, discard(0))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["scores"] == [75 + 10 + 1, 0]  # the group, amarelo 1-11 suns, the vermelho 12 sun
    assert end["details"][0] == {"groups": [11, 1], "suns": 11, "points": 86}
    assert end["text"] == "Fim da 1ª rodada: Jogador 1 86, Jogador 2 0."
    result = GAME.outcome(state)
    assert result == {
        "winners": [0],
        "scores": [86, 0],
        "reason": "complete",
        "rounds": [[86, 0]],
        "text": "Jogador 1 venceu com 86 pontos.",
    }
    assert GAME.to_act(state) == []
    assert GAME.legal_actions(state, 1) == []


def test_twelve_face_up_cards_of_one_colour_win_the_game_at_once():
    state = table(ELEVEN, None, piles=("vm9", "am12"))
    state, events = do(state, take(1))
    assert kinds(events) == ["take", "place", "twelve", "end"]
    result = GAME.outcome(state)
    assert (result["winners"], result["reason"], result["rounds"]) == ([0], "twelve", [])
    assert result["text"] == "Jogador 1 juntou doze cartas da mesma cor e venceu o jogo."
    assert GAME.to_act(state) == []
    refused(state, 1, DRAW, "já terminou")


def test_twelve_of_one_colour_wins_even_in_the_first_of_three_rounds():
    state = table(ELEVEN, None, piles=("vm9", "am12"), options={"rounds": 3})
    state, _ = do(state, take(1))
    assert GAME.outcome(state)["reason"] == "twelve"
