"""Worked examples: a game's examples as matches the game replays, so the
"How scoring works" page shows each with the game's own result and cannot
drift from it (the tests check the same examples against the numbers the
rules give)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import LineMove, Match


@dataclass(frozen=True)
class Case:
    """One way of playing an example: what differs (``label``, such as
    "going rummy, doubled") and the match that shows it."""

    label: str
    match: Match

    @property
    def ends_with_line_move(self) -> bool:
        """True when the case's last event moves the line rather than plays a hand."""
        return bool(self.match.events) and isinstance(self.match.events[-1], LineMove)


@dataclass(frozen=True)
class Example:
    """A worked example: its number, the story in words, and its cases."""

    number: int
    story: str
    cases: Sequence[Case]
