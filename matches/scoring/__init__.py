"""The rules of Rummy as the scoreboard keeps them (docs/rules.md), as
plain Python: no Django, no database. The web app and the ``score`` command
both call this package, so every rule and every message lives here once."""

from __future__ import annotations

from .cards import Card, deck_points, parse_card
from .engine import (
    Board,
    Deal,
    Event,
    Hand,
    HandResult,
    Join,
    Leave,
    LineMove,
    Match,
    Position,
    Seat,
    cards_each,
    check_first_dealer,
    check_players,
    check_seats,
    decide,
    replay,
    rummy_possible,
    score_hand,
    seat_after,
    typing_slips,
)
from .entry import read_leftover_text, read_sum, read_whole_number
from .errors import RuleError
from .rules import HouseRules, check_target

__all__ = [
    "Board",
    "Card",
    "Deal",
    "Event",
    "Hand",
    "HandResult",
    "HouseRules",
    "Join",
    "Leave",
    "LineMove",
    "Match",
    "Position",
    "RuleError",
    "Seat",
    "cards_each",
    "check_first_dealer",
    "check_players",
    "check_seats",
    "check_target",
    "deck_points",
    "decide",
    "parse_card",
    "read_leftover_text",
    "read_sum",
    "read_whole_number",
    "replay",
    "rummy_possible",
    "score_hand",
    "seat_after",
    "typing_slips",
]
