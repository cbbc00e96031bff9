"""Reading a page as the tests compare it with what a player sees."""

from __future__ import annotations

import re

# A player's badge: their initials on their colour, beside the name and
# hidden from screen readers. Pages are read here as a screen reader reads
# them; tests/test_colours.py reads the badges themselves.
BADGE = re.compile(r'<span class="mark pc-[a-z]+" aria-hidden="true">[^<]*</span>')


def unbadged(markup: str) -> str:
    """``markup`` without the players' badges."""
    return BADGE.sub("", markup)
