"""``python manage.py backup [FILE]``: copy the whole database into a new
file with the database's own tools (``make backup``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from matches.backup import BackupError, backup, default_path


class Command(BaseCommand):
    help = (
        "Copy the whole database (accounts, matches, share links) into a new file: "
        "SQLite's online backup, or pg_dump on PostgreSQL. Safe while the server runs. "
        "Prints the file's path."
    )
    # A backup needs no secret key (the checks ask for one with DEBUG off).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "file", nargs="?", help="the new file (default: backups/rummy-DATE-TIME.sqlite3)"
        )

    def handle(self, *args: Any, file: str | None, **options: Any) -> None:
        try:
            path = backup(Path(file) if file else default_path())
        except BackupError as error:
            raise CommandError(f"nothing was backed up: {error}") from None
        self.stdout.write(str(path))
