"""The benchmark's floors: the cheapest page Django can answer through every
middleware the real pages pass (bench/bench.py measures each page against
it), and the same for a signed-in host (its session and user read)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def floor(request: HttpRequest) -> HttpResponse:
    """A trivial page: "ok"."""
    return HttpResponse("ok\n", content_type="text/plain")


@require_GET
def host_floor(request: HttpRequest) -> HttpResponse:
    """A trivial page that reads who is signed in, as every host page does:
    "ok" and whether someone is."""
    return HttpResponse(f"ok {request.user.is_authenticated}\n", content_type="text/plain")
