"""Django's sessions in the database (``SESSION_ENGINE``), each row with the
user it signed in, so that the one lookup every host's request makes
(written once, ``matches.prepared``) reads the session and who is signed in
together: the extension Django's documentation describes ("Extending
database-backed session engines").

The user read with the session is handed to ``accounts.HostBackend`` for
Django's own ``get_user`` (which still checks the session's hash of the
password, and that the user may log in); nothing else takes it.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.utils import timezone

from matches.models import HostSession
from matches.prepared import Prepared

# The session by its key, unless it has expired, with the user it signed in:
# Django's own lookup, and the user's read with it.
LIVE_SESSION = Prepared(
    lambda key, now: HostSession.objects.filter(
        session_key=key, expire_date__gt=now
    ).select_related("user")[:1],
    key="\x00session_key",
    now=timezone.make_aware(timezone.datetime(1901, 2, 3, 4, 5, 6, 789)),
)

# The user the last session read in this thread signed in, for the
# backend's ``get_user`` in the same request (taken once: ``signed_in``).
_READ_WITH_SESSION: ContextVar[Any] = ContextVar("read_with_session", default=None)


def signed_in(user_id: Any) -> Any:
    """The user read with this request's session, if it is user ``user_id``
    (the session's own record of who signed in), else None; taken once."""
    user = _READ_WITH_SESSION.get()
    _READ_WITH_SESSION.set(None)
    if user is not None and str(user.pk) == str(user_id):
        return user
    return None


class SessionStore(db.SessionStore):
    """Django's database sessions in ``HostSession``, read by ``LIVE_SESSION``."""

    @classmethod
    def get_model_class(cls) -> type[HostSession]:
        return HostSession

    def create_model_instance(self, data: dict[str, Any]) -> HostSession:
        """The row of the session ``data``, with the user it signs in."""
        row = super().create_model_instance(data)
        user_id = data.get(SESSION_KEY)
        try:
            row.user_id = int(user_id) if user_id is not None else None
        except (TypeError, ValueError):
            row.user_id = None
        return row

    def _get_session_from_db(self) -> HostSession | None:
        found = LIVE_SESSION.first(key=self.session_key, now=timezone.now())
        _READ_WITH_SESSION.set(found.user if found is not None else None)
        if found is None:
            self._session_key = None
        return found
