"""Reading what the host types into a box. A box takes a whole number of
points, a sum as people count a hand up aloud ("10+10+5"), or the cards
("K 9 4"). Only boxes are read this way: a match file's points stay a number
or a list of cards."""

from __future__ import annotations

import re

from .cards import parse_card
from .errors import RuleError

# No leftover, target or hand count needs more; a longer run of digits is a
# slip (and Python refuses to read more than 4,300 digits at all).
MAX_DIGITS = 9
# The largest number a box takes.
MAX_NUMBER = 10**MAX_DIGITS - 1


def _is_digits(text: str) -> bool:
    """Decimal digits of any script (ASCII, Devanagari "२३", Arabic-Indic
    "٢٣", a phone's full-width "２３"): whichever a table's keyboard types."""
    return text.isdecimal() and len(text) <= MAX_DIGITS


def _is_long_digits(text: str) -> bool:
    """Digits, more of them than a box takes (``MAX_DIGITS``)."""
    return text.isdecimal() and len(text) > MAX_DIGITS


def read_whole_number(text: str) -> int | None:
    """A whole number as typed into a box: decimal digits of any script (at
    most ``MAX_DIGITS``) with an optional leading minus, outer spaces
    ignored; None for anything else (a superscript "²", a circled "①")."""
    text = text.strip()
    return int(text) if _is_digits(text.removeprefix("-")) else None


def read_sum(text: str) -> int | None:
    """The total of a sum such as ``"10+10+5"`` (25): a ``+`` between whole
    numbers (``_is_digits``), spaces around each allowed; None for anything
    else ("25", "10+K", "10++5", "+5")."""
    if "+" not in text:
        return None
    parts = [part.strip() for part in text.split("+")]
    return sum(int(part) for part in parts) if all(map(_is_digits, parts)) else None


def _is_card(text: str) -> bool:
    try:
        # A game without jokers refuses one by name, as a card it has not.
        parse_card(text, jokers=True)
    except RuleError:
        return False
    return True


def read_points_text(
    text: str,
    *,
    player: str,
    what: str = "leftover",
    most: int = MAX_NUMBER,
    why: str | None = None,
) -> int | list[str] | str | None:
    """Read a player's box into a match file's points.

    Args:
        text: what the box holds: points ("23"), a sum ("10 + 10 + 5"), or
            the cards, by spaces or commas ("K 9 4", "KH, 9S").
        player: whose box it is.
        what: what the box holds, for the words (the game's ``what``, such
            as ``"leftover"``).
        most: the most the box can hold, in points, and ``why`` (a word
            such as ``"deck"``), for the refusal of a number too long to read.

    Returns:
        None for an empty box; points as an int (a sum's total); the card
        texts as a list when the text names cards; otherwise the text itself,
        which the game's check refuses.

    Raises:
        RuleError: ``box_too_big`` (digits only, more than a box takes),
            ``box_mixed`` (a sum of points and cards) or ``box_not_sum``
            (another text with a ``+``), each with ``player``.
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
        raise RuleError("box_too_big", player=player, what=what, text=too_big, most=most, why=why)
    if "+" in text:
        total = read_sum(text)
        if total is not None:
            return total
        mixed = any(map(_is_digits, words)) and any(
            _is_card(word) and not word.isdecimal() for word in words
        )
        raise RuleError(
            "box_mixed" if mixed else "box_not_sum", player=player, what=what, text=text
        )
    if any(map(_is_card, words)):
        return words
    return text
