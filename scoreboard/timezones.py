"""Dates in the viewer's time zone: static/js/app.js stores the phone's zone
(an IANA name such as ``Europe/Paris``) in the ``tz`` cookie, and this
middleware makes it Django's current time zone for the request. Without the
cookie, or with a name that is no zone, pages use ``TIME_ZONE`` (UTC)."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Callable
from functools import lru_cache
from urllib.parse import unquote

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+){0,2}")


@lru_cache(maxsize=64)
def zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The time zone of that IANA name, or None when it is no zone."""
    if len(name) > 64 or not ZONE_NAME.fullmatch(name):
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None


class TimezoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = zone_named(unquote(request.COOKIES.get("tz", "")))
        if zone is None:
            timezone.deactivate()
        else:
            timezone.activate(zone)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
