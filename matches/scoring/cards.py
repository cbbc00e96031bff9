"""Cards and their points: docs/rules.md, "Cards and leftovers".

A card is written as its rank (``A``, ``2``..``10`` or ``T``, ``J``, ``Q``,
``K``) and, optionally, its suit (``S``, ``H``, ``D``, ``C`` or a suit
symbol), in either letter case, as docs/match-format.md describes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import RuleError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    "A": "aces",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
}
ACE_VALUES = (1, 11, 15)

_SUIT_BY_TEXT = {**{s: s for s in SUITS}, **{sym: s for s, sym in SUIT_SYMBOLS.items()}}
_RANK_BY_TEXT = {**{r: r for r in RANKS}, "T": "10"}
_VARIATION_SELECTOR = "\ufe0f"
CARD_HELP = "a card is a rank (A, 2 to 10, J, Q, K) and an optional suit (S, H, D, C)"


@dataclass(frozen=True, order=True)
class Card:
    """One card: a rank from ``RANKS`` and a suit from ``SUITS``, or None when
    the suit was not noted."""

    rank: str
    suit: str | None = None

    def points(self, ace_value: int) -> int:
        """The card's points: ace ``ace_value``, 2 to 10 face value, J/Q/K 10.

        docs/rules.md, "Cards and leftovers".
        """
        if self.rank == "A":
            return ace_value
        if self.rank in ("J", "Q", "K"):
            return 10
        return int(self.rank)

    def __str__(self) -> str:
        return self.rank + (SUIT_SYMBOLS[self.suit] if self.suit else "")

    def code(self) -> str:
        """The card in plain letters, as a match file writes it (``"10H"``, ``"K"``)."""
        return self.rank + (self.suit or "")


def parse_card(text: object) -> Card:
    """Read one card as docs/match-format.md writes it: ``"10H"``, ``"Th"``, ``"Q♠"``, ``"K"``.

    Args:
        text: the card as typed; surrounding spaces are ignored.

    Returns:
        The ``Card``.

    Raises:
        RuleError: ``text`` is not a string naming a real card.
    """
    if isinstance(text, int | float) and not isinstance(text, bool):
        raise RuleError(f"{text} is not a card ({CARD_HELP})")
    if not isinstance(text, str):
        raise RuleError(f'each card must be written as text, such as "KH" ({CARD_HELP})')
    cleaned = text.strip().replace(_VARIATION_SELECTOR, "").upper()
    suit = None
    if cleaned and cleaned[-1] in _SUIT_BY_TEXT:
        suit = _SUIT_BY_TEXT[cleaned[-1]]
        cleaned = cleaned[:-1]
    rank = _RANK_BY_TEXT.get(cleaned)
    if rank is None:
        raise RuleError(f"{text.strip()!r} is not a card ({CARD_HELP})")
    return Card(rank, suit)


@lru_cache(maxsize=8)
def deck_points(ace_value: int) -> int:
    """The points of one full deck: 340 with aces at 1, 380 at 11, 396 at 15.
    Cached: every hand's check asks it.

    docs/rules.md, "Cards and leftovers".
    """
    return 4 * sum(Card(rank).points(ace_value) for rank in RANKS)


@lru_cache(maxsize=64)
def most_points_in(cards: int, *, ace_value: int, decks: int) -> int:
    """The most that ``cards`` cards from ``decks`` decks can be worth, in points.

    Seven cards with aces at 1 are worth at most 70. Cached: a replay asks
    for the same few values at every hand. docs/rules.md, "Cards and leftovers"
    (the typing-slip check).
    """
    values = sorted(
        (Card(rank).points(ace_value) for rank in RANKS for _ in range(4 * decks)),
        reverse=True,
    )
    return sum(values[:cards])


def check_cards(held: Mapping[str, Sequence[Card]], *, decks: int) -> None:
    """Check the cards entered for one hand against the deck(s) in play.

    Args:
        held: each player's cards, in the order the players should be named
            in a message.
        decks: how many decks are in play (1 or 2).

    Raises:
        RuleError: a card appears more often across the hand than there are
            decks, or a rank more than 4 times per deck; the message names the
            player in whose cards the extra one was found, and who holds that
            card or rank in the whole hand ("Cara's K is one too many: with 1
            deck there are 4 kings, and Ben and Cara hold 5").

    docs/rules.md, "Cards and leftovers".
    """
    seen_cards: Counter[Card] = Counter()
    seen_ranks: Counter[str] = Counter()
    deck_words = "1 deck" if decks == 1 else f"{decks} decks"
    for player, cards in held.items():
        for card in cards:
            seen_ranks[card.rank] += 1
            if card.suit is not None:
                seen_cards[card] += 1
                if seen_cards[card] > decks:
                    there = "is 1" if decks == 1 else f"are {decks}"
                    raise RuleError(
                        f"{player}'s {card} is one too many: with {deck_words} there {there} "
                        f"of each card, and {_held_by(held, card)}",
                        player=player,
                    )
            if seen_ranks[card.rank] > 4 * decks:
                rank_name = RANK_NAMES.get(card.rank, f"{card.rank}s")
                raise RuleError(
                    f"{player}'s {card} is one too many: with {deck_words} there are "
                    f"{4 * decks} {rank_name}, and {_held_by(held, card, rank=True)}",
                    player=player,
                )


def _held_by(held: Mapping[str, Sequence[Card]], card: Card, *, rank: bool = False) -> str:
    """Who holds ``card`` (any of its ``rank``) in the whole hand, and how
    many between them: "Ben and Cara hold 5", "Alice holds 3" (worked out
    only when refusing one too many)."""
    counts = {
        player: sum(1 for each in cards if (each.rank == card.rank if rank else each == card))
        for player, cards in held.items()
    }
    holders = [player for player, count in counts.items() if count]
    count = sum(counts.values())
    if len(holders) == 1:
        return f"{holders[0]} holds {count}"
    return f"{', '.join(holders[:-1])} and {holders[-1]} hold {count}"


def cards_points(cards: Iterable[Card], ace_value: int) -> int:
    """The points of the given cards added up (aces at ``ace_value``)."""
    return sum(card.points(ace_value) for card in cards)
