"""Settings for the test suite: the real settings with a test key and fast password hashing.

DATABASE_URL and REDIS_URL are honoured, so CI runs the same suite on PostgreSQL and Redis.
"""

import os
from urllib.parse import urlsplit

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production-use-0123456789")

# Each pytest-xdist worker (gw0, gw1…) its own Redis database, as it has its own test database: a
# test's cache.clear() empties the whole Redis database, the other worker's channel layer with it.
# The servers a test starts inherit the variable.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if os.environ.get("REDIS_URL") and _worker.startswith("gw"):
    _redis = urlsplit(os.environ["REDIS_URL"])
    _database = int(_redis.path.strip("/") or 0) + 1 + int(_worker[2:])
    os.environ["REDIS_URL"] = _redis._replace(path=f"/{_database}").geturl()

# The servers the tests start (python -m config.serve) skip building every guide and robot table
# before they listen (guides/warm.py): some 10 s each; what a test uses is built on first use.
os.environ.setdefault("SERVE_WARM", "0")

from config.settings import *  # noqa: E402, F403
from config.settings import BASE_DIR, DATABASES  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed, tests only
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = True
SECURE_SSL_REDIRECT = False
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# The ASGI live server for browser tests runs in another process: SQLite must be a file there.
# Naming the test database explicitly also keeps that process from prefixing "test_" twice.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("TEST_SQLITE_PATH", str(BASE_DIR / ".test-db.sqlite3"))
    }
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}

# The browser tests talk plain HTTP to the live server.
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False

# Tests fire timers themselves (services.run_due); browser tests switch the sweeper back on.
GAMES_SWEEPER = False
# The tests compute analyses themselves (analysis.jobs.run_next), when they ask for them.
GAMES_SWEEPER_ANALYSES = False
GAMES_ROBOT_DELAY = (0.0, 0.0)
GAMES_ROBOT_FIRST_DELAY = (0.0, 0.0)
GAMES_FAST_ROBOT_DELAY = (0.0, 0.0)
GAMES_AWAY_SECONDS = 0
# No socket misses a message in one process: the check (games/layers.py) would only read the
# database in the background of every socket test. Its own tests switch it on.
GAMES_LAYER_CHECK_SECONDS = 0

# The ASGI stack reads ALLOWED_HOSTS when config.asgi is imported, before pytest-django adds
# "testserver"; the live server for browser tests runs on localhost.
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

# SQLite's connection is kept in the server (config/settings.py); in tests it would keep the
# forked live server's connection open when the test database is dropped. (On PostgreSQL the
# pool already gives every connection back after each piece of work.)
DATABASES["default"]["CONN_MAX_AGE"] = 0
