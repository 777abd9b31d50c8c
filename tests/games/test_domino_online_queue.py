"""Dominó de pontos on the live platform (issue #10): the draw between the losers, robots' seats
in the waiting room, and the queue and its rotation at the end of a hand and of a match.

Games are played through the services as the pages and the sweeper play them
(tests/games/domino_online.py): a person's move with `table_act`, a robot's when the sweeper
finds its timer due, with time moved forward by the test.
"""

from __future__ import annotations

import random

import pytest

from games import rendering, services, snapshots
from games.models import Table
from games.rules import domino
from tests.games.domino_online import four_people, set_state, step
from tests.games.sockets import (
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
)
from tests.pages import Page

pytestmark = pytest.mark.django_db(transaction=True)


def with_robots(host, robots: int) -> Table:
    table = services.table_create(host=host, game="domino", mode="duplas")
    for _ in range(robots):
        services.robot_add(table_id=table.pk, by=host)
    return Table.objects.get(pk=table.pk)


def play_until(
    table: Table, kinds: set[str], users, *, seed: int = 7, limit: int = 2000, outbox=None
):
    rng = random.Random(seed)
    by_id = {user.pk: user for user in users}
    for _ in range(limit):
        events = step(table.pk, by_id, rng, outbox)
        if kinds & {e["type"] for e in events}:
            return events
    raise AssertionError(f"no {kinds} in {limit} moves")


class Draws(random.Random):
    """The site's generator with the queue's draws scripted (`sample` of two tiles)."""

    def __init__(self, draws):
        super().__init__(5)
        self.draws = list(draws)

    def sample(self, population, k):
        if k == 2 and self.draws:
            return self.draws.pop(0)
        return super().sample(population, k)


# -- the draw ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ((6, 6), (5, 6), 0),  # the 6|6 beats every tile...
        ((0, 0), (6, 6), 0),  # ...but the 0|0, which beats it
        ((6, 6), (0, 0), 1),
        ((0, 0), (0, 1), 1),  # otherwise the 0|0 is the lowest sum
        ((2, 3), (1, 5), 1),
        ((2, 3), (1, 4), None),  # equal sums: draw again
    ],
)
def test_the_draw_between_the_losers_compares_sums_with_the_blanks_over_the_sena(a, b, winner):
    assert domino.draw_winner(a, b) == winner


def test_equal_sums_draw_again_until_one_is_higher():
    rng = Draws([((2, 3), (1, 4)), ((0, 5), (1, 4)), ((1, 1), (0, 3))])
    stays, rounds = domino.GAME.draw_to_stay([1, 3], rng)
    assert rounds == [[[2, 3], [1, 4]], [[0, 5], [1, 4]], [[1, 1], [0, 3]]]
    assert stays == 3  # 0|3 beats 1|1 in the third draw


# -- seats and the queue -------------------------------------------------------------------------


def test_in_the_waiting_room_the_host_fills_seats_with_robots_and_a_newcomer_takes_one(people):
    ana, bia = people[:2]
    table = with_robots(ana, 3)
    copy = snapshots.get(table.pk, fresh=True)
    assert [s.robot for s in copy.seats] == [False, True, True, True]
    services.seat_clear(table_id=table.pk, by=ana, index=3)  # the host removes one by tapping
    assert not snapshots.get(table.pk, fresh=True).seats[3].robot
    services.robot_add(table_id=table.pk, by=ana, index=3)
    seat = services.seat_take(table_id=table.pk, user=bia)  # no free seat: a robot's, at once
    assert seat.index == 1 and seat.team == 1
    assert [s.robot for s in snapshots.get(table.pk, fresh=True).seats] == [
        False,
        False,
        True,
        True,
    ]


