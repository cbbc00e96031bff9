"""What a replay reads and gives, shared by every game: the events of a
match (a hand, a move of the line, a leave, a join), the match itself, and
its board (seats, totals, the next deal, status, winner) with the hands
scored so far. ``matches.engine.table`` makes a board from a match.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import Card, cards_points, parse_card
from .errors import RuleError
from .rules import Rules, is_whole_number

Status = Literal["open", "closed"]


# Events ----------------------------------------------------------------------


@dataclass(frozen=True)
class HandEvent:
    """A hand as entered; each game's hand is one (``matches.games``)."""


@dataclass(frozen=True)
class LineMove:
    """The host moves the line to ``target`` points."""

    target: object


@dataclass(frozen=True)
class Leave:
    """``player`` leaves the table between hands; their total stays."""

    player: object


@dataclass(frozen=True)
class Join:
    """``player`` joins between hands: a new player sits after ``after`` (or
    after the last seat); a returning player takes their own seat back."""

    player: object
    after: object = None


@dataclass(frozen=True)
class Match:
    """A whole match: house rules, starting seats in order, the first dealer
    (None: the first seat) and the events in the order they happened."""

    rules: Rules
    players: Sequence[str]
    events: Sequence[Any] = ()
    first_dealer: str | None = None


# Results ---------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Where a match stands between two events: everything a replay needs to
    go on from there without the events before.

    ``seats`` lists every player who ever sat, in seat order, and ``seated``
    those still at the table; ``totals`` are points; ``target`` is the line
    as it stands; ``events`` and ``hands_played`` count the events and the
    hands so far; the next dealer is the first seated player from
    ``deal_from`` on (that seat itself only when ``deal_from_included``);
    ``extra`` is the game's own state (Gin's hands won), JSON-ready.
    """

    seats: tuple[str, ...]
    seated: tuple[str, ...]
    totals: Mapping[str, int]
    target: int
    events: int
    hands_played: int
    deal_from: str
    deal_from_included: bool
    dealt_in_last: tuple[str, ...] = ()
    closed_by: str | None = None
    winner: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    # Each player away from the table: the hands played when they left.
    left_after: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Deal:
    """Who deals hand ``number``, who plays first, and how many cards each."""

    number: int
    dealer: str
    first_player: str
    cards_each: int


@dataclass(frozen=True)
class Question:
    """A question to ask before saving, not a refusal (a probable typing
    slip): a ``code`` and its ``values``, worded by ``matches.words``."""

    code: str
    values: Mapping[str, Any]


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """A recorded hand as its game scored it: its ``number``, its ``index``
    among the events, its ``deal``, each dealt-in player's score (points)
    and every player's total after it. ``held`` is what each player held at
    the end, in points, and ``cards`` the cards of those entered as cards;
    ``slips`` a question per player whose entry is probably a typing slip."""

    number: int
    index: int
    deal: Deal
    scores: dict[str, int]
    totals: dict[str, int]
    held: dict[str, int] = field(default_factory=dict)
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    slips: dict[str, Question] = field(default_factory=dict)

    @property
    def dealer(self) -> str:
        return self.deal.dealer

    @property
    def dealt_in(self) -> tuple[str, ...]:
        return tuple(self.scores)


@dataclass(frozen=True)
class Seat:
    """A place at the table, in seat order; ``seated`` is False once the
    player has left (their total stays on the board), and ``left_after``
    then says how many hands had been played."""

    name: str
    seated: bool
    left_after: int | None = None


def _best(lowest: bool, totals: Sequence[int]) -> int:
    return min(totals) if lowest else max(totals)


@dataclass(frozen=True, kw_only=True)
class Board:
    """The state of a match after replaying its events.

    ``totals`` (points) lists every player who ever sat, in seat order;
    ``rules.target`` is the line as it stands; ``next_hand`` is None when
    the match is closed; ``hands`` are the hands replayed (those before
    them counted in ``earlier_hands``); ``position`` is where the match
    stands after its last event. A game's board may add its own figures.
    """

    rules: Rules
    seats: tuple[Seat, ...]
    totals: dict[str, int]
    hands: tuple[Any, ...]
    status: Status
    winner: str | None
    closed_by: str | None
    next_hand: Deal | None
    dealt_in_last: tuple[str, ...] = ()
    earlier_hands: int = 0
    position: Position | None = None

    @property
    def game(self) -> str:
        return self.rules.game

    @property
    def target(self) -> int:
        return self.rules.target  # type: ignore[attr-defined]

    @property
    def hands_played(self) -> int:
        return self.earlier_hands + len(self.hands)

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.seated)

    @property
    def at_table(self) -> tuple[str, ...]:
        """Every player who has not left the table, in seat order: the
        seated ones, and those a game keeps from playing without their
        leaving (out of the match for now, say)."""
        return tuple(seat.name for seat in self.seats if seat.left_after is None)

    @property
    def leader(self) -> str | None:
        """The one player dealt into the most recent hand with the best total
        (the highest, or the lowest where the lowest leads); None before the
        first hand, when two or more share the best total, or when that
        player has left the table since: never the second best, who could
        not win on the last hand."""
        if not self.dealt_in_last:
            return None
        lowest = self.rules.leader_is_lowest
        best = _best(lowest, [self.totals[name] for name in self.dealt_in_last])
        holders = [name for name in self.dealt_in_last if self.totals[name] == best]
        if len(holders) != 1 or holders[0] not in self.seated:
            return None
        return holders[0]

    @property
    def ranking(self) -> tuple[tuple[str, int, bool], ...]:
        """Every player's place, best first: the players dealt into the last
        hand by total, then everyone else (players who left, or who sat down
        after the last hand), also by total. Equal totals within a group
        share a place.

        Returns:
            ``(name, place, shared)`` per player: ``place`` counts from 1;
            ``shared`` is True when another player holds the same place.
        """
        dealt_in = [name for name in self.totals if name in self.dealt_in_last]
        others = [name for name in self.totals if name not in self.dealt_in_last]
        sign = 1 if self.rules.leader_is_lowest else -1
        places: list[tuple[str, int, bool]] = []
        for names in (dealt_in, others):
            # sorted is stable: equal totals keep their seat order.
            group = sorted(names, key=lambda name: sign * self.totals[name])
            start = len(places)
            for name in group:
                shared = [each for each in group if self.totals[each] == self.totals[name]]
                places.append((name, start + 1 + group.index(shared[0]), len(shared) > 1))
        return tuple(places)

    @property
    def line_can_move(self) -> bool:
        """Whether the host may move the line now: always, except once the
        hand limit has closed the match, or where the game has no line."""
        return self.target is not None and self.closed_by != "hand_limit"

    @property
    def rules_can_change(self) -> bool:
        """Whether the house rules other than the line may still change:
        only while no hand is recorded."""
        return self.hands_played == 0


# Pure rules --------------------------------------------------------------------


def decide(
    *,
    lowest: bool,
    target: int,
    hand_limit: int,
    totals: Mapping[str, int],
    dealt_in: Sequence[str],
    hands_played: int,
) -> tuple[str | None, str | None]:
    """The end rules on the board as it stands.

    Args:
        lowest: whether the lowest total leads.
        target: the line as it stands (points); ``hand_limit`` in hands.
        totals: every player's total, in points.
        dealt_in: the players dealt into the most recent hand.
        hands_played: hands recorded so far.

    Returns:
        ``(closed_by, winner)``: ``(None, None)`` while the match stays
        open; ``("target", name)`` when some player dealt in is at or over
        the line and one of them holds the best total; ``("hand_limit",
        name)`` or ``("hand_limit", None)`` (no winner: the best is shared)
        at the hand limit.
    """
    if not dealt_in:
        return None, None
    best = _best(lowest, [totals[name] for name in dealt_in])
    leaders = [name for name in dealt_in if totals[name] == best]
    crossed = any(totals[name] >= target for name in dealt_in)
    if crossed and len(leaders) == 1:
        return "target", leaders[0]
    if hands_played >= hand_limit:
        return "hand_limit", leaders[0] if len(leaders) == 1 else None
    return None, None


def seat_after(
    seats: Sequence[str], seated: Collection[str], start: str, *, include_start: bool = False
) -> str:
    """The first seated player after ``start`` going round the table
    (``start`` itself when ``include_start`` and seated): the deal moves one
    seat along, skipping players who are not seated."""
    at = seats.index(start)
    for step in range(0 if include_start else 1, len(seats) + 1):
        name = seats[(at + step) % len(seats)]
        if name in seated:
            return name
    raise ValueError("nobody is seated")


def read_points(
    name: str, value: object, ace_value: int, what: str, joker_value: int | None = None
) -> tuple[int, tuple[Card, ...] | None]:
    """A player's points for a hand as entered: a whole number, or cards.

    Args:
        name: the player.
        value: a whole number of points, or a list of cards (texts such as
            ``"KH"`` or ``Card`` values).
        ace_value: the points of an ace.
        what: what the points are, for the words (``"leftover"``).
        joker_value: a printed joker's points; None: the game has none.

    Returns:
        ``(points, cards)``: the cards when entered as cards, else None.

    Raises:
        RuleError: ``cards_bad`` (a card that is not one, the card's own
            refusal as ``problem``) or ``points_not_number``.
    """
    if is_whole_number(value):
        return value, None  # type: ignore[return-value]
    if isinstance(value, list | tuple):
        cards = []
        for item in value:
            try:
                jokers = joker_value is not None
                cards.append(item if isinstance(item, Card) else parse_card(item, jokers=jokers))
            except RuleError as error:
                raise RuleError("cards_bad", player=name, problem=error) from None
        return cards_points(cards, ace_value, joker_value or 0), tuple(cards)
    raise RuleError("points_not_number", player=name, what=what)
