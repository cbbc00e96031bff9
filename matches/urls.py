from __future__ import annotations

from django.urls import path

from matches import views

app_name = "matches"

urlpatterns = [
    path("", views.home, name="home"),
]
