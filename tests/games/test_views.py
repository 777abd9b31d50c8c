import pytest

from games import services
from games.models import Table
from tests.accessibility import (
    accessible_name,
    named_without_role,
    repeated_regions,
    skipped_headings,
    unreachable,
    with_class,
)
from tests.pages import attribute, parse

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_lobby_lists_public_tables_with_game_mode_seats_and_host(client, make_user):
    ana = make_user("ana", nickname="Ana")
    services.table_create(host=ana, game="bozo", mode="duplas")
    services.table_create(host=ana, game="bozo", mode="duelo", is_public=False)
    html = client.get("/jogar/bozo/").content.decode()
    assert "Duplas" in html and "1 de 4 lugares" in html and "Anfitrião: Ana" in html
    assert "Duelo" not in html.split("Mesas públicas")[1]


def test_the_lobby_refreshes_its_list_by_polling(client, make_user):
    services.table_create(host=make_user("ana"), game="bozo", mode="solo")
    html = client.get("/jogar/", headers={"HX-Request": "true"}).content.decode()
    assert html.startswith('<div id="mesas-publicas-lista"')
    assert 'hx-trigger="every 5s"' in html


def test_only_logged_in_players_create_tables(client, make_user):
    response = client.get("/jogar/bozo/nova/")
    assert response.status_code == 302 and response.url.startswith("/conta/login/")
    client.force_login(make_user("ana"))
    response = client.post(
        "/jogar/bozo/nova/", {"mode": "duplas", "visibility": "private", "opt_bonus_de_boca": "on"}
    )
    table = Table.objects.get()
    assert response.url == f"/mesa/{table.pk}/"
    assert (table.mode, table.is_public) == ("duplas", False)
    assert table.options == {
        "mode": "duplas",
        "bonus_de_boca": True,
        "general_de_boca_vence": False,
    }


def test_the_creation_form_answers_bad_input_in_portuguese(client, make_user):
    client.force_login(make_user("ana"))
    response = client.post("/jogar/bozo/nova/", {"mode": "trio", "visibility": "x"})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "mode" in errors and "visibility" in errors
    assert "Faça uma escolha válida" in errors["mode"][0]
    assert not Table.objects.exists()


@pytest.mark.parametrize("url", ["/jogar/xadrez/nova/", "/mesa/999/", "/jogar/xadrez/"])
def test_unknown_games_and_unknown_tables_are_404(client, make_user, url):
    client.force_login(make_user("ana"))
    assert client.get(url).status_code == 404


def test_a_robot_duel_starts_at_once(client, make_user):
    client.force_login(make_user("ana"))
    response = client.post("/jogar/bozo/contra-robo/")
    table = Table.objects.get()
    assert response.url == f"/mesa/{table.pk}/"
    assert table.status == Table.Status.PLAYING and not table.is_public
    assert [s.robot for s in table.seats.order_by("index")] == [False, True]


def test_the_table_page_renders_the_live_partials_over_http(client, make_user):
    ana = make_user("ana", nickname="Ana")
    table = services.table_create(host=ana, game="bozo", mode="solo")
    client.force_login(ana)
    html = client.get(f"/mesa/{table.pk}/").content.decode()
    assert f'ws-connect="/ws/mesa/{table.pk}/"' in html
    assert html.index("htmx-2.min.js") < html.index("hx-ws-2.min.js")  # the extension after htmx
    assert attribute(html, "mesa-status", "data-you") == "0"
    assert 'id="mesa-jogo"' in html and "Sua vez" in html
    assert attribute(html, "mesa-versao", "data-version") == str(Table.objects.get().version)
    assert "Lançar com copo" in html and "Lançar sem copo" in html
    assert 'src="/static/games/bozo.js"' in html


# Each game at a table of several seats: a row of cards or grids that scrolls on a phone.
CROWDED = {
    "bozo": ("duelo", 2),
    "domino": ("duplas", 4),
    "dozito": ("mesa", 3),
    "yams": ("mesa", 3),
}
ROWS = ("bozo-cards__row", "yams-cards__row", "dz-rivals")


