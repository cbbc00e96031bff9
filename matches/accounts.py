"""Hosts' accounts: log-in throttled (django-axes per name and address,
django-ratelimit per address), sign-up limited per address (accounts made,
and sign-ups refused), and a password check Django's validators lack."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from functools import wraps
from typing import Any

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import time as time_filter
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy
from django.views.decorators.http import require_http_methods
from django_ratelimit.core import get_usage

from matches.forms import SignUpForm

TOO_MANY_HERE = ngettext_lazy(
    "Too many wrong passwords from this phone or network: try again in %(minutes)s minute "
    "at the latest.",
    "Too many wrong passwords from this phone or network: try again in %(minutes)s minutes "
    "at the latest.",
    "minutes",
)


def client_address(request: HttpRequest) -> str:
    """The phone's address: the connection's own, or behind proxies
    (settings ``PROXY_CLIENT_HEADER``, ``PROXY_COUNT``) the ``PROXY_COUNT``-th
    address from the right of that header, the one the outermost of our
    proxies wrote; anything a phone wrote before it is ignored. A header
    too short or not an address falls back to the connection's address.
    django-axes (``AXES_CLIENT_IP_CALLABLE``) and django-ratelimit
    (``RATELIMIT_IP_META_KEY``) both call it."""
    own = request.META.get("REMOTE_ADDR") or "0.0.0.0"
    if not settings.PROXY_CLIENT_HEADER:
        return own
    header = request.headers.get(settings.PROXY_CLIENT_HEADER, "")
    parts = [part.strip() for part in header.split(",")]
    if len(parts) < settings.PROXY_COUNT:
        return own
    try:
        return str(ipaddress.ip_address(parts[-settings.PROXY_COUNT]))
    except ValueError:
        return own


def _reached(request: HttpRequest, group: str, limit: int, period: str, *, count: bool) -> bool:
    """Whether ``limit`` requests of ``group`` came from this address in the
    current ``period`` window ("15m", "h"); ``count`` counts this one first.
    django-ratelimit keeps the count in the shared cache."""
    usage = get_usage(
        request, group=group, key="ip", rate=f"{limit}/{period}", method="POST", increment=count
    )
    return usage is not None and usage["count"] >= limit


def _address_limited(request: HttpRequest, *, count: bool) -> bool:
    """Whether this address has had ``LOGIN_ADDRESS_FAILURES`` wrong
    passwords (any names) in the current window of ``LOGIN_COOLOFF_MINUTES``."""
    period = f"{settings.LOGIN_COOLOFF_MINUTES}m"
    return _reached(request, "login-address", settings.LOGIN_ADDRESS_FAILURES, period, count=count)


def _login_page(request: HttpRequest, message: str, status: int) -> HttpResponse:
    """The log-in page again, the name kept, with ``message`` above it."""
    form = AuthenticationForm(request, data=None)
    form.initial["username"] = tried_name(request)
    return render(
        request,
        "registration/login.html",
        {"form": form, "refused": message, "next": request.POST.get("next", "")},
        status=status,
    )


def limited(login_view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_view`` (Django's log-in page, or the admin's), refusing an
    address that has tried too many wrong passwords (any names) before it
    checks one more. django-axes counts per name and address for both, as
    they log in through the authentication backends."""

    @wraps(login_view)
    def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST" and _address_limited(request, count=False):
            message = TOO_MANY_HERE % {"minutes": settings.LOGIN_COOLOFF_MINUTES}
            return _login_page(request, message, 429)
        response = login_view(request, *args, **kwargs)
        # The form again: a wrong password (a name already locked out is axes'
        # answer, not one more failure of this address).
        refused = response.status_code == 200 and not getattr(request, "axes_locked_out", False)
        if request.method == "POST" and refused:
            _address_limited(request, count=True)
        return response

    return view


log_in = limited(auth_views.LoginView.as_view())


def tried_name(request: HttpRequest, credentials: dict | None = None) -> str:
    """The name a log-in tried, as the log-in page keeps it and django-axes
    records and counts it (``AXES_USERNAME_CALLABLE``): as typed, cut to the longest name an
    account can have (the user model's, 150 characters). A longer one cannot
    be anyone's, and the database's column of the names tried (255) would
    refuse it."""
    name = (credentials or {}).get("username")
    if name is None:
        name = request.POST.get("username", "")
    user_model = get_user_model()
    longest = user_model._meta.get_field(user_model.USERNAME_FIELD).max_length
    return str(name)[:longest]


