"""Scoring a deal of Contract Rummy, the end after the last deal and the
places, and the table that replays a Contract match: whoever went out scores
nothing, everyone else is charged the cards left in hand, the lowest total
is best, and the match is as long as its deals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from matches.engine.board import (
    Board,
    HandEvent,
    HandResult,
    Join,
    Leave,
    LineMove,
    Position,
    Question,
)
from matches.engine.cards import Card, check_cards
from matches.engine.errors import RuleError
from matches.engine.table import Table, refuse_all

from .rules import CONTRACTS, ContractRules, contract_of

MOST_CHARGE = 999
LAST_DEAL = len(CONTRACTS)
# What a player's box holds, in refusals ("Cara's charge is missing");
# worded by ``matches.words`` (marked for translation in ``game``).
CHARGE = "charge"


@dataclass(frozen=True)
class ContractHand(HandEvent):
    """One deal as entered: ``went_out`` is the player who went out, or None
    when the table called the deal off; ``charges`` maps every other player
    dealt in to their points (or cards) left in hand."""

    went_out: object
    charges: object


@dataclass(frozen=True, kw_only=True)
class ContractHandResult(HandResult):
    """A Contract deal as scored: who went out (None: called off) and the
    deal's contract (``contract_of``); ``held`` are the charges, in points,
    of every player dealt in but the one who went out."""

    went_out: str | None
    contract: str

    @property
    def charges(self) -> dict[str, int]:
        return self.held


def ranked(
    totals: Mapping[str, int], seated: Sequence[str], left: Sequence[str]
) -> dict[str, tuple[int, bool]]:
    """Every player's place, best first: the players still seated by total,
    lowest first, equal totals sharing a place (and the next place skips);
    then those who left, the latest leaver first.

    Returns:
        ``{name: (place, shared)}``.
    """
    places: dict[str, tuple[int, bool]] = {}
    # sorted is stable: equal totals keep their seat order.
    ordered = sorted(seated, key=totals.__getitem__)
    for name in ordered:
        equal = [each for each in ordered if totals[each] == totals[name]]
        places[name] = (1 + ordered.index(equal[0]), len(equal) > 1)
    for at, name in enumerate(reversed(left), start=len(ordered) + 1):
        places[name] = (at, False)
    return places


@dataclass(frozen=True, kw_only=True)
class ContractBoard(Board):
    """A Contract board: ``left`` who left, in the order they left."""

    left: tuple[str, ...] = ()

    @property
    def deals(self) -> int:
        return self.rules.deals  # type: ignore[attr-defined]

    @property
    def ranking(self) -> tuple[tuple[str, int, bool], ...]:
        places = ranked(self.totals, self.seated, self.left)
        return tuple((name, place, shared) for name, (place, shared) in places.items())

    @property
    def places(self) -> dict[str, int] | None:
        """Each player's place once the match is closed, else None."""
        if self.status != "closed":
            return None
        return {name: place for name, place, _shared in self.ranking}


class ContractTable(Table):
    """A Contract match part-way through a replay: its deals, each with its
    contract, players leaving between deals; nobody joins once the first
    deal is scored, and there is no line."""

    rules_class: ClassVar[type[ContractRules]] = ContractRules
    hand_type = ContractHand
    board_class = ContractBoard
    high: ClassVar[int] = 8
    rules: ContractRules

    def begin(self, start: Position | None) -> None:
        extra = start.extra if start is not None else {}
        self.left: list[str] = list(extra.get("left", []))

    def own_state(self) -> dict[str, Any]:
        return {"left": list(self.left)}

    def board_extra(self) -> dict[str, Any]:
        return {"left": tuple(self.left)}

    def cards_each(self) -> int:
        return contract_of(min(self.earlier_hands + len(self.hands) + 1, LAST_DEAL)).cards_each

    def require_open(self, action: str) -> None:  # type: ignore[override]
        if self.closed_by == "deals":
            raise RuleError("contract.closed", deals=self.rules.deals, action=action)

    # Events.

    def line_move(self, move: LineMove) -> None:
        raise RuleError("contract.no_line", field="target")

    def join(self, join: Join) -> None:
        if self.earlier_hands + len(self.hands):
            shown = join.player.strip() if isinstance(join.player, str) else ""
            raise RuleError("contract.no_join", field="join", player=shown)
        super().join(join)
        self.left = [name for name in self.left if name in self.left_after]

    def leave(self, leave: Leave) -> None:
        self.require_open("seat")
        name = self.seated_player(leave.player, "leave")
        if len(self.seated) <= self.low and self.earlier_hands + len(self.hands):
            # Nobody can join to make room once a deal is scored.
            raise RuleError("contract.leave_too_few", player=name, low=self.low)
        super().leave(leave)
        self.left.append(name)

    def hand(self, hand: ContractHand, index: int) -> None:
        self.require_open("hand")
        deal = self.next_deal()
        dealt_in = self.seat_order_seated()
        went_out = None if hand.went_out is None else self.seated_player(hand.went_out, "went_out")
        given = self.given(hand.charges, "charges", CHARGE)

        charges: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        problems: list[RuleError] = []
        for name in dealt_in:
            try:
                read = self._charge(given, name, went_out)
            except RuleError as error:
                problems.append(error)
                continue
            if read is not None:
                charges[name], held = read
                if held:
                    cards[name] = held
        try:
            check_cards(cards, decks=self.rules.decks or 2, jokers=self.rules.jokers)
        except RuleError as error:
            problems.append(error)
        refuse_all(problems)

        scores = {name: charges.get(name, 0) for name in dealt_in}
        for name, score in scores.items():
            self.totals[name] += score
        most = deal.cards_each * self.rules.dearest
        self.hands.append(
            ContractHandResult(
                number=deal.number,
                index=index,
                deal=deal,
                went_out=went_out,
                contract=contract_of(deal.number).key,
                held=charges,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
                slips={
                    name: Question(
                        "contract.slip_points",
                        {"player": name, "points": points, "dealt": deal.cards_each},
                    )
                    for name, points in charges.items()
                    if points > most
                },
            )
        )
        self.deal_from, self.deal_from_included = deal.dealer, False
        self.dealt_in_last = tuple(dealt_in)
        self.end()

    def _charge(
        self, given: Mapping[str, Any], name: str, went_out: str | None
    ) -> tuple[int, tuple[Card, ...] | None] | None:
        """``name``'s charge (points, and the cards when entered as cards);
        None for the one who went out.

        Raises:
            RuleError: missing, not points or cards, out of range, or a
                charge for the one who went out.
        """
        if name == went_out:
            if name in given:
                points, held = self.read_given(given, name, CHARGE)
                if points != 0 or held:
                    raise RuleError("contract.went_out_charged", player=name)
            return None
        points, held = self.read_given(given, name, CHARGE)
        low = 0 if went_out is None else 1
        if not low <= points <= MOST_CHARGE:
            raise RuleError("contract.charge_range", player=name, low=low, most=MOST_CHARGE)
        return points, held

    def end(self) -> None:
        """After the last deal the lowest total still seated wins; shared,
        nobody wins and they share first place."""
        if self.earlier_hands + len(self.hands) < self.rules.deals:
            self.closed_by, self.winner = None, None
            return
        seated = self.seat_order_seated()
        lowest = min(self.totals[name] for name in seated)
        holders = [name for name in seated if self.totals[name] == lowest]
        self.closed_by, self.winner = "deals", holders[0] if len(holders) == 1 else None
