"""Pages of the site that are no match's: the benchmark's floors (the
cheapest page Django can answer through every middleware the real pages
pass, which bench/bench.py measures each page against, and the same for a
signed-in host), the web app manifest and the service worker."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
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


# The phone's home screen: the app's name, colours and icon, in the page's
# language (the same words as the pages' brand and description). Its start
# page is the host's matches (the home page; a visitor who is not signed in
# is asked to).
THEME_COLOUR = "#0047ab"


@require_GET
def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, so a phone can add the app to its home screen and
    open it full-screen: name, start page, colours and icons (their static
    addresses, hashed as the pages' are)."""
    manifest = {
        "name": _("Rummy Scoreboard"),
        "short_name": _("Rummy"),
        "description": _(
            "A scoreboard for Rummy and Gin Rummy tables: one phone keeps the score, adds up "
            "each hand by the house rules and says who deals next; everyone else follows on "
            "their own phone."
        ),
        "lang": translation.get_language(),
        "id": "/",
        "start_url": reverse("matches:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icon-512.png"), "sizes": "512x512", "type": "image/png"},
        ],
    }
    response = JsonResponse(manifest, content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=3600"
    return response


@lru_cache(maxsize=1)
def _service_worker_source() -> str:
    return (settings.BASE_DIR / "static" / "js" / "sw.js").read_text(encoding="utf-8")


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker (static/js/sw.js), from the site's root so that it
    may look after every page; the browser asks for it again on each visit
    (``no-cache``) and so picks up a new version at once."""
    response = HttpResponse(_service_worker_source(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
