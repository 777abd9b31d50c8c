"""What the table says, viewer by viewer: the waiting room, the seats' controls, the teams, the
invitations, the away opponent, the result said once, the latest plays and the hint (issue #8)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from games import presenters, rules, services, snapshots
from games.rendering import Render, table_render
from games.snapshots import Timer
from tests.games.conftest import act

pytestmark = pytest.mark.django_db(transaction=True)


def render_of(table_id: int, seat: int | None, **kwargs) -> Render:
    return table_render(snapshots.get(table_id), seat, **kwargs)


def html_of(table_id: int, seat: int | None, **kwargs) -> str:
    return render_of(table_id, seat, **kwargs).html


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def part(render: Render, element_id: str) -> str:
    """The markup of the partial `element_id` of a render."""
    parts = list(render.parts)
    while parts:
        partial = parts.pop()
        if partial.id == element_id:
            return partial.html
        parts.extend(partial.children)
    raise AssertionError(f"no partial {element_id}")


def finished(copy, **outcome):
    return copy.changed(status="finished", outcome={"winners": [], "scores": [], **outcome})


# -- the waiting room -----------------------------------------------------------------------------


def test_the_waiting_room_says_what_is_true_for_host_and_guest(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    assert "Esperando jogadores" in html_of(table.pk, 0)
    services.seat_take(table_id=table.pk, user=bia)
    host, guest = html_of(table.pk, 0), html_of(table.pk, 1)
    assert "Todos sentados: pode começar" in text_of(host)
    assert "Todos sentados: Ana pode começar" in text_of(guest)
    assert "Ana começa a partida quando todos estiverem sentados." in text_of(guest)
    assert "Começar a partida" in host and "Começar a partida" not in guest


def test_seat_controls_say_what_they_do(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    host = html_of(table.pk, 0)
    assert ">Trocar de lugar com Ana</button>" in host
    assert "↑" not in host and 'aria-label="Trocar' not in host


def test_pairs_seats_are_grouped_by_team_and_invites_say_whom_they_are_for(ana):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    host = html_of(table.pk, 0)
    groups = re.findall(
        r'<section class="seat-team[^"]*" aria-label="([^"]+)">(.*?)</section>', host, re.S
    )
    assert [name for name, _ in groups] == ["Dupla Jade", "Dupla Âmbar"]
    jade, amber = (re.findall(r'id="mesa-lugar-(\d)"', seats) for _, seats in groups)
    assert jade == ["0", "2"] and amber == ["1", "3"]
    invites = text_of(part(render_of(table.pk, 0), "mesa-convites"))
    assert "Convite para a dupla Jade Para quem joga com você." in invites
    assert "Convite para a dupla Âmbar Para os adversários." in invites


def test_a_guest_invited_to_a_team_is_offered_that_team_only(ana):
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    copy = snapshots.get(table.pk)
    plain = table_render(copy, None).html
    assert "Sentar na dupla Jade" in plain and "Sentar na dupla Âmbar" in plain
    amber = table_render(copy, None, team=1).html
    assert "Sentar na dupla Âmbar" in amber and "Jade</button>" not in amber
    assert 'name="team" value="1"' in amber


def test_an_anonymous_visitor_is_offered_to_sign_up_first_and_comes_back(ana):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    actions = part(render_of(table.pk, None, signed_in=False), "mesa-acoes")
    links = re.findall(r'<a class="button ([^"]+)" href="([^"]+)">([^<]+)</a>', actions)
    back = f"next=%2Fmesa%2F{table.pk}%2F"
    assert links == [
        ("button--primary", f"/conta/signup/?{back}", "Criar conta"),
        ("button--secondary", f"/conta/login/?{back}", "Entrar"),
    ]


# -- during the game ------------------------------------------------------------------------------


def test_an_away_opponent_on_turn_is_shown_with_the_time_to_the_robot(duel, ana, bia):
    copy = snapshots.get(duel.pk)
    left = timezone.now() - timedelta(seconds=5)
    due = left + timedelta(seconds=20)
    away = copy.changed(
        seats=(replace(copy.seats[0], connected=False, last_seen=left), copy.seats[1]),
        timers=(Timer("takeover", 0, due),),
    )
    status = part(table_render(away, 1), "mesa-status")
    assert "Ana está sem conexão" in text_of(status)
    assert f'datetime="{left.isoformat()}" data-since' in status
    assert (
        "Um robô joga no lugar" in status and f'datetime="{due.isoformat()}" data-until' in status
    )
    # Ana's own page does not say she is away, nor does anything when nobody is.
    assert "mesa-status__away" not in part(table_render(away, 0), "mesa-status")
    assert "mesa-status__away" not in part(render_of(duel.pk, 1), "mesa-status")


def test_the_claim_of_the_win_is_offered_in_the_status_once_open(duel, ana, bia):
    copy = snapshots.get(duel.pk)
    claim = copy.changed(claim_open=True)
    assert "Reclamar a vitória por inatividade" in part(table_render(claim, 1), "mesa-status")
    assert "Reclamar" not in part(table_render(claim, 0), "mesa-status")  # on turn
    assert "Reclamar" not in table_render(claim, None).html


def test_the_latest_plays_are_not_numbered_as_if_they_were_the_whole_game(duel, ana):
    act(duel, ana, {"type": "roll", "cup": False})
    html = html_of(duel.pk, 0)
    assert '<ul id="bozo-log">' in html and "reversed" not in html


def said(table_id: int, seat: int | None) -> str:
    """What the live region of `seat`'s page says now (the sentence is swapped inside it)."""
    render = render_of(table_id, seat)
    region, sentence = part(render, "mesa-fala"), part(render, "mesa-anuncio")
    assert 'role="status" aria-live="polite"><p id="mesa-anuncio">' in region
    return text_of(sentence)


