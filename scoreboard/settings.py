"""Settings for the Rummy scoreboard, read from the environment.

Every variable is optional except SECRET_KEY outside debug mode. A value that
cannot be read raises ImproperlyConfigured naming the variable, so a typo in a
deployment stops the server at start-up instead of quietly running with a
default. A variable set to the empty string counts as unset. README.md lists
the variables.
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import to_locale

from scoreboard.serving import allowed_hosts, is_loopback, lan_addresses, read_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


def env_str(name: str, default: str = "") -> str:
    """Return environment variable `name` stripped, or `default` when unset or blank."""
    return os.environ.get(name, "").strip() or default


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable: true/false, 1/0, yes/no or on/off, in any letter case.

    Raises ImproperlyConfigured naming the variable for any other value.
    """
    value = env_str(name).lower()
    if not value:
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of true/false, 1/0, yes/no, on/off; got {os.environ[name]!r}"
    )


def env_list(name: str, default: list[str]) -> list[str]:
    """Read a comma-separated variable into a list, skipping empty items."""
    value = env_str(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_int(name: str, default: int, *, low: int, high: int) -> int:
    """Read a whole number from ``low`` to ``high``.

    Raises ImproperlyConfigured naming the variable for any other value.
    """
    value = env_str(name)
    if not value:
        return default
    if not (value.isascii() and value.isdigit() and low <= int(value) <= high):
        raise ImproperlyConfigured(
            f"{name} must be a whole number from {low} to {high}; got {value!r}"
        )
    return int(value)


def env_database(name: str, default: dict[str, Any]) -> dict[str, Any]:
    """Read a database URL (dj-database-url syntax) into a DATABASES entry.

    Raises ImproperlyConfigured naming the variable when the URL cannot be parsed
    or its scheme is unknown.
    """
    url = env_str(name)
    if not url:
        return default
    try:
        return dict(dj_database_url.parse(url))
    except ValueError as e:
        # The message of dj-database-url's errors does not name the variable.
        raise ImproperlyConfigured(f"{name} is not a usable database URL: {e}") from None


DEBUG = env_bool("DEBUG", False)

# Outside debug mode there is no default key. A missing one does not stop
# the import: `manage.py score` needs no key and must work on a fresh clone.
# Everything that would use the key stops instead: the system checks
# (runserver, migrate, check: matches/checks.py), the WSGI/ASGI entry points,
# and Django itself on first use.
# SECRET_KEY in the environment wins; else the key `manage.py secret_key`
# keeps in SECRET_KEY_FILE (made once by `make run`, readable by its owner only).
SECRET_KEY_FILE = Path(env_str("SECRET_KEY_FILE", str(BASE_DIR / ".secret_key")))
SECRET_KEY_FROM_ENVIRONMENT = bool(env_str("SECRET_KEY"))
SECRET_KEY = (
    env_str("SECRET_KEY")
    or read_secret_key(SECRET_KEY_FILE)
    or ("django-insecure-development-only-never-use-in-production" if DEBUG else "")
)

# SERVE_HOST is the address `make run` listens on. Beyond loopback (HOST=0.0.0.0)
# the machine's LAN addresses are allowed too, so the phones on the Wi-Fi can
# open the address it prints. In debug mode any host may connect.
SERVE_HOST = env_str("SERVE_HOST", "127.0.0.1")
_lan = [] if is_loopback(SERVE_HOST) else lan_addresses()
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", [*allowed_hosts(SERVE_HOST, _lan), *(["*"] if DEBUG else [])]
)

# Needed behind a reverse proxy that terminates HTTPS: the browser's Origin
# (https://...) then differs from the scheme Django sees.
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
for _origin in CSRF_TRUSTED_ORIGINS:
    if not _origin.startswith(("http://", "https://")):
        raise ImproperlyConfigured(
            f"CSRF_TRUSTED_ORIGINS entries must start with http:// or https://; got {_origin!r}"
        )

