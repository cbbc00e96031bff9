"""The rules of Rummy as the scoreboard keeps them (docs/rules.md), and of
Gin Rummy (docs/gin.md), as plain Python: no Django, no database. The web
app and the ``score`` command both call this package, so every rule and
every message lives here once."""

from __future__ import annotations

from .cards import Card, deck_points, parse_card
from .engine import (
    Board,
    Deal,
    Event,
    GinHand,
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
from .gin import GinHandResult, final_score, next_gin_dealer, score_gin_hand
from .rules import GIN, RUMMY, GinRules, HouseRules, check_target

__all__ = [
    "Board",
    "Card",
    "Deal",
    "Event",
    "GIN",
    "GinHand",
    "GinHandResult",
    "GinRules",
    "Hand",
    "HandResult",
    "HouseRules",
    "Join",
    "Leave",
    "LineMove",
    "Match",
    "Position",
    "RUMMY",
    "RuleError",
    "Seat",
    "cards_each",
    "check_first_dealer",
    "check_players",
    "check_seats",
    "check_target",
    "deck_points",
    "final_score",
    "decide",
    "next_gin_dealer",
    "parse_card",
    "read_leftover_text",
    "read_sum",
    "read_whole_number",
    "replay",
    "rummy_possible",
    "score_gin_hand",
    "score_hand",
    "seat_after",
    "typing_slips",
]
