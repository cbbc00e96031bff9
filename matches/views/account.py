"""The host's account page (the language of their pages, kept on the
account), the language switcher every page shows, and the copy of the
account's language into the session at each log-in (scoreboard/languages.py
serves it from there)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods
from django.views.i18n import set_language

from matches import selectors, services
from scoreboard.languages import keep_cookie, offered

from .board import host_required


class LanguageForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language of your pages"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [
            ("", _("The browser's language")),
            *settings.LANGUAGES,
        ]


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def account(request: HttpRequest) -> HttpResponse:
    """The host's account: the language of their pages on every device they
    log in on, and the way to change their password."""
    kept = selectors.language_of(request.user)
    form = LanguageForm(request.POST or None, initial={"language": kept})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        services.language_keep(request.user, language)
        # The language cookie too (for the log-in page after logging out),
        # then back to this page (its form's "next").
        response = set_language(request)
        if not language:
            response.delete_cookie(settings.LANGUAGE_COOKIE_NAME)
        return response
    if request.method == "GET" and offered(kept) and kept != translation.get_language():
        # Chosen on another phone since this one logged in: this phone takes
        # it now (its cookie, by HostLanguageMiddleware), and the page shows
        # the choice in its own language rather than beside another.
        translation.activate(kept)
        request.host_language = kept
    # Said by the page the choice leads to ("next" asks for it), so in the
    # language chosen, even the browser's, which only that page knows.
    return render(request, "matches/account.html", {"form": form, "saved": "saved" in request.GET})


@require_http_methods(["GET", "POST"])
def language(request: HttpRequest) -> HttpResponse:
    """The switcher. A POST (every host page, the log-in page): Django's
    ``set_language`` (the language cookie, then back to the page), and for a
    host, their account's language as well. A GET (the share link's pages,
    which carry no CSRF field and set no cookie of their own): the language
    cookie alone, then back to the page."""
    if request.method == "POST":
        response = set_language(request)
        chosen = request.POST.get("language", "")
        if request.user.is_authenticated and offered(chosen):
            services.language_keep(request.user, chosen)
        return response
    back = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = HttpResponseRedirect(back)
    chosen = request.GET.get("language", "")
    if offered(chosen):
        keep_cookie(response, chosen)
    return response


def language_on_log_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """At log-in, the account's language for this device's language cookie
    (``user_logged_in``; scoreboard.languages.HostLanguageMiddleware sets it)."""
    chosen = selectors.language_of(user)
    if request is not None and offered(chosen):
        request.host_language = chosen