# Secure cookies are only sent back over HTTPS. They default to on outside debug
# mode, but a scoreboard served over plain HTTP on a home network must turn them
# off (SECURE_COOKIES=false), or the browser drops the CSRF cookie and every
# form fails with 403. HSTS follows the same switch: it only makes sense when
# the site really is served over HTTPS.
SECURE_COOKIES = env_bool("SECURE_COOKIES", not DEBUG)

# How often a phone following a share link asks whether the board changed,
# in milliseconds: while the match is open, and once it is closed.
FOLLOW_POLL_OPEN_MS = env_int("FOLLOW_POLL_OPEN_MS", 2000, low=500, high=60_000)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
LANGUAGE_COOKIE_SECURE = SECURE_COOKIES
SECURE_HSTS_SECONDS = 30 * 24 * 60 * 60 if SECURE_COOKIES else 0
# HSTS for the subdomains too (HSTS_SUBDOMAINS=false when one of them is
# served over plain HTTP), and, opt-in (HSTS_PRELOAD=true), the browsers'
# preload list: a promise to their vendors that is slow to take back, so
# not made by default, and the deploy check's reminder of it is silenced.
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_COOKIES and env_bool("HSTS_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = SECURE_COOKIES and env_bool("HSTS_PRELOAD", False)
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
# Plain HTTP is sent to HTTPS when the site is served over HTTPS
# (HTTPS_REDIRECT, on with SECURE_COOKIES). Behind a proxy that ends HTTPS,
# PROXY_SSL_HEADER names the header by which it says so (X-Forwarded-Proto:
# https); without it the redirect would loop. Only a proxy may set it.
SECURE_SSL_REDIRECT = env_bool("HTTPS_REDIRECT", SECURE_COOKIES)
PROXY_SSL_HEADER = env_str("PROXY_SSL_HEADER")
if PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + PROXY_SSL_HEADER.upper().replace("-", "_"), "https")

# Django's admin (read-mostly: matches as stored, for support staff) is served
# only when ADMIN is on: off, /admin/ is not there to be probed at all. On,
# its log-in has the app's limits (scoreboard/urls.py).
ADMIN_ENABLED = env_bool("ADMIN", False)
# The benchmark's trivial pages (bench/bench.py, which sets BENCH_FLOORS for
# the server it starts); nobody else has a use for them.
BENCH_FLOORS = env_bool("BENCH_FLOORS", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # Its ordinals ("2nd") come in the page's language from its own catalogs.
    "django.contrib.humanize",
    "django_htmx",
    # The default app config wraps the template loaders so that
    # "page.html#partial" names resolve (it replaces APP_DIRS with the
    # equivalent explicit, cached loaders).
    "template_partials",
    "axes",
    "csp",
    "matches",
]

MIDDLEWARE = [
    # First: a load balancer's probe by IP over plain HTTP meets no host
    # check and no HTTPS redirect.
    "scoreboard.serving.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages leave compressed (WhiteNoise compresses the static files itself).
    # BREACH: Django masks the CSRF token afresh in every response, and each
    # page's gzip header has random bytes.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the language cookie (the switcher's, or the
    # host's own choice, set as they log in), else the browser's
    # Accept-Language (scoreboard/languages.py).
    "django.middleware.locale.LocaleMiddleware",
    "scoreboard.languages.HostLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scoreboard.serving.VaryOnHtmxMiddleware",
    "scoreboard.timezones.TimezoneMiddleware",
    "scoreboard.serving.MethodNotAllowedPageMiddleware",
    # A write that waited too long for the database: a 503 page, not a 500.
    "scoreboard.serving.DatabaseBusyMiddleware",
    # Last, as django-axes asks: it answers a locked-out log-in.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First: refuses a log-in while its (name, address) pair is locked out.
    "axes.backends.AxesStandaloneBackend",
    # Django's own: the only one that checks a password.
    "django.contrib.auth.backends.ModelBackend",
]

