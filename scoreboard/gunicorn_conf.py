"""gunicorn's configuration for scripts/serve (``--config
python:scoreboard.gunicorn_conf``): its answers name no server software.

gunicorn writes ``Server: gunicorn`` into the head of every answer itself,
and has no setting to leave it out: its maintainers keep the line (the
version left it in 20.1.0; benoitc/gunicorn#825, #1617, #3006). A ``Server``
header set by the application is sent besides it, not instead, so no Django
or WSGI middleware can take it away. A configuration file is gunicorn's own
place for such a change, loaded by the master before it forks the workers:
here gunicorn's response class becomes one whose head leaves that line out,
all else gunicorn's. tests/e2e/test_serving.py starts the real server and
checks the answers, so a gunicorn that stops honouring this is caught.
"""

from __future__ import annotations

from gunicorn.http import wsgi


class ResponseNamingNoServer(wsgi.Response):
    """gunicorn's HTTP/1 response, without the ``Server`` line in its head."""

    def default_headers(self) -> list[str]:
        """gunicorn's own head lines (status, date, connection), but ``Server``."""
        return [
            line for line in super().default_headers() if not line.lower().startswith("server:")
        ]


# Every answer is made through this name (gunicorn.http.wsgi.create).
wsgi.Response = ResponseNamingNoServer  # type: ignore[misc]
