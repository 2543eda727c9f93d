"""Settings for Spot On Studio, read from the environment.

Every value that differs between a laptop and a server comes from an environment variable;
the helpers below refuse values they cannot parse instead of guessing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from cards.games import world

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of {sorted(_TRUE | _FALSE - {''})}, not {raw!r}"
    )


def env_int(name: str, default: int, minimum: int | None = None, maximum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise ImproperlyConfigured(f"{name} must be at most {maximum}, not {value}")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    # Its runserver is Daphne's (HTTP and the screens' WebSockets, `make run`); first, so that
    # it wins over staticfiles' (config/management/commands/runserver.py).
    "config",
    # The admin's modules (and django-import-export's spreadsheet libraries) load with the URLs
    # (see config/urls.py), not at start-up: commands such as render_deck start twice as fast.
    "django.contrib.admin.apps.SimpleAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served by the app itself: the docs work offline
    "import_export",
    "simple_history",
    "django_htmx",
    "django_tasks",
    "django_tasks_db",
    "geo",
    "jobs",
    "cards",
    "printing",
    "play",
    # The editions, in the order the new-game list shows them (play.core.registry).
    "play.editions.germany",
    "play.editions.world",
    "play.editions.numbers",
    "play.editions.dice",
    "play.editions.match",
]

MIDDLEWARE = [
    "config.security.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "config.security.RefuseNulBytesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0, minimum=0),
        # A kept connection is checked before a request first uses it: after the database
        # restarted, every kept connection is broken, and each would fail one request.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, its kept connections checked at most once a second each.
    DATABASES["default"]["ENGINE"] = "config.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the projector poll while a team writes; IMMEDIATE makes write transactions take
    # the lock up front, so two devices never both pass a turn check.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Only for `collectstatic` in a deployment that wants it; WhiteNoise serves the sources otherwise.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
# WhiteNoise serves static files from the app itself, also with DEBUG off (gunicorn in a
# school needs no separate web server); straight from the source folders, so no collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
# Background jobs: the worker writes a job's file under work/ while it runs; finished files go
# to the "jobs" storage (files/ by default).
JOBS_ROOT = Path(os.environ.get("JOBS_ROOT", BASE_DIR / ".jobs"))


def env_json_object(name: str) -> dict:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return {}
    try:
        value = json.loads(raw)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} must be a JSON object: {error}") from None
    if not isinstance(value, dict):
        raise ImproperlyConfigured(f"{name} must be a JSON object, not {raw!r}")
    return value


# Uploads go through Django's storage API: the media folder, or a storage every app server
# shares (e.g. django-storages' "storages.backends.s3.S3Storage" with its options as JSON).
STORAGES = {
    "default": {
        "BACKEND": os.environ.get("MEDIA_STORAGE", "").strip()
        or "django.core.files.storage.FileSystemStorage",
        "OPTIONS": env_json_object("MEDIA_STORAGE_OPTIONS"),
    },
    # Finished jobs' files (printed kits): the jobs folder, or a storage every server shares.
    "jobs": {
        "BACKEND": os.environ.get("JOBS_STORAGE", "").strip()
        or "django.core.files.storage.FileSystemStorage",
        "OPTIONS": env_json_object("JOBS_STORAGE_OPTIONS")
        or {"location": str(JOBS_ROOT / "files")},
    },
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "cards:home"
LOGOUT_REDIRECT_URL = "cards:home"

# The proxies in front of the app (addresses or networks, comma-separated): X-Forwarded-For is
# read only from them, so every limit counted per client (join codes, log-ins) sees the pupil's
# address, not the proxy's (config/client.py). Empty: REMOTE_ADDR is the client.
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", [])

# Join codes: how many unknown codes one device (its signed cookie) may try per window
# (seconds) before its code look-ups are refused for the rest of the window; how many one
# address (a whole school) may try per window and per day (the README works them out).
PLAY_CODE_MISSES_ALLOWED = env_int("PLAY_CODE_MISSES_ALLOWED", 20, minimum=1)
PLAY_CODE_MISS_WINDOW = env_int("PLAY_CODE_MISS_WINDOW", 600, minimum=10)
PLAY_CODE_MISSES_PER_ADDRESS = env_int("PLAY_CODE_MISSES_PER_ADDRESS", 1500, minimum=1)
PLAY_CODE_MISSES_PER_ADDRESS_DAY = env_int("PLAY_CODE_MISSES_PER_ADDRESS_DAY", 3000, minimum=1)
# Moves: how many one seat (a device, or the teacher) may make per minute.
PLAY_MOVES_PER_MINUTE = env_int("PLAY_MOVES_PER_MINUTE", 120, minimum=1)
# New games: how many one teacher may start per hour, and how many may be open at once.
PLAY_GAMES_PER_HOUR = env_int("PLAY_GAMES_PER_HOUR", 30, minimum=1)
PLAY_OPEN_GAMES = env_int("PLAY_OPEN_GAMES", 30, minimum=1)
# Homework: how many attempts one assignment takes in all, and how many new attempts one device
# and one address (a whole school behind one NAT) may start per minute.
PLAY_HOMEWORK_ATTEMPTS = env_int("PLAY_HOMEWORK_ATTEMPTS", 1000, minimum=1)
PLAY_HOMEWORK_STARTS_PER_DEVICE = env_int("PLAY_HOMEWORK_STARTS_PER_DEVICE", 5, minimum=1)
PLAY_HOMEWORK_STARTS_PER_ADDRESS = env_int("PLAY_HOMEWORK_STARTS_PER_ADDRESS", 300, minimum=1)
# Games whose fixed part (a deck's cards) each server process keeps in memory (LRU). The cards
# are held once per deck (``play.sharing``); a game adds its references, some 40 KB for the
# starter deck's 689 places.
PLAY_FIXED_PARTS_KEPT = env_int("PLAY_FIXED_PARTS_KEPT", 400, minimum=0)
PLAY_HOMEWORK_COMPUTER_PACE_MS = env_int(
    "PLAY_HOMEWORK_COMPUTER_PACE_MS", 2500, minimum=0, maximum=30_000
)
# Games nobody touched for this many hours end; ended games are deleted after this many days.
PLAY_IDLE_HOURS = env_int("PLAY_IDLE_HOURS", 24, minimum=1)
PLAY_KEEP_DAYS = env_int("PLAY_KEEP_DAYS", 365, minimum=1)

# Several app servers share one Redis: the cache (sessions, join-code and log-in counters, QR
# codes, printed decks) and the announcements that push changes to the screens
# (play/core/push.py). Without it, one server keeps them in a folder and in its own process.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(
        f"REDIS_URL must start with redis://, rediss:// or unix://, not {REDIS_URL!r}"
    )
# Screens hear about changes over a WebSocket (ASGI, config/asgi.py) and poll only as a fallback.
PLAY_PUSH = env_bool("PLAY_PUSH", True)
# How often each socket server looks up the versions of the games its screens show: with Redis
# a safety net, without it how changes made by another process (gunicorn) reach its screens.
PUSH_CHECK_SECONDS = env_int("PUSH_CHECK_SECONDS", 5 if REDIS_URL else 1, minimum=1)
# Games a socket server process draws at once (each in a worker thread): the drawing holds
# Python's lock, so more at once only makes each take longer.
PUSH_DRAWING_AT_ONCE = env_int("PUSH_DRAWING_AT_ONCE", 2, minimum=1)
# A game's screens redraw for devices joining (and other changes that are not moves) at most
# once in this many milliseconds: a class joining is a few redraws, not one per phone.
PUSH_JOIN_PACE_MS = env_int("PUSH_JOIN_PACE_MS", 300, minimum=0)

# Seconds a cache call or a push announcement waits for Redis: a lost one costs a count or a
# redraw, never a move, so a move does not wait longer (a Redis that stops answering would
# otherwise hold every request for as long as the operating system keeps a connection open).
REDIS_TIMEOUT_SECONDS = 0.5


def redis_caches(url: str) -> dict:
    """The cache on the Redis at ``url``, as every server of a deployment configures it: while
    Redis is away it answers as an empty cache (config/shared_cache.py), and no call waits on
    Redis for more than half a second."""
    timeout = REDIS_TIMEOUT_SECONDS
    return {
        "default": {
            "BACKEND": "config.shared_cache.FailSoftRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "spot-on",
            "OPTIONS": {"socket_timeout": timeout, "socket_connect_timeout": timeout},
        }
    }


if REDIS_URL:
    CACHES = redis_caches(REDIS_URL)
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("CACHE_DIR", str(BASE_DIR / ".cache")),
            "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 2000, minimum=10)},
        }
    }

# After a failed call, how long a process leaves Redis alone before trying it again.
REDIS_RETRY_SECONDS = env_int("REDIS_RETRY_SECONDS", 5, minimum=0)

# Sessions live in the database alone, the source of truth: a copy in Redis (cached_db) saved a
# primary-key query per teacher request, but a log-out made while Redis was unreachable (and
# kept its data) would come back to life from that copy when Redis answered again.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

REST_FRAMEWORK = {
    "DEFAULT_PARSER_CLASSES": [
        "config.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 100,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Spot On Studio API",
    "DESCRIPTION": "Card database, geography look-ups, printing and classroom games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The shared error answers (400, 401, 403, 404, 409, 429) on every operation that gives them.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.openapi.add_error_responses",
    ],
}

# Online geocoding is opt-in: the offline gazetteer is the default and all that tests use.
GEOCODING_ONLINE = env_bool("GEOCODING_ONLINE", False)
GEOCODING_USER_AGENT = os.environ.get(
    "GEOCODING_USER_AGENT", "spot-on-studio (set GEOCODING_USER_AGENT)"
)
GEOCODING_TIMEOUT = env_int("GEOCODING_TIMEOUT", 5, minimum=1)

# The world game's scoring track: shared by the play app and the printed scoring track.
WORLD_TRACK_LENGTH = env_int(
    "WORLD_TRACK_LENGTH",
    world.WORLD_TRACK_LENGTH,
    minimum=world.WORLD_TRACK_MIN,
    maximum=world.WORLD_TRACK_MAX,
)
# Dark-blue final spaces after the track, numbered 1, 2, …; the longer variant ends on the one
# numbered with the number of teams, so there are as many as the most teams (6).
WORLD_FINAL_SPACES = env_int(
    "WORLD_FINAL_SPACES", world.WORLD_FINAL_SPACES, minimum=world.WORLD_FINAL_SPACES
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Production security (see "Deploying" in the README). Secure defaults whenever DEBUG is off:
# the app is meant to run behind a TLS proxy; each can be turned off for a plain-HTTP test.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
# "preload" only allows submitting the domain to the browsers' list; it submits nothing.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# Only behind a proxy that sets X-Forwarded-Proto itself (and drops the client's).
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Inline style attributes carry team and card colours; scripts only from our own files.
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
)

# Mail, for password reset: without EMAIL_HOST the reset pages are switched off.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587, minimum=1)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
PASSWORD_RESET_ENABLED = bool(EMAIL_HOST)

# Log-in lock-out (config/login_guard.py): failures per user name within the window, and per
# address from browsers that have never logged in (a school's staff shares one address).
LOGIN_MAX_FAILURES = env_int("LOGIN_MAX_FAILURES", 5, minimum=1)
LOGIN_LOCKOUT_SECONDS = env_int("LOGIN_LOCKOUT_SECONDS", 900, minimum=1)
LOGIN_ADDRESS_FAILURES = env_int("LOGIN_ADDRESS_FAILURES", 100, minimum=1)

# An import with one bad row saves nothing.
IMPORT_EXPORT_USE_TRANSACTIONS = True
IMPORT_EXPORT_SKIP_ADMIN_LOG = False

# Background jobs (jobs/): the django-tasks queue in the database, run by
# `manage.py db_worker` (`make run` starts one beside the server). A finished job's file is
# kept JOBS_KEEP_HOURS; an open job with no sign of life for JOBS_STALE_SECONDS is reported
# failed (its worker was stopped or killed).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
JOBS_KEEP_HOURS = env_int("JOBS_KEEP_HOURS", 24, minimum=1)
JOBS_STALE_SECONDS = env_int("JOBS_STALE_SECONDS", 120, minimum=5)
# Processes that draw PNG faces (0: one per core).
PNG_PROCESSES = env_int("PNG_PROCESSES", 0, minimum=0)
