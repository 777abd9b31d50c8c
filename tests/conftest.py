from __future__ import annotations

import os
import random

import pytest
from django.core.cache import cache
from hypothesis import settings

# Helpers that assert along the way (a legal action, a socket's refusal, a request's answer):
# pytest rewrites the asserts of test modules and conftests only, so these are named for their
# failures to show the values too.
pytest.register_assert_rewrite(
    "tests.deploy_files",
    "tests.games.domino_online",
    "tests.games.fuzz_socket",
    "tests.games.races",
    "tests.marcador.taps",
    "tests.rules.bozo_helpers",
    "tests.rules.domino_helpers",
    "tests.rules.dozito_helpers",
    "tests.rules.yams_helpers",
    "tests.rules.yams_properties_helpers",
)

# One hypothesis profile for `make test` and CI alike; example counts: tests/properties.py.
settings.register_profile("suite", deadline=None, print_blob=True)
settings.load_profile("suite")

# What depends on the backend: a test that uses the database (and with it the channel layer, the
# cache and the processes around them). CI's PostgreSQL + Redis pass runs only these (-m backend);
# the rules, robots and pages that never touch them run once, in the embedded pass.
BACKEND_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}
# A hung test fails with its stack within this many seconds; browser games and the fault tests,
# which start servers, get longer.
TIMEOUT = 120
SLOW_FOLDERS = {"e2e": 300, "faults": 300}


# Under `make test`'s workers (pytest-xdist, --dist loadgroup) each test goes to whichever
# worker is free, except those that share something for a whole file (a browser, a live server or
# a throwaway Redis): a file of them stays on one worker. The tests that start servers of their
# own (marked `servers`: several daphnes, PostgreSQL, Redis, nginx) take more than a core each:
# they run one after another in a line per folder (the fault tests, the games', the top level's),
# so that no line is the run's longest.
SHARED_PER_FILE = {"browser", "redis_url"}
FOLDERS_SHARED_PER_FILE = {"e2e"}


# First, before pytest-xdist's own hook reads the groups into the tests' ids.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    from django.test import TransactionTestCase

    for item in items:
        case = getattr(item, "cls", None)
        if item.get_closest_marker("servers"):
            item.add_marker(pytest.mark.xdist_group(f"servers-{item.path.parent.name}"))
        elif (
            item.path.parent.name in FOLDERS_SHARED_PER_FILE
            or SHARED_PER_FILE & set(getattr(item, "fixturenames", ()))
            or (case is not None and hasattr(case, "live_server_url"))
        ):
            item.add_marker(pytest.mark.xdist_group(str(item.path)))
        if (
            item.get_closest_marker("django_db")
            or BACKEND_FIXTURES & set(getattr(item, "fixturenames", ()))
            or (case is not None and issubclass(case, TransactionTestCase))
        ):
            item.add_marker(pytest.mark.backend)
        if not item.get_closest_marker("timeout"):
            folder = item.path.parent.name
            item.add_marker(pytest.mark.timeout(SLOW_FOLDERS.get(folder, TIMEOUT)))


def pytest_collection_finish(session):
    """pytest-xdist writes each test's group into its id; a pytest that ignores that write
    (pytest-dev/pytest-xdist#1386) would spread the groups over the workers without a word."""
    if not session.config.getoption("loadgroup", False):
        return
    lost = [
        item.nodeid
        for item in session.items
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid.rsplit("]", 1)[-1]
    ]
    if lost:
        raise pytest.UsageError(f"pytest-xdist's groups were lost ({len(lost)} tests): {lost[0]}")


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


@pytest.fixture
def person(make_user):
    """`person("eva")`: the person of that name, made on the first asking (the name is the
    username, capitalised the nickname). `ana`, `bia` and `people` come from here, so a test
    that asks for two of them gets the same Ana in both."""
    made = {}

    def get(name: str):
        if name not in made:
            made[name] = make_user(name, nickname=name.title())
        return made[name]

    return get


@pytest.fixture
def ana(person):
    return person("ana")


@pytest.fixture
def bia(person):
    return person("bia")


@pytest.fixture
def people(person):
    """Ana, Bia, Caio and Duda, in that order: a full table of any game, the first its host."""
    return [person(name) for name in ("ana", "bia", "caio", "duda")]


@pytest.fixture
def duel(ana, bia):
    """A Bozó duel in progress: Ana in seat 0 (on turn), Bia in seat 1."""
    from games import services

    table = services.table_create(host=ana, game="bozo", mode="duelo")
    services.seat_take(table_id=table.pk, user=bia)
    services.table_start(table_id=table.pk, by=ana)
    table.refresh_from_db()
    return table


@pytest.fixture
def users(ana, bia):
    return ana, bia


@pytest.fixture
def site_rng():
    """`site_rng(7)` or `site_rng(generator)`: the site's dice and deals (games.services.core.RNG)
    come from that seed or generator for the rest of the test; returns the generator. The
    one place a test sets it: the site's own is put back after the test."""
    from games import services

    before = services.core.RNG

    def use(source: int | random.Random) -> random.Random:
        services.core.RNG = source if isinstance(source, random.Random) else random.Random(source)
        return services.core.RNG

    yield use
    services.core.RNG = before


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
