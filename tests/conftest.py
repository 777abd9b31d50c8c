from __future__ import annotations

import os

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """allauth counts rate limits in the cache: every test starts with clean counters; and
    table ids restart after each test database flush, so no table snapshot may survive a test."""
    from games import snapshots

    cache.clear()
    snapshots.clear()
    yield
    cache.clear()
    snapshots.clear()


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


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A throwaway redis-server for the module (tests/servers.py); under CI=true it must run."""
    from tests import servers

    if servers.redis_bin() is None:
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server missing (CI=true: this test must run)", pytrace=False)
        pytest.skip("redis-server missing")
    with servers.redis(tmp_path_factory.mktemp("redis")) as url:
        yield url
