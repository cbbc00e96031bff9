"""A host's own settings, kept on their account (``Account``): the language
of their pages ("" for the browser's)."""

from __future__ import annotations

from typing import Any

from matches.models import Account


def language_keep(host: Any, language: str) -> None:
    Account.objects.update_or_create(host=host, defaults={"language": language})
