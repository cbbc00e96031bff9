"""Contract Rummy's house rules and its contracts: seven deals (ten in
Shanghai), each with the melds a player must lay down first and the cards
dealt."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, NamedTuple

from matches.engine.cards import ACE_VALUES
from matches.engine.rules import Rule, Rules

DEALS = (7, 10)
JOKER_VALUES = (15, 20, 25, 50)
DECKS = (2, 3, 4)
# The dearest card is worth at least this (an ace or a joker at 15).
DEAREST = 15


class Contract(NamedTuple):
    """A deal's contract: its key (the words of the match file's output,
    with underscores) and the cards dealt to each player."""

    key: str
    cards_each: int


# The contract of each deal, deal 1 first; deals 8 to 10 only with ``deals`` 10.
CONTRACTS = (
    Contract("two_sets", 10),
    Contract("set_and_run", 10),
    Contract("two_runs", 10),
    Contract("three_sets", 10),
    Contract("two_sets_and_run", 12),
    Contract("set_and_two_runs", 12),
    Contract("three_runs", 12),
    Contract("four_sets", 12),
    Contract("three_sets_and_run", 12),
    Contract("two_sets_and_two_runs", 12),
)
# The contract in the words of the match file's output.
CONTRACT_WORDS = {
    "two_sets": "two sets",
    "set_and_run": "a set and a run",
    "two_runs": "two runs",
    "three_sets": "three sets",
    "two_sets_and_run": "two sets and a run",
    "set_and_two_runs": "a set and two runs",
    "three_runs": "three runs",
    "four_sets": "four sets",
    "three_sets_and_run": "three sets and a run",
    "two_sets_and_two_runs": "two sets and two runs",
}


def contract_of(number: int) -> Contract:
    """The contract of deal ``number`` (from 1)."""
    return CONTRACTS[number - 1]


def default_decks(players: int) -> int:
    """Decks in play by default: 2 for 2 to 4 starting players, 3 for 5 to 8."""
    return 2 if players <= 4 else 3


@dataclass(frozen=True)
class ContractRules(Rules):
    """The house rules of a Contract match: how many deals, and the points
    of an ace and a joker left in hand; ``decks`` None means "by the number
    of starting players" (``default_decks``), filled in when checked. The
    lowest total is best; there is no line."""

    game: ClassVar[str] = "contract"
    SPEC: ClassVar[tuple[Rule, ...]] = (
        Rule("deals", 7, choices=DEALS),
        Rule("ace_value", 15, choices=ACE_VALUES),
        Rule("joker_value", 15, choices=JOKER_VALUES),
        Rule("decks", None, choices=DECKS, optional=True),
    )
    leader_is_lowest: ClassVar[bool] = True

    deals: int = 7
    ace_value: int = 15
    joker_value: int = 15
    decks: int | None = None

    @property
    def target(self) -> None:
        """No line: a Contract match ends after its last deal."""
        return None

    @property
    def hand_limit(self) -> int:
        """The deals are the match's length: no more hands after them."""
        return self.deals

    @property
    def jokers(self) -> int:
        """The printed jokers in play: one for each deck beyond the first."""
        return (self.decks or default_decks(2)) - 1

    @property
    def dearest(self) -> int:
        """The most one card left in hand can cost."""
        return max(DEAREST, self.ace_value, self.joker_value)

    def with_target(self, target: object) -> ContractRules:
        """The same rules: a Contract match has no line to move."""
        return self

    def filled(self, players: int) -> ContractRules:
        """With the decks for ``players`` starting players, when not chosen."""
        return self if self.decks is not None else replace(self, decks=default_decks(players))
