"""Random Yam's games where players leave or are claimed inactive, checked against a second,
independent reading of the Yam's page (seed 003) and the house rule on how the game ends.
"""

from hypothesis import example, given
from hypothesis import strategies as st

from tests.properties import examples
from tests.rules.yams_properties_helpers import SEEDS, check_end, play

# The action that ends the game names the reason (house rule), also when the last player with
# an open box leaves or is claimed inactive while the others' cards are full.
ENDING = {"leave": "left", "claim_inactivity": "inactivity"}


@examples
@given(seed=SEEDS, seats=st.integers(1, 4), max_min=st.booleans())
@example(seed=24450145, seats=4, max_min=False)
def test_leaving_and_claims_end_the_game_as_the_house_rule_says(seed, seats, max_min):
    played = []
    state = play(seats, 1, max_min, seed, departures=0.03, played=played)
    players = [s for s in range(seats) if not state["left"][s]]
    filled = sum(
        v is not None for card in state["cards"] for c in card.values() for v in c.values()
    )
    outcome = check_end(state, filled)
    assert outcome["reason"] == ENDING.get(played[-1]["type"], "complete")
    if not players:
        assert seats == 1 and outcome["winners"] == []
    elif len(players) == 1 and seats > 1:
        assert outcome["winners"] == players
    else:
        assert all(
            v is not None for s in players for c in state["cards"][s].values() for v in c.values()
        )
