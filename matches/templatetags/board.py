"""Template tags of the board: a player's mark, the share link's address and
its QR code."""

from __future__ import annotations

import io
from typing import Any

import segno
from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from matches import pages
from matches.marks import Mark, badge, player_mark

register = template.Library()


@register.filter
def points(total: Any) -> Any:
    """A total as the board shows it: below zero with a real minus sign
    ("−50"), readable in bad light as the hands' scores are; the sign a
    little smaller than the digits (``.minus``), as wide as a digit, so a
    total below zero takes no more room beside the names than another."""
    if isinstance(total, int) and total < 0:
        return format_html('<span class="minus">\u2212</span>{}', -total)
    return total


@register.simple_tag
def mark(marks: Any, name: str = "") -> str:
    """A player's badge: their initials on their colour (``marks`` by name,
    one ``Mark``, or a ``Player`` alone): ``marks.badge``."""
    if isinstance(marks, Mark) or marks is None:
        found = marks
    elif isinstance(marks, dict):
        found = marks.get(name)
    else:
        found = player_mark(marks)
    if found is None:
        return ""
    return badge(found)


@register.simple_tag(takes_context=True)
def absolute_url(context: dict[str, Any], path: str) -> str:
    """``path`` as the address this page was reached at gives it (the one the
    others at the table can reach too)."""
    return context["request"].build_absolute_uri(path)


def share_qr(url: str) -> SafeString:
    """``url`` as a QR code: an inline SVG (segno) the other phones scan from
    the host's screen."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        scale=6,
        border=2,
        dark="#000",
        light="#fff",
        svgclass="share-qr",
        # Translators: the title of the QR code a phone scans to follow the board.
        title=_("QR code of the share link"),
    )
    return mark_safe(out.getvalue().decode())  # noqa: S308  (segno's own SVG of our URL)


@register.simple_tag(takes_context=True)
def share_code(context: dict[str, Any], path: str) -> SafeString:
    """The QR code of ``path``'s absolute address, as inline SVG, drawn once
    for each address and language (``pages``: its title is in words)."""
    url = absolute_url(context, path)
    return pages.kept(("qr", url), lambda: str(share_qr(url)))
