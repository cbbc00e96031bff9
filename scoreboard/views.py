"""The benchmark's floor: the cheapest page Django can answer through every
middleware the real pages pass (bench/bench.py measures each page against it)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def floor(request: HttpRequest) -> HttpResponse:
    """A trivial page: "ok"."""
    return HttpResponse("ok\n", content_type="text/plain")
