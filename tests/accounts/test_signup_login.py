import pytest
from django.urls import reverse

from accounts.models import User
from tests.accessibility import by_id
from tests.pages import parse

SIGNUP = "/conta/signup/"
LOGIN = "/conta/login/"


def signup(client, follow=False, **overrides):
    data = {
        "username": "ana",
        "nickname": "Aninha",
        "email": "ana@example.com",
        "password1": "mesa-de-bozo-2026",
        "password2": "mesa-de-bozo-2026",
    }
    data.update(overrides)
    return client.post(SIGNUP, data, follow=follow)


def field_errors(response, name):
    return response.context["form"].errors.get(name, [])


@pytest.mark.django_db
def test_signup_with_a_nickname_creates_the_account_and_logs_in(client):
    response = signup(client, nickname="Ana Luíza")
    assert response.status_code == 302
    user = User.objects.get(username="ana")
    assert user.nickname == "Ana Luíza"
    assert user.email == "ana@example.com"
    assert client.get("/").context["user"] == user


@pytest.mark.django_db
@pytest.mark.parametrize("nickname", ["", "   "])
def test_signup_needs_a_nickname_and_never_takes_the_username_for_it(client, nickname):
    response = signup(client, nickname=nickname)
    assert response.status_code == 200
    assert field_errors(response, "nickname") == [
        "O apelido é obrigatório: é o nome que os outros veem nas mesas."
    ]
    assert not User.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("nickname", ["ana", "ANA", "Ａｎａ"])
def test_signup_refuses_the_username_as_nickname(client, nickname):
    response = signup(client, username="ana", nickname=nickname)
    (message,) = field_errors(response, "nickname")
    assert "não pode ser o seu nome de usuário" in message
    assert not User.objects.exists()


@pytest.mark.django_db
def test_signup_refuses_a_taken_nickname_ignoring_case_and_keeps_the_input(client, make_user):
    make_user("zeca", nickname="Zé Carioca")
    response = signup(client, nickname="zé carioca")
    assert response.status_code == 200
    assert field_errors(response, "nickname") == ["Este apelido já está em uso. Escolha outro."]
    html = response.content.decode()
    assert 'value="zé carioca"' in html
    assert 'value="ana@example.com"' in html
    assert "Este apelido já está em uso" in html
    assert not User.objects.filter(username="ana").exists()


@pytest.mark.django_db
def test_signup_refuses_a_nickname_that_is_an_email(client):
    response = signup(client, nickname="ana@mail.com")
    assert field_errors(response, "nickname") == ["O apelido não pode ser um endereço de e-mail."]


@pytest.mark.django_db
def test_signup_refuses_a_nickname_with_forbidden_characters(client):
    response = signup(client, nickname="Ana!")
    assert "Não vale: !" in field_errors(response, "nickname")[0]


@pytest.mark.django_db
def test_signup_refuses_a_bad_email(client):
    response = signup(client, email="ana-at-example")
    assert response.status_code == 200
    assert field_errors(response, "email") == ["Informe um endereço de email válido."]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "expected"),
    [
        ("123", "pelo menos 8 caracteres"),
        ("12345678901", "inteiramente numérica"),
        ("password123", "comum"),
    ],
)
def test_signup_refuses_a_weak_password(client, password, expected):
    response = signup(client, password1=password, password2=password)
    assert response.status_code == 200
    assert expected in " ".join(field_errors(response, "password1"))
    assert not User.objects.exists()


@pytest.mark.django_db
def test_signup_refuses_different_passwords(client):
    response = signup(client, password2="outra-senha-qualquer")
    assert field_errors(response, "password2")


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["a", "ana maria", "ana.maria", "joão", "a" * 21])
def test_signup_refuses_a_malformed_username(client, username):
    response = signup(client, username=username, nickname="Ana")
    assert response.status_code == 200
    assert field_errors(response, "username")


@pytest.mark.django_db
def test_signup_form_errors_are_tied_to_their_fields_for_screen_readers(client):
    response = signup(client, email="x")
    html = response.content.decode()
    assert 'aria-invalid="true"' in html
    assert 'id="id_email_error"' in html


@pytest.mark.django_db
def test_a_fields_errors_are_an_alert_holding_a_list_the_field_points_to(client):
    """Issue #29 (axe-core): role="alert" on the <ul> took its list semantics away; the alert is
    the container now, and the list inside stays a list of the field's errors."""
    page = parse(signup(client, email="x", password2="outra-senha-qualquer").content.decode())
    ids = by_id(page)
    for field in ("email", "password2"):
        described = ids[f"id_{field}"].attrs["aria-describedby"].split()
        errors = ids[f"id_{field}_error"]
        assert f"id_{field}_error" in described
        assert errors.tag == "div" and errors.attrs.get("role") == "alert"
        items = [n for n in errors.walk() if n.tag == "li"]
        assert items and all(n.parent.tag == "ul" and "role" not in n.parent.attrs for n in items)
    assert all(n.tag != "ul" or "role" not in n.attrs for n in page.walk())


@pytest.mark.django_db
@pytest.mark.parametrize("login", ["ana", "ana@example.com", "ANA@example.com"])
def test_login_with_username_or_email(client, make_user, password, login):
    user = make_user("ana")
    response = client.post(LOGIN, {"login": login, "password": password})
    assert response.status_code == 302
    assert client.get("/").context["user"] == user


@pytest.mark.django_db
def test_login_with_a_wrong_password_says_so_in_portuguese(client, make_user):
    make_user("ana")
    response = client.post(LOGIN, {"login": "ana", "password": "errada-123456"})
    assert response.status_code == 200
    assert "incorretos" in response.content.decode()
    assert not client.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_repeated_failed_logins_are_rate_limited(client, make_user, password):
    make_user("ana")
    for _ in range(5):
        client.post(LOGIN, {"login": "ana", "password": "errada-123456"})
    # Even the right password is refused while the limit holds.
    response = client.post(LOGIN, {"login": "ana", "password": password})
    assert response.status_code == 200
    assert "Muitas tentativas de login falharam" in response.content.decode()
    assert not client.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_logout_asks_then_ends_the_session(client, make_user):
    client.force_login(make_user("ana"))
    assert client.get("/conta/logout/").status_code == 200
    response = client.post("/conta/logout/")
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert not client.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_signup_lands_in_the_lobby_with_one_welcome_notice(client):
    response = signup(client, nickname="Ana Luíza", follow=True)
    assert response.redirect_chain[-1][0] == reverse("games:lobby")
    notices = [str(m) for m in response.context["messages"]]
    assert len(notices) == 1, notices
    assert "Boas-vindas à mesa, Ana Luíza!" in notices[0]
    assert "ana@example.com" in notices[0]  # the confirmation mail is still told
