"""The admin reads tables and changes them only through the services."""

import pytest

from games import chat, services
from games.models import ChatMessage, Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_is_shown_read_only_with_its_seats(admin_client, duel, ana, bia):
    page = admin_client.get(f"/admin/games/table/{duel.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    for shown in ("bozo", "duelo", "bonus_de_boca", "&quot;to_move&quot;", "Ana", "Bia"):
        assert shown in html, shown
    assert 'name="state"' not in html and 'name="version"' not in html  # nothing to edit
    posted = admin_client.post(f"/admin/games/table/{duel.pk}/change/", {"status": "closed"})
    assert posted.status_code == 403
    assert Table.objects.get(pk=duel.pk).status == Table.Status.PLAYING
    assert admin_client.get("/admin/games/table/add/").status_code == 403


def test_the_admin_closes_tables_through_the_service(admin_client, duel):
    before = Table.objects.get(pk=duel.pk).version
    response = admin_client.post(
        "/admin/games/table/", {"action": "close_tables", "_selected_action": [duel.pk]}
    )
    assert response.status_code == 302
    table = Table.objects.get(pk=duel.pk)
    assert table.status == Table.Status.CLOSED and table.version == before + 1


def test_the_admin_sees_and_deletes_chat_messages(admin_client, duel, ana, monkeypatch):
    line = chat.post(table_id=duel.pk, user=ana, text="mensagem ruim")
    listing = admin_client.get("/admin/games/chatmessage/").content.decode()
    assert "mensagem ruim" in listing
    removed = []
    monkeypatch.setattr(
        services.core, "send", lambda group, message, outbox=None: removed.append((group, message))
    )
    admin_client.post(
        "/admin/games/chatmessage/",
        {"action": "delete_selected", "_selected_action": [line.id], "post": "yes"},
    )
    assert not ChatMessage.objects.exists()
    gone = {"type": "chat.removed", "id": line.id}
    assert removed == [(services.table_group(duel.pk, seated=s), gone) for s in (True, False)]
