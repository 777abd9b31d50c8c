"""Sign-up and password reset never tell a visitor whether an e-mail address is registered; an
address two accounts share stays with the account that already had it."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client

from accounts.models import User

SIGNUP = "/conta/signup/"
LOGIN = "/conta/login/"
RESET = "/conta/password/reset/"
TABLE = "/jogar/"


def signup(client, username, nickname, email, next_url=TABLE):
    return client.post(
        f"{SIGNUP}?next={next_url}",
        {
            "username": username,
            "nickname": nickname,
            "email": email,
            "password1": "senha-do-visitante-77",
            "password2": "senha-do-visitante-77",
        },
    )


def shown(response, *names):
    """What the visitor sees after the answer: where it leads and the messages, with the
    visitor's own entries replaced by placeholders."""
    messages = [str(m) for m in get_messages(response.wsgi_request)]
    text = " | ".join(messages)
    for index, name in enumerate(names):
        text = text.replace(name, f"<{index}>")
    return response.status_code, response.get("Location"), text


@pytest.mark.django_db
def test_signup_with_a_registered_email_looks_like_any_signup(make_user):
    make_user("dona", nickname="Dona da Conta", email="dona@example.com")
    new, registered = Client(), Client()

    fresh = signup(new, "nova_conta", "Novata", "nova@example.com")
    taken = signup(registered, "outra_conta", "Forasteira", "dona@example.com")

    assert shown(fresh, "nova@example.com", "Novata") == shown(
        taken, "dona@example.com", "Forasteira"
    )
    assert fresh.status_code == 302 and fresh["Location"] == TABLE
    # Both are signed in at once, back at the table.
    assert new.get("/").context["user"].username == "nova_conta"
    assert registered.get("/").context["user"].username == "outra_conta"
    said = shown(taken)[2].lower() + registered.get(TABLE).content.decode().lower()
    assert "já existe" not in said and "registrad" not in said and "em uso" not in said


@pytest.mark.django_db
def test_signup_form_never_says_an_email_is_taken(client, make_user):
    make_user("dona", email="dona@example.com")
    # Another field is wrong, so the form comes back: the e-mail has no error of its own.
    response = (
        signup(client, "outra_conta", "Forasteira", "dona@example.com")
        if False
        else client.post(
            SIGNUP,
            {
                "username": "outra",
                "nickname": "Outra",
                "email": "dona@example.com",
                "password1": "senha-do-visitante-77",
                "password2": "outra-senha",
            },
        )
    )
    assert response.status_code == 200
    assert "email" not in response.context["form"].errors
    html = response.content.decode()
    assert "já" not in html.split('id="id_email"')[1].split("</div>")[0]


@pytest.mark.django_db
def test_password_reset_answers_the_same_for_a_known_and_an_unknown_address(make_user):
    make_user("ana", email="ana@example.com")
    known, unknown = Client(), Client()

    for_known = known.post(RESET, {"email": "ana@example.com"}, follow=True)
    for_unknown = unknown.post(RESET, {"email": "ninguem@example.com"}, follow=True)

    assert for_known.redirect_chain == for_unknown.redirect_chain
    assert for_known.content == for_unknown.content
    # Each mail goes to the address typed: only its owner learns whether it has an account.
    assert sorted(m.to[0] for m in mail.outbox) == ["ana@example.com", "ninguem@example.com"]


@pytest.mark.django_db
def test_the_owner_of_a_registered_address_is_told_not_asked_to_confirm(client, make_user):
    make_user("dona", email="dona@example.com")
    signup(client, "outra_conta", "Forasteira", "dona@example.com")

    (message,) = mail.outbox
    assert message.to == ["dona@example.com"]
    assert "Conta já existente" in message.subject
    assert "/conta/confirm-email/" not in message.body
    outra = User.objects.get(username="outra_conta")
    assert EmailAddress.objects.get(user=outra).verified is False


@pytest.mark.django_db
def test_a_new_address_still_gets_its_confirmation_link(client):
    signup(client, "nova_conta", "Novata", "nova@example.com")
    (message,) = mail.outbox
    assert message.to == ["nova@example.com"]
    assert "/conta/confirm-email/" in message.body


@pytest.mark.django_db
def test_login_by_a_shared_email_opens_the_owners_account(make_user, password):
    dona = make_user("dona", email="dona@example.com")  # verified
    signup(Client(), "outra_conta", "Forasteira", "dona@example.com")

    owner = Client()
    assert owner.post(LOGIN, {"login": "dona@example.com", "password": password}).status_code == 302
    assert owner.get("/").context["user"] == dona
    # The newcomer logs in with the username; the owner's address does not open that account.
    newcomer = Client()
    visitor = "senha-do-visitante-77"
    response = newcomer.post(LOGIN, {"login": "dona@example.com", "password": visitor})
    assert response.status_code == 200
    assert newcomer.post(LOGIN, {"login": "outra_conta", "password": visitor}).status_code == 302


@pytest.mark.django_db
def test_password_reset_of_a_shared_email_reaches_only_the_owners_account(client, make_user):
    make_user("dona", email="dona@example.com")
    signup(Client(), "outra_conta", "Forasteira", "dona@example.com")
    mail.outbox.clear()

    client.post(RESET, {"email": "dona@example.com"})
    (message,) = mail.outbox
    assert "seu nome de usuário é dona." in message.body
    assert "outra_conta" not in message.body


@pytest.mark.django_db
def test_password_reset_of_an_address_nobody_verified_names_each_account(client):
    signup(Client(), "primeira", "Uma", "casa@example.com")
    signup(Client(), "segunda", "Outra", "casa@example.com")
    mail.outbox.clear()

    client.post(RESET, {"email": "casa@example.com"})
    usernames = sorted(
        re.search(r"seu nome de usuário é (\S+?)\.?$", m.body, re.M).group(1) for m in mail.outbox
    )
    assert usernames == ["primeira", "segunda"]
    assert {m.to[0] for m in mail.outbox} == {"casa@example.com"}
