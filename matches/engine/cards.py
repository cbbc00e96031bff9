"""Cards and their points: a card is its rank (``A``, ``2``..``10`` or ``T``,
``J``, ``Q``, ``K``) and, optionally, its suit (``S``, ``H``, ``D``, ``C`` or
a suit symbol), in either letter case, as the match file writes it. Where a
game plays with printed jokers, ``JK`` or ``Joker`` is one (two a deck)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .errors import RuleError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ACE_VALUES = (1, 11, 15)
# A printed joker's rank; each deck holds two.
JOKER = "JK"
JOKERS_PER_DECK = 2
_JOKER_TEXTS = ("JK", "JOKER")

_SUIT_BY_TEXT = {**{s: s for s in SUITS}, **{sym: s for s, sym in SUIT_SYMBOLS.items()}}
_RANK_BY_TEXT = {**{r: r for r in RANKS}, "T": "10"}
_VARIATION_SELECTOR = "\ufe0f"


@dataclass(frozen=True, order=True)
class Card:
    """One card: a rank from ``RANKS`` and a suit from ``SUITS``, or None when
    the suit was not noted."""

    rank: str
    suit: str | None = None

    def points(self, ace_value: int, joker_value: int = 0) -> int:
        """The card's points: ace ``ace_value``, 2 to 10 face value, J/Q/K
        10, a printed joker ``joker_value``."""
        if self.rank == JOKER:
            return joker_value
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


def parse_card(text: object, *, jokers: bool = False) -> Card:
    """Read one card as the match file writes it: ``"10H"``, ``"Th"``, ``"Q♠"``, ``"K"``.

    Args:
        text: the card as typed; surrounding spaces are ignored.
        jokers: whether a printed joker (``"JK"``, ``"Joker"``) is a card here.

    Raises:
        RuleError: ``card_number`` (a number), ``card_not_text`` (neither a
            number nor text) or ``card_unknown`` (text naming no card).
    """
    if isinstance(text, int | float) and not isinstance(text, bool):
        raise RuleError("card_number", text=text)
    if not isinstance(text, str):
        raise RuleError("card_not_text")
    cleaned = text.strip().replace(_VARIATION_SELECTOR, "").upper()
    if jokers and cleaned in _JOKER_TEXTS:
        return Card(JOKER)
    suit = None
    if cleaned and cleaned[-1] in _SUIT_BY_TEXT:
        suit = _SUIT_BY_TEXT[cleaned[-1]]
        cleaned = cleaned[:-1]
    rank = _RANK_BY_TEXT.get(cleaned)
    if rank is None:
        raise RuleError("card_unknown", text=text.strip())
    return Card(rank, suit)


@lru_cache(maxsize=8)
def deck_points(ace_value: int) -> int:
    """The points of one full deck: 340 with aces at 1, 380 at 11, 396 at 15."""
    return 4 * sum(Card(rank).points(ace_value) for rank in RANKS)


@lru_cache(maxsize=64)
def most_points_in(cards: int, *, ace_value: int, decks: int) -> int:
    """The most that ``cards`` cards from ``decks`` decks can be worth, in
    points: seven cards with aces at 1 are worth at most 70."""
    values = sorted(
        (Card(rank).points(ace_value) for rank in RANKS for _ in range(4 * decks)),
        reverse=True,
    )
    return sum(values[:cards])


def check_cards(
    held: Mapping[str, Sequence[Card]], *, decks: int, jokers: int | None = None
) -> None:
    """Check the cards entered for one hand against the deck(s) in play.

    Args:
        held: each player's cards, in the order the players should be named.
        decks: how many decks are in play.
        jokers: how many printed jokers they hold between them (None: two a
            deck).

    Raises:
        RuleError: ``card_too_many`` (a card more often than there are
            decks), ``rank_too_many`` (a rank more than 4 times a deck) or
            ``joker_too_many`` (more printed jokers than ``jokers``),
            naming the player in whose cards the extra one was found, who
            holds that card (or rank) in the whole hand and how many.
    """
    most_jokers = JOKERS_PER_DECK * decks if jokers is None else jokers
    seen_cards: Counter[Card] = Counter()
    seen_ranks: Counter[str] = Counter()
    for player, cards in held.items():
        for card in cards:
            seen_ranks[card.rank] += 1
            if card.rank == JOKER:
                if seen_ranks[JOKER] > most_jokers:
                    holders, count = _held_by(held, card)
                    raise RuleError(
                        "joker_too_many",
                        player=player,
                        decks=decks,
                        most=most_jokers,
                        holders=holders,
                        count=count,
                    )
                continue
            if card.suit is not None:
                seen_cards[card] += 1
                if seen_cards[card] > decks:
                    holders, count = _held_by(held, card)
                    raise RuleError(
                        "card_too_many",
                        player=player,
                        card=str(card),
                        decks=decks,
                        holders=holders,
                        count=count,
                    )
            if seen_ranks[card.rank] > 4 * decks:
                holders, count = _held_by(held, card, rank=True)
                raise RuleError(
                    "rank_too_many",
                    player=player,
                    card=str(card),
                    rank=card.rank,
                    decks=decks,
                    holders=holders,
                    count=count,
                )


def _held_by(
    held: Mapping[str, Sequence[Card]], card: Card, *, rank: bool = False
) -> tuple[list[str], int]:
    """Who holds ``card`` (any of its ``rank``) in the whole hand, and how
    many between them (worked out only when refusing one too many)."""
    counts = {
        player: sum(1 for each in cards if (each.rank == card.rank if rank else each == card))
        for player, cards in held.items()
    }
    return [player for player, count in counts.items() if count], sum(counts.values())


def cards_points(cards: Iterable[Card], ace_value: int, joker_value: int = 0) -> int:
    """The points of the given cards added up (aces at ``ace_value``, printed
    jokers at ``joker_value``)."""
    return sum(card.points(ace_value, joker_value) for card in cards)
