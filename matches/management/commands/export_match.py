"""``python manage.py export_match URL_PATH_OR_ID``: print a match's
``rummy-match/1`` file, as its Export link gives it."""

from __future__ import annotations

import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from matches.models import Match
from matches.transfer import export_text


class Command(BaseCommand):
    help = (
        "Print a match's rummy-match/1 file. Give the match's URL path "
        "(/matches/ID/, or the whole address) or its ID."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match", help="the match's URL path, address or ID")

    def handle(self, *args: Any, match: str, **options: Any) -> None:
        found = re.search(r"/matches/([^/]+)", match)
        public_id = found.group(1) if found else match.strip().strip("/")
        stored = Match.objects.for_replay().filter(public_id=public_id).first()
        if stored is None:
            # Translators: match is the match's ID as given, in quotes.
            raise CommandError(_("no match %(match)s") % {"match": repr(public_id)})
        self.stdout.write(export_text(stored), ending="")
