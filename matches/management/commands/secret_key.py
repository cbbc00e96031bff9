"""``manage.py secret_key``: make the secret key once, before the server starts."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.core.management.utils import get_random_secret_key
from django.utils.translation import gettext as _

from scoreboard.serving import write_secret_key


class Command(BaseCommand):
    help = (
        "Keep a new secret key in SECRET_KEY_FILE (readable by its owner only) unless "
        "SECRET_KEY is set or the file exists. Run before the server starts, so its "
        "workers never race to make one."
    )
    # It runs where no key exists yet: the checks would refuse to start.
    requires_system_checks: list[str] = []

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.SECRET_KEY_FROM_ENVIRONMENT:
            return
        path = settings.SECRET_KEY_FILE
        if not path.parent.is_dir():
            said = _("SECRET_KEY_FILE is in a folder that does not exist: %(path)s")
            raise CommandError(said % {"path": path})
        if write_secret_key(path, get_random_secret_key()):
            said = _(
                "Made a new secret key in %(path)s: keep it with the database. "
                "(A new key logs every phone out; the matches stay.)"
            )
            self.stdout.write(said % {"path": path})
