"""How a player is marked on every page: their colour at the table and
their initials, in a badge beside their name (``{% mark %}``, ``badge``),
and their name cut to fit a narrow column."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from matches import colours
from matches.engine.names import NAME_MAX, initials, name_key, own_initials


@dataclass(frozen=True)
class Mark:
    """A player's badge: ``initials`` on ``colour`` (its class key, ``pc-<key>``)."""

    initials: str
    colour: str


class Table(Protocol):
    """What a table gives its players (a ``Match``): by name, each one's
    colour (``colours``, "#rrggbb") and initials (``initials``)."""

    colours: Mapping[str, str]
    initials: Mapping[str, str]


def table_marks(names: Sequence[str], table: Table) -> dict[str, Mark]:
    """The marks of the players at a table, by name (compared as names
    are): the colour and the initials the table gave each; for a name it
    does not list, a colour not taken there and initials unique there."""
    colour_of = {name_key(name): colour for name, colour in table.colours.items()}
    given = {name: colour_of[name_key(name)] for name in names if name_key(name) in colour_of}
    hexes = colours.at_table(list(names), given, {})
    initials_of = {name_key(name): each for name, each in table.initials.items()}
    kept = {name: initials_of[name_key(name)] for name in names if name_key(name) in initials_of}
    shown = initials(names, kept)
    return {name: Mark(shown[name], colours.key_of(hexes[name])) for name in names}


def player_mark(player: Any) -> Mark:
    """The mark of a ``Player`` alone (their own page, the list of players):
    their own initials and colour, as every table of theirs shows them but
    where the table gave others."""
    letters = player.initials or own_initials(player.name)
    return Mark(letters, colours.key_of(player.colour))


def badge(mark: Mark) -> SafeString:
    """A player's badge. The initials are drawn by the style sheet
    (``data-initials``): the badge is no part of the page's text, and screen
    readers skip it, reading the name beside it."""
    return format_html(
        '<span class="mark pc-{}" data-initials="{}" aria-hidden="true"></span>',
        mark.colour,
        mark.initials,
    )


def marked(text: str, marks: Mapping[str, Mark]) -> SafeString:
    """``text`` (a sentence naming players) escaped, each player's name in
    it led by their badge: "Ana went out" with Ana's before her name."""
    if not marks:
        return mark_safe(escape(text))  # noqa: S308 (escaped)
    names = sorted(marks, key=len, reverse=True)  # "Ann Lee" before "Ann"
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(escape(name))}(?!\w)" for name in names))
    by_escaped = {escape(name): marks[name] for name in names}
    return mark_safe(  # noqa: S308 (escaped, and our badges)
        pattern.sub(lambda found: badge(by_escaped[found.group()]) + found.group(), escape(text))
    )


# Names that fit -----------------------------------------------------------------------

SHORT_NAME = 8  # characters of a name that fit the score sheet's first column on a phone


def short_names(seats: list[str], fits: int = SHORT_NAME) -> dict[str, str]:
    """Each name cut to ``fits`` characters (``short_name``), where two would read
    alike cut elsewhere, as short as tells them apart: first keeping more of
    the end ("Christopher Robinson" and "Christopher Robertson", both
    "Chri…son", become "Chr…nson" and "Chr…tson"), then longer."""
    shorts = {name: short_name(name, fits) for name in seats}
    for limit in range(fits, NAME_MAX + 1):
        seen: dict[str, list[str]] = {}
        for name, short in shorts.items():
            seen.setdefault(short, []).append(name)
        alike = [name for group in seen.values() if len(group) > 1 for name in group]
        if not alike:
            break
        for tail in range(3, limit - 2):
            cut = {name: short_name(name, limit, tail) for name in alike}
            if len(set(cut.values())) == len(cut) and not set(cut.values()) & (
                set(shorts.values()) - {shorts[name] for name in alike}
            ):
                shorts.update(cut)
                break
    return shorts


def short_name(name: str, limit: int = SHORT_NAME, tail: int = 3) -> str:
    """A long name cut to fit the sheet, keeping both ends (the last
    ``tail`` letters): "Alex…na1", "Alex…na2". One character over is kept
    whole: an ellipsis saves nothing there ("Dora Lee", not "Dor…Lee")."""
    if len(name) <= limit + 1:
        return name
    return f"{name[: limit - tail - 1]}…{name[-tail:]}"
