"""Which language a page is in, and the phone's scripts' words in it.

Django's ``LocaleMiddleware`` picks the language from the language cookie
(the switcher sets it) or else the browser's Accept-Language, English where
nothing matches. A host who chose a language on their account page has it
kept on the account; logging in on any device sets that device's language
cookie to it (``HostLanguageMiddleware``), so no page reads more than the
cookie to know its language.

The scripts' words come from Django's JavaScript catalog, served at an
address naming the language and its catalog's digest, so a phone (and its
offline copy) keeps each language's words apart and never an old one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog


def offered(code: str | None) -> bool:
    return code in dict(settings.LANGUAGES)


def keep_cookie(response: HttpResponse, language: str) -> None:
    """The language cookie, as Django's ``set_language`` sets it."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class HostLanguageMiddleware:
    """The host's own language (``request.host_language``, set as they log
    in: matches.views.account) into the language cookie of the answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        chosen = getattr(request, "host_language", None)
        if offered(chosen):
            keep_cookie(response, chosen)
        # The same address answers in another language for another cookie.
        patch_vary_headers(response, ("Cookie",))
        return response


@lru_cache(maxsize=16)
def catalog_version(language: str) -> str:
    """A digest of the language's script catalog as this process found it."""
    digest = hashlib.blake2b(language.encode(), digest_size=6)
    for root in settings.LOCALE_PATHS:
        path = root / translation.to_locale(language) / "LC_MESSAGES" / "djangojs.po"
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=16)
def catalog_address(language: str) -> str:
    return reverse(
        "javascript_catalog", kwargs={"language": language, "version": catalog_version(language)}
    )


_catalog = JavaScriptCatalog.as_view()


@require_GET
def javascript_catalog(request: HttpRequest, language: str, version: str) -> HttpResponse:
    """The scripts' words in ``language`` (Django's JavaScript catalog: the
    functions ``gettext``, ``ngettext``, ``interpolate``...). Its address
    changes with its words, so it may be kept for a year."""
    if not offered(language):
        raise Http404
    with translation.override(language):
        response = _catalog(request)
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


def page_language(request: HttpRequest) -> dict[str, Any]:
    """The address of the scripts' words in the page's language (Django's
    own ``i18n`` context processor gives the language and those offered)."""
    return {"language_catalog": catalog_address(translation.get_language())}
