"""Template filters of the board."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from matches.display import short_name as _short_name
from matches.shared import share_qr

register = template.Library()


@register.filter
def short_name(name: str) -> str:
    """A long name cut to fit the score sheet, both ends kept (display.short_name)."""
    return _short_name(name)


@register.simple_tag(takes_context=True)
def absolute_url(context: dict[str, Any], path: str) -> str:
    """``path`` as the address this page was reached at gives it (the one the
    others at the table can reach too)."""
    return context["request"].build_absolute_uri(path)


@register.simple_tag(takes_context=True)
def share_code(context: dict[str, Any], path: str) -> SafeString:
    """The QR code of ``path``'s absolute address, as inline SVG."""
    return share_qr(absolute_url(context, path))
