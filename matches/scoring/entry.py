"""Reading what the host types into a box: docs/rules.md, "Cards and leftovers".

A leftover is entered as a whole number of points or as the cards; at the
table people also count a hand up aloud ("10 and 10 and 5"), so a box may
hold a sum of whole numbers ("10+10+5"). Only boxes are read this way: a
match file's leftover stays a number or a list of cards (docs/match-format.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cards import parse_card
from .errors import RuleError

# No leftover, target or hand count needs more; a longer run of digits is a
# slip (and Python refuses to read more than 4,300 digits at all).
MAX_DIGITS = 9

_TRY_LIST = "type points (10+10+5) or the cards (K 9 4)"


# The largest number a box takes.
MAX_NUMBER = 10**MAX_DIGITS - 1


def _is_digits(text: str) -> bool:
    return text.isascii() and text.isdecimal() and len(text) <= MAX_DIGITS


def _is_long_digits(text: str) -> bool:
    """ASCII digits, more of them than a box takes (``MAX_DIGITS``)."""
    return text.isascii() and text.isdecimal() and len(text) > MAX_DIGITS


def read_whole_number(text: str) -> int | None:
    """Read a whole number as typed into a box.

    Args:
        text: the box's text; outer spaces are ignored.

    Returns:
        The number, for ASCII digits (at most ``MAX_DIGITS``) with an
        optional leading minus; None for anything else, including digits of
        other scripts ("²", "١٢") that Python's ``int`` would accept.
    """
    text = text.strip()
    return int(text) if _is_digits(text.removeprefix("-")) else None


def read_sum(text: str) -> int | None:
    """Read a leftover counted up as a sum, such as ``"10+10+5"``.

    Args:
        text: the box's text; spaces around each ``+`` are allowed.

    Returns:
        The total in points (25), when ``text`` holds a ``+`` between whole
        numbers of ASCII digits; None for anything else ("25", "10+K",
        "10++5", "+5").
    """
    if "+" not in text:
        return None
    parts = [part.strip() for part in text.split("+")]
    return sum(int(part) for part in parts) if all(map(_is_digits, parts)) else None


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except RuleError:
        return False
    return True


def _quoted(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:39]}…"


def read_leftover_text(
    text: str, *, player: str, what: str = "leftover", most: Callable[[], str] | None = None
) -> int | list[str] | str | None:
    """Read a leftover box into a match file's leftover.

    Args:
        text: what the box holds: points ("23"), a sum of points
            ("10 + 10 + 5"), or the cards, by spaces or commas ("K 9 4",
            "KH, 9S").
        player: whose box it is, for the message.
        what: what the box holds, for the message: ``"leftover"``, or
            ``"deadwood"`` in Gin Rummy.
        most: gives the most the box can hold, in words ("340 points (the
            whole deck)"), for the message of a number too long to read
            (called only then); by default the most any box takes
            (``MAX_NUMBER`` points).

    Returns:
        None for an empty box; points as an int (a sum's total: 25);
        the card texts as a list when the text names cards; otherwise the
        text itself, which the engine refuses ("Cara's leftover must be a
        whole number of points or a list of cards").

    Raises:
        RuleError: the text holds a ``+`` but is not a sum of whole numbers
            (``player`` set): "Cara's leftover: 10+K mixes points and cards;
            type points (10+10+5) or the cards (K 9 4)", or "Cara's leftover:
            10++5 is not a sum of whole numbers; ..."); or it is digits only,
            a number (or a sum's) longer than a box takes: "Cara's leftover:
            999999999999 is too big; the most is 340 points (the whole
            deck)" (``most``).

    docs/rules.md, "Cards and leftovers"; docs/gin.md, "Deadwood".
    """
    text = text.strip()
    if not text:
        return None
    number = read_whole_number(text)
    if number is not None:
        return number
    words = [word for word in re.split(r"[\s,+]+", text) if word]
    too_big = next((word for word in words if _is_long_digits(word)), None)
    if too_big is not None and all(_is_long_digits(word) or _is_digits(word) for word in words):
        # Digits only, too many of them: say so, not "not a whole number".
        raise RuleError(
            f"{player}'s {what}: {_quoted(too_big)} is too big; the most is "
            f"{most() if most else f'{MAX_NUMBER:,} points'}",
            player=player,
        )
    if "+" in text:
        total = read_sum(text)
        if total is not None:
            return total
        mixed = any(map(_is_digits, words)) and any(
            _is_card(word) and not word.isdecimal() for word in words
        )
        problem = "mixes points and cards" if mixed else "is not a sum of whole numbers"
        raise RuleError(f"{player}'s {what}: {_quoted(text)} {problem}; {_TRY_LIST}", player=player)
    if any(map(_is_card, words)):
        return words
    return text
