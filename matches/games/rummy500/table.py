"""Scoring a hand of Rummy 500, and the table that replays a Rummy 500
match: every player dealt in scores what they melded less what they still
held; whoever went out adds the house's bonus. The shared replay
(``matches.engine.table``) does the rest: seats, the deal, the line, the
end with the highest total over the line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from matches.engine.board import HandEvent, HandResult, Question
from matches.engine.cards import Card, check_cards
from matches.engine.errors import RuleError
from matches.engine.rules import is_whole_number
from matches.engine.table import Table, refuse_all

from .rules import HIGH_CARD, Rummy500Rules

MOST_POINTS = 999  # the most a melded or in-hand box may hold
MOST_CARDS = 13  # the most cards an in-hand list may hold
# What each box holds, in refusals ("Cara's melded count is missing");
# worded by ``matches.words`` (marked for translation in ``game``).
MELDED = "melded count"
IN_HAND = "in-hand count"


@dataclass(frozen=True)
class Rummy500Hand(HandEvent):
    """One hand as entered: ``went_out`` is the player who went out, or None
    when the stock ran out; ``melded`` maps every player dealt in to the
    points they laid down, ``in_hand`` to the points (or cards) they still
    held (the one who went out may be left out)."""

    went_out: object
    melded: object
    in_hand: object


@dataclass(frozen=True, kw_only=True)
class Rummy500HandResult(HandResult):
    """A Rummy 500 hand as scored: who went out (None: the stock ran out),
    each player's melded points; ``held`` is each player's in-hand points
    (0 for the one who went out), ``scores`` melded less in hand, plus the
    bonus for going out."""

    went_out: str | None
    melded: dict[str, int]

    @property
    def in_hand(self) -> dict[str, int]:
        return self.held


def cards_each(seated: int) -> int:
    """Cards dealt to each player: 13 with 2 players, 7 with 3 to 8."""
    return 13 if seated <= 2 else 7


def score_hand(
    *,
    melded: Mapping[str, int],
    in_hand: Mapping[str, int],
    went_out: str | None,
    bonus: int,
) -> dict[str, int]:
    """Each player's score: melded less in hand, plus ``bonus`` for
    ``went_out``; it may be below zero."""
    return {
        name: points - in_hand[name] + (bonus if name == went_out else 0)
        for name, points in melded.items()
    }


class Rummy500Table(Table):
    """A Rummy 500 match part-way through a replay: its hands, and the
    shared way for the rest (2 to 8 players)."""

    rules_class: ClassVar[type[Rummy500Rules]] = Rummy500Rules
    hand_type = Rummy500Hand
    rules: Rummy500Rules
    high: ClassVar[int] = 8

    def cards_each(self) -> int:
        return cards_each(len(self.seated))

    def hand(self, hand: Rummy500Hand, index: int) -> None:
        self.require_open("hand")
        deal = self.next_deal()
        dealt_in = self.seat_order_seated()
        went_out = None if hand.went_out is None else self.seated_player(hand.went_out, "went_out")
        melded_given = self.given(hand.melded, "melded", MELDED)
        in_hand_given = self.given(hand.in_hand, "in_hand", IN_HAND)

        melded: dict[str, int] = {}
        in_hand: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        # Every box is read before any is refused: the first problem is
        # the refusal, with the others' (``RuleError.others``).
        problems: list[RuleError] = []
        for name in dealt_in:
            try:
                melded[name] = self._melded(melded_given, name)
            except RuleError as error:
                problems.append(error)
            try:
                in_hand[name], held = self._in_hand(in_hand_given, name, went_out)
            except RuleError as error:
                problems.append(error)
                continue
            if held:
                cards[name] = held
        try:
            check_cards(cards, decks=self.rules.decks or 1)
        except RuleError as error:
            problems.append(error)
        refuse_all(problems)

        total, most = sum(melded.values()) + sum(in_hand.values()), self.rules.deck_most
        if total > most:
            raise RuleError(
                "rummy500.over_deck", total=total, most=most, decks=self.rules.decks or 1
            )
        scores = score_hand(
            melded=melded, in_hand=in_hand, went_out=went_out, bonus=self.rules.going_out_bonus
        )
        for name, score in scores.items():
            self.totals[name] += score
        self.hands.append(
            Rummy500HandResult(
                number=deal.number,
                index=index,
                deal=deal,
                went_out=went_out,
                melded=melded,
                held=in_hand,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
                slips=self._slips(in_hand),
            )
        )
        self.deal_from, self.deal_from_included = deal.dealer, False
        self.dealt_in_last = tuple(dealt_in)
        self.end()

    def _slips(self, in_hand: Mapping[str, int]) -> dict[str, Question]:
        """In-hand counts more than a hand of cards could hold (13 cards at
        the dearest, 15 or a higher house value): almost surely typing
        slips, asked about before saving, never refused."""
        rules = self.rules
        most = MOST_CARDS * max(HIGH_CARD, rules.ace_value, rules.joker_value)
        return {
            name: Question("rummy500.slip_points", {"player": name, "points": points, "most": most})
            for name, points in in_hand.items()
            if points > most
        }

    def _melded(self, given: Mapping[str, Any], name: str) -> int:
        """``name``'s melded points: a whole number from 0 to 999."""
        if name not in given:
            raise RuleError("points_missing", player=name, what=MELDED, field="melded")
        points = given[name]
        if not is_whole_number(points) or not 0 <= points <= MOST_POINTS:
            raise RuleError("rummy500.melded_range", player=name, most=MOST_POINTS, field="melded")
        return points

    def _in_hand(
        self, given: Mapping[str, Any], name: str, went_out: str | None
    ) -> tuple[int, tuple[Card, ...] | None]:
        """``name``'s in-hand points (and cards, when entered as cards): 0
        for the one who went out, at least 1 for everyone else when someone
        went out.

        Raises:
            RuleError: missing, not points or cards, out of range, too many
                cards, points for the one who went out, or none for another.
        """
        if name == went_out and name not in given:
            return 0, None
        if name not in given:
            raise RuleError("points_missing", player=name, what=IN_HAND)
        points, held = self.read_given(given, name, IN_HAND)
        if held is not None and len(held) > MOST_CARDS:
            raise RuleError("rummy500.cards_count", player=name, count=len(held), most=MOST_CARDS)
        if held is None and not 0 <= points <= MOST_POINTS:
            raise RuleError("rummy500.in_hand_range", player=name, most=MOST_POINTS)
        if name == went_out:
            if points != 0 or held:
                raise RuleError("rummy500.went_out_holds", player=name)
            return 0, None
        if went_out is not None and points < 1:
            raise RuleError("rummy500.holds_nothing", player=name)
        return points, held
