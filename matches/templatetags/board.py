"""Template filters of the board."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from matches import drawing
from matches.display import short_name as _short_name
from matches.forms import drawn, drawn_choice
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


@register.filter
def box(bound: Any) -> SafeString:
    """A form's text or hidden box, drawn as its widget draws it (``forms.drawn``)."""
    return drawn(bound)


@register.filter
def choice_box(bound: Any) -> SafeString:
    """A form's single choice, drawn as its widget draws it (``forms.drawn_choice``)."""
    return drawn_choice(bound)


@register.simple_tag
def sheet_rows(
    lines: list[dict[str, Any]], *, closed: bool, totals: bool, form: Any, slotted: Any = False
) -> SafeString:
    """The score sheet's rows, drawn in Python (``drawing.sheet_rows``),
    with slots for what changes from hand to hand where ``slotted``."""
    return drawing.sheet_rows(
        lines, closed=bool(closed), totals=bool(totals), form=form or None, slotted=bool(slotted)
    )


@register.simple_tag
def card_picker() -> SafeString:
    """The sheet's one card picker (``drawing.card_picker``)."""
    return drawing.card_picker()


@register.simple_tag(takes_context=True)
def history_items(context: Any, rows: list[Any]) -> SafeString:
    """A history list's entries, drawn in Python (``drawing.history_items``),
    with the ways in to change them unless the match is set aside."""
    match = context["match"]
    return drawing.history_items(rows, public_id=match.public_id, tools=not match.abandoned)


@register.simple_tag
def preview_words(preview: Any, error: Any) -> SafeString:
    """The hand preview's words, drawn in Python (``drawing.preview_words``)."""
    return drawing.preview_words(preview or None, error or None)


@register.simple_tag
def match_items(rows: list[Any]) -> SafeString:
    """A list of matches, drawn in Python (``drawing.match_items``)."""
    return drawing.match_items(rows)


@register.simple_tag
def errors_list(errors: Any) -> SafeString:
    """A field's or a form's errors, drawn by ``drawing.errors_html`` (the
    markup the sheet's rows use too)."""
    return mark_safe(drawing.errors_html(errors))  # noqa: S308 - escaped there


@register.simple_tag
def player_items(rows: list[Any]) -> SafeString:
    """The players page's list, drawn in Python (``drawing.player_items``)."""
    return drawing.player_items(rows)