# Log-in throttling (django-axes, counted in the database). Wrong passwords
# are counted per (username, address), so someone typing the host's name
# wrongly at another table cannot lock the host out mid-game; an address
# alone gets a higher limit (matches.accounts, with django-ratelimit), for
# one machine trying many names. A right password resets the pair's count.
LOGIN_FAILURES = env_int("LOGIN_FAILURES", 5, low=1, high=1000)
LOGIN_ADDRESS_FAILURES = env_int("LOGIN_ADDRESS_FAILURES", 30, low=1, high=100_000)
LOGIN_COOLOFF_MINUTES = env_int("LOGIN_COOLOFF_MINUTES", 15, low=1, high=24 * 60)
AXES_FAILURE_LIMIT = LOGIN_FAILURES
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_COOLOFF_MINUTES)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "matches.accounts.locked_out"
# The name tried, cut to the longest an account can have: a longer one sent
# to the log-in would overflow the column of names tried (PostgreSQL refuses).
AXES_USERNAME_CALLABLE = "matches.accounts.tried_name"
# Sign-ups per address and hour (django-ratelimit, in the cache below): the
# accounts made, and apart from them the sign-ups refused (a name taken), so
# nobody can try without end which names are taken.
SIGNUPS_PER_HOUR = env_int("SIGNUPS_PER_HOUR", 10, low=1, high=100_000)
SIGNUP_FAILURES_PER_HOUR = env_int("SIGNUP_FAILURES_PER_HOUR", 20, low=1, high=100_000)
# Forgotten-password links asked for per address and hour.
RESETS_PER_HOUR = env_int("RESETS_PER_HOUR", 5, low=1, high=100_000)

# The client's address: the connection's own, or behind proxies the header
# they set (PROXY_CLIENT_HEADER=X-Forwarded-For): the PROXY_COUNT-th address
# from its right, the one the outermost of our proxies wrote, whatever a
# phone put before it. Without PROXY_CLIENT_HEADER no header is read.
PROXY_CLIENT_HEADER = env_str("PROXY_CLIENT_HEADER")
PROXY_COUNT = env_int("PROXY_COUNT", 1, low=1, high=10)
# One reading of the address for both libraries (matches.accounts).
AXES_CLIENT_IP_CALLABLE = "matches.accounts.client_address"
RATELIMIT_IP_META_KEY = "matches.accounts.client_address"
# The counts live in the shared cache below. Its increment is not atomic in
# the database cache (django-ratelimit prefers memcached or Redis): two
# requests at the same instant may count as one, which these limits tolerate.
RATELIMIT_USE_CACHE = "default"

ROOT_URLCONF = "scoreboard.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # The app's templates, and each game's own (a game's folder holds its
        # partials: matches/games/<game>/templates).
        "DIRS": [BASE_DIR / "templates", *sorted(BASE_DIR.glob("matches/games/*/templates"))],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "scoreboard.languages.page_language",
            ],
        },
    },
]

WSGI_APPLICATION = "scoreboard.wsgi.application"

