"""The admin has no login of its own: it sends a visitor to the site's, whose attempt limits
(allauth's ACCOUNT_RATE_LIMITS, counted in the cache) hold wherever the passwords are posted."""

from __future__ import annotations

import pytest

LOGIN = "/conta/login/"
ADMIN_LOGIN = "/admin/login/"
WRONG = "errada-123456"


@pytest.fixture
def staff(make_user):
    user = make_user("chefe")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def signed_in(client) -> bool:
    return client.get("/").context["user"].is_authenticated


@pytest.mark.django_db
def test_the_admin_login_sends_the_visitor_to_the_site_login_and_back(client, staff, password):
    response = client.get("/admin/")
    assert response.status_code == 302
    response = client.get(response.url)
    assert response.status_code == 302
    assert response.url == f"{LOGIN}?next=%2Fadmin%2F"
    response = client.post(response.url, {"login": "chefe", "password": password})
    assert response.status_code == 302 and response.url == "/admin/"
    assert client.get("/admin/").status_code == 200


@pytest.mark.django_db
def test_passwords_posted_to_the_admin_login_are_never_checked(client, staff, password):
    for _ in range(25):
        response = client.post(ADMIN_LOGIN, {"username": "chefe", "password": WRONG})
        assert response.status_code == 302 and response.url.startswith(LOGIN)
    # Not even the right one: the admin's own form is never shown nor checked.
    response = client.post(ADMIN_LOGIN, {"username": "chefe", "password": password})
    assert response.status_code == 302 and response.url.startswith(LOGIN)
    assert not signed_in(client)


@pytest.mark.django_db
def test_wrong_passwords_for_a_staff_account_end_refused_on_the_way_to_the_admin(
    client, staff, password
):
    for _ in range(5):
        response = client.post(f"{LOGIN}?next=/admin/", {"login": "chefe", "password": WRONG})
        assert "incorretos" in response.content.decode()
    response = client.post(f"{LOGIN}?next=/admin/", {"login": "chefe", "password": password})
    assert "Muitas tentativas de login falharam" in response.content.decode()
    assert not signed_in(client)
    assert client.get("/admin/").status_code == 302
