"""One nickname rule everywhere: the same 2 to 20 characters, counted after normalization, in the
sign-up and profile fields, the help text, the validator and the database column."""

import re

import pytest

from accounts.models import User
from accounts.validators import NICKNAME_MAX

SIGNUP = "/conta/signup/"
PROFILE = "/conta/perfil/"


def signup(client, nickname, **overrides):
    data = {
        "username": "ana",
        "nickname": nickname,
        "email": "ana@example.com",
        "password1": "mesa-de-bozo-2026",
        "password2": "mesa-de-bozo-2026",
        **overrides,
    }
    return client.post(SIGNUP, data)


def nickname_input(html):
    return re.search(r'<input[^>]*name="nickname"[^>]*>', html).group(0)


@pytest.mark.django_db
@pytest.mark.parametrize("url", [SIGNUP, PROFILE])
def test_the_nickname_field_tells_the_browser_and_the_person_2_to_20(client, make_user, url):
    if url == PROFILE:
        client.force_login(make_user("ana"))
    html = client.get(url).content.decode()
    field = nickname_input(html)
    assert 'maxlength="20"' in field
    assert 'minlength="2"' in field
    assert "De 2 a 20 caracteres" in html


@pytest.mark.django_db
def test_the_signup_nickname_is_required_and_comes_before_the_email(client):
    html = client.get(SIGNUP).content.decode()
    assert "required" in nickname_input(html)
    assert html.index('name="nickname"') < html.index('name="email"')
    assert "ninguém mais vê" in html  # the username's help says it stays private


def test_the_database_column_holds_exactly_the_rule():
    assert User._meta.get_field("nickname").max_length == NICKNAME_MAX == 20


@pytest.mark.django_db
def test_signup_takes_20_characters_and_refuses_21(client):
    assert signup(client, "a" * 20).status_code == 302
    assert User.objects.get(username="ana").nickname == "a" * 20

    client.logout()
    response = signup(client, "b" * 21, username="bia", email="bia@example.com")
    assert response.context["form"].errors["nickname"] == [
        "O apelido deve ter de 2 a 20 caracteres."
    ]


@pytest.mark.django_db
def test_signup_counts_the_length_after_normalization(client):
    # 27 characters as typed, 18 once the spaces are folded and the accents composed.
    typed = "Maria    da     Concei\u00e7a\u0303o  "
    assert len(typed.strip()) > 20
    assert signup(client, typed).status_code == 302
    assert User.objects.get(username="ana").nickname == "Maria da Conceição"


@pytest.mark.django_db
def test_profile_counts_the_length_after_normalization(client, make_user):
    user = make_user("ana")
    client.force_login(user)
    client.post(PROFILE, {"nickname": "Ana         Luíza     Souza"})
    user.refresh_from_db()
    assert user.nickname == "Ana Luíza Souza"


@pytest.mark.django_db
@pytest.mark.parametrize(("taken", "typed"), [("Ana", "𝔸na"), ("Ana", "ＡＮＡ"), ("Popo", "Роро")])
def test_a_look_alike_of_a_taken_nickname_is_taken(client, make_user, taken, typed):
    make_user("outra", nickname=taken)
    response = signup(client, typed, username="zeca")
    assert response.context["form"].errors["nickname"] == [
        "Este apelido já está em uso. Escolha outro."
    ]


@pytest.mark.django_db
def test_a_styled_nickname_is_stored_plain(client):
    signup(client, "𝔸na 𝟚")
    assert User.objects.get(username="ana").nickname == "Ana 2"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("nickname", "message"),
    [
        ("Robô 2", "reservado"),
        ("Lugar livre", "reservado"),
        ("Pessoa 7", "reservado"),
        ("\u0410na", "mistura alfabetos"),
        ("Ana\u3164", "invisíveis"),
    ],
)
def test_signup_explains_each_refusal_next_to_the_field(client, nickname, message):
    response = signup(client, nickname)
    assert response.status_code == 200
    (error,) = response.context["form"].errors["nickname"]
    assert message in error
    assert message in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.django_db
def test_profile_refuses_the_username_as_nickname(client, make_user):
    user = make_user("ana", nickname="Aninha")
    client.force_login(user)
    response = client.post(PROFILE, {"nickname": "ANA"})
    (error,) = response.context["form"].errors["nickname"]
    assert "não pode ser o seu nome de usuário" in error
    user.refresh_from_db()
    assert user.nickname == "Aninha"
