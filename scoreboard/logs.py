"""What the server's log (standard error: gunicorn's log, or the journal)
keeps of refused requests: a bad request (400: a host name not ours, a form
or upload that cannot be read, anything Django finds suspicious) in one
line naming what was refused, never a traceback; the other refusals (404,
403, 405, 429) not at all, being the table's ordinary business. Server
errors keep their traceback (``scoreboard.settings.LOGGING``)."""

from __future__ import annotations

import logging

BAD_REQUEST = 400


def _printable(text: str) -> str:
    """``text`` with its new lines and other control characters escaped
    (a path may hold an encoded one): one line stays one line."""
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


class BadRequestsAndErrors(logging.Filter):
    """On ``django.request``: lets through server errors and bad requests
    (400), not the warnings of other refusals (Not Found, Forbidden...)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        return record.levelno >= logging.ERROR or status == BAD_REQUEST


class BadRequestInOneLine(logging.Filter):
    """On the standard-error handler: turns the record of a bad request
    (400, from ``django.request`` or ``django.security.*``, which Django
    logs with the exception's traceback) into one line, for example
    ``400 Bad Request (DisallowedHost): GET /: Invalid HTTP_HOST header:
    'evil.example'. ...``. Any other record passes as it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) != BAD_REQUEST:
            return True
        error = record.exc_info[1] if record.exc_info else None
        reason = (str(error) if error is not None else "") or record.getMessage()
        kind = f" ({type(error).__name__})" if error is not None else ""
        # Django's records carry the request; another's "request" may be anything.
        request = getattr(record, "request", None)
        method, path = getattr(request, "method", None), getattr(request, "path", None)
        where = f"{method} {path}: " if isinstance(method, str) and isinstance(path, str) else ""
        record.msg = _printable(f"400 Bad Request{kind}: {where}{reason}")
        record.args = ()
        # The traceback says nothing here: the request was refused, as it should be.
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True
