from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def rebuild_stale_snapshots(sender: AppConfig, plan: list | None = None, **kwargs: Any) -> None:
    """After ``migrate``: replay every match whose stored snapshot an older
    engine wrote (a deploy that changes the scoring runs migrate, so the
    history and its filters never read a stale one). One query when none is."""
    from matches import services

    if plan is not None and any(
        migration.app_label == "matches" and backwards for migration, backwards in plan
    ):
        return  # migrating back: the snapshot columns may be gone
    services.snapshots_rebuild_stale()


def create_cache_table(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """After ``migrate``: the database cache's table (settings ``CACHES``),
    so that a fresh clone and a new server need no step of their own."""
    from django.core.management import call_command

    call_command("createcachetable", database=using, verbosity=0)


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from . import checks  # noqa: F401  (registers the system checks)
        from .views.account import language_on_log_in

        user_logged_in.connect(language_on_log_in)

        post_migrate.connect(rebuild_stale_snapshots, sender=self)
        post_migrate.connect(create_cache_table, sender=self)
