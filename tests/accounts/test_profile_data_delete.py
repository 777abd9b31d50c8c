import json

import pytest
from allauth.account.models import EmailAddress

from accounts.models import User

PROFILE = "/conta/perfil/"
MY_DATA = "/conta/meus-dados/"
DELETE = "/conta/excluir/"


@pytest.mark.django_db
@pytest.mark.parametrize("url", [PROFILE, MY_DATA, DELETE])
def test_account_pages_need_a_login(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith("/conta/login/")


@pytest.mark.django_db
def test_profile_changes_the_nickname(client, make_user):
    user = make_user("ana")
    client.force_login(user)
    response = client.post(PROFILE, {"nickname": "  Ana   Luíza "}, follow=True)
    assert "Apelido atualizado" in response.content.decode()
    user.refresh_from_db()
    assert user.nickname == "Ana Luíza"


@pytest.mark.django_db
def test_profile_keeps_your_own_nickname_in_another_case(client, make_user):
    user = make_user("ana", nickname="Aninha")
    client.force_login(user)
    client.post(PROFILE, {"nickname": "ANINHA"})
    user.refresh_from_db()
    assert user.nickname == "ANINHA"


@pytest.mark.django_db
def test_profile_refuses_a_taken_nickname_and_keeps_the_input(client, make_user):
    make_user("bia", nickname="Bia")
    user = make_user("ana")
    client.force_login(user)
    response = client.post(PROFILE, {"nickname": "bia"})
    assert response.status_code == 200
    assert response.context["form"].errors["nickname"] == [
        "Este apelido já está em uso. Escolha outro."
    ]
    assert 'value="bia"' in response.content.decode()
    user.refresh_from_db()
    assert user.nickname == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("nickname", "message"),
    [("x", "de 2 a 20"), ("meu@email.com", "e-mail"), ("", "obrigatório")],
)
def test_profile_refuses_a_malformed_nickname(client, make_user, nickname, message):
    client.force_login(make_user("ana"))
    response = client.post(PROFILE, {"nickname": nickname})
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors["nickname"])


@pytest.mark.django_db
def test_my_data_downloads_everything_stored_as_json(client, make_user):
    user = make_user("ana", nickname="Ana Luíza")
    client.force_login(user)
    response = client.get(MY_DATA)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="meus-dados-bozo-')
    data = json.loads(response.content)
    assert data["conta"]["nome_de_usuario"] == "ana"
    assert data["conta"]["apelido"] == "Ana Luíza"
    assert data["conta"]["email"] == "ana@example.com"
    assert data["emails"] == [{"email": "ana@example.com", "verificado": True, "principal": True}]
    assert "password" not in response.content.decode()


@pytest.mark.django_db
def test_my_data_only_answers_get(client, make_user):
    client.force_login(make_user("ana"))
    assert client.post(MY_DATA).status_code == 405


@pytest.mark.django_db
def test_delete_with_a_wrong_password_keeps_the_account(client, make_user):
    user = make_user("ana")
    client.force_login(user)
    response = client.post(DELETE, {"password": "nao-e-essa", "confirm": "on"})
    assert response.status_code == 200
    assert response.context["form"].errors["password"] == ["Senha incorreta."]
    user.refresh_from_db()
    assert user.is_active and user.username == "ana"


@pytest.mark.django_db
def test_delete_needs_the_confirmation_box(client, make_user, password):
    user = make_user("ana")
    client.force_login(user)
    response = client.post(DELETE, {"password": password})
    assert response.context["form"].errors["confirm"] == [
        "Marque a confirmação para excluir a conta."
    ]
    assert User.objects.get(pk=user.pk).is_active


@pytest.mark.django_db
def test_delete_guessing_passwords_is_rate_limited(client, make_user, password):
    user = make_user("ana")
    client.force_login(user)
    for _ in range(10):
        client.post(DELETE, {"password": "nao-e-essa", "confirm": "on"})
    response = client.post(DELETE, {"password": password, "confirm": "on"})
    assert "Muitas tentativas" in " ".join(response.context["form"].errors["password"])
    assert User.objects.get(pk=user.pk).is_active


@pytest.mark.django_db
def test_delete_erases_personal_data_and_keeps_a_removed_player(client, make_user, password):
    user = make_user("ana", nickname="Ana Luíza")
    client.force_login(user)
    response = client.post(DELETE, {"password": password, "confirm": "on"}, follow=True)
    assert "Sua conta foi excluída" in response.content.decode()
    assert not response.context["user"].is_authenticated

    removed = User.objects.get(pk=user.pk)
    assert removed.nickname == "Jogador removido"
    assert str(removed) == "Jogador removido"
    assert removed.username != "ana" and "ana" not in removed.username
    assert removed.email == ""
    assert not removed.is_active
    assert not removed.has_usable_password()
    assert removed.removed_at is not None
    assert not EmailAddress.objects.filter(user=removed).exists()

    # The username, e-mail and nickname are free again, and the old login no longer works.
    assert client.post("/conta/login/", {"login": "ana", "password": password}).status_code == 200
    make_user("ana", nickname="Ana Luíza")


@pytest.mark.django_db
def test_delete_ends_the_other_sessions_too(client, make_user, password):
    from django.test import Client

    user = make_user("ana")
    other_device = Client()
    other_device.force_login(user)
    client.force_login(user)
    client.post(DELETE, {"password": password, "confirm": "on"})
    assert not other_device.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_two_removed_players_do_not_collide(client, make_user):
    from accounts.services import delete_account

    delete_account(user=make_user("ana"))
    delete_account(user=make_user("bia"))
    assert User.objects.filter(nickname="Jogador removido").count() == 2
