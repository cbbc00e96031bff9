"""Rummy's house rules: keys, defaults and the values each takes. Where
printed rule books disagree, the match's house rules choose."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from matches.engine.cards import ACE_VALUES, deck_points
from matches.engine.rules import HAND_LIMIT, TARGET, Rule, Rules

HIGHEST_WINS = "highest_wins"
PENALTY = "penalty"
SCHEMES = (HIGHEST_WINS, PENALTY)
RUMMY_BONUSES = ("double", "flat_25", "none")
STOCK_OUTS = ("lowest_hand", "no_score")
DECKS = (1, 2)


def default_decks(players: int) -> int:
    """Decks in play by default: 1 for 2 to 4 starting players, 2 for 5 or 6."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class RummyRules(Rules):
    """The house rules of a Rummy match. ``target`` and ``hand_limit`` are
    in points and hands; ``decks`` None means "by the number of starting
    players" (``default_decks``), filled in when the match is checked."""

    game: ClassVar[str] = "rummy"
    SPEC: ClassVar[tuple[Rule, ...]] = (
        Rule("scheme", HIGHEST_WINS, choices=SCHEMES),
        TARGET,
        Rule("rummy_bonus", "double", choices=RUMMY_BONUSES),
        Rule("stock_out", "lowest_hand", choices=STOCK_OUTS),
        HAND_LIMIT,
        Rule("ace_value", 1, choices=ACE_VALUES),
        Rule("decks", None, choices=DECKS, optional=True),
    )

    scheme: str = HIGHEST_WINS
    target: int = 100
    rummy_bonus: str = "double"
    stock_out: str = "lowest_hand"
    hand_limit: int = 150
    ace_value: int = 1
    decks: int | None = None

    @property
    def leader_is_lowest(self) -> bool:  # type: ignore[override]
        """True under ``penalty``, where the leader is the lowest total."""
        return self.scheme == PENALTY

    @property
    def whole_deck(self) -> int:
        """The points of every card in play (``decks`` of them; None: one),
        aces at ``ace_value``: the most a hand's leftovers can hold."""
        return (self.decks or 1) * deck_points(self.ace_value)

    def filled(self, players: int) -> RummyRules:
        """With the decks for ``players`` starting players, when not chosen."""
        return self if self.decks is not None else replace(self, decks=default_decks(players))
