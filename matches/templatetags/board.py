"""Template filters of the board."""

from __future__ import annotations

from django import template

from matches.display import short_name as _short_name

register = template.Library()


@register.filter
def short_name(name: str) -> str:
    """A long name cut to fit the score sheet, both ends kept (display.short_name)."""
    return _short_name(name)
