"""Settings fail loudly on bad environment values.

Each case imports the settings module in a fresh interpreter with a controlled
environment: a settings module cannot be re-imported cleanly in-process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SETTINGS_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "SECURE_COOKIES",
    "SECRET_KEY_FILE",
    "SERVE_HOST",
    "STATIC_STORAGE",
    "STATIC_ROOT",
    "LOG_LEVEL",
    "PROXY_CLIENT_HEADER",
    "PROXY_COUNT",
    "HTTPS_REDIRECT",
    "PROXY_SSL_HEADER",
    "HSTS_SUBDOMAINS",
    "HSTS_PRELOAD",
    "DB_CONN_MAX_AGE",
    "ADMIN",
    "BENCH_FLOORS",
)


def load_settings(code: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """Import scoreboard.settings in a subprocess whose environment holds only `env`
    among the settings variables, then run `code` (with the module as `settings`)."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    # A key file left by `make run` in the checkout must not stand in for SECRET_KEY.
    clean["SECRET_KEY_FILE"] = str(ROOT / "no-such-directory" / ".secret_key")
    return subprocess.run(
        [sys.executable, "-c", f"import scoreboard.settings as settings\n{code}"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


def test_it_refuses_a_bad_debug_value() -> None:
    result = load_settings(DEBUG="maybe", SECRET_KEY="x")
    assert result.returncode != 0
    assert last_line(result.stderr).startswith("django.core.exceptions.ImproperlyConfigured: DEBUG")
    assert "'maybe'" in result.stderr


def test_it_accepts_debug_spellings() -> None:
    for value in ("true", "TRUE", "1", "yes", "On"):
        result = load_settings("print(settings.DEBUG)", DEBUG=value)
        assert result.stdout.strip() == "True", (value, result.stderr)
    for value in ("false", "0", "No", "OFF"):
        result = load_settings("print(settings.DEBUG)", DEBUG=value, SECRET_KEY="x")
        assert result.stdout.strip() == "False", (value, result.stderr)


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    # A key file left by `make run` in the checkout must not stand in for SECRET_KEY.
    clean["SECRET_KEY_FILE"] = str(ROOT / "no-such-directory" / ".secret_key")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_refuses_to_serve_without_secret_key_when_debug_is_off() -> None:
    result = run_manage("check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set in the environment when DEBUG is off" in result.stderr
    result = load_settings("import scoreboard.wsgi")
    assert result.returncode != 0
    assert last_line(result.stderr).startswith(
        "django.core.exceptions.ImproperlyConfigured: SECRET_KEY must be set"
    )


def test_it_scores_a_match_file_without_secret_key_or_debug() -> None:
    result = run_manage("score", "tests/data/match_format_first_hand.json")
    assert result.returncode == 0, result.stderr
    assert '"Ben": 41' in result.stdout


def test_it_uses_a_development_secret_key_in_debug_mode() -> None:
    result = load_settings("print(settings.SECRET_KEY)", DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("django-insecure-")


def test_server_errors_reach_standard_error_with_debug_off() -> None:
    code = (
        "import logging, logging.config\n"
        "logging.config.dictConfig(settings.LOGGING)\n"
        "logging.getLogger('django.request').error('Internal Server Error: /matches/x/')\n"
        "logging.getLogger('django.request').warning('Not Found: /nothing/')\n"
        "logging.getLogger('matches').info('quiet at the default level')\n"
    )
    result = load_settings(code, DEBUG="false", SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["Internal Server Error: /matches/x/"]
    result = load_settings(code, DEBUG="false", SECRET_KEY="x" * 50, LOG_LEVEL="info")
    assert "quiet at the default level" in result.stderr
    result = load_settings(DEBUG="true", LOG_LEVEL="loud")
    assert last_line(result.stderr) == (
        "django.core.exceptions.ImproperlyConfigured: "
        "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR; got 'LOUD'"
    )


def test_the_client_address_comes_from_the_proxy_header_only_when_named() -> None:
    code = "print(repr(settings.PROXY_CLIENT_HEADER), settings.PROXY_COUNT)"
    assert last_line(load_settings(code, DEBUG="true").stdout) == "'' 1"
    proxied = load_settings(code, DEBUG="true", PROXY_CLIENT_HEADER="X-Real-IP", PROXY_COUNT="2")
    assert last_line(proxied.stdout) == "'X-Real-IP' 2"
    refused = load_settings(code, DEBUG="true", PROXY_COUNT="0")
    assert "PROXY_COUNT" in last_line(refused.stderr)


def test_it_refuses_a_bad_database_url() -> None:
    for url in ("nosuchdb://localhost/x", "postgres://user@host:notaport/db"):
        result = load_settings(DEBUG="true", DATABASE_URL=url)
        assert result.returncode != 0, url
        assert last_line(result.stderr).startswith(
            "django.core.exceptions.ImproperlyConfigured: DATABASE_URL"
        ), url


def test_it_defaults_to_sqlite_with_immediate_transactions() -> None:
    result = load_settings(
        "import json; print(json.dumps(settings.DATABASES['default'], default=str))",
        DEBUG="true",
    )
    assert result.returncode == 0, result.stderr
    database = json.loads(result.stdout)
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(ROOT / "db.sqlite3")
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]


def test_it_lets_database_url_options_override_the_sqlite_defaults() -> None:
    result = load_settings(
        "import json; print(json.dumps(settings.DATABASES['default'], default=str))",
        DEBUG="true",
        DATABASE_URL="sqlite:////tmp/other.sqlite3?timeout=5",
    )
    assert result.returncode == 0, result.stderr
    database = json.loads(result.stdout)
    assert database["NAME"] == "/tmp/other.sqlite3"
    assert database["OPTIONS"]["timeout"] == 5
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_it_allows_any_host_only_in_debug_mode() -> None:
    def allowed_hosts(**env: str) -> str:
        return load_settings("print(','.join(settings.ALLOWED_HOSTS))", **env).stdout.strip()

    assert allowed_hosts(DEBUG="true") == "localhost,127.0.0.1,[::1],*"
    assert allowed_hosts(SECRET_KEY="x") == "localhost,127.0.0.1,[::1]"
    assert (
        allowed_hosts(DEBUG="true", ALLOWED_HOSTS="a.example, b.example") == "a.example,b.example"
    )


def test_it_refuses_csrf_trusted_origins_without_a_scheme() -> None:
    result = load_settings(DEBUG="true", CSRF_TRUSTED_ORIGINS="https://ok.example,bad.example")
    assert result.returncode != 0
    assert last_line(result.stderr).startswith(
        "django.core.exceptions.ImproperlyConfigured: CSRF_TRUSTED_ORIGINS"
    )


def test_it_reads_the_secret_key_from_its_file_and_lets_the_environment_win(tmp_path) -> None:
    key_file = tmp_path / "key"
    key_file.write_text("from-the-file\n")
    result = load_settings("print(settings.SECRET_KEY)", SECRET_KEY_FILE=str(key_file))
    assert result.stdout.strip() == "from-the-file", result.stderr
    result = load_settings(
        "print(settings.SECRET_KEY)", SECRET_KEY_FILE=str(key_file), SECRET_KEY="from-env"
    )
    assert result.stdout.strip() == "from-env", result.stderr
    missing = load_settings(
        "print(repr(settings.SECRET_KEY))",
        SECRET_KEY_FILE=str(tmp_path / "none"),
    )
    assert missing.stdout.strip() == "''", missing.stderr


def test_it_serves_static_files_from_the_manifest_unless_told_plain() -> None:
    code = "print(settings.STORAGES['staticfiles']['BACKEND'])"
    # WhiteNoise's storages, over minified copies (scoreboard/staticfiles.py).
    assert load_settings(code, SECRET_KEY="x").stdout.strip() == (
        "scoreboard.staticfiles.MinifiedManifestStorage"
    )
    assert load_settings(code, SECRET_KEY="x", STATIC_STORAGE="plain").stdout.strip() == (
        "scoreboard.staticfiles.MinifiedStorage"
    )
    bad = load_settings(SECRET_KEY="x", STATIC_STORAGE="fancy")
    assert last_line(bad.stderr).startswith(
        "django.core.exceptions.ImproperlyConfigured: STATIC_STORAGE"
    )


def test_it_allows_only_loopback_when_served_on_loopback() -> None:
    code = "print(','.join(settings.ALLOWED_HOSTS))"
    result = load_settings(code, SECRET_KEY="x", SERVE_HOST="127.0.0.1")
    assert result.stdout.strip() == "localhost,127.0.0.1,[::1]", result.stderr


PRODUCTION = {
    "SECRET_KEY": "k" * 20 + "a production key from the environment" + "z" * 20,
    "SECURE_COOKIES": "true",
    "ALLOWED_HOSTS": "score.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://score.example.org",
    "PROXY_SSL_HEADER": "X-Forwarded-Proto",
    "DATABASE_URL": "postgres://scoreboard@/scoreboard",
}


def deploy_check(**env: str) -> subprocess.CompletedProcess[str]:
    # The browser tests' DJANGO_ALLOW_ASYNC_UNSAFE is no production variable.
    leave = {*SETTINGS_VARIABLES, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in leave}
    clean["SECRET_KEY_FILE"] = str(ROOT / "no-such-directory" / ".secret_key")
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deploy_check_is_clean_with_the_production_variables() -> None:
    result = deploy_check(**PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues (1 silenced)" in result.stdout  # the opt-in preload reminder
    preload = deploy_check(**PRODUCTION, HSTS_PRELOAD="true")
    assert preload.returncode == 0 and "no issues (0 silenced)" in preload.stdout
    # Without HTTPS a deployment is warned, by name.
    plain = deploy_check(**{**PRODUCTION, "SECURE_COOKIES": "false"})
    assert plain.returncode != 0
    assert "security.W012" in plain.stderr  # SESSION_COOKIE_SECURE


def test_production_sends_hsts_with_subdomains_and_redirects_plain_http() -> None:
    code = (
        "print(settings.SECURE_HSTS_SECONDS, settings.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "settings.SECURE_HSTS_PRELOAD, settings.SECURE_SSL_REDIRECT, "
        "getattr(settings, 'SECURE_PROXY_SSL_HEADER', None))"
    )
    on = load_settings(code, **PRODUCTION)
    assert last_line(on.stdout) == "2592000 True False True ('HTTP_X_FORWARDED_PROTO', 'https')"
    home = load_settings(code, DEBUG="false", SECRET_KEY="x" * 50, SECURE_COOKIES="false")
    assert last_line(home.stdout).startswith("0 False False False")


def test_worker_threads_keep_their_database_connection_unless_told_not_to() -> None:
    code = "d = settings.DATABASES['default']; print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])"
    assert last_line(load_settings(code, DEBUG="true").stdout) == "60 True"
    assert last_line(load_settings(code, DEBUG="true", DB_CONN_MAX_AGE="0").stdout) == "0 True"
    refused = load_settings(code, DEBUG="true", DB_CONN_MAX_AGE="forever")
    assert "DB_CONN_MAX_AGE" in last_line(refused.stderr)


def test_the_admin_and_the_benchmarks_floors_are_served_only_when_turned_on() -> None:
    code = (
        "import django\n"
        "from django.urls import Resolver404, resolve\n"
        "django.setup()\n"
        "for path in ('/admin/', '/admin/login/', '/bench/floor/', '/bench/host-floor/'):\n"
        "    try:\n"
        "        resolve(path)\n"
        "        print(path, 'served')\n"
        "    except Resolver404:\n"
        "        print(path, 'absent')\n"
    )
    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 50,
        "DJANGO_SETTINGS_MODULE": "scoreboard.settings",
    }
    result = load_settings(code, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        *("/admin/", "absent", "/admin/login/", "absent"),
        *("/bench/floor/", "absent", "/bench/host-floor/", "absent"),
    ]
    result = load_settings(code, **env, ADMIN="on", BENCH_FLOORS="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        *("/admin/", "served", "/admin/login/", "served"),
        *("/bench/floor/", "served", "/bench/host-floor/", "served"),
    ]
    result = load_settings(**env, ADMIN="maybe")
    assert last_line(result.stderr).startswith("django.core.exceptions.ImproperlyConfigured: ADMIN")
