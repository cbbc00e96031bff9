"""Serving the table from a laptop: which addresses phones on the Wi-Fi can
open, the secret key kept in a file, and a health check for load balancers.

Nothing here sends traffic anywhere: the addresses are read from this
machine's own network interfaces (psutil).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
HEALTH_PATH = "/health/"


def is_loopback(host: str) -> bool:
    """True for a host name or address that only this machine can reach."""
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_addresses(interfaces: Mapping[str, Sequence[Any]] | None = None) -> list[str]:
    """This machine's addresses that phones on the same network can open.

    Args:
        interfaces: psutil.net_if_addrs() as it is shaped (name → addresses,
            each with ``family`` and ``address``); read from the machine when
            None.

    Returns:
        IPv4 addresses other than loopback and link-local, in interface
        order, each once.
    """
    if interfaces is None:
        import psutil

        interfaces = psutil.net_if_addrs()
    found: list[str] = []
    for addresses in interfaces.values():
        for entry in addresses:
            if entry.family != socket.AF_INET:
                continue
            address = ipaddress.ip_address(entry.address)
            if address.is_loopback or address.is_link_local or str(address) in found:
                continue
            found.append(str(address))
    return found


def allowed_hosts(host: str, addresses: Iterable[str]) -> list[str]:
    """The host names the server answers to when it listens on ``host``.

    Loopback names always; when ``host`` is not loopback, also the machine's
    LAN ``addresses`` (all of them for a wildcard such as 0.0.0.0, else
    ``host`` itself), so a phone on the Wi-Fi can open the printed address.
    """
    hosts = list(LOOPBACK_NAMES)
    if is_loopback(host):
        return hosts
    wildcard = host.strip("[]") in ("0.0.0.0", "::", "")
    for address in list(addresses) if wildcard else [host]:
        if address not in hosts:
            hosts.append(address)
    return hosts


def listen_address(host: str) -> tuple[socket.AddressFamily, str]:
    """The socket family and address for listening on ``host``: an IPv4 or
    IPv6 address ("[::1]" too), or "localhost".

    Raises:
        ValueError: ``host`` is not an address (a typo such as "nonsense").
    """
    bare = host.strip("[]")
    if bare == "localhost":
        return socket.AF_INET, "127.0.0.1"
    address = ipaddress.ip_address(bare)
    return (socket.AF_INET6 if address.version == 6 else socket.AF_INET), bare


def urls_to_open(host: str, port: int, addresses: Iterable[str]) -> list[str]:
    """The addresses to type (or scan) on the phones: the LAN ones when the
    server listens beyond this machine, else the loopback one it listens on."""
    if is_loopback(host):
        bare = host.strip("[]")
        shown = f"[{bare}]" if ":" in bare else ("127.0.0.1" if bare == "localhost" else bare)
        return [f"http://{shown}:{port}/"]
    names = [name for name in allowed_hosts(host, addresses) if name not in LOOPBACK_NAMES]
    return [f"http://{name}:{port}/" for name in names] or [f"http://127.0.0.1:{port}/"]


def read_secret_key(path: Path) -> str:
    """The secret key kept in ``path`` by ``manage.py secret_key``, or ""
    when there is no such file."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""


def write_secret_key(path: Path, key: str) -> bool:
    """Keep ``key`` in ``path``, readable by its owner only, unless a key is
    there already (a key made once is reused: sessions survive restarts).

    Returns:
        True when the file was written, False when it was there.
    """
    if read_secret_key(path):
        return False
    # A file left empty (an interrupted write) is replaced: there is no key in it.
    if path.exists():
        path.unlink()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as file:
        file.write(key + "\n")
    return True


class HealthCheckMiddleware:
    """Answer ``/health/`` before anything else looks at the request: a load
    balancer probes by IP address over plain HTTP, so neither the host check
    nor the HTTPS redirect may stand in its way. 200 "ok" when the database
    answers, 503 when it does not."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != HEALTH_PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        # Imported here: the settings import this module, before the apps are ready.
        from django.contrib.auth import get_user_model

        try:
            # Any query through the ORM: the database answers, or it does not.
            get_user_model().objects.exists()
        except DatabaseError:
            return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
        return HttpResponse("ok\n", content_type="text/plain")


class VaryOnHtmxMiddleware:
    """Every page says it differs for an htmx request (``Vary: HX-Request``):
    a board's fragment must never be kept, by a cache or the phone's offline
    copy, as the page at that address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            patch_vary_headers(response, ("HX-Request",))
        return response


class MethodNotAllowedPageMiddleware:
    """Django answers a GET of a form's address (a reloaded tab left on
    ``…/rematch/``) with an empty 405; show the app's own page instead."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.content or request.method != "GET":
            return response
        # Imported here: the settings import this module, before templates can load.
        from django.shortcuts import render

        page = render(request, "405.html", status=405)
        page["Allow"] = response.get("Allow", "")
        return page


class DatabaseBusyMiddleware:
    """A write that waited its whole time for the database (another
    request held it: a big import, a backup) answers 503 with a page saying
    nothing was saved and to try again, rather than a bare server error.
    The write's transaction was rolled back, so nothing of it is stored."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        from django.db import OperationalError
        from django.shortcuts import render

        if not isinstance(exception, OperationalError) or not is_busy(exception):
            return None
        page = render(request, "503.html", status=503)
        page["Retry-After"] = "5"
        return page


def is_busy(error: Exception) -> bool:
    """Whether a database error says it waited too long for a lock (SQLite's
    "database is locked", PostgreSQL's lock and statement timeouts)."""
    text = str(error).lower()
    return "database is locked" in text or "lock timeout" in text or "statement timeout" in text
