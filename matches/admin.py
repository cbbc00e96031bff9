"""The admin, read-mostly: support staff look at matches as stored; changes
go through the app, where the engine checks them."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from matches.models import Event, Match, Player, Seat


class ReadOnlyMixin:
    """Every field read-only, nothing added or deleted from the admin: a
    write there would skip the services (the snapshot, the players'
    figures, and the keys of the pages each process keeps)."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyMixin, admin.TabularInline):
    model = Seat
    extra = 0


class EventInline(ReadOnlyMixin, admin.TabularInline):
    model = Event
    extra = 0
    fields = ("position", "kind", "data", "created", "deleted")


@admin.register(Match)
class MatchAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("public_id", "host", "created", "game", "status")
    list_filter = ("game", "status")
    search_fields = ("public_id", "host__username")
    list_select_related = ("host",)
    inlines = (SeatInline, EventInline)


@admin.register(Player)
class PlayerAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("name", "host", "created")
    search_fields = ("name", "host__username")
    list_select_related = ("host",)


@admin.register(Event)
class EventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("match", "position", "kind", "created", "deleted")
    list_filter = ("kind",)
    list_select_related = ("match",)
