"""How hard the property tests and the fuzzers try: every example count in one place.

`make test` and CI draw the same numbers under the same hypothesis profile ("suite", loaded by
tests/conftest.py: no deadline, the failing example printed so that it can be replayed).
"""

from hypothesis import settings

EXAMPLES = {
    # tests/rules/test_bozo_properties.py
    "test_random_solo_games_end_after_ten_turns": 600,
    "test_random_duelo_games_end_after_ten_turns_each": 350,
    "test_random_duplas_games_end_after_five_turns_each": 250,
    "test_leaving_and_claiming_end_the_game_for_the_right_side": 300,
    "test_illegal_actions_are_refused_and_leave_the_state_untouched": 200,
    # tests/rules/test_domino_properties.py
    "test_random_hands_keep_every_invariant": 300,
    "test_random_games_end_with_two_matches_won": 120,
    "test_leaving_at_any_moment_gives_the_game_to_the_other_pair": 200,
    # tests/rules/test_dozito_properties.py
    "test_random_turns_keep_every_invariant_and_hide_every_hidden_card": 40,
    "test_random_games_end_with_the_rounds_scored": 40,
    "test_leaving_or_being_claimed_at_any_moment_takes_one_player_out": 60,
    # tests/rules/test_yams_properties_*.py and test_yams_record.py
    "test_random_solo_games_follow_the_page": 1000,
    "test_random_games_around_a_table_follow_the_page": 60,
    "test_random_games_from_half_filled_cards_end_when_every_box_is_filled": 100,
    "test_every_legal_action_of_every_seat_applies": 16,
    "test_leaving_and_claims_end_the_game_as_the_house_rule_says": 150,
    "test_illegal_actions_are_refused_and_change_nothing": 80,
    "test_random_real_dice_games_fill_every_card_and_match_the_totals": 60,
    # tests/rules/test_redeal.py
    "test_bozo_redeal_throws_the_covered_dice_again_and_keeps_every_view": 40,
    "test_yams_redeal_throws_the_covered_dice_again_and_keeps_every_view": 40,
    "test_domino_redeal_deals_the_other_hands_again_as_the_log_allows": 30,
    "test_dozito_redeal_deals_the_face_down_cards_and_the_draw_pile_again": 30,
    # The fuzzers (tests/games/test_fuzz_sockets.py, test_fuzz_forms.py): derandomized, so that a
    # failure found once is found on every run.
    "socket_fuzz": 16,
    "form_fuzz": 400,
}


def examples(test):
    """`@examples` over `@given`: the test draws the count this table gives its name."""
    return settings(max_examples=EXAMPLES[test.__name__])(test)