def test_a_full_table_offers_the_queue_whose_people_watch_without_any_hand(people, waiting):
    table = four_people(people)
    eva = waiting[0]
    with pytest.raises(services.TableError, match="partida já começou"):
        services.seat_take(table_id=table.pk, user=eva)
    assert services.queue_join(table_id=table.pk, user=eva) == 0
    assert services.queue_join(table_id=table.pk, user=eva) == 0  # twice: one place
    copy = snapshots.get(table.pk)
    html = rendering.table_render(copy, None, viewer_id=eva.pk).html
    assert "Você é o 1º da fila" in html and "Sair da fila" in html
    assert 'id="domino-mao"' not in html  # a spectator's render has no hand
    other = rendering.table_render(copy, None, viewer_id=None).html
    assert "Eva" in other and "Entrar na fila" in other  # the queue is shown to everyone
    with pytest.raises(services.TableError, match="já está sentado"):
        services.queue_join(table_id=table.pk, user=people[1])
    services.queue_leave(table_id=table.pk, user=eva)
    assert snapshots.get(table.pk).queue == ()


def test_the_queue_of_a_private_table_is_joined_through_its_invitation(people, waiting):
    table = services.table_create(host=people[0], game="domino", mode="duplas", is_public=False)
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person, invite_code=table.invite_code)
    services.table_start(table_id=table.pk, by=people[0])
    eva = waiting[0]
    with pytest.raises(services.TableError, match="privada"):
        services.queue_join(table_id=table.pk, user=eva)
    assert services.queue_join(table_id=table.pk, user=eva, invite_code=table.invite_code) == 0


def test_at_the_end_of_a_hand_people_in_the_queue_take_the_robots_seats(people, waiting, site_rng):
    # A seeded deal: with the site's own generator about one first hand in a few hundred scores
    # 200 and ends the match, where the queue's rule is another (the next test's).
    site_rng(2)
    ana = people[0]
    table = with_robots(ana, 3)
    services.table_start(table_id=table.pk, by=ana)
    eva, fabio = waiting[:2]
    services.queue_join(table_id=table.pk, user=eva)
    services.queue_join(table_id=table.pk, user=fabio)
    events = play_until(table, {"hand_end"}, [ana])
    kinds = [e["type"] for e in events]
    assert kinds.count("seat_change") == 2 and "new_game" not in kinds
    copy = snapshots.get(table.pk, fresh=True)
    assert [s.user_id for s in copy.seats] == [ana.pk, eva.pk, fabio.pk, None]
    assert copy.seats[3].robot and copy.queue == ()
    assert copy.state["hand"]["number"] == 2  # the match goes on: only a robot left


def test_at_the_end_of_a_match_robots_leave_first(people, waiting):
    ana, bia = people[:2]
    table = with_robots(ana, 2)
    services.seat_take(table_id=table.pk, user=bia, index=1)
    services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    set_state(table, scores=[195, 190])
    eva = waiting[0]
    services.queue_join(table_id=table.pk, user=eva)
    # The first hand end may be the match's end or only a hand's: either way a robot leaves.
    events = play_until(table, {"hand_end"}, [ana, bia])
    assert not any(e["type"] == "draw" for e in events)
    copy = snapshots.get(table.pk, fresh=True)
    assert eva.pk in [s.user_id for s in copy.seats]
    assert ana.pk in [s.user_id for s in copy.seats] and bia.pk in [s.user_id for s in copy.seats]


