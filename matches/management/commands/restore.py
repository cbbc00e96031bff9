"""``python manage.py restore FILE [--force]``: replace the database with a
backup that ``manage.py backup`` made (``make restore FILE=...``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from matches.backup import BackupError, restore


class Command(BaseCommand):
    help = (
        "Replace the database with a backup made by manage.py backup (SQLite's file or "
        "pg_dump's), then migrate it. Refuses a database that has accounts or matches "
        "unless --force is given. Stop the server first."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the backup file")
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that is not empty (everything in it is lost)",
        )

    def handle(self, *args: Any, file: str, force: bool, **options: Any) -> None:
        try:
            restore(Path(file), force=force)
        except BackupError as error:
            raise CommandError(f"nothing was restored: {error}") from None
        self.stdout.write(f"restored {file}")