def test_the_live_region_says_what_the_latest_move_did_in_one_sentence(duel, ana, bia, loaded):
    """Issue #29, "Focus kept": one short sentence per change, and "sua vez" only to the one
    whose turn came with it (the banner is not said again with every move)."""
    loaded([1, 2, 3, 4, 5])
    assert said(duel.pk, 0) == "Sua vez: A partida começou."
    assert said(duel.pk, 1) == "A partida começou."
    act(duel, ana, {"type": "roll", "cup": True})
    assert said(duel.pk, 0) == said(duel.pk, 1) == "Ana lançou 5 dados com copo."
    act(duel, ana, {"type": "lift", "from": "top"})
    assert said(duel.pk, 0) == "Ana levantou o copo: 1, 2, 3, 4, 5."
    act(duel, ana, {"type": "score", "box": "general"})
    assert said(duel.pk, 0) == said(duel.pk, None) == "Ana marcou 0 no General."
    assert said(duel.pk, 1) == "Sua vez: Ana marcou 0 no General."


# -- the result -----------------------------------------------------------------------------------


def result_text(copy, seat) -> str:
    return text_of(part(table_render(copy, seat), "mesa-resultado"))


def test_the_result_is_said_once_with_the_winner_named_and_spaced(duel, ana, bia):
    copy = snapshots.get(duel.pk)
    over = finished(copy, reason="complete", winners=[1], scores=[120, 150], text="x")
    loser, winner, spectator = result_text(over, 0), result_text(over, 1), result_text(over, None)
    assert loser.startswith("Vencedor: Bia Bia 150 Ana 120")
    assert winner.startswith("Você venceu! Bia 150 Ana 120")
    assert spectator.startswith("Vencedor: Bia")
    for text in (loser, winner, spectator):
        assert text.count("Bia") == (2 if text is not winner else 1)
        assert "Fim de jogo" not in text and "Vencedor:Bia" not in text
    assert "Você venceu!" not in loser + spectator


def test_a_tie_says_so_and_nobody_is_told_they_won(duel, ana, bia):
    copy = snapshots.get(duel.pk)
    tie = finished(copy, reason="complete", winners=[0, 1], scores=[140, 140])
    assert result_text(tie, 0).startswith("Empate: vitória compartilhada")
    assert result_text(tie, None).startswith("Empate")
    assert "Você venceu" not in result_text(tie, 0) + result_text(tie, 1)


def test_a_general_de_boca_is_told_by_bozo_as_what_ended_the_game(duel, ana, bia):
    copy = snapshots.get(duel.pk)
    boca = finished(copy, reason="general_de_boca", winners=[0], scores=[40, 12])
    said = "General de boca: cinco dados iguais de uma vez, vitória na hora."
    assert result_text(boca, 0).startswith(f"Você venceu! {said}")
    complete = finished(copy, reason="complete", winners=[0], scores=[40, 12])
    assert "General de boca" not in result_text(complete, 0)