def locked_out(
    request: HttpRequest, original_response: Any = None, credentials: dict | None = None
) -> HttpResponse:
    """django-axes' answer to a name and address with too many wrong
    passwords (``AXES_LOCKOUT_CALLABLE``): the log-in page, saying until
    when (in the host's time zone), with status 429."""
    username = tried_name(request, credentials)
    latest = (
        AccessAttempt.objects.filter(username=username, ip_address=client_address(request))
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    until = (latest or timezone.now()) + settings.AXES_COOLOFF_TIME
    message = _(
        # Translators: name is the user name tried; time is when to try again ("7:45 p.m.").
        "Too many wrong passwords for %(name)s from here. Try again after %(time)s, "
        "or ask whoever runs the site."
    ) % {"name": username, "time": time_filter(timezone.localtime(until), "TIME_FORMAT")}
    return _login_page(request, message, 429)


class NotOneCharacterValidator:
    """Refuses a password that is one character repeated ("aaaaaaaaaaaa"),
    which the length check lets through."""

    def validate(self, password: str, user: Any = None) -> None:
        if password and len(set(password)) == 1:
            raise ValidationError(
                _("This password is one character repeated: mix in others."),
                code="password_one_character",
            )

    def get_help_text(self) -> str:
        return _("Your password cannot be one character repeated.")


def signups_limited(request: HttpRequest, *, count: bool) -> bool:
    """Whether this address has made ``SIGNUPS_PER_HOUR`` accounts in the
    current hour; ``count`` counts one more (after a sign-up)."""
    return _reached(request, "signup", settings.SIGNUPS_PER_HOUR, "h", count=count)


def _signup_failures_limited(request: HttpRequest, *, count: bool) -> bool:
    """Whether this address has had ``SIGNUP_FAILURES_PER_HOUR`` sign-ups
    refused in the current hour; ``count`` counts one more."""
    limit = settings.SIGNUP_FAILURES_PER_HOUR
    return _reached(request, "signup-failure", limit, "h", count=count)


TOO_MANY_SIGNUPS = gettext_lazy(
    "Too many new accounts from this phone or network this hour: try again within the hour, "
    "or log in to an account made already."
)

TOO_MANY_SIGNUP_FAILURES = gettext_lazy(
    "Too many sign-ups refused from this phone or network this hour: wait, and try again "
    "within the hour, or log in to an account made already."
)


def signup_refused(request: HttpRequest, form: Form) -> bool:
    """Whether this address must wait before signing up: it made
    ``SIGNUPS_PER_HOUR`` accounts this hour, or had ``SIGNUP_FAILURES_PER_HOUR``
    sign-ups refused (a name taken, a password too short), so nobody can try
    without end which names are taken. If so, ``form`` keeps what was typed
    and says to wait, and nothing else: checked, it would still tell whether
    the name is taken."""
    if signups_limited(request, count=False):
        message = TOO_MANY_SIGNUPS
    elif _signup_failures_limited(request, count=False):
        message = TOO_MANY_SIGNUP_FAILURES
    else:
        return False
    # Only the message: a form checked (bound) would say whether the name is
    # taken. Set on the errors themselves, which an empty form also has.
    errors = form.errors
    errors.clear()
    errors[NON_FIELD_ERRORS] = form.error_class(
        [str(message)], error_class="nonfield", renderer=form.renderer
    )
    return True


def count_signup(request: HttpRequest, *, made: bool) -> None:
    """Count a sign-up of this address: towards ``SIGNUPS_PER_HOUR`` when it
    ``made`` an account, else towards ``SIGNUP_FAILURES_PER_HOUR``."""
    if made:
        signups_limited(request, count=True)
    else:
        _signup_failures_limited(request, count=True)


TOO_MANY_RESETS = gettext_lazy(
    "Too many password emails asked for from this phone or network this hour: "
    "try again within the hour."
)


class PasswordReset(auth_views.PasswordResetView):
    """Django's forgotten-password page, at most ``RESETS_PER_HOUR`` links
    an hour from one address, so nobody fills a host's inbox (or the
    site's mail server) with them."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if _reached(request, "password-reset", settings.RESETS_PER_HOUR, "h", count=False):
            form = self.get_form()
            form.is_valid()
            form.add_error(None, str(TOO_MANY_RESETS))
            return self.render_to_response(self.get_context_data(form=form), status=429)
        _reached(request, "password-reset", settings.RESETS_PER_HOUR, "h", count=True)
        return super().post(request, *args, **kwargs)


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's new-password page; a new password also ends a log-in
    lock-out of that name (django-axes), so it works at once."""

    def form_valid(self, form: Any) -> HttpResponse:
        from axes.utils import reset

        response = super().form_valid(form)
        reset(username=form.user.get_username())
        return response


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Sign up as a host with Django's own user creation form; an address
    that made, or was refused, too many sign-ups this hour waits."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and signup_refused(request, form):
        return render(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        count_signup(request, made=True)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("matches:home")
    if request.method == "POST":
        count_signup(request, made=False)
    return render(request, "registration/signup.html", {"form": form})
