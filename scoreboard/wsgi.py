"""WSGI entry point: exposes `application` for a WSGI server."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from matches.checks import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoreboard.settings")

application = get_wsgi_application()

# Fail at start-up, not at the first sign-in, when SECRET_KEY is missing.
require_secret_key()
