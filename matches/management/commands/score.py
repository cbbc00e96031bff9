"""``python manage.py score FILE``: check a paper score sheet typed into a
match file (docs/match-format.md, "Output")."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from matches import games, words
from matches.engine.errors import RuleError
from matches.matchfile import board_document, parse_match_text


class Command(BaseCommand):
    help = (
        "Read a rummy-match/1 file (or - for standard input), replay it with the "
        "scoring engine and print the result as JSON."
    )
    # Scoring a file needs no database and no system checks.
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the match file, or - to read standard input")
        parser.add_argument(
            "--lang",
            default=settings.LANGUAGE_CODE,
            help="the language a refusal is written in (en, de, ...); the JSON is the same in all",
        )

    def handle(self, *args: Any, file: str, lang: str, **options: Any) -> None:
        offered = [code for code, _name in settings.LANGUAGES]
        if lang not in offered:
            raise CommandError(f"--lang must be one of {', '.join(offered)}; got {lang!r}")
        try:
            board = games.replay(parse_match_text(read_text(file)))
        except RuleError as error:
            # Nothing goes to standard output when the file breaks a rule.
            with translation.override(lang):
                self.stderr.write(words.located(error))
            raise SystemExit(1) from None
        self.stdout.write(json.dumps(board_document(board), indent=2, ensure_ascii=False))


def read_text(file: str) -> str:
    """The text of ``file`` (``-``: standard input), as UTF-8."""
    try:
        if file == "-":
            return sys.stdin.buffer.read().decode("utf-8")
        with open(file, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        name = "standard input" if file == "-" else file
        raise RuleError("file_not_utf8", name=name) from None
    except OSError as error:
        raise RuleError("file_unreadable", name=file, reason=error.strerror) from None
