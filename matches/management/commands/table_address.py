"""``manage.py table_address``: check where the table's server is to listen,
then print where the phones at the table open the board."""

from __future__ import annotations

import errno
import io
import socket
from typing import Any

import segno
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoreboard.serving import is_loopback, lan_addresses, listen_address, urls_to_open


def _count(name: str, text: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdecimal()) or not low <= int(text) <= high:
        # Translators: name is a setting's name (PORT, WORKERS, THREADS); typed, what it was
        # given, in quotes.
        said = _("%(name)s must be a whole number from %(low)s to %(high)s; got %(typed)s")
        raise CommandError(said % {"name": name, "low": low, "high": high, "typed": repr(text)})
    return int(text)


class Command(BaseCommand):
    help = (
        "Check HOST, PORT, WORKERS and THREADS for `make run`, then print the address "
        "phones open, with a QR code of it to scan from this screen."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="HOST: the address to listen on")
        parser.add_argument("--port", default="8000", help="PORT")
        parser.add_argument("--workers", default="2", help="WORKERS: gunicorn processes")
        parser.add_argument("--threads", default="8", help="THREADS: threads per process")

    def handle(
        self, *args: Any, host: str, port: str, workers: str, threads: str, **options: Any
    ) -> None:
        number = _count("PORT", port, 1, 65535)
        _count("WORKERS", workers, 1, 64)
        _count("THREADS", threads, 1, 256)
        try:
            family, address = listen_address(host)
        except ValueError:
            said = _(
                # Translators: typed is what HOST was given, in quotes.
                "HOST must be an address of this computer: 127.0.0.1 for this computer "
                "only, 0.0.0.0 for the phones on the Wi-Fi; got %(typed)s"
            )
            raise CommandError(said % {"typed": repr(host)}) from None
        # Bound and let go at once: nothing is sent anywhere.
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # As gunicorn binds: the last connections of a server just stopped
            # wait out TIME_WAIT for a minute, and must not stop it starting
            # again. A port something listens on is still refused (Linux).
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((address, number))
            except OSError as error:
                words = {"port": number, "host": host, "error": error}
                if error.errno == errno.EADDRINUSE:
                    said = _(
                        "PORT %(port)s is in use on %(host)s: is the scoreboard already "
                        "running? Stop it, or choose another PORT."
                    )
                    raise CommandError(said % words) from None
                # Translators: error is the system's own message, as it gives it.
                said = _("cannot listen on HOST %(host)s, PORT %(port)s: %(error)s")
                raise CommandError(said % words) from None
        if is_loopback(host):
            url = urls_to_open(host, number, [])[0]
            self.stdout.write(_("The scoreboard is at %(url)s") % {"url": url})
            self.stdout.write(
                _("That is this computer only. For the phones at the table: HOST=0.0.0.0 make run")
            )
            return
        urls = urls_to_open(host, number, lan_addresses())
        self.stdout.write(_("Open the scoreboard on the phones at the table:"))
        for url in urls:
            self.stdout.write(f"  {url}")
        drawn = io.StringIO()
        segno.make(urls[0], error="m").terminal(out=drawn, compact=True)
        self.stdout.write(drawn.getvalue(), ending="")