@pytest.mark.parametrize("game", CROWDED)
def test_a_table_page_names_each_part_once_and_the_keyboard_scrolls_its_rows(
    client, make_user, game
):
    """Issue #29 (axe-core): names on what may carry one, one name per region, no heading
    skipped under the page's h1, and every row that scrolls sideways reachable by the keyboard."""
    ana = make_user("ana", nickname="Ana")
    mode, seats = CROWDED[game]
    table = services.table_create(host=ana, game=game, mode=mode, is_public=False)
    for _ in range(seats - 1):
        services.robot_add(table_id=table.pk, by=ana)
    services.table_start(table_id=table.pk, by=ana)
    client.force_login(ana)
    page = parse(client.get(f"/mesa/{table.pk}/").content.decode())
    assert not named_without_role(page)
    assert not repeated_regions(page)
    assert not skipped_headings(page)
    rows = [row for kind in ROWS for row in with_class(page, kind)]
    assert rows or game == "domino"
    assert not unreachable(page, rows)
    # The chat scrolls up and down: a list still, which the keyboard reaches.
    (chat,) = with_class(page, "chat-list")
    assert chat.tag == "ol" and chat.attrs.get("tabindex") == "0" and accessible_name(page, chat)


def test_each_seat_gets_its_own_page_and_nothing_of_another_seat(client, make_user):
    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    pages = {}
    for name, user in (("ana", ana), ("bia", bia), ("watcher", None)):
        client.logout()
        if user is not None:
            client.force_login(user)
        pages[name] = client.get(f"/mesa/{table.pk}/").content.decode()
    ana_sees, bia_sees, watcher_sees = pages.values()
    assert [attribute(html, "mesa-status", "data-you") for html in pages.values()] == [
        "0", "1", None,
    ]  # fmt: skip
    assert "Sua vez" in ana_sees and "Lançar com copo" in ana_sees and "(você)" in ana_sees
    assert "Sua cartela" in ana_sees and "Sair da partida" in ana_sees
    for other in (bia_sees, watcher_sees):
        assert "Vez de Ana" in other and "Sua vez" not in other
        assert "Lançar" not in other and 'name="action"' not in other
    assert "Sua cartela" in bia_sees and "Sair da partida" in bia_sees
    assert "(você)" not in watcher_sees and "Sua cartela" not in watcher_sees
    assert "Sair da partida" not in watcher_sees


def test_a_private_table_shows_only_to_its_players_and_invitees(client, make_user):
    ana = make_user("ana")
    table = services.table_create(host=ana, game="bozo", mode="duelo", is_public=False)
    client.force_login(make_user("bia"))
    assert client.get(f"/mesa/{table.pk}/").status_code == 404
    assert client.get(f"/mesa/{table.pk}/convite/errado/").status_code == 404
    response = client.get(f"/mesa/{table.pk}/convite/{table.invite_code}/")
    assert response.url == f"/mesa/{table.pk}/"
    assert client.get(f"/mesa/{table.pk}/").status_code == 200
    assert client.session["invites"] == {str(table.pk): table.invite_code}


def test_the_host_sees_the_table_invite_and_one_per_team_with_room(client, make_user, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "bozo.example.com"]
    ana = make_user("ana")
    table = services.table_create(host=ana, game="bozo", mode="duplas")
    client.force_login(ana)
    html = client.get(f"/mesa/{table.pk}/", HTTP_HOST="bozo.example.com").content.decode()
    assert f'data-invite="/mesa/{table.pk}/convite/{table.invite_code}/"' in html
    assert "Convite para a dupla Jade" in html and "Convite para a dupla Âmbar" in html
    assert f"/mesa/{table.pk}/convite/{table.invite_code}/1/" in html
    # The page completes the links with the address the server validated for this request.
    assert 'data-site="http://bozo.example.com"' in html


def test_the_export_lists_the_tables_a_person_played(client, make_user):
    ana = make_user("ana")
    table = services.table_create(host=ana, game="bozo", mode="solo")
    client.force_login(ana)
    data = client.get("/conta/meus-dados/").json()
    assert data["mesas"][0]["mesa"] == table.pk
    assert data["mesas"][0]["jogo"] == "bozo"


def test_a_deleted_account_stays_at_past_tables_as_removed_player(client, make_user):
    from accounts.services import delete_account

    ana, bia = make_user("ana", nickname="Ana"), make_user("bia", nickname="Bia")
    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    services.seat_leave(table_id=table.pk, user=bia)
    delete_account(user=bia)
    client.force_login(ana)
    html = client.get(f"/mesa/{table.pk}/").content.decode()
    assert "Jogador removido" in html and "Bia" not in html
