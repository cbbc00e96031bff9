"""Small phrases every wording needs (the app's and each game's): signed
points, lists of names, counts. Below the games, so a game's words may use
them; above nothing but the standard library and Django's translation and
formats."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.contrib.humanize.templatetags.humanize import ordinal as marked_ordinal
from django.utils.formats import number_format
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext


def total(points: int) -> str:
    """A total in words: ``23``, ``0``, ``−25`` (a real minus sign, readable
    in bad light)."""
    return f"−{-points}" if points < 0 else str(points)


def signed(points: int) -> str:
    """A hand's score: ``+23``, ``0``, ``−25`` (a total's sign, ``+`` above zero)."""
    return f"+{points}" if points > 0 else total(points)


def names(people: Sequence[str]) -> str:
    """ "Alice", "Alice and Ben", "Alice, Ben and Cara"."""
    people = list(people)
    if len(people) == 1:
        return people[0]
    # Translators: the end of a list of players' names, such as "Alice, Ben
    # and Cara": names is all of them but the last, joined by ", ".
    return _("%(names)s and %(last)s") % {"names": ", ".join(people[:-1]), "last": people[-1]}


def listed(items: Sequence[str]) -> str:
    """Items that may hold commas, one after another: "hand 2 Ben → Cara;
    hand 3 Cara → Ann"."""
    # Translators: what stands between the items of a list whose items hold commas
    # ("hand 2 Ben → Cara; hand 3 Cara → Ann"); French puts a space before it.
    return pgettext("between the items of a list", "; ").join(items)


def nobody() -> str:
    """Who went out of a hand nobody went out of, in a cell of the
    spreadsheet export."""
    return pgettext("nobody went out, in the spreadsheet export", "nobody")


def either(values: Sequence[object]) -> str:
    """ "1 or 2", "1, 11 or 15"."""
    shown = [str(value) for value in values]
    if len(shown) == 1:
        return shown[0]
    # Translators: the end of a list of the values allowed, such as "1, 11 or
    # 15": values is all of them but the last, joined by ", ".
    return _("%(values)s or %(last)s") % {"values": ", ".join(shown[:-1]), "last": shown[-1]}


def hands(count: int) -> str:
    """ "1 hand", "3 hands": hands of the match, as played."""
    return ngettext("%(count)s hand", "%(count)s hands", count) % {"count": count}


def decks(count: int) -> str:
    """ "1 deck", "2 decks"."""
    return ngettext("%(count)s deck", "%(count)s decks", count) % {"count": count}


# The nouns ``plural`` is still asked to count, in words a catalog translates.
_COUNTED = {"hand": hands, "deck": decks}


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 hand", "3 hands". Kept for callers not yet on ``ngettext``: a noun
    the app counts ("hand", "deck") is translated with its own ``ngettext``
    message (``hands``, ``decks``); any other stays English (``many``: the
    plural, else ``one`` + "s"). New words call ``ngettext`` with the whole
    phrase, ``"%(count)s hand"``, instead."""
    if many is None and one in _COUNTED:
        return _COUNTED[one](count)
    return f"{count} {one if count == 1 else many or one + 's'}"


def rounded(points: int, count: int, step: str) -> str:
    """``points / count`` to the nearest ``step`` ("1", "0.1"), a half
    rounded away from zero as people round (61.25 → "61.3", 62.5 → "63"),
    not to the even digit as Python's ``round`` does; written the page's
    language's way ("61,3" in German)."""
    quotient = Decimal(points) / Decimal(count)
    places = len(step.partition(".")[2])
    return number_format(quotient.quantize(Decimal(step), rounding=ROUND_HALF_UP), places)


def grouped(number: int) -> str:
    """A large number with the page's language's grouping: "12,500" in
    English, "12.500" in German, "1,00,000" in Hindi (by lakh)."""
    return number_format(number, force_grouping=True)


def ordinal(number: int) -> str:
    """A place in the page's language as plain text ("2nd", "2.", "2e"):
    Django's, without the markup some languages put in it (French's
    ``<sup>``), which a chart's text or a sentence would show as written."""
    return strip_tags(marked_ordinal(number))


def nothing(*_values: Any) -> list[str]:
    """A game's words with nothing to say here (no marks under a name, no
    final lines, no word in a cell of the score sheet)."""
    return []