DATABASES = {
    "default": env_database(
        "DATABASE_URL",
        {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"},
    ),
}
# Each worker thread keeps its connection for DB_CONN_MAX_AGE seconds
# instead of opening one per request (SQLite registers some thirty functions
# on every new connection), checked before reuse.
DATABASES["default"]["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", 60, low=0, high=3600)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A save waits at most 20 s for a lock another request holds (a big
    # import), as SQLite's timeout below, then gets the busy page
    # (scoreboard.serving.DatabaseBusyMiddleware). Options in DATABASE_URL win.
    DATABASES["default"]["OPTIONS"] = {
        "options": "-c lock_timeout=20s",
        **DATABASES["default"].get("OPTIONS", {}),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One phone writes while others read the scoreboard. WAL lets readers go on
    # during a write; IMMEDIATE takes the write lock when the transaction
    # starts, so two writers queue (up to `timeout` seconds) instead of one
    # failing with "database is locked" halfway through. Options given in
    # DATABASE_URL (?timeout=5) win.
    # Tests get a database file too: an in-memory one ignores the busy
    # timeout, so the tests of two phones writing at once could not run.
    # One file per test run, so two runs at once do not share it.
    DATABASES["default"].setdefault(
        "TEST", {"NAME": Path(tempfile.gettempdir()) / f"rummy-test-{os.getpid()}.sqlite3"}
    )
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **DATABASES["default"].get("OPTIONS", {}),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "matches:home"
LOGOUT_REDIRECT_URL = "login"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "matches.accounts.NotOneCharacterValidator"},
]

# Email, for the forgotten-password link: printed to the console (the log)
# until EMAIL_HOST names an SMTP server.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 587, low=1, high=65535)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Rummy Scoreboard <scoreboard@localhost>")

# Content Security Policy (django-csp): everything from this site only, no
# inline script or style and no eval (htmx runs with allowEval and
# includeIndicatorStyles off, templates/base.html), nothing framing a board.
# Images may be data: URLs (the QR code's download); the service worker and
# the polls of a shared board are this site's own.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# One cache for every worker process and every server (sign-up limits and the
# like): a table of the database itself, made by `migrate`. Sessions live in
# the database too (Django's default).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "rummy_cache",
    },
    # Parts of pages as drawn (matches/pages.py), each process for itself:
    # every key holds what the part depends on (the match's or the host's
    # version, the code's, the language and time zone), so a key is never
    # stale and nothing need be shared. Off in debug mode, so that a
    # template edit shows at once.
    "pages": {
        "BACKEND": (
            "django.core.cache.backends.dummy.DummyCache"
            if DEBUG
            else "django.core.cache.backends.locmem.LocMemCache"
        ),
        "LOCATION": "rummy-pages",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

LANGUAGE_CODE = "en"
# Every language the scoreboard is written in, each named in itself. One is
# offered once its catalogs are in locale/ (complete: the tests check), so a
# catalog under way is never half shown (docs/translating.md).
ALL_LANGUAGES = [
    ("en", "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("hi", "हिन्दी"),
    ("it", "Italiano"),
    ("pt-br", "Português (Brasil)"),
    ("pl", "Polski"),
    ("nl", "Nederlands"),
    ("tr", "Türkçe"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice (scoreboard/languages.py): read by the server only.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGES = [
    (code, name)
    for code, name in ALL_LANGUAGES
    if code == "en" or (LOCALE_PATHS[0] / to_locale(code) / "LC_MESSAGES" / "django.po").exists()
]
# Dates and times written one way everywhere (scoreboard/formats/<language>).
FORMAT_MODULE_PATH = ["scoreboard.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
# `make run` collects the static files every time; WhiteNoise then serves
# them compressed under hashed names, cached for a year and more (manifest
# storage). The tests draw pages from uncollected files, which the manifest
# refuses, so they set STATIC_STORAGE=plain.
# WhiteNoise's storages over minified copies of the app's own scripts and
# style sheet (scoreboard/staticfiles.py).
_STATIC_STORAGES = {
    "manifest": "scoreboard.staticfiles.MinifiedManifestStorage",
    "plain": "scoreboard.staticfiles.MinifiedStorage",
}
_static_storage = env_str("STATIC_STORAGE", "manifest")
if _static_storage not in _STATIC_STORAGES:
    raise ImproperlyConfigured(f"STATIC_STORAGE must be manifest or plain; got {_static_storage!r}")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_STORAGES[_static_storage]},
}

# Errors and warnings to standard error, DEBUG or not: gunicorn's log (or the
# journal) then holds the traceback of any server error, which Django's own
# default would only mail to ADMINS. LOG_LEVEL (WARNING by default) is the
# level of everything else.
_LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_LEVEL = env_str("LOG_LEVEL", "WARNING").upper()
if LOG_LEVEL not in _LOG_LEVELS:
    raise ImproperlyConfigured(
        f"LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}; got {LOG_LEVEL!r}"
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "bad_request_in_one_line": {"()": "scoreboard.logs.BadRequestInOneLine"},
        "bad_requests_and_errors": {"()": "scoreboard.logs.BadRequestsAndErrors"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "filters": ["bad_request_in_one_line"]},
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # Refused requests (404, 403) are the table's ordinary business; a bad
        # request (400: a form or upload that cannot be read) is told, in one
        # line, as is one Django finds suspicious (django.security: a host
        # name not ours, from a scanner), whose traceback would fill the log.
        "django.request": {
            "handlers": ["stderr"],
            "level": "WARNING",
            "filters": ["bad_requests_and_errors"],
            "propagate": False,
        },
    },
}
