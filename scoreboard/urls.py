from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from matches import accounts
from scoreboard import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("manifest.webmanifest", views.web_manifest, name="web_manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("bench/floor/", views.floor, name="floor"),
    path("bench/host-floor/", views.host_floor, name="host_floor"),
    # Django's log-in page, with a limit per address in front of it.
    path("accounts/login/", accounts.log_in, name="login"),
    path("accounts/password_reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("matches.urls")),
]
