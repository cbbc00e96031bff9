"""The site's addresses. Django's admin and the benchmark's floors are
there only when their settings turn them on (``ADMIN_ENABLED``,
``BENCH_FLOORS``), read when this module is imported: at the server's start."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from matches import accounts
from scoreboard import languages, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("manifest.webmanifest", views.web_manifest, name="web_manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path(
        "words/<str:language>/<str:version>.js",
        languages.javascript_catalog,
        name="javascript_catalog",
    ),
    # Django's log-in page, with a limit per address in front of it.
    path("accounts/login/", accounts.log_in, name="login"),
    path("accounts/password_reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
]

if settings.ADMIN_ENABLED:
    urlpatterns += [
        # Before the admin's own: its log-in gets the same limit per address
        # as the app's (django-axes counts per name and address for both).
        path("admin/login/", accounts.limited(admin.site.login)),
        path("admin/", admin.site.urls),
    ]

if settings.BENCH_FLOORS:
    urlpatterns += [
        path("bench/floor/", views.floor, name="floor"),
        path("bench/host-floor/", views.host_floor, name="host_floor"),
    ]

urlpatterns.append(path("", include("matches.urls")))
