"""Replaying a match: docs/rules.md, "Seats, dealer and deal size", "Scoring one
hand", "When the match ends" and "Moving the line".

A match is its house rules, its starting seats and its ordered events. The
board (totals, dealer, status, winner) is never stored: ``replay`` derives it
from the events every time.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .cards import Card, cards_points, check_cards, most_points_in, parse_card
from .errors import RuleError
from .rules import (
    GIN,
    HIGHEST_WINS,
    MAX_SEATED,
    MIN_SEATED,
    RUMMY,
    HouseRules,
    Rules,
    check_target,
    is_whole_number,
    rules_class,
)

Status = Literal["open", "closed"]
ClosedBy = Literal["target", "hand_limit"]


# Events ----------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One hand, played out.

    ``went_out`` is the player who went out, or None when nobody did (the
    stock ran out, or the table called the hand off). ``leftovers`` maps
    players to their leftover: a whole number of points, or the cards they
    held (card texts such as ``"KH"`` or ``Card`` values).
    """

    went_out: str | None
    leftovers: Mapping[str, object]
    rummy: bool = False


@dataclass(frozen=True)
class GinHand:
    """One hand of Gin Rummy, shown down (docs/gin.md).

    ``knocked`` is the player who knocked (or went gin), or None for a drawn
    hand. ``deadwood`` maps both players to their deadwood: a whole number of
    points, or their unmatched cards; empty for a drawn hand. ``big_gin``:
    the knocker melded all eleven cards.
    """

    knocked: str | None
    deadwood: Mapping[str, object]
    big_gin: bool = False


@dataclass(frozen=True)
class LineMove:
    """The host moves the line to ``target`` points."""

    target: int


@dataclass(frozen=True)
class Leave:
    """``player`` leaves the table between hands; their total stays."""

    player: str


@dataclass(frozen=True)
class Join:
    """``player`` joins between hands: a new player sits after ``after`` (or
    after the last seat); a returning player takes their own seat back."""

    player: str
    after: str | None = None


Event = Hand | GinHand | LineMove | Leave | Join


@dataclass(frozen=True)
class Match:
    """A whole match: house rules, starting seats in order, the first dealer
    (None: the first seat) and the events in the order they happened."""

    rules: Rules
    players: Sequence[str]
    events: Sequence[Event] = ()
    first_dealer: str | None = None


