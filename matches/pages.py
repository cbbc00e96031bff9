"""Parts of pages kept as drawn, through Django's cache API (the ``pages``
cache: each process's own memory; off in debug mode, so a template edit
shows at once).

A part is kept under a key holding everything it depends on besides the
request's own values (its CSRF field and one-time tokens are never inside a
kept part): the match's ``version`` or the host's (``HostVersion``), both
moved on by every write, the code's version, the language and the time
zone. So a key is never stale, nothing need be shared between processes,
and a restart clears it all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.utils import timezone, translation
from django.utils.safestring import SafeString, mark_safe

from matches import snapshot


def _code_version() -> str:
    """A digest of the app's code, templates and translations as this
    process loaded them: a part drawn by other code or words is never read
    as this code's."""
    digest = hashlib.blake2b(str(snapshot.ENGINE_VERSION).encode(), digest_size=8)
    roots = [
        Path(__file__).parent,
        *(Path(each) for each in settings.TEMPLATES[0]["DIRS"]),
        *(Path(each) for each in settings.LOCALE_PATHS),
    ]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".html", ".po"):
                digest.update(path.read_bytes())
    return digest.hexdigest()


CODE = _code_version()


def key(*parts: object) -> str:
    """The key of a part: its ``parts`` (what it shows depends on), the
    code's version, and the language and time zone it is drawn in."""
    seen = (CODE, translation.get_language(), timezone.get_current_timezone_name())
    # Hashed: a part may be named by what a visitor typed (a history filter).
    return hashlib.blake2b(repr((*seen, *parts)).encode(), digest_size=16).hexdigest()


def get(parts: tuple[object, ...]) -> Any:
    """What is kept under ``parts`` (``key``), or None."""
    return caches["pages"].get(key(*parts))


def keep(parts: tuple[object, ...], value: Any) -> None:
    """Keep ``value`` under ``parts`` (``key``)."""
    caches["pages"].set(key(*parts), value)


def kept(parts: tuple[object, ...], draw: Callable[[], str]) -> SafeString:
    """The part ``parts`` names (``key``), drawn by ``draw()`` when this
    process does not keep it yet."""
    return mark_safe(caches["pages"].get_or_set(key(*parts), draw))  # noqa: S308 (drawn HTML)
