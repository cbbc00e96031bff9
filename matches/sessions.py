"""Django's sessions in the database (``SESSION_ENGINE``), with the lookup
every host's request makes written once (``matches.prepared``)."""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from matches.prepared import Prepared

# The session by its key, unless it has expired: Django's own lookup.
LIVE_SESSION = Prepared(
    lambda key, now: Session.objects.filter(session_key=key, expire_date__gt=now)[:1],
    key="\x00session_key",
    now=timezone.make_aware(timezone.datetime(1901, 2, 3, 4, 5, 6, 789)),
)


class SessionStore(db.SessionStore):
    """Django's database sessions, read by ``LIVE_SESSION``."""

    def _get_session_from_db(self) -> Session | None:
        found = LIVE_SESSION.first(key=self.session_key, now=timezone.now())
        if found is None:
            self._session_key = None
        return found