# Results ---------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Where a match stands between two events: everything ``replay`` needs
    to go on from there without the events before (one step at a time).

    ``seats`` lists every player who ever sat, in seat order, and ``seated``
    those still at the table; ``totals`` are points; ``target`` is the line
    as it stands; ``events`` and ``hands_played`` count the events and the
    hands so far; the next dealer is the first seated player from
    ``deal_from`` on (that seat itself only when ``deal_from_included``,
    before the first hand); ``dealt_in_last``, ``closed_by`` and ``winner``
    are the board's; ``hands_won`` counts each player's hands won (Gin
    Rummy's boxes; empty in Rummy).
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
    closed_by: ClosedBy | None = None
    winner: str | None = None
    hands_won: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Deal:
    """Who deals hand ``number``, who plays first, and how many cards each."""

    number: int
    dealer: str
    first_player: str
    cards_each: int


class Scored:
    """What every scored hand (Rummy's ``HandResult``, Gin's
    ``GinHandResult``) tells of its deal: its ``deal`` and ``scores``."""

    deal: Deal
    scores: dict[str, int]

    @property
    def dealer(self) -> str:
        return self.deal.dealer

    @property
    def dealt_in(self) -> tuple[str, ...]:
        return tuple(self.scores)


@dataclass(frozen=True)
class HandResult(Scored):
    """A recorded hand as the engine scored it.

    ``leftovers`` are in points, for every player dealt in but the one who
    went out; ``cards`` holds the cards of players whose leftover was entered
    as cards; ``scores`` (points) covers every player dealt in; ``totals`` are
    every seated-or-left player's totals after this hand; ``slips`` maps a
    player to a question for a leftover that is probably a typing slip.
    """

    number: int
    index: int
    deal: Deal
    went_out: str | None
    rummy: bool
    leftovers: dict[str, int]
    cards: dict[str, tuple[Card, ...]]
    scores: dict[str, int]
    totals: dict[str, int]
    slips: dict[str, str]

    @property
    def held_points(self) -> dict[str, int]:
        """What each player held at the end, in points: the leftovers."""
        return self.leftovers


@dataclass(frozen=True)
class Seat:
    """A place at the table, in seat order; ``seated`` is False once the
    player has left (their total stays on the board)."""

    name: str
    seated: bool


@dataclass(frozen=True)
class Board:
    """The state of a match after replaying its events.

    ``totals`` (points) lists every player who ever sat, in seat order.
    ``rules.target`` is the line as it stands now. ``next_hand`` is None when
    the match is closed. For Gin Rummy (docs/gin.md), ``hands`` are
    ``GinHandResult``, ``hands_won`` counts each player's hands won (the
    boxes), and once the match is won ``final`` gives each player's final
    score and ``margin`` the winner's final minus the loser's (points, may
    be negative); both are None otherwise, and always in Rummy.
    """

    rules: Rules
    seats: tuple[Seat, ...]
    totals: dict[str, int]
    hands: tuple[Any, ...]
    status: Status
    winner: str | None
    closed_by: ClosedBy | None
    next_hand: Deal | None
    dealt_in_last: tuple[str, ...] = field(default=())
    earlier_hands: int = 0
    position: Position | None = None
    hands_won: dict[str, int] = field(default_factory=dict)
    final: dict[str, int] | None = None
    margin: int | None = None

    @property
    def game(self) -> str:
        """``"rummy"`` or ``"gin"``."""
        return self.rules.game

    @property
    def target(self) -> int:
        return self.rules.target

    @property
    def hands_played(self) -> int:
        return self.earlier_hands + len(self.hands)

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.seated)

    @property
    def leader(self) -> str | None:
        """The player leading the match, for the board to mark.

        Returns:
            The one player dealt into the most recent hand with the best total
            (points): the highest under ``highest_wins``, the lowest under
            ``penalty``. None before the first hand, when two or more share
            the best total, or when that player has left the table since:
            never the second best, who could not win on the last hand.

        docs/rules.md, "When the match ends", rules 1 and 3.
        """
        if not self.dealt_in_last:
            return None
        best = _best(self.rules, [self.totals[name] for name in self.dealt_in_last])
        holders = [name for name in self.dealt_in_last if self.totals[name] == best]
        if len(holders) != 1 or holders[0] not in self.seated:
            return None
        return holders[0]

    @property
    def ranking(self) -> tuple[tuple[str, int, bool], ...]:
        """Every player's place, best first: the players dealt into the last
        hand in the order of the scheme (highest total first under
        ``highest_wins``, lowest first under ``penalty``), then everyone else
        (players who left, or who sat down after the last hand), also in
        scheme order. Equal totals within a group share a place.

        Returns:
            ``(name, place, shared)`` per player: ``place`` counts from 1, and
            ``shared`` is True when another player holds the same place (on a
            close with no winner, the first place is shared).

        docs/rules.md, "When the match ends" (only a player dealt into the last
        hand can win).
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
        hand limit has closed the match. docs/rules.md, "Moving the line"."""
        return self.closed_by != "hand_limit"

    @property
    def rules_can_change(self) -> bool:
        """Whether the house rules other than the target may still change:
        only while no hand is recorded. docs/rules.md, "House rules"."""
        return self.hands_played == 0


# Pure rules --------------------------------------------------------------------


def cards_each(seated: int) -> int:
    """Cards dealt to each player with ``seated`` players: 10 with 2, 7 with 3
    or 4, 6 with 5 or 6. docs/rules.md, "Seats, dealer and deal size"."""
    if seated <= 2:
        return 10
    return 7 if seated <= 4 else 6


def rummy_possible(went_out: str | None) -> bool:
    """Whether a hand can be rummy: only when someone went out (``went_out``
    is a player, not None). docs/rules.md, "Scoring one hand", "Nobody went out"."""
    return went_out is not None


