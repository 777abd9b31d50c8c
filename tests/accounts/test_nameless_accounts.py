"""An account without a nickname (createsuperuser, the admin) is never shown by its username:
it shows a stand-in name nobody can choose, and the profile page asks for a nickname."""

import pytest
from django.core.management import call_command

from accounts.models import User, stand_in_name

PROFILE = "/conta/perfil/"


@pytest.mark.django_db
def test_an_account_without_a_nickname_shows_a_stand_in_never_the_username(make_user):
    user = make_user("ana_login")
    user.refresh_from_db()
    assert user.nickname == ""
    assert user.display_name == f"Pessoa {user.pk}"
    assert str(user) == f"Pessoa {user.pk}"
    assert "ana_login" not in user.display_name
    assert stand_in_name(user.pk) == user.display_name


@pytest.mark.django_db
def test_createsuperuser_leaves_the_nickname_to_choose(db):
    call_command(
        "createsuperuser", interactive=False, username="raiz", email="raiz@example.com", verbosity=0
    )
    admin = User.objects.get(username="raiz")
    assert admin.nickname == ""
    assert admin.display_name == f"Pessoa {admin.pk}"


@pytest.mark.django_db
def test_two_accounts_without_a_nickname_do_not_collide(make_user):
    ana, bia = make_user("ana"), make_user("bia")
    assert ana.nickname_key is None and bia.nickname_key is None
    assert ana.display_name != bia.display_name


@pytest.mark.django_db
def test_the_profile_invites_a_person_without_a_nickname_to_choose_one(client, make_user):
    user = make_user("ana")
    client.force_login(user)
    html = client.get(PROFILE).content.decode()
    assert "Você ainda não tem apelido" in html
    assert f"você aparece como “Pessoa {user.pk}”" in html

    client.post(PROFILE, {"nickname": "Aninha"})
    assert "Você ainda não tem apelido" not in client.get(PROFILE).content.decode()


@pytest.mark.django_db
def test_allauth_names_the_person_by_the_nickname(client, make_user, password):
    make_user("ana", nickname="Aninha")
    response = client.post("/conta/login/", {"login": "ana", "password": password}, follow=True)
    html = response.content.decode()
    assert "como Aninha" in html
    assert "como ana" not in html


@pytest.mark.django_db
def test_the_admin_creates_an_account_without_a_nickname(admin_client):
    response = admin_client.post(
        "/admin/accounts/user/add/",
        {
            "username": "caio",
            "nickname": "",
            "email": "caio@example.com",
            "usable_password": "true",
            "password1": "mesa-de-bozo-2026",
            "password2": "mesa-de-bozo-2026",
        },
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    caio = User.objects.get(username="caio")
    assert caio.nickname == ""
    assert caio.display_name == f"Pessoa {caio.pk}"


@pytest.mark.django_db
def test_the_admin_keeps_a_blank_nickname_blank_and_applies_the_rule(admin_client, make_user):
    caio = make_user("caio")
    page = admin_client.get(f"/admin/accounts/user/{caio.pk}/change/")
    assert page.status_code == 200
    assert "Pessoa N" in page.content.decode()

    data = {
        "username": "caio",
        "email": "caio@example.com",
        "is_active": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
    }
    response = admin_client.post(
        f"/admin/accounts/user/{caio.pk}/change/", {**data, "nickname": ""}
    )
    assert response.status_code == 302
    caio.refresh_from_db()
    assert caio.nickname == ""

    for refused in ["Robô 1", "caio"]:
        response = admin_client.post(
            f"/admin/accounts/user/{caio.pk}/change/", {**data, "nickname": refused}
        )
        assert response.status_code == 200
        assert response.context["adminform"].form.errors["nickname"]
