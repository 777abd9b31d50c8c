from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """allauth counts rate limits in the cache: every test starts with clean counters."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def password() -> str:
    return "mesa-de-bozo-2026"


@pytest.fixture
def make_user(db, password):
    from allauth.account.models import EmailAddress

    from accounts.models import User

    def make(username: str = "ana", nickname: str = "", email: str | None = None) -> User:
        email = email if email is not None else f"{username}@example.com"
        user = User.objects.create_user(
            username=username, email=email, password=password, nickname=nickname
        )
        if email:
            EmailAddress.objects.create(user=user, email=email, primary=True, verified=True)
        return user

    return make