def score_hand(
    *,
    rules: HouseRules,
    dealt_in: Sequence[str],
    went_out: str | None,
    rummy: bool,
    leftovers: Mapping[str, int],
) -> dict[str, int]:
    """Score one hand whose leftovers have been checked.

    Args:
        rules: the match's house rules (``scheme``, ``rummy_bonus``,
            ``stock_out`` are used).
        dealt_in: every player dealt into the hand, in seat order.
        went_out: the player who went out, or None when nobody did.
        rummy: whether ``went_out`` went rummy.
        leftovers: points left in each hand, for every player in ``dealt_in``
            except ``went_out``.

    Returns:
        Each dealt-in player's score for the hand, in points, in seat order:
        under ``highest_wins`` what they gain, under ``penalty`` what they are
        charged (a negative charge is a bonus).

    docs/rules.md, "Scoring one hand".
    """
    scores = dict.fromkeys(dealt_in, 0)
    highest_wins = rules.scheme == HIGHEST_WINS
    if went_out is None:
        if rules.stock_out != "lowest_hand":
            return scores
        lowest = min(leftovers.values())
        holders = [name for name, points in leftovers.items() if points == lowest]
        if len(holders) > 1:
            return scores
        if highest_wins:
            scores[holders[0]] = sum(points - lowest for points in leftovers.values())
        else:
            for name, points in leftovers.items():
                scores[name] = points - lowest
        return scores

    bonus = rules.rummy_bonus if rummy else "none"
    if highest_wins:
        take = sum(leftovers.values())
        if bonus == "double":
            take *= 2
        elif bonus == "flat_25":
            take += 25
        scores[went_out] = take
    else:
        for name, points in leftovers.items():
            scores[name] = points * 2 if bonus == "double" else points
        if bonus == "flat_25":
            scores[went_out] = -25
    return scores


def _best(rules: HouseRules, totals: Sequence[int]) -> int:
    return min(totals) if rules.leader_is_lowest else max(totals)


def decide(
    *,
    rules: HouseRules,
    totals: Mapping[str, int],
    dealt_in: Sequence[str],
    hands_played: int,
) -> tuple[ClosedBy | None, str | None]:
    """Apply the end rules to the board as it stands.

    Args:
        rules: the house rules, with the line as it stands (``target``, in
            points) and ``hand_limit`` (hands).
        totals: every player's total, in points.
        dealt_in: the players dealt into the most recent hand (*E*).
        hands_played: hands recorded so far.

    Returns:
        ``(closed_by, winner)``: ``(None, None)`` while the match stays open,
        ``("target", name)`` when the line decides it, ``("hand_limit", name)``
        or ``("hand_limit", None)`` (no winner) at the hand limit.

    docs/rules.md, "When the match ends", rules 1 to 3.
    """
    if not dealt_in:
        return None, None
    best = _best(rules, [totals[name] for name in dealt_in])
    leaders = [name for name in dealt_in if totals[name] == best]
    crossed = any(totals[name] >= rules.target for name in dealt_in)
    if crossed and len(leaders) == 1:
        return "target", leaders[0]
    if hands_played >= rules.hand_limit:
        return "hand_limit", leaders[0] if len(leaders) == 1 else None
    return None, None


def seat_after(
    seats: Sequence[str], seated: Collection[str], start: str, *, include_start: bool = False
) -> str:
    """The first seated player after ``start`` going round the table.

    Args:
        seats: every seat in order, including players who left.
        seated: the players seated now (at least one).
        start: the seat to count from (seated or not).
        include_start: whether ``start`` itself counts when seated.

    Returns:
        That player's name.

    docs/rules.md, "Seats, dealer and deal size": the deal moves one seat along,
    skipping players who are not seated; the player after the dealer goes
    first.
    """
    at = seats.index(start)
    for step in range(0 if include_start else 1, len(seats) + 1):
        name = seats[(at + step) % len(seats)]
        if name in seated:
            return name
    raise ValueError("nobody is seated")


def typing_slips(
    leftovers: Mapping[str, int],
    cards: Mapping[str, Sequence[Card]],
    *,
    cards_dealt: int,
    rules: HouseRules,
) -> dict[str, str]:
    """Leftovers that are almost surely typing slips, to confirm before saving.

    Args:
        leftovers: each player's leftover, in points.
        cards: the cards of players whose leftover was entered as cards.
        cards_dealt: cards dealt to each player in that hand.
        rules: house rules with ``decks`` and ``ace_value`` set.

    Returns:
        A question per doubtful player, such as ``"Cara: 230 points in 7
        cards?"``; empty when nothing looks wrong. These are not errors.

    docs/rules.md, "Cards and leftovers" (the last paragraph).
    """
    most = most_points_in(cards_dealt, ace_value=rules.ace_value, decks=rules.decks or 1)
    slips = {}
    for name, points in leftovers.items():
        held = cards.get(name)
        if held is not None and len(held) > cards_dealt:
            slips[name] = f"{name}: {len(held)} cards, but {cards_dealt} were dealt?"
        elif points > most:
            slips[name] = f"{name}: {points} points in {cards_dealt} cards?"
    return slips


# Replay ----------------------------------------------------------------------


