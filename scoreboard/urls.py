from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from scoreboard import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("bench/floor/", views.floor, name="floor"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("matches.urls")),
]
