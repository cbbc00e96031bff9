from __future__ import annotations

from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the system checks)