def read_points(
    name: str, value: object, ace_value: int, what: str = "leftover"
) -> tuple[int, tuple[Card, ...] | None]:
    """A player's points for a hand as entered: a whole number, or cards.

    Args:
        name: the player, for messages.
        value: a whole number of points, or a list of cards (texts such as
            ``"KH"`` or ``Card`` values).
        ace_value: the points of an ace (1, 11 or 15).
        what: what the points are, for messages: ``"leftover"`` (Rummy) or
            ``"deadwood"`` (Gin Rummy).

    Returns:
        ``(points, cards)``: the points, and the cards when they were
        entered as cards (None for a number).

    Raises:
        RuleError: a card is not a real card, or ``value`` is neither
            (``player=name``).

    docs/rules.md, "Cards and leftovers"; docs/gin.md, "Deadwood".
    """
    if is_whole_number(value):
        return value, None
    if isinstance(value, list | tuple):
        cards = []
        for item in value:
            try:
                cards.append(item if isinstance(item, Card) else parse_card(item))
            except RuleError as error:
                raise RuleError(f"{name}'s cards: {error.message}", player=name) from None
        return cards_points(cards, ace_value), tuple(cards)
    raise RuleError(
        f"{name}'s {what} must be a whole number of points or a list of cards",
        player=name,
    )


