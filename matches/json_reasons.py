"""Why a match file is not JSON, in the reader's words translated: Python's
JSON reader says where and why it stopped in English, from a short fixed
list, so each of its reasons is a message of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

# Why Python's JSON reader stopped, in its own English words: these are all
# it says, so each is translated (one it does not know yet stays as it is).
JSON_REASONS = {
    "Expecting value": pgettext_lazy("why the JSON reader stopped", "Expecting value"),
    "Expecting property name enclosed in double quotes": pgettext_lazy(
        "why the JSON reader stopped", "Expecting property name enclosed in double quotes"
    ),
    "Expecting ':' delimiter": pgettext_lazy(
        "why the JSON reader stopped", "Expecting ':' delimiter"
    ),
    "Expecting ',' delimiter": pgettext_lazy(
        "why the JSON reader stopped", "Expecting ',' delimiter"
    ),
    # Translators: the place follows: "(line 3, column 30)".
    "Unterminated string starting at": pgettext_lazy(
        "why the JSON reader stopped", "Unterminated string starting at"
    ),
    # Translators: the place follows: "(line 3, column 30)".
    "Invalid control character at": pgettext_lazy(
        "why the JSON reader stopped", "Invalid control character at"
    ),
    "Invalid \\escape": pgettext_lazy("why the JSON reader stopped", "Invalid \\escape"),
    "Invalid \\uXXXX escape": pgettext_lazy(
        "why the JSON reader stopped", "Invalid \\uXXXX escape"
    ),
    "Extra data": pgettext_lazy("why the JSON reader stopped", "Extra data"),
    # Python 3.13 on: '{"a": 1,}' and '[1,]'.
    "Illegal trailing comma before end of object": pgettext_lazy(
        "why the JSON reader stopped", "Illegal trailing comma before end of object"
    ),
    "Illegal trailing comma before end of array": pgettext_lazy(
        "why the JSON reader stopped", "Illegal trailing comma before end of array"
    ),
}


def json_invalid(v: Mapping[str, Any]) -> str:
    """The refusal of a match file that is not JSON, with where and why the
    reader stopped (``RuleError("json_invalid")``'s values)."""
    reason = JSON_REASONS.get(v["reason"], v["reason"])
    # Translators: reason is why the JSON reader stopped ("Expecting value").
    return _("the file is not valid JSON: %(reason)s (line %(line)s, column %(column)s)") % {
        **v,
        "reason": reason,
    }
