"""Replaying a match: what every game shares. A match is its house rules,
its starting seats and its ordered events; its board (totals, dealer,
status, winner) is never stored as a truth of its own: ``Table.replay``
derives it from the events, one event at a time.

Shared here: seats and names, the deal going round, the line and moving
it, the hand limit and the end of the match by the line, leaving and
joining, and reading a player's points as entered. A game's table
(``matches.games.<game>``) adds its hands and overrides what differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from .board import (
    Board,
    Deal,
    HandEvent,
    HandResult,
    Join,
    Leave,
    LineMove,
    Match,
    Position,
    Seat,
    decide,
    read_points,
    seat_after,
)
from .cards import Card
from .errors import RuleError
from .names import check_first_dealer, check_players, clean_name, name_key, name_problem
from .rules import Rules, check_target


def _shown(name: object) -> str:
    return name.strip() if isinstance(name, str) else repr(name)


class Table:
    """A match as it stands part-way through a replay. A game's table says
    which rules and hands it takes and scores its hands (``hand``); what
    differs from the shared way (the deal, seat changes, the end) it
    overrides."""

    rules_class: ClassVar[type[Rules]]
    hand_type: ClassVar[type[HandEvent]]
    board_class: ClassVar[type[Board]] = Board
    low: ClassVar[int] = 2  # players seated at every moment, at least
    high: ClassVar[int] = 6  # and at most
    count: ClassVar[str] = "players_count"  # the refusal of a table of too few or too many

    @classmethod
    def replay(cls, match: Match, start: Position | None = None) -> Board:
        """Replay ``match``'s events into its board.

        Args:
            match: house rules, starting players (compared without regard to
                case), first dealer and events in order.
            start: where the match stood before ``match.events`` (a board's
                ``position``, or one read from a stored snapshot); None: at
                the start. From a start the starting players are not read,
                and going on gives the board that replaying every event from
                the start gives, with only the new hands in ``hands``.

        Raises:
            RuleError: the first rule any part of the match breaks; ``index``
                is the event's position (from 0), or ``key`` names
                ``"rules"``, ``"players"`` or ``"first_dealer"``.
        """
        table = cls(match, start)
        first = table.earlier_events
        for index, event in enumerate(match.events):
            table.apply(event, first + index)
        return table.board(len(match.events))

    def __init__(self, match: Match, start: Position | None = None) -> None:
        if not isinstance(match.rules, self.rules_class):
            raise RuleError("rules_missing", key="rules")
        self.hands: list[HandResult] = []
        if start is not None:
            self._resume(match, start)
            return
        problems = check_players(match.players, low=self.low, high=self.high, count=self.count)
        if problems:
            raise problems[0]
        self.names: dict[str, str] = {}
        self.seats: list[str] = []
        for raw in match.players:
            name = clean_name(raw)
            self.names[name_key(name)] = name
            self.seats.append(name)
        self.rules = match.rules.checked(len(self.seats))
        first = self.seats[0]
        if match.first_dealer is not None:
            problem = check_first_dealer(match.first_dealer, self.seats)
            if problem is not None:
                raise problem
            first = self.names[name_key(match.first_dealer)]
        self.seated: set[str] = set(self.seats)
        self.left_after: dict[str, int] = {}
        self.totals: dict[str, int] = dict.fromkeys(self.seats, 0)
        # The next dealer is the first seated player from this seat on; the
        # seat itself counts only before the first hand (the chosen dealer).
        self.deal_from, self.deal_from_included = first, True
        self.dealt_in_last: tuple[str, ...] = ()
        self.closed_by: str | None = None
        self.winner: str | None = None
        self.earlier_events = self.earlier_hands = 0
        self.begin(None)

    def _resume(self, match: Match, start: Position) -> None:
        """Stand where ``start`` says, with the match's house rules (the line
        as it stands); the starting players are not read."""
        self.rules = match.rules.checked(len(start.seats)).with_target(start.target)
        self.seats = list(start.seats)
        self.names = {name_key(name): name for name in self.seats}
        self.seated = set(start.seated)
        self.left_after = dict(start.left_after)
        self.totals = {name: start.totals[name] for name in self.seats}
        self.earlier_events, self.earlier_hands = start.events, start.hands_played
        self.deal_from, self.deal_from_included = start.deal_from, start.deal_from_included
        self.dealt_in_last = tuple(start.dealt_in_last)
        self.closed_by, self.winner = start.closed_by, start.winner
        self.begin(start)

    # What a game adds or overrides.

    def begin(self, start: Position | None) -> None:
        """The game's own state, at the start (``start`` None) or from ``start``."""

    def cards_each(self) -> int:
        """Cards dealt to each player in the next hand."""
        raise NotImplementedError

    def hand(self, hand: Any, index: int) -> None:
        """Score ``hand``, event ``index``: append its result to ``hands``,
        add its scores to ``totals``, move the deal on and ``end()``."""
        raise NotImplementedError

    def own_event(self, event: object, index: int) -> bool:
        """Apply one of the game's own events (beside a hand, a move of the
        line, a leave and a join), event ``index``; False when ``event`` is
        none of them."""
        return False

    def own_state(self) -> dict[str, Any]:
        """The game's own state, JSON-ready, for ``Position.extra``."""
        return {}

    def board_extra(self) -> dict[str, Any]:
        """The game's own fields of its board (``board_class``)."""
        return {}

    # Names and seats.

    def lookup(self, name: object) -> str | None:
        """The player called ``name`` at this table (any letter case), if any."""
        if not isinstance(name, str):
            return None
        return self.names.get(name_key(name))

    def seated_player(self, name: object, role: str) -> str:
        """The seated player called ``name``; ``role`` is the field it came
        from (``went_out``, ``leftovers``, ``leave``).

        Raises:
            RuleError: ``role_not_a_name``, ``not_at_table``, ``already_left``
                (a leave) or ``left_not_dealt_in``.
        """
        if not isinstance(name, str) or not name.strip():
            raise RuleError("role_not_a_name", field=role, role=role)
        found = self.lookup(name)
        if found is None:
            raise RuleError("not_at_table", field=role, name=name.strip())
        if found not in self.seated:
            code = "already_left" if role == "leave" else "left_not_dealt_in"
            raise RuleError(code, player=found, field=role)
        return found

    def seat_order_seated(self) -> list[str]:
        return [name for name in self.seats if name in self.seated]

    def next_seated(self, start: str, *, include_start: bool) -> str:
        return seat_after(self.seats, self.seated, start, include_start=include_start)

    def next_deal(self) -> Deal:
        dealer = self.next_seated(self.deal_from, include_start=self.deal_from_included)
        return Deal(
            number=self.earlier_hands + len(self.hands) + 1,
            dealer=dealer,
            first_player=self.next_seated(dealer, include_start=False),
            cards_each=self.cards_each(),
        )

    # Events.

    def apply(self, event: object, index: int) -> None:
        try:
            if isinstance(event, self.hand_type):
                self.hand(event, index)
            elif isinstance(event, LineMove):
                self.line_move(event)
            elif isinstance(event, Leave):
                self.leave(event)
            elif isinstance(event, Join):
                self.join(event)
            elif not self.own_event(event, index):
                raise RuleError("event_unknown")
        except RuleError as error:
            raise error.at(index=index) from None

    def require_open(self, action: Literal["hand", "line", "seat"]) -> None:
        """Refuse ``action`` on a closed match (``closed_hand_limit``, or
        ``closed_target`` but for a move of the line, which may reopen it)."""
        if self.closed_by == "hand_limit":
            raise RuleError("closed_hand_limit", limit=self.rules.hand_limit, action=action)  # type: ignore[attr-defined]
        if self.closed_by == "target" and action != "line":
            raise RuleError(
                "closed_target",
                winner=self.winner,
                target=self.rules.target,  # type: ignore[attr-defined]
                action=action,
            )

    def line_move(self, move: LineMove) -> None:
        self.require_open("line")
        line = self.rules.spec("target")
        self.rules = self.rules.with_target(check_target(move.target, line.low, line.high))  # type: ignore[arg-type]
        self.end()

    def given(self, points: object, field: str, what: str) -> dict[str, object]:
        """Each player's points of a hand as given in ``field`` (the game's
        ``hand_points_key``, such as ``leftovers``; each a ``what``, such as
        ``leftover``), by their name at the table.

        Raises:
            RuleError: ``points_not_mapping``, a name not at the table, or
                ``points_twice`` (a name given twice, in any case).
        """
        if not isinstance(points, Mapping):
            raise RuleError("points_not_mapping", field=field, what=what, points=field)
        given: dict[str, object] = {}
        for raw_name, value in points.items():
            name = self.seated_player(raw_name, field)
            if name in given:
                raise RuleError("points_twice", player=name, what=what, field=field)
            given[name] = value
        return given

    def read_given(
        self, given: Mapping[str, object], name: str, what: str
    ) -> tuple[int, tuple[Card, ...] | None]:
        """``name``'s points as given (``read_points``), ``points_missing``
        when not given."""
        if name not in given:
            raise RuleError("points_missing", player=name, what=what)
        return read_points(name, given[name], self.ace_value(), what, self.joker_value())

    def ace_value(self) -> int:
        """The points of an ace entered as a card."""
        return getattr(self.rules, "ace_value", 1)

    def joker_value(self) -> int | None:
        """The points of a printed joker entered as a card; None where the
        game plays without them."""
        return getattr(self.rules, "joker_value", None)

    def leave(self, leave: Leave) -> None:
        self.require_open("seat")
        name = self.seated_player(leave.player, "leave")
        if len(self.seated) <= self.low:
            raise RuleError("leave_too_few", player=name, low=self.low)
        self.seated.discard(name)
        self.left_after[name] = self.earlier_hands + len(self.hands)

    def join(self, join: Join) -> None:
        self.require_open("seat")
        name = clean_name(join.player) if isinstance(join.player, str) else ""
        if not name:
            raise RuleError("join_no_name", field="join")
        problem = name_problem(name)
        if problem is not None:
            raise RuleError("join_name_bad", field="join", problem=problem)
        returning = self.lookup(name)
        if returning in self.seated:
            raise RuleError("join_seated", player=returning)
        if len(self.seated) >= self.high:
            raise RuleError("join_full", player=name, high=self.high)
        if returning is not None:
            if join.after is not None:
                raise RuleError("join_returning_after", player=returning, field="after")
            self.seated.add(returning)
            self.left_after.pop(returning, None)
            return
        at = len(self.seats)
        if join.after is not None:
            neighbour = self.lookup(join.after)
            if neighbour is None or neighbour not in self.seated:
                raise RuleError(
                    "join_after_unseated", field="after", name=name, after=_shown(join.after)
                )
            at = self.seats.index(neighbour) + 1
        self.seats.insert(at, name)
        self.names[name_key(name)] = name
        self.seated.add(name)
        self.totals = {seat: self.totals.get(seat, 0) for seat in self.seats}

    def end(self) -> None:
        """Whether the match ends, after a hand or a move of the line: the
        line crossed, or the hand limit reached (``decide``)."""
        self.closed_by, self.winner = decide(
            lowest=self.rules.leader_is_lowest,
            target=self.rules.target,  # type: ignore[attr-defined]
            hand_limit=self.rules.hand_limit,  # type: ignore[attr-defined]
            totals=self.totals,
            dealt_in=self.dealt_in_last,
            hands_played=self.earlier_hands + len(self.hands),
        )

    def position(self, events: int) -> Position:
        return Position(
            seats=tuple(self.seats),
            seated=tuple(name for name in self.seats if name in self.seated),
            totals=dict(self.totals),
            target=self.rules.target,  # type: ignore[attr-defined]
            events=self.earlier_events + events,
            hands_played=self.earlier_hands + len(self.hands),
            deal_from=self.deal_from,
            deal_from_included=self.deal_from_included,
            dealt_in_last=self.dealt_in_last,
            closed_by=self.closed_by,
            winner=self.winner,
            extra=self.own_state(),
            left_after=dict(self.left_after),
        )

    def board(self, events: int) -> Board:
        return self.board_class(
            rules=self.rules,
            seats=tuple(
                Seat(name, name in self.seated, self.left_after.get(name)) for name in self.seats
            ),
            totals=dict(self.totals),
            hands=tuple(self.hands),
            status="closed" if self.closed_by else "open",
            winner=self.winner,
            closed_by=self.closed_by,
            next_hand=None if self.closed_by else self.next_deal(),
            dealt_in_last=self.dealt_in_last,
            earlier_hands=self.earlier_hands,
            position=self.position(events),
            **self.board_extra(),
        )


def refuse_all(problems: list[RuleError]) -> None:
    """Raise the first of ``problems`` with the rest as its ``others`` (every
    wrong box of a hand at once); nothing when there are none."""
    if problems:
        first, *others = problems
        first.others = tuple(others)
        raise first