class _Table:
    """The match as it stands part-way through a replay: what every game
    shares (seats and names, totals, the line, the hand limit, the deal).
    A game's table adds its hands (``_hand``) and its seat changes."""

    game = RUMMY
    hand_type: type = Hand

    def __init__(self, match: Match, start: Position | None = None) -> None:
        self.hands_won: dict[str, int] = {}
        if start is not None:
            self._resume(match, start)
            return
        problems = check_players(match.players, game=self.game)
        if problems:
            raise problems[0]
        self.names: dict[str, str] = {}
        self.seats: list[str] = []
        for raw in match.players:
            name = clean_name(raw)
            self.names[name_key(name)] = name
            self.seats.append(name)
        if not isinstance(match.rules, rules_class(self.game)):
            raise RuleError("the house rules are missing", key="rules")
        self.rules = match.rules.checked(len(self.seats))
        first = self.seats[0]
        if match.first_dealer is not None:
            problem = check_first_dealer(match.first_dealer, self.seats)
            if problem is not None:
                raise problem
            first = self.names[name_key(match.first_dealer)]
        self.seated: set[str] = set(self.seats)
        self.totals: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.hands: list[HandResult] = []
        # The next dealer is the first seated player from this seat on; the
        # seat itself counts only before the first hand (the chosen dealer).
        self.deal_from, self.deal_from_included = first, True
        self.dealt_in_last: tuple[str, ...] = ()
        self.closed_by: ClosedBy | None = None
        self.winner: str | None = None
        self.earlier_events = self.earlier_hands = 0
        self._begin(None)

    def _begin(self, start: Position | None) -> None:
        """A game's own state, at the start (``start`` None) or from ``start``."""

    def _resume(self, match: Match, start: Position) -> None:
        """Stand where ``start`` says, with the match's house rules (the line
        as it stands); the starting players are not read."""
        if not isinstance(match.rules, rules_class(self.game)) or match.rules.decks is None:
            raise RuleError("the house rules, with the decks, are missing", key="rules")
        self.rules = match.rules.checked(len(start.seats))
        self.hands = []
        self.seats = list(start.seats)
        self.names = {name_key(name): name for name in self.seats}
        self.seated = set(start.seated)
        self.totals = {name: start.totals[name] for name in self.seats}
        self.rules = replace(self.rules, target=start.target)
        self.earlier_events, self.earlier_hands = start.events, start.hands_played
        self.deal_from, self.deal_from_included = start.deal_from, start.deal_from_included
        self.dealt_in_last = tuple(start.dealt_in_last)
        self.closed_by, self.winner = start.closed_by, start.winner
        self._begin(start)

    # names and seats

    def _lookup(self, name: object) -> str | None:
        if not isinstance(name, str):
            return None
        return self.names.get(name_key(name))

    def _seated_player(self, name: object, role: str) -> str:
        """The seated player called ``name``; ``role`` is the field it came
        from (``went_out``, ``leftovers`` or ``leave``)."""
        if not isinstance(name, str) or not name.strip():
            raise RuleError(f"{role} must be a player's name", field=role)
        found = self._lookup(name)
        if found is None:
            raise RuleError(f"{name.strip()} is not at the table", field=role)
        if found not in self.seated:
            gone = (
                "has already left the table"
                if role == "leave"
                else ("has left the table and was not dealt in")
            )
            raise RuleError(f"{found} {gone}", player=found, field=role)
        return found

    def _seat_order_seated(self) -> list[str]:
        return [name for name in self.seats if name in self.seated]

    def _next_seated(self, start: str, *, include_start: bool) -> str:
        return seat_after(self.seats, self.seated, start, include_start=include_start)

    def next_deal(self) -> Deal:
        dealer = self._next_seated(self.deal_from, include_start=self.deal_from_included)
        return Deal(
            number=self.earlier_hands + len(self.hands) + 1,
            dealer=dealer,
            first_player=self._next_seated(dealer, include_start=False),
            cards_each=cards_each(len(self.seated)),
        )

    # events

    def apply(self, event: object, index: int) -> None:
        try:
            if isinstance(event, self.hand_type):
                self._hand(event, index)
            elif isinstance(event, LineMove):
                self._line_move(event)
            elif isinstance(event, Leave):
                self._leave(event)
            elif isinstance(event, Join):
                self._join(event)
            else:
                raise RuleError("an event is a hand, a move of the line, a leave or a join")
        except RuleError as error:
            raise error.at(index=index) from None

    def _require_open(self, action: Literal["hand", "line", "seat"]) -> None:
        """Refuse ``action`` on a closed match. docs/rules.md, "When the match
        ends", rule 4, and "Moving the line"."""
        if self.closed_by == "hand_limit":
            hands = "1 hand" if self.rules.hand_limit == 1 else f"{self.rules.hand_limit} hands"
            cannot = {
                "hand": "no more hands can be recorded",
                "line": "the line cannot be moved",
                "seat": "nobody can leave or join",
            }[action]
            raise RuleError(f"the match closed at the hand limit of {hands}, so {cannot}")
        if self.closed_by == "target" and action != "line":
            first = "recording another hand" if action == "hand" else "anyone leaves or joins"
            raise RuleError(
                f"the match is closed: {self.winner} won when the line of {self.rules.target} "
                f"was crossed; move the line to reopen it before {first}"
            )

    def _line_move(self, move: LineMove) -> None:
        self._require_open("line")
        target = check_target(move.target)
        self.rules = replace(self.rules, target=target)
        self._decide()

    def _hand(self, hand: Any, index: int) -> None:
        raise NotImplementedError

    def _given(self, points: object, field: str, what: str) -> dict[str, object]:
        """Each player's points of a hand as given (``field``: ``leftovers``
        or ``deadwood``; ``what``: a ``leftover``, their ``deadwood``), by
        their name at the table; a name given twice (in any case) refused."""
        if not isinstance(points, Mapping):
            raise RuleError(f"{field} must map each player to their {what}", field=field)
        given: dict[str, object] = {}
        for raw_name, value in points.items():
            name = self._seated_player(raw_name, field)
            if name in given:
                raise RuleError(f"{name}'s {what} is given twice", player=name)
            given[name] = value
        return given

    def _read_given(
        self, given: Mapping[str, object], name: str, what: str
    ) -> tuple[int, tuple[Card, ...] | None]:
        """``name``'s points as given (``read_points``); refused when missing."""
        if name not in given:
            raise RuleError(f"{name}'s {what} is missing", player=name)
        return read_points(name, given[name], self.rules.ace_value, what)

    def _leave(self, leave: Leave) -> None:
        raise NotImplementedError

    def _join(self, join: Join) -> None:
        raise NotImplementedError

    def _decide(self) -> None:
        self.closed_by, self.winner = decide(
            rules=self.rules,
            totals=self.totals,
            dealt_in=self.dealt_in_last,
            hands_played=self.earlier_hands + len(self.hands),
        )

    def position(self, events: int) -> Position:
        return Position(
            seats=tuple(self.seats),
            seated=tuple(name for name in self.seats if name in self.seated),
            totals=dict(self.totals),
            target=self.rules.target,
            events=self.earlier_events + events,
            hands_played=self.earlier_hands + len(self.hands),
            deal_from=self.deal_from,
            deal_from_included=self.deal_from_included,
            dealt_in_last=self.dealt_in_last,
            closed_by=self.closed_by,
            winner=self.winner,
            hands_won=dict(self.hands_won),
        )

    def board(self, events: int) -> Board:
        return Board(
            rules=self.rules,
            seats=tuple(Seat(name, name in self.seated) for name in self.seats),
            totals=dict(self.totals),
            hands=tuple(self.hands),
            status="closed" if self.closed_by else "open",
            winner=self.winner,
            closed_by=self.closed_by,
            next_hand=None if self.closed_by else self.next_deal(),
            dealt_in_last=self.dealt_in_last,
            earlier_hands=self.earlier_hands,
            position=self.position(events),
            hands_won=dict(self.hands_won),
            **self._final(),
        )

    def _final(self) -> dict[str, Any]:
        """A game's final score, as ``Board`` fields (none in Rummy)."""
        return {}


