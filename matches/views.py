from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An HttpRequest as HtmxMiddleware leaves it, for type checkers."""

    htmx: HtmxDetails


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "matches/home.html")
