"""Settings for Bozó · Um lugar à mesa, read from the environment.

The embedded default (no variables set but DEBUG=1) runs on SQLite and the in-memory channel
layer. DATABASE_URL and REDIS_URL switch to PostgreSQL and Redis; the README lists every variable.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on", "sim"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or default


DEBUG = env_bool("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (see README, 'Configuração')."
        )
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",  # first, so that runserver serves ASGI (HTTP and WebSocket)
    "servestatic.runserver_nostatic",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.sitemaps",
    "django.forms",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "marcador",
    "analysis",
    "guides",
]

MIDDLEWARE = [
    "config.outage.database_outage",  # outermost: the database down is a 503 (config/outage.py)
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and Permissions-Policy (Django 5.2 has neither).
    "config.security.security_headers_middleware",
    # An X-Forwarded-For allauth cannot read is a 400 here, not a 403 later: config/forwarded.py.
    "config.forwarded.forwarded_for_middleware",
    "servestatic.middleware.ServeStaticMiddleware",
    # Pages and JSON gzipped (padded against BREACH); below servestatic, whose .gz it keeps.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.back_to",
            ],
        },
    },
    {
        # The live table partials (games/jinja2/): rendered for every socket after every move.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "NAME": "jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]
# Every form field on the site renders through templates/forms/field.html.
FORM_RENDERER = "config.forms.SiteFormRenderer"

# Database: PostgreSQL from DATABASE_URL, otherwise a local SQLite file tuned for a few
# concurrent writers (WAL, IMMEDIATE transactions so writers queue instead of failing).
# On PostgreSQL every piece of work (a page, a socket's database hop, a sweep) borrows a
# connection from the process's pool (Django's, psycopg_pool) and gives it back at its end: each
# page runs in a thread of its own, and a connection kept per thread outlived its thread. The
# pool checks a connection before lending it (CONN_HEALTH_CHECKS), so one that a database
# restart cut is replaced, not handed out. A piece of work that gets no connection within
# DATABASE_POOL_TIMEOUT seconds (all lent, or the database down) fails as an unreachable database
# does: "tente de novo" on a socket, a 503 page. The pool stops retrying a failed connection
# after as long, so that when the database is back the next piece of work connects at once
# instead of waiting out psycopg_pool's growing back-off.
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_health_checks=True)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASE_POOL_TIMEOUT = float(os.environ.get("DATABASE_POOL_TIMEOUT", "2"))
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": int(os.environ.get("DATABASE_POOL_MIN_SIZE", "2")),
            "max_size": int(os.environ.get("DATABASE_POOL_MAX_SIZE", "12")),
            "timeout": DATABASE_POOL_TIMEOUT,
            "reconnect_timeout": DATABASE_POOL_TIMEOUT,
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            # Keep the connection: channels closes "old" connections around every database
            # hop of a socket, and reopening SQLite with its PRAGMAs costs more than the query.
            "CONN_MAX_AGE": None,
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channel layer and cache: Redis when REDIS_URL is set, shared by every daphne process
# (allauth's rate limits live in the cache, so they must be shared too).
REDIS_URL = os.environ.get("REDIS_URL", "")


def _redis_database() -> int:
    return int(urlsplit(REDIS_URL).path.strip("/") or 0)


if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Pub/sub: a group message is one publish, fanned out to the group's sockets in each
            # process; a group is a subscription, which a Redis restart or flush does not forget.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Redis's pub/sub ignores the database number: the URL's number goes in the prefix,
            # so that two sites (or test workers) on one Redis never hear each other's tables.
            "CONFIG": {"hosts": [REDIS_URL], "prefix": f"bozo:channels:{_redis_database()}"},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "bozo",
            # One pool for the process, not one (and a connection) per socket: config/redis_pool.py
            "OPTIONS": {"pool_class": "config.redis_pool.SharedConnectionPool"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# django-allauth: regular server-rendered views under /conta/.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_UNIQUE_EMAIL = True
# Sign-up and password reset never tell whether an address is registered; with optional
# verification that means letting a sign-up with a registered address through (accounts.adapter).
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_USER_DISPLAY = "accounts.adapter.user_display"
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_USERNAME_VALIDATORS = "accounts.validators.username_validators"
ACCOUNT_FORMS = {"signup": "accounts.forms.SignupForm"}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_SIGNUP_REDIRECT_URL = "games:lobby"  # a new account goes straight to a table
ACCOUNT_SESSION_REMEMBER = None
ACCOUNT_PRESERVE_USERNAME_CASING = False
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Bozó] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"
# ACCOUNT_RATE_LIMITS is left at allauth's defaults (on); they are counted in the cache above.
# They count per client address. Behind nginx that is the address nginx saw: daphne's
# --proxy-headers makes X-Forwarded-For (which nginx overwrites with it) the REMOTE_ADDR, and
# allauth reads the same header past TRUSTED_PROXY_COUNT proxies (1 behind deploy/nginx; the
# default 0 trusts no header, since without a proxy anyone could write one).
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "/"

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Português (Brasil)"))]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True
LOCALE_PATHS = [BASE_DIR / "locale"]

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "config" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "servestatic.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# E-mail: SMTP when EMAIL_HOST is set, otherwise printed on the console (development).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Bozó <nao-responda@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Behind nginx in production: HTTPS everywhere, the proxy tells us the scheme.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", True)
    CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
# Sessions are read from the cache (Redis with REDIS_URL, else this process's memory) and written
# through to the database: every table socket reads its session when it opens.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# One console handler, on the root logger. Django's default configuration gives its `django`
# logger a console handler of its own while DEBUG is on, and that logger also propagates to the
# root: without emptying it, every line of the `django` loggers (runserver's request lines among
# them) would be printed twice. daphne's server logger speaks at INFO only of its start-up (the
# address is printed anyway, by runserver or daphne's command line) and of Twisted's optional
# HTTP/2 extras, which mean nothing behind nginx; its warnings and errors still come through.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
# The answers to bad input (4xx) are one warning line each, without traceback: config/logs.py.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "bad_input": {"()": "config.logs.BadInputOnOneLine"},
        "cancelled_clean_up": {"()": "config.logs.CancelledCleanUp"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "level": LOG_LEVEL, "filters": ["bad_input"]}
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": [], "propagate": True},
        "daphne.server": {"level": "WARNING"},
        "channels_redis.pubsub": {"filters": ["cancelled_clean_up"]},
    },
}

# With DEBUG on, Django answers a 404 with its technical page in English; this middleware gives
# the site's own page instead (it steps aside with DEBUG off, where Django calls handler404).
MIDDLEWARE += ["config.middleware.NotFoundPageMiddleware"]

# Live tables (games/timers.py): a robot's step comes after a short, natural pause (seconds),
# the first step of its turn after a longer one so that a person sees the turn change; at a
# table of "Robôs rápidos" (training) hardly any; the inactivity claim opens after two minutes
# without action; a robot plays for a person who left the page during a game after 20 seconds;
# the host may give each move a clock.
GAMES_ROBOT_DELAY = (0.25, 0.35)
GAMES_ROBOT_FIRST_DELAY = (0.6, 0.9)
GAMES_FAST_ROBOT_DELAY = (0.05, 0.1)
GAMES_INACTIVITY_SECONDS = 120
GAMES_TAKEOVER_SECONDS = 20
# A page whose last socket closes is shown as away only if it has not come back meanwhile.
GAMES_AWAY_SECONDS = 5
GAMES_MOVE_CLOCKS = (30, 60)
# Each daphne process runs a sweeper for these timers, and refreshes its sockets' presence rows;
# rows nobody refreshed for a while belong to a process that died.
GAMES_SWEEPER = env_bool("GAMES_SWEEPER", True)
# Whether each daphne's sweeper also computes the finished games' analyses (analysis/):
# off where `manage.py run_sweeper` runs beside them and computes them itself.
GAMES_SWEEPER_ANALYSES = env_bool("GAMES_SWEEPER_ANALYSES", True)
GAMES_SWEEP_SECONDS = 0.25
# Threads for the tables' database work in a process (each borrows a connection while it works).
GAMES_DATABASE_THREADS = int(os.environ.get("GAMES_DATABASE_THREADS", "4"))
GAMES_PRESENCE_REFRESH_SECONDS = 30
GAMES_PRESENCE_STALE_SECONDS = 90
# How often a process checks the channel layer and brings up to date its sockets behind their
# table (games/layers.py: a message lost to a Redis outage or to a process that died), and the
# sweeper's wait after a failed look (the database down), doubling from the first to the most.
GAMES_LAYER_CHECK_SECONDS = 1.0
GAMES_SWEEPER_BACKOFF = (1.0, 30.0)
# At most this many tables of one host in the waiting room at once (solo training and duels
# against a robot start at once: they never wait there).
GAMES_MAX_WAITING_TABLES = 3
# Table chat: at most this many messages per person in this many seconds.
GAMES_CHAT_BURST = (5, 10)
# Limits per person and per address (games/limits.py). Sockets open in one process at once: per
# account (a person's tabs and devices) and per client address (many people behind one school's or
# one carrier's address share it).
GAMES_SOCKETS_PER_ACCOUNT = int(os.environ.get("GAMES_SOCKETS_PER_ACCOUNT", "30"))
GAMES_SOCKETS_PER_ADDRESS = int(os.environ.get("GAMES_SOCKETS_PER_ADDRESS", "300"))
# Messages of one account across all its sockets in a process: a burst, then so many a second;
# each socket also has its own budget (games/consumers.py).
GAMES_ACCOUNT_MESSAGES_PER_SECOND = float(os.environ.get("GAMES_ACCOUNT_MESSAGES_PER_SECOND", "20"))
GAMES_ACCOUNT_MESSAGES_BURST = 80
# Tables against robots one person may have playing at once (robots cost the server the most),
# and tables one person may open in so many seconds (counted in the cache, shared by the
# processes).
GAMES_ROBOT_TABLES = int(os.environ.get("GAMES_ROBOT_TABLES", "3"))
GAMES_TABLE_CREATION_RATE = (int(os.environ.get("GAMES_TABLES_PER_MINUTE", "10")), 60)