class _RummyTable(_Table):
    """A Rummy match part-way through a replay: its hands, and players
    leaving and joining. docs/rules.md."""

    def _hand(self, hand: Hand, index: int) -> None:
        self._require_open("hand")
        deal = self.next_deal()
        dealt_in = self._seat_order_seated()
        went_out = None if hand.went_out is None else self._seated_player(hand.went_out, "went_out")
        if not isinstance(hand.rummy, bool):
            raise RuleError("rummy must be true or false", field="rummy")
        if hand.rummy and not rummy_possible(went_out):
            raise RuleError("nobody went out, so the hand cannot be rummy", field="rummy")
        given = self._given(hand.leftovers, "leftovers", "leftover")

        leftovers: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        decks = self.rules.decks or 1
        deck = self.rules.whole_deck
        # Every player's box is read before any is refused: the first
        # problem is the refusal, with the others' (``RuleError.others``).
        problems: list[RuleError] = []
        for name in dealt_in:
            try:
                read = self._leftover(given, name, went_out, deck)
            except RuleError as error:
                problems.append(error)
                continue
            if read is not None:
                leftovers[name], held = read
                if held is not None:
                    cards[name] = held
        # The cards read are checked against the deck even beside a wrong
        # box: a card one too many is refused on the same Save.
        try:
            check_cards(cards, decks=decks)
        except RuleError as error:
            problems.append(error)
        if problems:
            first, *others = problems
            first.others = tuple(others)
            raise first

        most = deck
        if sum(leftovers.values()) > most:
            deck_words = "1 deck" if decks == 1 else f"{decks} decks"
            raise RuleError(
                f"the leftovers add up to {sum(leftovers.values())} points, more than "
                f"the {most} points of {deck_words}",
                field="leftovers",
            )

        scores = score_hand(
            rules=self.rules,
            dealt_in=dealt_in,
            went_out=went_out,
            rummy=hand.rummy,
            leftovers=leftovers,
        )
        for name, score in scores.items():
            self.totals[name] += score
        self.hands.append(
            HandResult(
                number=deal.number,
                index=index,
                deal=deal,
                went_out=went_out,
                rummy=hand.rummy,
                leftovers=leftovers,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
                slips=typing_slips(leftovers, cards, cards_dealt=deal.cards_each, rules=self.rules),
            )
        )
        self.deal_from, self.deal_from_included = deal.dealer, False
        self.dealt_in_last = tuple(dealt_in)
        self._decide()

    def _leftover(
        self, given: dict[str, Any], name: str, went_out: str | None, deck: int
    ) -> tuple[int, tuple[Card, ...] | None] | None:
        """``name``'s leftover in a hand (points, and the cards when entered
        as cards); None for the one who went out. ``deck`` is the points of
        the deck(s) in play. docs/rules.md, "Cards and leftovers".

        Raises:
            RuleError: the box is missing, not points or cards, under 1 or
                more than the deck, or holds points for the one who went out.
        """
        if name == went_out:
            if name in given:
                points, held = read_points(name, given[name], self.rules.ace_value)
                if points != 0 or held:
                    raise RuleError(
                        f"{name} went out, so {name} has no leftover (leave it empty or enter 0)",
                        player=name,
                    )
            return None
        points, held = self._read_given(given, name, "leftover")
        if points < 1:
            raise RuleError(f"{name}'s leftover must be at least 1", player=name)
        if points > deck:
            raise RuleError(
                f"{name}'s leftover of {points} points is more than the whole deck ({deck} points)",
                player=name,
            )
        return points, held

    def _leave(self, leave: Leave) -> None:
        self._require_open("seat")
        name = self._seated_player(leave.player, "leave")
        if len(self.seated) <= MIN_SEATED:
            raise RuleError(
                f"{name} cannot leave: at least {MIN_SEATED} players must stay seated "
                f"(a newcomer joins first)",
                player=name,
            )
        self.seated.discard(name)

    def _join(self, join: Join) -> None:
        self._require_open("seat")
        name = clean_name(join.player) if isinstance(join.player, str) else ""
        if not name:
            raise RuleError("the player joining needs a name", field="join")
        if name_problem(name):
            raise RuleError(f"the player joining: {name_problem(name)}", field="join")
        returning = self._lookup(name)
        if returning in self.seated:
            raise RuleError(f"{returning} is already seated", player=returning)
        if len(self.seated) >= MAX_SEATED:
            raise RuleError(
                f"{name} cannot join: the table is full ({MAX_SEATED} players are seated)",
                player=name,
            )
        if returning is not None:
            if join.after is not None:
                raise RuleError(
                    f"{returning} returns to their own seat, so no seat can be chosen",
                    player=returning,
                    field="after",
                )
            self.seated.add(returning)
            return
        at = len(self.seats)
        if join.after is not None:
            neighbour = self._lookup(join.after)
            if neighbour is None or neighbour not in self.seated:
                raise RuleError(
                    f"{name} cannot sit after {_shown(join.after)}: "
                    f"{_shown(join.after)} is not seated",
                    field="after",
                )
            at = self.seats.index(neighbour) + 1
        self.seats.insert(at, name)
        self.names[name_key(name)] = name
        self.seated.add(name)
        self.totals = {seat: self.totals.get(seat, 0) for seat in self.seats}