def test_leaving_is_told_as_what_ended_the_game(duel, ana, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    over = snapshots.get(duel.pk)
    assert result_text(over, 0).startswith("Você venceu! Bia saiu da partida.")
    assert result_text(over, 1).startswith("Vencedor: Ana Bia saiu da partida.")
    assert "Jogar de novo" in table_render(over, 1).html
    assert "Jogar de novo" not in table_render(over, None).html


def test_solo_training_shows_the_score_and_the_players_best(ana):
    table = services.table_create(host=ana, game="bozo", mode="solo", is_public=False)
    if snapshots.get(table.pk).waiting:
        services.table_start(table_id=table.pk, by=ana)
    copy = snapshots.get(table.pk)
    first = finished(copy, reason="complete", winners=[0], scores=[150], best_before=None)
    assert result_text(first, 0).startswith("Treino concluído: 150 pontos Sua primeira marca")
    record = finished(copy, reason="complete", winners=[0], scores=[170], best_before=160)
    assert "Novo recorde! Sua melhor marca era 160." in result_text(record, 0)
    worse = finished(copy, reason="complete", winners=[0], scores=[120], best_before=160)
    assert "Sua melhor marca: 160." in result_text(worse, 0)
    assert "Você venceu" not in result_text(record, 0)
    one = finished(copy, reason="complete", winners=[0], scores=[1], best_before=None)
    assert result_text(one, 0).startswith("Treino concluído: 1 ponto Sua primeira marca")


def test_the_best_solo_score_is_stored_with_the_outcome(ana, loaded):
    scores = []
    for _game in range(2):
        table = services.table_create(host=ana, game="bozo", mode="solo", is_public=False)
        if snapshots.get(table.pk).waiting:
            services.table_start(table_id=table.pk, by=ana)
        for _turn in range(10):
            act(table, ana, {"type": "roll", "cup": False})
            view = rules.get("bozo").view(snapshots.get(table.pk).state, 0)
            box = next(b for b, v in view["cards"][0]["boxes"].items() if v is None)
            act(table, ana, {"type": "score", "box": box})
        table.refresh_from_db()
        scores.append(table.outcome["scores"][0])
    assert table.outcome["best_before"] == scores[0]


def test_the_host_who_closes_the_waiting_room_is_told_in_the_first_person(ana, bia):
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.seat_leave(table_id=table.pk, user=ana)
    copy = snapshots.get(table.pk)
    assert result_text(copy, 0).startswith("Você encerrou a mesa.")
    assert result_text(copy, 1).startswith("O anfitrião encerrou a mesa.")


def test_the_tray_does_not_count_throws_once_the_game_is_over(duel, ana, bia):
    services.seat_leave(table_id=duel.pk, user=bia)
    lance = part(render_of(duel.pk, 0), "bozo-lance")
    assert "lançamento" not in lance


# -- the hint -------------------------------------------------------------------------------------


def test_the_hint_speaks_plainly_of_at_most_three_choices_and_marks_the_best(ana, loaded):
    table = services.table_create(host=ana, game="bozo", mode="solo", is_public=False)
    if snapshots.get(table.pk).waiting:
        services.table_start(table_id=table.pk, by=ana)
    loaded([3, 3, 3, 5, 5])
    act(table, ana, {"type": "roll", "cup": False})
    copy = snapshots.get(table.pk)
    advice = services.robot_advice(copy, 0)
    view = rules.get("bozo").view(copy.state, 0)
    hint = presenters.get("bozo").hint(view, advice)
    assert len(hint.lines) == 3 and len(advice) > 3
    best = advice[0]
    assert best["action"] == {"type": "score", "box": "full"}
    assert (
        hint.lines[0]
        == f"Se marcar Full agora, sua média final esperada é {round(best['expected'])}."
    )
    assert hint.box == "full" and hint.keep is None
    for line in hint.lines[1:]:
        assert re.fullmatch(
            r"Se (marcar \w+ agora|lançar de novo guardando [\d, e]+"
            r"|lançar de novo os cinco dados), sua média final esperada é \d+\.",
            line,
        ), line


def test_a_person_without_a_nickname_is_never_shown_by_their_login_name(ana, make_user):
    nameless = make_user("login_secreto")
    assert not nameless.nickname
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=nameless)
    html = html_of(table.pk, None)
    assert "login_secreto" not in html
    assert f"Pessoa {nameless.pk}" in html
