"""Small phrases every wording needs (the app's and each game's): signed
points, lists of names, counts. Below the games, so a game's words may use
them; above nothing but the standard library."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal


def signed(points: int) -> str:
    """``+23``, ``0``, ``−25`` (a real minus sign, readable in bad light)."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


def names(people: Sequence[str]) -> str:
    """ "Alice", "Alice and Ben", "Alice, Ben and Cara"."""
    people = list(people)
    return people[0] if len(people) == 1 else f"{', '.join(people[:-1])} and {people[-1]}"


def either(values: Sequence[object]) -> str:
    """ "1 or 2", "1, 11 or 15"."""
    shown = [str(value) for value in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def plural(count: int, one: str, many: str | None = None) -> str:
    """ "1 hand", "3 hands" (``many``: the plural, else ``one`` + "s")."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def rounded(points: int, count: int, step: str) -> str:
    """``points / count`` to the nearest ``step`` ("1", "0.1"), a half
    rounded away from zero as people round (61.25 → "61.3", 62.5 → "63"),
    not to the even digit as Python's ``round`` does."""
    quotient = Decimal(points) / Decimal(count)
    return str(quotient.quantize(Decimal(step), rounding=ROUND_HALF_UP))