def test_with_one_person_waiting_the_losers_draw_and_the_loser_goes_to_the_end_of_the_queue(
    people, waiting, site_rng
):
    table = four_people(people)
    eva = waiting[0]
    services.queue_join(table_id=table.pk, user=eva)
    set_state(table, scores=[195, 190])
    # A tie first (both sums 5), then the first of the losing pair draws the higher tile.
    site_rng(Draws([((2, 3), (1, 4)), ((4, 5), (0, 1))]))
    outbox: services.Outbox = []
    events = play_until(table, {"match_end"}, people, outbox=outbox)
    match_end = next(e for e in events if e["type"] == "match_end")
    losers = domino.pair_seats(1 - match_end["pair"])
    draws = [e for e in events if e["type"] == "draw"]
    assert len(draws) == 3  # two draws shown to everyone, then who stays
    assert "2|3" in draws[0]["text"] and "4|5" in draws[1]["text"]
    stays, goes = losers
    copy = snapshots.get(table.pk, fresh=True)
    seated = {s.index: s.user_id for s in copy.seats}
    before = {i: people[i].pk for i in range(4)}
    assert seated[stays] == before[stays]  # the winner of the draw stays
    assert seated[goes] == eva.pk  # the first in the queue sits as their partner
    assert [q.user_id for q in copy.queue] == [before[goes]]  # the loser waits at the end
    # A new best of three starts with the table as it is now.
    assert copy.state["matches"] == [0, 0] and copy.state["scores"] == [0, 0]
    assert copy.state["match"] == 1 and copy.playing
    assert any(e["type"] == "new_game" for e in events)
    notices = [m for group, m in outbox if group == services.user_group(eva.pk)]
    assert notices and notices[0]["text"] == "Sua vez na fila: você sentou à mesa."
    assert notices[0]["link"] == f"/mesa/{table.pk}/"


def test_with_two_or_more_waiting_the_losing_pair_goes_to_the_end_of_the_queue(people, waiting):
    table = four_people(people)
    eva, fabio, gil = waiting
    for person in (eva, fabio, gil):
        services.queue_join(table_id=table.pk, user=person)
    set_state(table, scores=[195, 190])
    events = play_until(table, {"match_end"}, people)
    assert not any(e["type"] == "draw" for e in events)
    match_end = next(e for e in events if e["type"] == "match_end")
    losers = domino.pair_seats(1 - match_end["pair"])
    copy = snapshots.get(table.pk, fresh=True)
    assert [copy.seats[i].user_id for i in losers] == [eva.pk, fabio.pk]
    assert [q.user_id for q in copy.queue] == [gil.pk, *(people[i].pk for i in losers)]
    winners = [i for i in range(4) if i not in losers]
    assert [copy.seats[i].user_id for i in winners] == [people[i].pk for i in winners]


def test_without_a_queue_the_best_of_three_goes_on_and_ends_with_a_result(people):
    table = four_people(people)
    set_state(table, scores=[195, 190], matches=[1, 0], match=2)
    events = play_until(table, {"match_end"}, people)
    copy = snapshots.get(table.pk, fresh=True)
    if any(e["type"] == "end" for e in events):
        assert copy.status == "finished" and copy.outcome["reason"] == "complete"
    else:
        assert copy.state["matches"] in ([1, 1], [2, 0]) and copy.state["match"] == 3


def test_without_a_queue_every_page_shows_who_won_the_match_and_the_next_one_from_zero(people):
    """The first match ends with nobody waiting: each seat's page and a spectator's show the
    second match begun at the stored scores, the winners' dot filled, and the log says who won."""
    table = four_people(people)
    set_state(table, scores=[190, 185])
    play_until(table, {"match_end"}, people)
    copy = snapshots.get(table.pk, fresh=True)
    first = copy.state["results"][0]
    assert max(first["scores"]) >= 200 and first["scores"][first["winner"]] == max(first["scores"])
    assert copy.state["match"] == 2 and copy.state["matches"][first["winner"]] == 1
    winner = domino.PAIR_NAMES[first["winner"]]
    for seat in (0, 1, 2, 3, None):
        page = Page()
        page.apply(rendering.table_render(copy, seat).html)
        score_area = page.find("domino-placar")
        assert "Partida 2" in page.text("domino-placar")
        pairs = [n for n in score_area.walk() if "domino-score__pair" in n.attrs.get("class", "")]
        assert [int(n.text().split()[-1]) for n in pairs] == copy.state["scores"], seat
        won = [
            next(w.attrs["aria-label"] for w in n.walk() if w.attrs.get("role") == "img")
            for n in pairs
        ]
        assert won[first["winner"]] == "1 partida ganha" and won[1 - first["winner"]] == (
            "0 partidas ganhas"
        )
        assert f"{winner} venceu a 1ª partida" in page.text("domino-log"), seat
