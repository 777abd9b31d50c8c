"""Bozó and Yam's graded exactly: a game played as the robot would loses nothing and scores
100%; a known mistake costs what the exact table says, and is listed first."""

from __future__ import annotations

import pytest

from analysis import jobs
from analysis.models import Analysis
from games import rules, services
from games.bots import bozo as bozo_robot
from games.bots import yams_exact
from games.bots.yams_hands import HAND_INDEX, HAND_SUB_KEEPS
from games.bots.yams_plan import ExactPlan
from games.models import Table
from tests.analysis.play import play_solo

pytestmark = pytest.mark.django_db(transaction=True)


def solo(user, game, options=None) -> Table:
    return services.table_create(host=user, game=game, mode="solo", options=options or {})


def analysed(table: Table) -> dict:
    assert Analysis.objects.get(pk=table.pk).status == Analysis.Status.PENDING
    assert jobs.run_next()
    row = Analysis.objects.get(pk=table.pk)
    assert row.status == Analysis.Status.DONE, row.status
    (person,) = row.result["people"]
    return person


def test_the_end_of_a_game_asks_for_its_analysis_once(ana, site_rng):
    site_rng(3)
    table = solo(ana, "bozo")
    assert not Analysis.objects.filter(pk=table.pk).exists()
    play_solo(table, ana)
    assert Analysis.objects.filter(pk=table.pk, status=Analysis.Status.PENDING).count() == 1
    assert jobs.run_next()
    assert not jobs.run_next()  # taken once: nothing else waits


def test_a_bozo_game_played_as_the_robot_loses_nothing(ana, site_rng):
    site_rng(5)
    table = solo(ana, "bozo")
    play_solo(table, ana)
    person = analysed(table)
    assert person["user_id"] == ana.pk
    assert person["decisions"] >= 10  # a decision at least each turn
    assert person["loss"] == 0
    assert person["precision"] == 100
    assert person["worst"] == []
    assert person["exact"]
    final = Table.objects.get(pk=table.pk).outcome["scores"][0]
    assert person["series"][-1][1] == final  # the last choice scores the last box: no more luck


def junk_on_general(state, number):
    """On the first turn's first look at the dice, score General with a hand that is none."""
    turn = state["turn"]
    if number > 3 or not turn["rolls"] or turn["covered"]:
        return None
    if len(set(turn["dice"])) == 1:  # a real General: not the mistake wanted
        return None
    return {"type": "score", "box": "general"}


def test_a_junk_roll_scored_on_general_costs_what_the_table_says_and_comes_first(ana, site_rng):
    site_rng(11)
    table = solo(ana, "bozo")
    seen = {}

    def mistake(state, number):
        action = junk_on_general(state, number)
        if action is not None and not seen:
            seen.update(state=state, number=number)
            return action
        return None

    play_solo(table, ana, mistake)
    assert seen, "the first turn showed a General: pick another seed"
    state = seen["state"]
    seat = bozo_robot.read(rules.get("bozo").view(state, 0))
    hand = bozo_robot.HAND_INDEX[tuple(sorted(state["turn"]["dice"]))]
    best = max(
        [
            bozo_robot.keep_value(seat, keep, seat.turn["rolls_left"] - 1)
            for keep in bozo_robot.sub_keeps(tuple(sorted(state["turn"]["dice"])))
        ]
        + [bozo_robot.score_value(seat, box, hand)[1] for box in bozo_robot.BOXES]
    )
    chosen = bozo_robot.score_value(seat, "general", hand)[1]
    person = analysed(table)
    worst = person["worst"][0]
    assert worst["chosen"].startswith("Marcar General (0)")
    assert worst["loss"] == pytest.approx(best - chosen, abs=0.01)
    assert worst["loss"] > 5
    assert person["precision"] < 100
    assert person["loss"] == pytest.approx(worst["loss"], abs=0.01)


ONE_COLUMN = {"columns": 1, "max_min": False}


def test_a_yams_column_played_as_the_robot_loses_nothing(ana, site_rng):
    site_rng(7)
    table = solo(ana, "yams", ONE_COLUMN)
    play_solo(table, ana)
    person = analysed(table)
    assert person["decisions"] >= 13
    assert person["loss"] == 0 and person["precision"] == 100 and person["exact"]


def test_a_junk_roll_scored_on_yams_costs_what_the_table_says(ana, site_rng):
    site_rng(13)
    table = solo(ana, "yams", ONE_COLUMN)
    seen = {}

    def mistake(state, number):
        turn = state["turn"]
        if seen or not turn["rolls"] or turn["covered"] or len(set(turn["dice"])) == 1:
            return None
        seen.update(state=state)
        return {"type": "score", "column": "livre", "box": "yams"}

    play_solo(table, ana, mistake)
    turn = seen["state"]["turn"]
    plan = ExactPlan.of(yams_exact.FULL, 0)
    hand = tuple(sorted(turn["dice"]))
    index = HAND_INDEX[hand]
    left = 3 - turn["rolls"]
    best = max(
        [gains[index] for gains in plan.gains.values()]
        + ([plan.kept[left - 1][k] for k in HAND_SUB_KEEPS[index]] if left else [])
    )
    chosen = plan.gains["livre", "yams"][index]
    person = analysed(table)
    worst = person["worst"][0]
    assert "Yam" in worst["chosen"]
    assert worst["loss"] == pytest.approx(best - chosen, abs=0.01)
    assert worst["loss"] > 5 and person["exact"]