def renamer(old: str, new: str) -> Callable[[object], object]:
    """A function that gives ``new`` for ``old`` (compared as names are,
    ``name_key``) and any other value back as it is."""
    key = name_key(old)

    def renamed(name: object) -> object:
        return new if isinstance(name, str) and name_key(name) == key else name

    return renamed


def clean_name(name: str) -> str:
    """A player's name as shown: outer spaces and invisible characters (a
    zero-width space pasted with it) removed, accents composed (NFC)."""
    if name.isascii():  # no invisible characters, nothing to compose: the same, sooner
        return name.strip()
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFC", visible).strip()


def name_key(name: str) -> str:
    """What makes two names the same player: without regard to case, outer
    spaces, invisible characters or how an accent was typed."""
    return unicodedata.normalize("NFKC", clean_name(name)).casefold()


_PLAYER_COUNT = f"a match needs {MIN_SEATED} to {MAX_SEATED} players"
GIN_PLAYERS = "Gin Rummy is a game for two: a match needs exactly 2 players"
# How many players each game seats, and the message when the count is wrong.
_SEATS = {RUMMY: (MIN_SEATED, MAX_SEATED, _PLAYER_COUNT), GIN: (2, 2, GIN_PLAYERS)}


NAME_MAX = 40  # characters in a player's name


def name_problem(name: str) -> str | None:
    """What is wrong with a player's name as shown (``clean_name``): too long,
    or holding a tab, a new line or another control character; None if
    nothing is."""
    if len(name) > NAME_MAX:
        return f"a name has at most {NAME_MAX} characters (this one has {len(name)})"
    if any(unicodedata.category(char) == "Cc" for char in name):
        return "a name cannot hold a tab, a new line or another control character"
    return None


def _name_problems(players: Sequence[tuple[int, object]]) -> list[RuleError]:
    """The name problems of ``(seat, name)`` pairs: no visible name, a name
    too long or with control characters, or the same player as an earlier
    seat."""
    problems = []
    seen: dict[str, str] = {}
    for seat, raw in players:
        name = clean_name(raw) if isinstance(raw, str) else ""
        if not name:
            problems.append(RuleError("every player needs a name", key="players", seat=seat))
        elif name_problem(name):
            problems.append(RuleError(name_problem(name), key="players", seat=seat))
        elif name_key(name) in seen:
            problems.append(
                RuleError(f"{seen[name_key(name)]} is named twice", key="players", seat=seat)
            )
        else:
            seen[name_key(name)] = name
    return problems


