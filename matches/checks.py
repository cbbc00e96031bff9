"""System checks that stop the server (runserver, migrate, check) on unsafe settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register

MISSING_SECRET_KEY = (
    "SECRET_KEY must be set in the environment when DEBUG is off, or kept in the file "
    "SECRET_KEY_FILE names (`make run` makes one there, .secret_key by default)"
)


@register()
def secret_key_is_set(app_configs: Any, **kwargs: Any) -> list[Error]:
    """An error when no SECRET_KEY is set: sessions and sign-in need one."""
    # Read through the settings' dict: the attribute itself raises when empty.
    if settings._wrapped.__dict__.get("SECRET_KEY"):
        return []
    return [Error(MISSING_SECRET_KEY, id="scoreboard.E001")]


def require_secret_key() -> None:
    """Stop a WSGI/ASGI server at start-up when SECRET_KEY is missing.

    Raises:
        ImproperlyConfigured: no SECRET_KEY.
    """
    from django.core.exceptions import ImproperlyConfigured

    if secret_key_is_set(None):
        raise ImproperlyConfigured(MISSING_SECRET_KEY)


# A save's insert does nothing on a token held already and gives the new
# row's id (``INSERT ... ON CONFLICT DO NOTHING RETURNING``): SQLite 3.35 on.
SQLITE_NEEDED = (3, 35)


@register()
def sqlite_is_recent_enough(app_configs: Any, **kwargs: Any) -> list[Error]:
    """An error when the database is SQLite older than ``SQLITE_NEEDED``."""
    from django.db import connection

    if connection.vendor != "sqlite":
        return []
    import sqlite3

    if sqlite3.sqlite_version_info >= SQLITE_NEEDED:
        return []
    needed = ".".join(str(part) for part in SQLITE_NEEDED)
    return [
        Error(
            f"SQLite {sqlite3.sqlite_version} is too old: the scoreboard needs {needed} or newer "
            "(or PostgreSQL, through DATABASE_URL)",
            id="scoreboard.E002",
        )
    ]
