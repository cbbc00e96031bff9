"""ASGI entry point: exposes `application` for an ASGI server."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

from matches.checks import require_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scoreboard.settings")

application = get_asgi_application()

# Fail at start-up, not at the first sign-in, when SECRET_KEY is missing.
require_secret_key()
