"""Writes of share links: a new link (ending the one before), or none. The
match's version moves on with either: its board shows the link."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches.models import Match, ShareLink


@transaction.atomic
def share_new(*, match: Match) -> ShareLink:
    """A new share link for ``match``; the one before, if any, ends at once
    (its page says it was replaced)."""
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)  # locks the row
    ShareLink.objects.filter(match=match, ended=None).update(ended=timezone.now())
    return ShareLink.objects.create(match=match)


@transaction.atomic
def share_stop(*, match: Match) -> None:
    """Stop sharing ``match``: its link ends at once."""
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
    ShareLink.objects.filter(match=match, ended=None).update(ended=timezone.now())
