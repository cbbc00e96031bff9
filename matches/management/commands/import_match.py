"""``python manage.py import_match FILE --host USERNAME``: import a match file
(or an all-matches file) for a host, as the Import page does."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from matches import services, words
from matches.engine.errors import RuleError
from matches.management.commands.score import read_text
from matches.transfer import import_read


class Command(BaseCommand):
    help = (
        "Import a rummy-match/1 file (or a rummy-matches/1 file of several) for a host. "
        "It takes any size and any number of matches. The whole file is checked first; "
        "nothing is saved if any match breaks a rule. "
        "Prints each new match's URL path, one per line."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the file, or - to read standard input")
        parser.add_argument("--host", required=True, help="the username of the host")

    def handle(self, *args: Any, file: str, host: str, **options: Any) -> None:
        user = get_user_model().objects.filter(username=host).first()
        if user is None:
            # Translators: name is the username given, in quotes.
            raise CommandError(_("no host with the username %(name)s") % {"name": repr(host)})
        try:
            checked = import_read(read_text(file), limited=False)
        except RuleError as error:
            # Translators: problem says what is wrong with the file and where.
            said = _("nothing was imported: %(problem)s")
            raise CommandError(said % {"problem": words.located(error)}) from None
        for match in services.matches_import(host=user, checked=checked):
            self.stdout.write(reverse("matches:detail", args=[match.public_id]))
