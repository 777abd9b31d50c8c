"""Dominó de pontos on the live platform (issue #10): the queue and its rotation, robots' seats,
the move clock and the takeover through the stored deadlines, reactions, and no hand but one's own
in any render over whole matches.

Games are played through the services as the pages and the sweeper play them: a person's move
with `table_act`, a robot's (or a clock's, or an absent person's) when the sweeper finds its
timer due, with time moved forward by the test.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache
from django.utils import timezone

from games import rendering, rules, services, snapshots, sweeper
from games.models import Action, Deadline, Seat, Table
from games.rules import domino
from tests.games.sockets import (
    command,
    connect,
    send,
    sockets_end_with_their_test,  # noqa: F401 - autouse fixture
    version_now,
)
from tests.pages import Page

pytestmark = pytest.mark.django_db(transaction=True)


def later(seconds: float = 600):
    return timezone.now() + timedelta(seconds=seconds)


@pytest.fixture
def waiting(person):
    """Three more people, for the queue of the table of `people`."""
    return [person(name) for name in ("eva", "fabio", "gil")]


def four_people(people, **options) -> Table:
    table = services.table_create(host=people[0], game="domino", mode="duplas", **options)
    for person in people[1:]:
        services.seat_take(table_id=table.pk, user=person)
    services.table_start(table_id=table.pk, by=people[0])
    return Table.objects.get(pk=table.pk)


def with_robots(host, robots: int) -> Table:
    table = services.table_create(host=host, game="domino", mode="duplas")
    for _ in range(robots):
        services.robot_add(table_id=table.pk, by=host)
    return Table.objects.get(pk=table.pk)


def set_state(table: Table, **changes) -> None:
    """Start the match part-way (the scores near 200), as tests of the end of a match need."""
    table.refresh_from_db()
    state = table.state
    state.update(changes)
    Table.objects.filter(pk=table.pk).update(state=state)
    snapshots.forget(table.pk)


def step(
    table_id: int, users: dict[int, object], rng: random.Random, outbox: list | None = None
) -> list[dict]:
    """One move at the table: the person on turn plays a random legal tile, or the sweeper plays
    the robot's (or clock's) timer that is due. Returns the events logged since; the group
    messages go to `outbox` if given."""
    before = Table.objects.get(pk=table_id).version
    copy = snapshots.get(table_id, fresh=True)
    seat = rules.get("domino").to_act(copy.state)[0]
    holder = copy.seats[seat]
    if holder.user_id is not None and not holder.autopilot:
        legal = [a for a in domino.GAME.legal_actions(copy.state, seat) if a["type"] == "play"]
        result = services.table_act(
            table_id=table_id,
            user=users[holder.user_id],
            action=rng.choice(legal),
            version=copy.version,
            outbox=outbox,
        )
        assert result.applied, result
    else:
        assert sweeper.run_due(now=later(), outbox=outbox) >= 1
    return [
        event
        for events in Action.objects.filter(table_id=table_id, version__gt=before).values_list(
            "events", flat=True
        )
        for event in events
    ]


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


# -- clocks and takeover -------------------------------------------------------------------------


def test_when_the_move_clock_runs_out_the_robot_plays_that_move_for_the_person(people):
    table = four_people(people, move_seconds=30)
    copy = snapshots.get(table.pk, fresh=True)
    on_turn = copy.state["hand"]["to_move"]
    clock = Deadline.objects.get(table=table, kind="clock")
    assert clock.seat == on_turn
    html = rendering.table_render(copy, 0).html
    assert f'data-clock-due="{clock.due.isoformat()}"' in html and 'data-clock-seconds="30"' in html
    assert sweeper.run_due(now=clock.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=clock.due + timedelta(seconds=1)) == 1
    move = Action.objects.filter(table=table).latest("version")
    assert move.seat == on_turn and move.user_id is None and move.action["type"] == "play"
    copy = snapshots.get(table.pk, fresh=True)
    assert not copy.seats[on_turn].autopilot  # only that move: the person plays on
    assert copy.timer("clock", copy.state["hand"]["to_move"]) is not None


def test_after_a_disconnect_a_robot_plays_on_their_turn_after_20_seconds_until_they_return(
    people, settings
):
    settings.GAMES_TAKEOVER_SECONDS = 20
    table = four_people(people)
    copy = snapshots.get(table.pk, fresh=True)
    gone = copy.state["hand"]["to_move"]
    Seat.objects.filter(table=table, index=gone).update(connected=True)  # their page was open
    snapshots.forget(table.pk)
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)  # its last socket closed
    takeover = Deadline.objects.get(table=table, kind="takeover")
    assert takeover.seat == gone
    assert sweeper.run_due(now=takeover.due - timedelta(seconds=1)) == 0
    assert sweeper.run_due(now=takeover.due + timedelta(seconds=1)) >= 1
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[gone].autopilot
    assert sweeper.run_due(now=later(30)) == 1  # their turn: the robot plays it
    assert Action.objects.filter(table=table, seat=gone, user=None).exists()
    # They come back to the same place: the robot stops.
    from games.models import TableSocket

    TableSocket.objects.create(
        channel_name="back", table_id=table.pk, user=people[gone], seen_at=timezone.now()
    )
    services.presence_sync(table_id=table.pk, user_id=people[gone].pk)
    copy = snapshots.get(table.pk, fresh=True)
    assert copy.seats[gone].user_id == people[gone].pk and not copy.seats[gone].autopilot


# -- reactions, through the real consumer --------------------------------------------------------


@pytest.mark.asyncio
async def test_reactions_reach_every_page_by_the_seat_within_the_chats_limits(
    people, waiting, settings
):
    settings.GAMES_CHAT_BURST = (5, 10**6)  # one window for the whole test
    await database_sync_to_async(cache.clear)()
    table = await database_sync_to_async(four_people)(people)
    ana_socket = await connect(table.pk, people[0])
    bia_socket = await connect(table.pk, people[1])
    watcher = await connect(table.pk, waiting[0])
    for socket in (ana_socket, bia_socket, watcher):  # presence changes in flight
        await socket.settle()
    await command(ana_socket, "react", text="Boa!")
    for socket in (ana_socket, bia_socket, watcher):
        frame = await socket.receive_from()
        assert 'data-reaction-seat="0"' in frame and "Boa!" in frame and "Ana" in frame
    await command(watcher, "react", text="😀")  # in the queue or watching: no seat to point at
    frame = await ana_socket.receive_from()
    assert "😀" in frame and "data-reaction-seat" not in frame

    await bia_socket.settle()
    await command(bia_socket, "react", text="<b>oi</b>")
    await bia_socket.settle()
    assert "Reação desconhecida" in bia_socket.page.notice
    for _ in range(4):  # past the page's limit (3 in 3 s; the person's is 5 in 10 s): refused
        await command(ana_socket, "react", text="😎")
    await ana_socket.settle()
    await command(ana_socket, "react", text="😎")
    await ana_socket.settle()
    assert "Calma" in ana_socket.page.notice

    await database_sync_to_async(services.seat_mute)(table_id=table.pk, by=people[0], index=1)
    await bia_socket.settle()
    await command(bia_socket, "react", text="Boa!")
    await bia_socket.settle()
    assert "silenciou" in bia_socket.page.notice


@pytest.mark.asyncio
async def test_the_queue_through_the_socket_and_its_place_on_every_page(people, waiting):
    table = await database_sync_to_async(four_people)(people)
    ana_socket = await connect(table.pk, people[0])
    eva_socket = await connect(table.pk, waiting[0])
    assert "Entrar na fila" in eva_socket.page.text("mesa-acoes")
    await command(eva_socket, "queue_join")
    await eva_socket.settle()
    assert "Você é o 1º da fila" in eva_socket.page.text("mesa-acoes")
    await ana_socket.settle()
    assert "Eva" in ana_socket.page.text("mesa-lugares")
    await command(eva_socket, "queue_leave")
    await eva_socket.settle()
    assert "Entrar na fila" in eva_socket.page.text("mesa-acoes")


# -- hidden information over whole matches -------------------------------------------------------


def renders(copy, queued_id: int) -> dict:
    viewers = {seat: rendering.table_render(copy, seat).html for seat in range(4)}
    viewers["spectator"] = rendering.table_render(copy, None).html
    viewers["queue"] = rendering.table_render(copy, None, viewer_id=queued_id).html
    return viewers


def test_over_whole_matches_no_render_holds_a_hand_but_the_viewers_own(people, waiting):
    """At every move of a whole match, each seat's render, a spectator's and a queued person's do
    not change by a character when what they may not see is dealt again."""
    table = four_people(people)
    services.queue_join(table_id=table.pk, user=waiting[0])
    set_state(table, scores=[180, 180])  # the match's last hands, to its end
    rng, by_id = random.Random(3), {p.pk: p for p in people}
    for _ in range(1500):
        copy = snapshots.get(table.pk, fresh=True)
        if not copy.playing:
            break
        for viewer, html in renders(copy, waiting[0].pk).items():
            seat = viewer if isinstance(viewer, int) else None
            dealt = domino.redeal(copy.state, seat, random.Random(len(html)))
            again = copy.changed(state=dealt)
            if seat is None:
                queued = waiting[0].pk if viewer == "queue" else None
                other = rendering.table_render(again, None, viewer_id=queued).html
            else:
                other = rendering.table_render(again, seat).html
            assert other == html, (viewer, copy.version)
        events = step(table.pk, by_id, rng)
        if any(e["type"] == "new_game" for e in events):
            break
    else:
        raise AssertionError("the match did not end")
    assert any(e["type"] == "match_end" for e in events)


@pytest.mark.asyncio
async def test_through_the_sockets_the_queue_sits_at_the_match_end_and_is_told_on_another_page(
    people, waiting
):
    """The players play the end of a match through their sockets; the person called from the
    queue, watching another table meanwhile, hears it on their personal channel, with a link."""
    table = await database_sync_to_async(four_people)(people)
    eva = waiting[0]
    other = await database_sync_to_async(services.table_create)(host=eva, game="bozo", mode="duelo")
    await database_sync_to_async(services.queue_join)(table_id=table.pk, user=eva)
    # One point more for either pair decides the match (the deals are the site's own).
    await database_sync_to_async(set_state)(table, scores=[199, 199])
    sockets = [await connect(table.pk, person) for person in people]
    elsewhere = await connect(other.pk, eva)
    rng = random.Random(11)
    for socket in sockets:  # their pages' presence first
        await socket.settle()
    for _ in range(300):
        now = await version_now(table.pk)
        for socket in sockets:
            await socket.until_version(now)
        movers = [s for s in sockets if s.page.actions()]
        if not movers:
            break
        (mover,) = movers
        plays = [a for a in mover.page.actions() if a["type"] == "play"]
        await send(mover, rng.choice(plays), version=mover.page.version, cid=f"c{_}")
        await mover.until_version(now + 1)  # the move is applied before the table is read
        copy = await database_sync_to_async(snapshots.get)(table.pk, fresh=True)
        if copy.seat_of(eva.pk) is not None:
            break
    else:
        raise AssertionError("the match did not end")
    await elsewhere.settle()
    assert "Sua vez na fila: você sentou à mesa." in elsewhere.page.notice
    link = elsewhere.page.find("mesa-aviso")
    assert f'href="/mesa/{table.pk}/"' in link.html()
    copy = await database_sync_to_async(snapshots.get)(table.pk, fresh=True)
    assert copy.state["matches"] == [0, 0] and copy.state["scores"] == [0, 0]
    for socket in sockets:  # every player's page shows the new game and who sits now
        await socket.settle()
        assert "Eva" in socket.page.text("mesa-lugares")


def test_a_tile_laid_late_in_a_hand_reaches_each_socket_alone(people):
    """The line's tiles keep their spots as it grows: a socket is sent the new tile (put after the
    one before it), the tile that loses the last play's mark, the open place that moved and the
    board's size, never the whole line again."""
    table = four_people(people)
    by_id, rng = {p.pk: p for p in people}, random.Random(7)
    sent: list[rendering.Sent] = [{}, {}]
    copy = snapshots.get(table.pk, fresh=True)
    for sent_to, seat in zip(sent, (0, None), strict=True):
        rendering.everything(rendering.table_render(copy, seat), sent_to)
    line = []
    while len(line) < 12:
        events = step(table.pk, by_id, rng)
        assert not any(e["type"] == "hand_end" for e in events)
        copy = snapshots.get(table.pk, fresh=True)
        line = [t for arm in copy.state["hand"]["table"]["arms"].values() for t in arm]
        frames = [
            rendering.changes(rendering.table_render(copy, seat), sent_to)
            for sent_to, seat in zip(sent, (0, None), strict=True)
        ]
    for frame in frames:
        assert 'id="domino-mesa"' not in frame
        assert frame.count('hx-swap-oob="afterend:#domino-peca') == 1
        board = re.findall(r'<(?:span|button) id="domino-(?:peca|ponta|medida)[^"]*"', frame)
        assert 1 <= len(board) <= 4, board
