"""Django's ``makemessages`` with the project's settings, so that ``make
messages`` and the catalogs' test (tests/test_catalogs.py) write the same
catalogs: no source line numbers (a catalog changes only when a message
does), no entries left over from removed messages, and only the app's own
files read (not the tests, the benchmark or the scripts)."""

from __future__ import annotations

from argparse import ArgumentParser

from django.core.management.commands import makemessages

IGNORED = ["tests/*", "bench/*", "scripts/*", "docs/*", "node_modules/*", "locale/*"]


class Command(makemessages.Command):
    def add_arguments(self, parser: ArgumentParser) -> None:
        super().add_arguments(parser)
        parser.set_defaults(no_location=True, no_obsolete=True, ignore_patterns=list(IGNORED))
