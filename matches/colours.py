"""Players' colours: the palette every board draws them from, and which
colour each player has at a table.

A player is given a colour when first seated, one nobody else at that table
has (of those free, the one the host's players use least), and keeps it in
later matches. A table never shows two players in one colour: a player
whose own colour is taken there is shown in a free one at that table. The
palette's colours stand 3:1 or more against the page in the light and the
dark theme (a chart's line) and carry their initials at 4.5:1 or more
(``static/css/app.css`` has a class for each, ``pc-<key>``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Colour:
    key: str  # its class on the page: pc-<key>
    hex: str  # as the match file writes it
    name: str | Promise  # as the player's page offers it, translated when shown


# In the order new players are given them: the first few far apart.
PALETTE = (
    # Translators: a player's colour on boards and charts.
    Colour("blue", "#1773d0", _("Blue")),
    # Translators: a player's colour on boards and charts.
    Colour("orange", "#d06111", _("Orange")),
    # Translators: a player's colour on boards and charts.
    Colour("green", "#248e24", _("Green")),
    # Translators: a player's colour on boards and charts.
    Colour("purple", "#8754cd", _("Purple")),
    # Translators: a player's colour on boards and charts.
    Colour("red", "#df2222", _("Red")),
    # Translators: a player's colour on boards and charts.
    Colour("teal", "#108893", _("Teal")),
    # Translators: a player's colour on boards and charts.
    Colour("ochre", "#a88009", _("Ochre")),
    # Translators: a player's colour on boards and charts.
    Colour("pink", "#cf2c8b", _("Pink")),
    # Translators: a player's colour on boards and charts.
    Colour("olive", "#6f8b19", _("Olive")),
    # Translators: a player's colour on boards and charts.
    Colour("indigo", "#5963d6", _("Indigo")),
    # Translators: a player's colour on boards and charts.
    Colour("jade", "#198c66", _("Jade")),
    # Translators: a player's colour on boards and charts.
    Colour("plum", "#ae3eb9", _("Plum")),
    # Translators: a player's colour on boards and charts.
    Colour("grey", "#757575", _("Grey")),
)
# Pairs a chart's lines would hardly tell apart (CIE Lab difference under
# 36): a free colour alike to none at the table is given before one that is.
ALIKE = {
    frozenset(pair)
    for pair in (
        ("purple", "indigo"),
        ("purple", "plum"),
        ("blue", "indigo"),
        ("green", "olive"),
        ("green", "jade"),
        ("teal", "grey"),
        ("teal", "jade"),
        ("orange", "red"),
        ("orange", "ochre"),
        ("pink", "plum"),
        ("ochre", "olive"),
    )
}
BY_HEX = {colour.hex: colour for colour in PALETTE}
BY_KEY = {colour.key: colour for colour in PALETTE}


def is_hex(value: object) -> bool:
    """Whether ``value`` reads as a colour of the match file: ``#rrggbb``."""
    if not isinstance(value, str) or len(value) != 7 or not value.startswith("#"):
        return False
    return all(char in "0123456789abcdefABCDEF" for char in value[1:])


def nearest(value: str) -> str:
    """The palette's colour (its hex) nearest to ``#rrggbb`` ``value``: a
    colour from another app's file is shown in the one most like it."""
    value = value.lower()
    if value in BY_HEX:
        return value
    wanted = [int(value[at : at + 2], 16) for at in (1, 3, 5)]

    def distance(colour: Colour) -> int:
        channels = [int(colour.hex[at : at + 2], 16) for at in (1, 3, 5)]
        return sum((a - b) ** 2 for a, b in zip(channels, wanted, strict=True))

    return min(PALETTE, key=distance).hex


def least_used(taken: Iterable[str], used: Mapping[str, int]) -> str:
    """The colour (hex) for a player: not in ``taken`` (the table's), and of
    those, first one ``ALIKE`` to none taken, then the least ``used`` (by
    the host's players), the palette's order deciding between equals. With
    every colour taken, the least used."""
    taken_keys = {key_of(hex) for hex in taken}
    free = [colour for colour in PALETTE if colour.key not in taken_keys] or list(PALETTE)

    def alike(colour: Colour) -> bool:
        return any(frozenset((colour.key, key)) in ALIKE for key in taken_keys)

    return min(free, key=lambda colour: (alike(colour), used.get(colour.hex, 0))).hex


def at_table(
    seats: list[str],
    table: Mapping[str, str],
    own: Mapping[str, str],
    used: Counter[str] | None = None,
    first: Sequence[str] = (),
) -> dict[str, str]:
    """Each seat's colour at a table, in seat order: as the table had it
    (``table``; of two seats with one colour there, the first's), else the
    player's ``own`` when nobody at the table has it, else a free colour
    (``least_used`` of ``used``, which counts it). Of two whose own colour
    is one, the one sooner in ``first`` (then in seat order) keeps it."""
    used = Counter() if used is None else used
    colours: dict[str, str] = {}
    for name in seats:
        if name in table and table[name] not in colours.values():
            colours[name] = table[name]
    ranked = [name for name in first if name in seats] + [n for n in seats if n not in first]
    for name in ranked:
        if name in colours:
            continue
        mine = own.get(name, "")
        if not mine or mine in colours.values():
            mine = least_used(colours.values(), used)
            used[mine] += 1
        colours[name] = mine
    return {name: colours[name] for name in seats}


def keeping(player: Any) -> tuple[bool, bool, Any]:
    """Where ``player`` (with ``colour_chosen``: when the host chose their
    colour, None when it was given) stands among those keeping a colour two
    of them have: a player who has a colour before a newcomer (seated for
    the first time, no ``colour`` yet), given ones before chosen ones, then
    the sooner chosen; the later chosen yields."""
    return (not player.colour, player.colour_chosen is not None, player.colour_chosen or 0)


def who_keeps(players: Iterable[Any]) -> list[Any]:
    """``players`` in the order they keep a shared colour (``keeping``)."""
    return sorted(players, key=keeping)


def key_of(hex: str) -> str:
    """The class key of a colour (``nearest`` for one off the palette)."""
    return BY_HEX[nearest(hex)].key if is_hex(hex) else PALETTE[-1].key
