import re

import pytest
from django.core import mail


@pytest.mark.django_db
def test_password_reset_mails_a_portuguese_link_that_sets_a_new_password(client, make_user):
    make_user("ana")
    response = client.post("/conta/password/reset/", {"email": "ana@example.com"})
    assert response.status_code == 302
    (message,) = mail.outbox
    assert message.to == ["ana@example.com"]
    assert "[Bozó]" in message.subject
    assert "redefinição de senha" in message.body
    link = re.search(r"https?://testserver(/conta/password/reset/key/\S+)", message.body).group(1)

    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    new = "outra-senha-da-mesa-9"
    done = client.post(
        form_page.redirect_chain[-1][0] if form_page.redirect_chain else link,
        {"password1": new, "password2": new},
    )
    assert done.status_code == 302
    assert client.post("/conta/login/", {"login": "ana", "password": new}).status_code == 302


@pytest.mark.django_db
def test_password_reset_refuses_a_bad_email_next_to_the_field(client):
    response = client.post("/conta/password/reset/", {"email": "sem-arroba"})
    assert response.status_code == 200
    assert response.context["form"].errors["email"]
    assert not mail.outbox


@pytest.mark.django_db
def test_a_broken_reset_link_gets_a_clear_page_not_an_error(client):
    response = client.get("/conta/password/reset/key/zz-quebrado/")
    assert response.status_code == 200
    assert "inválido" in response.content.decode()
