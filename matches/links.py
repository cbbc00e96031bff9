"""The addresses of a match's pages, for pages that link to many of them.

``reverse`` costs tens of microseconds a call, and a board links to its own
pages some twenty times and to every entry it lists: these are ``reverse``'s
answers, kept per match id (the URL configuration does not change while the
process runs). Nothing here is state: the same id always gives the same paths.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import reverse

# The pages of one match (``matches/urls.py``) that take only its public id.
MATCH_PAGES = (
    "detail",
    "hand",
    "preview",
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


@lru_cache(maxsize=4096)
def match_urls(public_id: str) -> dict[str, str]:
    """The path of every page in ``MATCH_PAGES`` for this match, by name
    (``{"hand": "/matches/<id>/hands/", ...}``)."""
    return {name: reverse(f"matches:{name}", args=[public_id]) for name in MATCH_PAGES}


@lru_cache(maxsize=4096)
def _around(name: str, public_id: str) -> tuple[str, str]:
    before, after = reverse(f"matches:{name}", args=[public_id, _MARK]).split(str(_MARK))
    return before, after


def event_url(name: str, public_id: str, event_id: int) -> str:
    """The path of an event's page (``"fix"``, ``"edit"``, ``"delete"``,
    ``"restore"``), as ``reverse`` gives it."""
    before, after = _around(name, public_id)
    return f"{before}{event_id}{after}"
