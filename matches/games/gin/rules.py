"""Gin Rummy's house rules: keys, defaults and the values each takes. Gin is
one deck with aces at 1, and the highest total leads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from matches.engine.rules import HAND_LIMIT, TARGET, Rule, Rules

SHUTOUTS = ("double_total", "double_points", "game_bonus_200", "none")
DEALS = ("alternate", "winner", "loser")


@dataclass(frozen=True)
class GinRules(Rules):
    """The house rules of a Gin Rummy match: ``target`` and every bonus in
    points, ``knock_limit`` in points of deadwood, ``hand_limit`` in hands."""

    game: ClassVar[str] = "gin"
    SPEC: ClassVar[tuple[Rule, ...]] = (
        TARGET,
        Rule("knock_limit", 10, low=0, high=10),
        Rule("gin_bonus", 25, low=0, high=50),
        Rule("big_gin_bonus", 31, low=0, high=50),
        Rule("undercut_bonus", 25, low=0, high=50),
        Rule("game_bonus", 100, low=0, high=500),
        Rule("box_bonus", 25, low=0, high=100),
        Rule("shutout", "double_total", choices=SHUTOUTS),
        Rule("deal", "alternate", choices=DEALS),
        HAND_LIMIT,
    )
    decks: ClassVar[int] = 1
    ace_value: ClassVar[int] = 1

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "double_total"
    deal: str = "alternate"
    hand_limit: int = 150
