"""Which language a page is in, and the phone's scripts' words in it.

Django's ``LocaleMiddleware`` picks the language from the language cookie
(the switcher sets it) or else the browser's Accept-Language, English where
nothing matches. A host who chose a language on their account page has it
kept on the account; logging in copies it into the session, and
``HostLanguageMiddleware`` then serves it on every page of that session, on
any device.

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

# The session's copy of the host's chosen language (matches.accounts).
SESSION_KEY = "language"


def offered(code: str | None) -> bool:
    return code in dict(settings.LANGUAGES)


class HostLanguageMiddleware:
    """After ``LocaleMiddleware`` and the session: the language a host chose
    on their account, where they chose one, over the browser's."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = request.session.get(SESSION_KEY) if request.COOKIES else None
        if offered(chosen):
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        # The same address answers in another language for another visitor.
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
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
    """Every page's language, the languages offered (the switcher) and the
    address of the scripts' words."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    return {
        "language_code": language,
        "languages_offered": settings.LANGUAGES,
        "language_catalog": catalog_address(language),
    }
