"""Rummy 500's house rules: keys, defaults and the values each takes."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from matches.engine.cards import ACE_VALUES, JOKERS_PER_DECK, RANKS, Card
from matches.engine.rules import HAND_LIMIT, Rule, Rules

TARGET_LOW, TARGET_HIGH = 100, 5000
JOKER_VALUES = (0, 15, 20, 25, 50)
DECKS = (1, 2)
# Where the deck's points are counted at the most a card can be worth: an
# ace or a joker at no less than this.
HIGH_CARD = 15


def default_decks(players: int) -> int:
    """Decks in play by default: 1 for 2 to 4 starting players, 2 for 5 to 8."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class Rummy500Rules(Rules):
    """The house rules of a Rummy 500 match: ``target`` (the line) and
    ``going_out_bonus`` in points; ``decks`` None means "by the number of
    starting players" (``default_decks``), filled in when checked."""

    game: ClassVar[str] = "rummy500"
    SPEC: ClassVar[tuple[Rule, ...]] = (
        Rule("target", 500, low=TARGET_LOW, high=TARGET_HIGH, during=True),
        Rule("going_out_bonus", 0, low=0, high=100),
        Rule("ace_value", 15, choices=ACE_VALUES),
        Rule("joker_value", 15, choices=JOKER_VALUES),
        Rule("decks", None, choices=DECKS, optional=True),
        HAND_LIMIT,
    )

    line_presets: ClassVar[tuple[int, ...]] = (300, 500, 1000)

    target: int = 500
    going_out_bonus: int = 0
    ace_value: int = 15
    joker_value: int = 15
    decks: int | None = None
    hand_limit: int = 150

    @property
    def deck_most(self) -> int:
        """The points of every card in play (``decks`` of them; None: one),
        aces and jokers at the higher of 15 and their value: the most a
        hand's melded and in-hand points can add up to (426 a deck at the
        defaults)."""
        ace = max(HIGH_CARD, self.ace_value)
        joker = max(HIGH_CARD, self.joker_value)
        deck = 4 * sum(Card(rank).points(ace) for rank in RANKS) + JOKERS_PER_DECK * joker
        return (self.decks or 1) * deck

    def filled(self, players: int) -> Rummy500Rules:
        """With the decks for ``players`` starting players, when not chosen."""
        return self if self.decks is not None else replace(self, decks=default_decks(players))
