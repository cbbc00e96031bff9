"""System checks that stop the server (runserver, migrate, check) on unsafe settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register
from django.core.exceptions import ImproperlyConfigured

MISSING_SECRET_KEY = (
    "SECRET_KEY must be set in the environment when DEBUG is off, or kept in the file "
    "SECRET_KEY_FILE names (`make run` makes one there, .secret_key by default)"
)


@register()
def secret_key_is_set(app_configs: Any, **kwargs: Any) -> list[Error]:
    """An error when no SECRET_KEY is set: sessions and sign-in need one."""
    # Django refuses to read an empty key: that refusal is the answer.
    try:
        settings.SECRET_KEY  # noqa: B018
    except ImproperlyConfigured:
        return [Error(MISSING_SECRET_KEY, id="scoreboard.E001")]
    return []


def require_secret_key() -> None:
    """Stop a WSGI/ASGI server at start-up when SECRET_KEY is missing.

    Raises:
        ImproperlyConfigured: no SECRET_KEY.
    """
    if secret_key_is_set(None):
        raise ImproperlyConfigured(MISSING_SECRET_KEY)