def check_players(players: object, *, game: str = RUMMY) -> list[RuleError]:
    """Check a match's starting players, as a match file lists them.

    Args:
        players: the names in seat order: a list of 2 to 6 texts (exactly 2
            for Gin Rummy), each with a visible name, no two the same player
            (see ``name_key``).
        game: ``"rummy"`` or ``"gin"``.

    Returns:
        Every problem, in this order: the number of players ("a match needs
        2 to 6 players", at the first missing seat or the first seat too
        many), then each seat's name ("every player needs a name", "Alice is
        named twice" at the second seat). Each has ``key="players"`` and
        ``seat`` (from 0; None when ``players`` is not a list). Empty when
        the table can be seated.

    docs/rules.md, "Seats, dealer and deal size"; docs/gin.md, "Seats, dealer
    and deal".
    """
    low, high, count = _SEATS[game]
    if not isinstance(players, list | tuple):
        return [RuleError(count, key="players")]
    problems = []
    if not low <= len(players) <= high:
        problems.append(RuleError(count, key="players", seat=min(len(players), high)))
    return problems + _name_problems(list(enumerate(players)))


def check_seats(boxes: Sequence[str], *, game: str = RUMMY) -> list[RuleError]:
    """Check the starting players as typed into numbered seats (a new-match
    form): the seats after the last name may stay empty; an empty seat before
    a name is a gap.

    Args:
        boxes: what each seat's box holds, in seat order.

    Returns:
        Every problem, in seat order, each with ``key="players"`` and
        ``seat`` (from 0): "a match needs 2 to 6 players" at the first empty
        seat when fewer than 2 are named, "Seat 2 has no name: ..." for each
        gap, and the name problems of ``check_players``. Empty when the
        named seats can be seated. ``game`` as for ``check_players``.

    docs/rules.md, "Seats, dealer and deal size".
    """
    low, high, count = _SEATS[game]
    named = [seat for seat, text in enumerate(boxes) if text.strip()]
    seats = named[-1] + 1 if named else 0
    problems = []
    if not low <= seats <= high:
        problems.append(RuleError(count, key="players", seat=min(seats, high)))
    for seat in range(seats):
        if seat not in named:
            problems.append(
                RuleError(
                    f"Seat {seat + 1} has no name: type who sits there, "
                    "or leave only the last seats empty",
                    key="players",
                    seat=seat,
                )
            )
    problems += _name_problems([(seat, boxes[seat]) for seat in named])
    return sorted(problems, key=lambda problem: problem.seat)


def check_first_dealer(first_dealer: object, players: Sequence[str]) -> RuleError | None:
    """Check the dealer of the first hand.

    Args:
        first_dealer: the name given (compared by ``name_key``).
        players: the starting players' names.

    Returns:
        None when ``first_dealer`` is one of ``players``; otherwise the
        problem (``key="first_dealer"``): "the first dealer must be one of
        the players" for no name, "Zed is not one of the players" for a
        stranger.

    docs/rules.md, "Seats, dealer and deal size".
    """
    if not isinstance(first_dealer, str) or not clean_name(first_dealer):
        return RuleError("the first dealer must be one of the players", key="first_dealer")
    keys = {name_key(name) for name in players if isinstance(name, str)}
    if name_key(first_dealer) not in keys:
        return RuleError(f"{first_dealer} is not one of the players", key="first_dealer")
    return None


def _shown(name: object) -> str:
    return name.strip() if isinstance(name, str) else repr(name)


def replay(match: Match, start: Position | None = None) -> Board:
    """Replay a match's events into its board.

    Args:
        match: house rules (``HouseRules`` for Rummy, ``GinRules`` for Gin
            Rummy: the game decides which rules replay the events), starting
            players (2 to 6 distinct names, compared without regard to case;
            exactly 2 for Gin), first dealer and events in order.
        start: where the match stood before ``match.events`` (a board's
            ``position``, or one read from a stored snapshot); None: at the
            start. With a start, ``match.players`` and ``first_dealer`` are
            not read, and ``match.rules`` must give the decks. Going on from
            a position gives the board that replaying every event from the
            start gives, with only the new hands in ``hands`` (a step: one
            new hand costs one hand's work).

    Returns:
        The ``Board``: totals (points), every hand (since ``start``) with its
        dealer and scores, status, winner, ``closed_by``, the next deal and
        the ``position`` after the last event.

    Raises:
        RuleError: the first rule any part of the match breaks; ``index`` is
            the event's position (from 0), or ``key`` names ``"rules"``,
            ``"players"`` or ``"first_dealer"``.

    Implements all of docs/rules.md and docs/gin.md but "Editing the past",
    which is replaying an edited list of events.
    """
    if match.rules.game == GIN:
        from .gin import GinTable  # the Gin table builds on this module's

        table: _Table = GinTable(match, start)
    else:
        table = _RummyTable(match, start)
    first = table.earlier_events
    for index, event in enumerate(match.events):
        table.apply(event, first + index)
    return table.board(len(match.events))
