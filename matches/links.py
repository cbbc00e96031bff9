"""The addresses of a match's pages, for pages that link to many of them.

``reverse`` costs tens of microseconds a call, and a board links to its own
pages some twenty times, to every entry it lists, and a list to every match:
each page's path is reversed once, with marks where the ids go, and filled in
(the URL configuration, and the prefix the app is served under, do not
change while the process runs). Nothing here is state: the same ids always
give the same paths, ``reverse``'s.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlencode

from django.urls import reverse

# The pages of one match (``matches/urls.py``) that take only its public id.
MATCH_PAGES = (
    "detail",
    "hand",
    "preview",
    "hand_send",
    "entries",
    "sheet",
    "abandon",
    "resume",
    "delete_match",
    "export",
    "export_csv",
    "share",
    "match_scoring",
    "line",
    "undo",
    "seats",
    "rematch",
    "rules",
)
_MARK = 987654321  # an event id no page has: where the real id goes


_ID_MARK = "0id0"  # a public id no match has (ids are 22 characters)


@lru_cache(maxsize=64)
def _around(name: str, event: bool) -> tuple[str, str, str]:
    """``reverse``'s path of page ``name`` cut where the match's id (and the
    event's) go."""
    args = [_ID_MARK, _MARK] if event else [_ID_MARK]
    path = reverse(f"matches:{name}", args=args)
    before, rest = path.split(_ID_MARK)
    middle, after = rest.split(str(_MARK)) if event else (rest, "")
    return before, middle, after


def match_url(name: str, public_id: str) -> str:
    """The path of page ``name`` of a match (one of ``MATCH_PAGES``), as
    ``reverse`` gives it. Public ids are URL-safe (``new_public_id``), so
    nothing needs quoting."""
    before, after, _ = _around(name, False)
    return f"{before}{public_id}{after}"


def match_urls(public_id: str) -> dict[str, str]:
    """The path of every page in ``MATCH_PAGES`` for this match, by name
    (``{"hand": "/matches/<id>/hands/", ...}``)."""
    return {name: match_url(name, public_id) for name in MATCH_PAGES}


def event_url(name: str, public_id: str, event_id: int) -> str:
    """The path of an event's page (``"fix"``, ``"edit"``, ``"delete"``,
    ``"restore"``), as ``reverse`` gives it."""
    before, middle, after = _around(name, True)
    return f"{before}{public_id}{middle}{event_id}{after}"


@lru_cache(maxsize=1)
def _player_around() -> tuple[str, str]:
    before, after = reverse("matches:player", args=[_MARK]).split(str(_MARK))
    return before, after


def player_url(player_id: int) -> str:
    """The path of a player's page, as ``reverse`` gives it."""
    before, after = _player_around()
    return f"{before}{int(player_id)}{after}"


@lru_cache(maxsize=4)
def _shared_around(name: str) -> tuple[str, str]:
    before, after = reverse(f"matches:{name}", args=[_ID_MARK]).split(_ID_MARK)
    return before, after


def shared_url(name: str, token: str) -> str:
    """The path of a share link's page (``"shared"``, ``"shared_big"``), as
    ``reverse`` gives it. Tokens are URL-safe (``new_share_token``)."""
    before, after = _shared_around(name)
    return f"{before}{token}{after}"


@lru_cache(maxsize=256)
def login_then(path: str) -> str:
    """The log-in page's address that comes back to ``path`` once logged in."""
    return f"{reverse('login')}?{urlencode({'next': path})}"
