"""``manage.py table_address``: where the phones at the table open the board."""

from __future__ import annotations

import io
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandParser

from scoreboard.serving import lan_addresses, urls_to_open


class Command(BaseCommand):
    help = "Print the address phones open, with a QR code of it to scan from this screen."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="the address the server listens on")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        urls = urls_to_open(host, port, lan_addresses())
        self.stdout.write("Open the scoreboard on the phones at the table:")
        for url in urls:
            self.stdout.write(f"  {url}")
        if host not in ("127.0.0.1", "localhost", "::1", "[::1]"):
            drawn = io.StringIO()
            segno.make(urls[0], error="m").terminal(out=drawn, compact=True)
            self.stdout.write(drawn.getvalue(), ending="")
