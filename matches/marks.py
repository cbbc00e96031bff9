"""How a player is marked on every page: their colour at the table and
their initials, in a round badge beside their name (``{% mark %}``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from matches import colours
from matches.engine.names import initials, name_key


@dataclass(frozen=True)
class Mark:
    """A player's badge: ``initials`` on ``colour`` (its class key, ``pc-<key>``)."""

    initials: str
    colour: str


def table_marks(names: Sequence[str], table: Mapping[str, str]) -> dict[str, Mark]:
    """The marks of the players at a table, by name: the colour the table
    gives each (``Match.colours``, compared as names are), one not taken
    there for a name it does not list, and initials unique at the table."""
    by_key = {name_key(name): colour for name, colour in table.items()}
    given = {name: by_key[name_key(name)] for name in names if name_key(name) in by_key}
    hexes = colours.at_table(list(names), given, {})
    letters = initials(names)
    return {name: Mark(letters[name], colours.key_of(hexes[name])) for name in names}


def player_mark(name: str, colour: str) -> Mark:
    """The mark of a player alone (their own page, the list of players)."""
    return Mark(initials([name])[name], colours.key_of(colour))
